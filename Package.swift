// swift-tools-version:6.0
import PackageDescription

// Flick: a gesture-driven to-do list for GTK 4. See ../shared/DESIGN.md for the layering:
// the two pure targets (FlickCore, FlickInteraction) never import GTK.
let package = Package(
    name: "Flick",
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CGSound",
            pkgConfig: "gsound",
            providers: [.apt(["libgsound-dev"])]
        ),
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            name: "CLibsoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        .systemLibrary(
            name: "CLibsecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        .target(name: "GestureShim", dependencies: ["CGtk"]),
        // GRDBSQLite: SQLite's own API, for the write-ahead log's hook (WalCheckpointer).
        .target(name: "FlickCore", dependencies: [.product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // Cross-module optimisation lets FlickUI and flick-bench specialise the generic list
        // controller for Int64 ids: unspecialised, half of each event went to Swift's generic
        // metadata lookups (perf, make bench).
        .target(name: "FlickInteraction", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
        // iCalendar (VTODO) import/export and CalDAV sync (libsoup, libsecret); no GTK (DESIGN 1 and 6).
        .target(name: "FlickSync", dependencies: ["FlickCore", "CLibical", "CLibsoup", "CLibsecret"]),
        .target(name: "FlickUI", dependencies: ["CGtk", "CGSound", "GestureShim", "FlickCore", "FlickInteraction", "FlickSync"]),
        .executableTarget(name: "flick", dependencies: ["FlickUI"]),
        // `make bench` only: the controller's and the store's costs, without a display.
        .executableTarget(name: "flick-bench", dependencies: ["FlickInteraction", "FlickCore"]),
        // Seeded random cases, mutations and the crash and hang reports of the fuzz tests
        // (issue 11), shared by the test targets that fuzz what Flick reads from outside.
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
        // GRDBSQLite: SQLite's own API, to make its writes fail (FailingDisk).
        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore", "FuzzSupport", .product(name: "GRDB", package: "GRDB.swift"),
                                                           .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .testTarget(name: "FlickInteractionTests", dependencies: ["FlickInteraction"]),
        // Recorded: replies of a real Radicale to FlickSync's request bodies
        // (tools/record-dav-responses).
        .testTarget(name: "FlickSyncTests",
                    dependencies: ["FlickSync", "FlickCore", "FuzzSupport", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Recorded")]),
        .testTarget(
            name: "FlickUITests",
            dependencies: ["FlickUI", "FlickCore", "GestureShim", "CGtk", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
