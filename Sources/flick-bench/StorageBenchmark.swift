import FlickCore
import Foundation

/// Storage with a large list: the time from opening the database to a document with every
/// item loaded, the latency of one durable edit (each its own committed transaction), and of a
/// search as the user types.
struct StorageBenchmark {
    let itemCount: Int
    let directory: URL

    /// Milliseconds: ("open", one per run), one list of latencies per kind of edit, and ("search",
    /// one per typed prefix and round).
    func run(edits: Int) throws -> [(String, [Double])] {
        let databaseURL = directory.appendingPathComponent("flick.sqlite")
        try? FileManager.default.removeItem(at: directory)
        let seeded = try TodoStore(databaseURL: databaseURL)
        try seeded.createList(name: "Bench", titles: (1...itemCount).map { "Item \($0) with a few words" })
        var opens: [Double] = []
        var document: ListDocument?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let store = try TodoStore(databaseURL: databaseURL)
            document = try store.document(listID: nil)
            opens.append(milliseconds(since: start))
        }
        guard let document else { return [] }
        var results: [(String, [Double])] = [("open", opens)]
        results.append(("insert", try time(edits) { run in
            try document.insert(title: "Inserted \(run)", at: itemCount / 2)
        }))
        results.append(("complete", try time(edits) { run in
            try document.toggleCompleted(document.items[(run * 7919) % document.items.count].id)
        }))
        results.append(("move", try time(edits) { run in
            let from = (run * 104_729) % document.items.count
            try document.move(document.items[from].id, to: (from + document.items.count / 3) % document.items.count)
        }))
        results.append(("delete", try time(edits) { run in
            try document.delete(document.items[(run * 7919) % document.items.count].id)
        }))
        results.append(("search", try searchLatencies(seeded)))
        return results
    }

    /// What a search field sends as the user types, broadest first: one letter matches every
    /// item, the last matches none. Each is timed `rounds` times, interleaved.
    static let typedPrefixes = ["I", "It", "Ite", "Item 5", "with a few", "nothing-matches"]

    /// Milliseconds per search of all 100,000 items, with the default limit of results.
    private func searchLatencies(_ store: TodoStore, rounds: Int = 5) throws -> [Double] {
        try (0..<rounds).flatMap { _ in
            try Self.typedPrefixes.map { typed in
                let start = ContinuousClock.now
                _ = try store.search(typed)
                return milliseconds(since: start)
            }
        }
    }

    private func time(_ count: Int, _ edit: (Int) throws -> Void) throws -> [Double] {
        try (0..<count).map { run in
            let start = ContinuousClock.now
            try edit(run)
            return milliseconds(since: start)
        }
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
