import FlickCore

/// One splice of the list view's model: `removing` rows taken out at `position`, then the
/// level's rows `inserting` (their indices after the whole write) put in there. A write's
/// changes come one row at a time; a Clear Completed of 1,428 items, or its undo, is one run of
/// them, and one splice tells the list view once instead of 1,428 times (issue 30).
struct ModelSplice: Equatable {
    var position: Int
    var removing: Int
    var inserting: Range<Int>

    /// The ids this splice puts in, read from the level's rows after the write (`rowID` of an
    /// index): only the rows inserted are read, not all 100,000 of a long list.
    func insertedIDs(_ rowID: (Int) -> Int64?) -> [Int64] {
        inserting.compactMap(rowID)
    }

    /// The changes of one write, in order, as the fewest splices: removals that touch (the same
    /// position again, as rows slide up into it, or the one above) make one, as do insertions at
    /// consecutive positions. A move is a removal and an insertion; an update splices nothing.
    static func coalescing(_ changes: [ListChange]) -> [ModelSplice] {
        var splices: [ModelSplice] = []
        for change in changes {
            switch change {
            case let .removed(at):
                if var last = splices.last, last.inserting.isEmpty, last.removing > 0,
                   at == last.position || at == last.position - 1 {
                    last.position = at
                    last.removing += 1
                    last.inserting = at..<at
                    splices[splices.count - 1] = last
                } else {
                    splices.append(ModelSplice(position: at, removing: 1, inserting: at..<at))
                }
            case let .inserted(at):
                if var last = splices.last, last.removing == 0, !last.inserting.isEmpty, at == last.inserting.upperBound {
                    last.inserting = last.inserting.lowerBound..<(at + 1)
                    splices[splices.count - 1] = last
                } else {
                    splices.append(ModelSplice(position: at, removing: 0, inserting: at..<(at + 1)))
                }
            case let .moved(from, to):
                splices.append(ModelSplice(position: from, removing: 1, inserting: from..<from))
                splices.append(ModelSplice(position: to, removing: 0, inserting: to..<(to + 1)))
            case .updated:
                break  // Same id, same place: the bound row is refreshed directly.
            }
        }
        return splices
    }

    /// More splices than this in one write (a Clear Completed, its undo, a sync's batch) are
    /// made as one (`merging`). For a Clear of every seventh of 10,000 items, the list view's
    /// part was 17 ms in 1,428 splices and 14 in one; for its undo, 15 and 9 (perf).
    static let mostSplicesApart = 16

    /// One splice that does what `splices` do, in order, to a model of `count` rows: the rows
    /// from the first any of them touches to the last are taken out and put back as they end.
    /// The model gives a row back the object GTK holds for its id (`FlickRowIds`), so GTK keeps
    /// the rows put back as they were: their widgets, the focus, the selection, the scroll.
    static func merging(_ splices: [ModelSplice], rowCount count: Int) -> ModelSplice? {
        guard !splices.isEmpty else { return nil }
        var rows = count
        var start = Int.max
        var untouchedAtEnd = Int.max
        for splice in splices {
            start = min(start, splice.position)
            rows += splice.inserting.count - splice.removing
            untouchedAtEnd = min(untouchedAtEnd, rows - (splice.position + splice.inserting.count))
        }
        return ModelSplice(position: start, removing: count - start - untouchedAtEnd,
                           inserting: start..<(rows - untouchedAtEnd))
    }
}
