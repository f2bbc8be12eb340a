/// Finding and changing the VTODO's own property lines (not those of its VALARMs).
extension VTodo {
    /// The indices of the own property lines of the component at `range` (its BEGIN to its
    /// END: depth 1, outside any nested component) named `name` (uppercase), in order; at most
    /// `limit` of them.
    static func propertyIndices(of name: String, in lines: [RawLine], within range: ClosedRange<Int>,
                                limit: Int = .max) -> [Int] {
        var depth = 0
        var found: [Int] = []
        for index in range {
            let line = lines[index]
            if line.name == "BEGIN" {
                depth += 1
            } else if line.name == "END" {
                depth -= 1
            } else if depth == 1, line.name == name {
                found.append(index)
                if found.count == limit { break }
            }
        }
        return found
    }

    /// The VTODO's own property lines named `name`, in order.
    static func topLevelIndices(of name: String, in lines: [RawLine]) -> [Int] {
        lines.isEmpty ? [] : propertyIndices(of: name, in: lines, within: 0...(lines.count - 1))
    }

    static func topLevelIndex(of name: String, in lines: [RawLine]) -> Int? {
        lines.isEmpty ? nil : propertyIndices(of: name, in: lines, within: 0...(lines.count - 1), limit: 1).first
    }

    /// The first VTODO property named `name`, parsed.
    func property(_ name: String) -> ContentLine? {
        Self.topLevelIndex(of: name, in: lines).map { lines[$0].content }
    }

    /// The line ranges (BEGIN to END inclusive) of the nested components named `name` (VALARM).
    func subcomponentRanges(named name: String) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var depth = 0
        var start = 0
        for (index, line) in lines.enumerated() {
            if line.name == "BEGIN" {
                depth += 1
                if depth == 2 { start = index }
            } else if line.name == "END" {
                if depth == 2, lines[start].isBegin(name) { ranges.append(start...index) }
                depth -= 1
            }
        }
        return ranges
    }

    /// Where a new property goes: before the first nested component (RFC 5545 puts a VTODO's
    /// properties before its VALARMs), else before END:VTODO.
    private var propertyInsertionIndex: Int {
        var depth = 0
        for (index, line) in lines.enumerated() {
            if line.name == "BEGIN" {
                depth += 1
                if depth == 2 { return index }
            } else if line.name == "END" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return lines.count
    }

    /// Replaces the first VTODO property named `name` by `line`, adds `line` if there is none,
    /// or removes that property if `line` is nil.
    mutating func setProperty(_ name: String, to line: ContentLine?) {
        if let index = Self.topLevelIndex(of: name, in: lines) {
            if let line {
                lines[index] = RawLine(line)
            } else {
                lines.remove(at: index)
            }
        } else if let line {
            lines.insert(RawLine(line), at: propertyInsertionIndex)
        }
    }

    /// Removes every VTODO property named `name`.
    mutating func removeProperties(_ name: String) {
        for index in Self.topLevelIndices(of: name, in: lines).reversed() {
            lines.remove(at: index)
        }
    }

    /// The TZIDs the lines name, in order of first use.
    static func referencedTimeZoneIDs(in lines: [RawLine]) -> [String] {
        var seen: Set<String> = []
        var ids: [String] = []
        // Only a line with a ";" can have parameters; the others are not parsed.
        for line in lines where line.text.utf8.contains(UInt8(ascii: ";")) {
            guard let tzid = line.content.parameter("TZID"), !seen.contains(tzid) else { continue }
            seen.insert(tzid)
            ids.append(tzid)
        }
        return ids
    }
}
