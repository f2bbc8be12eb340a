import FlickCore

/// One splice of the list view's model: `removing` rows taken out at `position`, then the
/// level's rows `inserting` (their indices after the whole write) put in there. A write's
/// changes come one row at a time; a Clear Completed of 1,428 items, or its undo, is one run of
/// them, and one splice tells the list view once instead of 1,428 times.
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
            case let .reordered(rows):
                // One splice puts the same rows back in their new order: the model gives GTK
                // back the objects it holds for them, so their widgets and the focus stay.
                splices.append(ModelSplice(position: rows.lowerBound, removing: rows.count, inserting: rows))
            case .updated:
                break  // Same id, same place: the bound row is refreshed directly.
            }
        }
        return splices
    }

    /// The splices that follow one write's changes: one per run of them (`coalescing`), or, when
    /// there are many, or when a later one would move rows an earlier one put in, merged
    /// (`merging(_:rowCount:around:)`): the rows a splice puts in are read from the level after the
    /// whole write, so they must be where the write leaves them.
    static func forWrite(_ changes: [ListChange], rowCount count: Int, held: ClosedRange<Int>?) -> [ModelSplice] {
        let splices = coalescing(topDown(changes))
        guard splices.count > mostSplicesApart || !putsRowsWhereTheyEnd(splices) else { return splices }
        return merging(splices, rowCount: count, around: held)
    }

    /// Whether no splice comes above the rows an earlier one put in (a move down followed by an
    /// insertion above it does: the moved row's id would be read from the place above its own).
    static func putsRowsWhereTheyEnd(_ splices: [ModelSplice]) -> Bool {
        var endOfRowsPutIn = 0
        for splice in splices {
            if splice.position < endOfRowsPutIn { return false }
            if !splice.inserting.isEmpty { endOfRowsPutIn = splice.position + splice.inserting.count }
        }
        return true
    }

    /// More splices than this in one write (a Clear Completed, its undo, a sync's batch) are
    /// merged (`forWrite`). For a Clear of every seventh of 10,000 items, the list view's
    /// part was 17 ms in 1,428 splices and 14 in one; for its undo, 15 and 9 (perf).
    static let mostSplicesApart = 16

    /// Removals made bottom up (a Clear Completed's: each above the one before, so none moves
    /// the next) as the same removals made top down, where each is at its place after those above
    /// it went; any other write as it is. Top down, they can be split around the rows with widgets.
    static func topDown(_ changes: [ListChange]) -> [ListChange] {
        var positions: [Int] = []
        for change in changes {
            guard case let .removed(at) = change, at < positions.last ?? Int.max else { return changes }
            positions.append(at)
        }
        return positions.reversed().enumerated().map { removedAbove, at in .removed(at: at - removedAbove) }
    }

    /// `splices` as at most three: those above the rows that have widgets (`held`, the places
    /// in the model before the write), those that touch them, and those below, each merged
    /// (`merging`). Given one splice that takes out a row with a widget GTK tracks (the scroll
    /// anchor, the focus, the selection), GtkListView 4.8 asks for every row that splice puts
    /// back, to find that widget again: 8,568 for a Clear Completed of every seventh of 10,000
    /// items merged into one, a few hundred for the splice around the held rows alone.
    ///
    /// A splice's rows put back are read from the level after the whole write, so splitting
    /// holds only while each splice comes below the rows of the one before (a Clear's removals
    /// and its undo's insertions, top down); a write in another order is merged into one. Any
    /// `held` gives the model the same rows: it only chooses where the splices part.
    static func merging(_ splices: [ModelSplice], rowCount count: Int, around held: ClosedRange<Int>?) -> [ModelSplice] {
        guard let held, zip(splices, splices.dropFirst()).allSatisfy({ $1.position >= $0.position + $0.inserting.count }) else {
            return merging(splices, rowCount: count).map { [$0] } ?? []
        }
        var groups: [[ModelSplice]] = [[], [], []]
        var shift = 0  // Rows the splices so far added, less those they took out, all above this one.
        for splice in splices {
            let start = splice.position - shift  // In the model before the write.
            let group = start + splice.removing <= held.lowerBound ? 0 : (start > held.upperBound ? 2 : 1)
            groups[max(group, groups.lastIndex { !$0.isEmpty } ?? 0)].append(splice)
            shift += splice.inserting.count - splice.removing
        }
        var rows = count
        return groups.compactMap { group in
            defer { rows += group.reduce(0) { $0 + $1.inserting.count - $1.removing } }
            return merging(group, rowCount: rows)
        }
    }

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
