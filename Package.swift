// swift-tools-version:6.0
import PackageDescription

// Flick: a gesture-driven to-do list for GTK 4. See docs/DESIGN.md (section 1) for the layering:
// the two pure targets (FlickCore, FlickInteraction) never import GTK.

// The include folders of libsoup and libsecret that `pkg-config --cflags` adds to GLib's (the
// same on every Debian architecture), given by hand: their targets have no pkgConfig (see CGio).
// FlickSync imports them `internal`, so only it and the tests that import it @testable need them.
let lazyLibraryHeaders = ["-I/usr/include/libsoup-3.0", "-I/usr/include/libsecret-1"]
let lazyLibraryHeadersForSwift = lazyLibraryHeaders.flatMap { ["-Xcc", $0] }

// How the `flick` executable is laid out, for its resident memory (issue 55: peak RSS from
// outside, bench/startup_memory.py; the figures are the release build's at the first frame on
// the welcome list, cairo, against bench/floor.c, which has none of this code).
// - exports: the linker put 8,692 of Flick's and GRDB's Swift symbols in the dynamic symbol
//   table, which nothing looks up (the libraries Flick loads find nothing of Flick's by name,
//   and GtkBuilder's XML in ShortcutsWindow names no handler): its .dynsym, .dynstr and hash,
//   0.7 MiB, were read in whole at start-up. The version script keeps them local.
// - order: the kernel maps a file's pages 64 KiB around each one a program touches, and the
//   code start-up runs (about 0.8 MB) lay spread over most of the 18 MB of .text: 10 MiB of it
//   was resident at the first frame. With the functions that run placed first, 5.4 MiB is.
//   The functions that run only after the first frame (the backup, the rest of the rows, the
//   window's work at idle: 260 KiB) come next: left where they were, they made 11.6 MiB of
//   code resident 30 s after the first frame at 9 items; placed so, 7.4 MiB (issue 76).
//   Their list is made for each build, never kept in the tree: a list kept there went stale
//   with every change of start-up's code (59 names gone, 500 missing: 8.6 MiB resident again).
//   `make release` links, profiles flick-bench's start and rest with callgrind, writes the list
//   in its build folder and links again with it (tools/startup-order); FLICK_STARTUP_ORDER names that
//   file. Without it (a plain `swift build -c release`) there is no list. Release builds only:
//   a debug build's names differ. The linker's warning of a name it does not find is not
//   silenced; tools/startup-order fails on any.
let flickLayout = (
    exports: ["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/flick/exported-symbols.map"],
    order: Context.environment["FLICK_STARTUP_ORDER"].map { ["-Xlinker", "--symbol-ordering-file=\($0)"] } ?? []
)
// How `flick` is linked, and `flick-bench` alike, so that the start-up and memory figures
// `make bench` reads in `flick-bench` are those of `flick`'s layout. --as-needed: without the
// libraries LazyLibraries opens on first use. The toolchain's lld with packed relative
// relocations (glibc 2.36 reads them): the static Swift runtime's 135,000 relocations took
// 2 MB of the file, read at every start.
let flickLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--as-needed", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
    .unsafeFlags(flickLayout.exports),
    .unsafeFlags(flickLayout.order, .when(configuration: .release)),
]

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
        // GLib's include folders (pkg-config), for the headers of the four libraries below, which
        // have no pkgConfig: SwiftPM would put their -l flags on the link line ahead of
        // --as-needed, and Flick would load them at start-up again (LazyLibraries). libsoup's and
        // libsecret's own folders are `lazyLibraryHeaders`.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // GModule, through which LazyLibraries opens them (lazy_symbol.c says why).
        .systemLibrary(
            name: "CGModule",
            pkgConfig: "gmodule-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CGSound",
            providers: [.apt(["libgsound-dev"])]
        ),
        .systemLibrary(
            name: "CLibical",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            name: "CLibsoup",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        .systemLibrary(
            name: "CLibsecret",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        // GModule: libportal, opened on first use (flick_background_portal.c).
        .target(name: "GestureShim", dependencies: ["CGtk", "CGModule"]),
        // libsoup, libical, libsecret and GSound, opened on first use rather than at start-up
        // (include/LazyLibraries.h says why); `flick` is linked --as-needed, so without them.
        .target(name: "LazyLibraries", dependencies: ["CGio", "CGModule"], cSettings: [.unsafeFlags(lazyLibraryHeaders)]),
        // GRDBSQLite: SQLite's own API, for the write-ahead log's hook (WalCheckpointer). libical
        // (lazily, LazyLibraries): the repeat rules Flick does not step itself (LibicalRecurrence).
        .target(name: "FlickCore", dependencies: [.product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "GRDBSQLite", package: "GRDB.swift"),
                                                  "CLibical", "LazyLibraries"]),
        // Cross-module optimisation lets FlickUI and flick-bench specialise the generic list
        // controller for Int64 ids: unspecialised, half of each event went to Swift's generic
        // metadata lookups (perf, make bench).
        .target(name: "FlickInteraction", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
        // iCalendar (VTODO) import/export and CalDAV sync (libsoup, libsecret); no GTK (DESIGN 1 and 6).
        .target(name: "FlickSync", dependencies: ["FlickCore", "CGio", "CLibical", "CLibsoup", "CLibsecret", "LazyLibraries"],
                swiftSettings: [.unsafeFlags(lazyLibraryHeadersForSwift)]),
        .target(name: "FlickUI", dependencies: ["CGtk", "CGSound", "GestureShim", "FlickCore", "FlickInteraction", "FlickSync",
                                                "LazyLibraries"]),
        // What ships: FlickUI's application and nothing else (no benchmark, issue 75).
        // exported-symbols.map: see `flickLayout` above.
        .executableTarget(name: "flick", dependencies: ["FlickUI"], exclude: ["exported-symbols.map"],
                          linkerSettings: flickLinking),
        // `make bench` only: Flick's application driven and timed (through `package` members
        // of FlickUI: ApplicationObserver, the window's), and with --core the controller's and
        // the store's costs, without a display.
        .executableTarget(name: "flick-bench", dependencies: ["FlickUI", "FlickInteraction", "FlickCore", "CGtk",
                                                              .product(name: "GRDB", package: "GRDB.swift")],
                          linkerSettings: flickLinking),
        // Seeded random cases, mutations and the crash and hang reports of the fuzz tests
        // (issue 11), shared by the test targets that fuzz what Flick reads from outside.
        .target(name: "FuzzSupport", path: "Tests/FuzzSupport"),
        // What the store's tests and the sync's share: the store's changes as heard (HeardChanges).
        .target(name: "StoreTestSupport", dependencies: ["FlickCore"], path: "Tests/StoreTestSupport"),
        // GRDBSQLite: SQLite's own API, to make its writes fail (FailingDisk).
        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore", "FuzzSupport", "StoreTestSupport", "CLibical", .product(name: "GRDB", package: "GRDB.swift"),
                                                           .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .testTarget(name: "FlickInteractionTests", dependencies: ["FlickInteraction"]),
        // Recorded: replies of a real Radicale to FlickSync's request bodies
        // (tools/record-dav-responses).
        .testTarget(name: "FlickSyncTests",
                    dependencies: ["FlickSync", "FlickCore", "FuzzSupport", "StoreTestSupport", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Recorded")],
                    swiftSettings: [.unsafeFlags(lazyLibraryHeadersForSwift)]),
        .testTarget(
            name: "FlickUITests",
            dependencies: ["FlickUI", "FlickCore", "FlickSync", "GestureShim", "CGtk", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
