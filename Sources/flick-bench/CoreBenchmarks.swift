import Foundation

/// `flick-bench --core [ITEMS]`: the figures that need no display, the list controller's cost
/// per event and the store's with a large list (ITEMS, 100,000 unless given). Prints one JSON
/// object.
enum CoreBenchmarks {
    static func run(items: Int) -> Int32 {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var report: [String: [Double]] = [:]
        for (name, values) in ControllerBenchmark().run(repetitions: 2000) { report["controller_\(name)_ns"] = values }
        do {
            for (name, values) in try StorageBenchmark(itemCount: items, directory: directory).run(edits: 200) {
                report["storage_\(name)_ms"] = values
            }
            let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
            FileHandle.standardOutput.write(json)
            FileHandle.standardOutput.write(Data("\n".utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data("flick-bench: storage: \(error)\n".utf8))
            return 1
        }
    }
}
