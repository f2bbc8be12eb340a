/// Splits iCalendar bytes into content lines, each kept as its original physical lines.
///
/// It works on the bytes once, front to back, so a file of several megabytes costs one pass:
/// line breaks are LF or CRLF (CRLF is the standard; files saved by hand often have LF), blank
/// lines are skipped, a UTF-8 byte-order mark is dropped.
enum LineReader {
    static func read(_ bytes: [UInt8]) throws(ICalendarError) -> [RawLine] {
        var start = 0
        // A byte-order mark is not part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        // SQLite's text stops at a NUL (StoreTextFuzzTests): a title or note with one would be
        // stored cut short, so the file is refused at the line that has it.
        if let nul = bytes[start...].firstIndex(of: 0) {
            throw ICalendarError(line: bytes[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }, kind: .nulCharacter)
        }
        // Validating the whole text once is fast; only a failure needs the line-by-line search.
        let wholeIsValid = String(validating: bytes[start...], as: UTF8.self) != nil
        var lines: [RawLine] = []
        lines.reserveCapacity(bytes.count / 40)
        // The physical lines of the content line being collected: byte ranges and first number.
        var group: [Range<Int>] = []
        var groupNumber = 0
        // Its first physical line that is not UTF-8 on its own. A fold may cut a character in two
        // (RFC 5545 §3.1 asks readers to join it again), so only the unfolded line decides.
        var groupInvalidLine: Int?
        var number = 0
        var position = start
        while position < bytes.count {
            number += 1
            var end = position
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > position, bytes[end - 1] == 0x0D { end -= 1 }
            let physical = position..<end
            position = next
            let isInvalid = !wholeIsValid && String(validating: bytes[physical], as: UTF8.self) == nil
            if physical.isEmpty { continue }
            if bytes[physical.lowerBound] == 0x20 || bytes[physical.lowerBound] == 0x09 {
                guard !group.isEmpty else { throw ICalendarError(line: number, kind: .continuationWithoutLine) }
                group.append(physical)
                if isInvalid, groupInvalidLine == nil { groupInvalidLine = number }
                continue
            }
            if !group.isEmpty {
                lines.append(try makeLine(bytes, group, number: groupNumber, invalidLine: groupInvalidLine))
            }
            group = [physical]
            groupNumber = number
            groupInvalidLine = isInvalid ? number : nil
        }
        if !group.isEmpty { lines.append(try makeLine(bytes, group, number: groupNumber, invalidLine: groupInvalidLine)) }
        return lines
    }

    /// One content line from its physical lines; refuses a line without a name or a colon.
    /// `invalidLine`: its first physical line that is not UTF-8 on its own, if any.
    private static func makeLine(_ bytes: [UInt8], _ group: [Range<Int>], number: Int,
                                 invalidLine: Int?) throws(ICalendarError) -> RawLine {
        if let invalidLine { return try rejoinedLine(bytes, group, number: number, invalidLine: invalidLine) }
        guard let name = name(bytes, group) else { throw ICalendarError(line: number, kind: .malformedLine) }
        let text: String
        if group.count == 1 {
            text = String(decoding: bytes[group[0]], as: UTF8.self)
        } else {
            var joined: [UInt8] = []
            joined.reserveCapacity(group.reduce(0) { $0 + $1.count + 2 })
            for (index, range) in group.enumerated() {
                if index > 0 { joined += [0x0D, 0x0A] }
                joined += bytes[range]
            }
            text = String(decoding: joined, as: UTF8.self)
        }
        return RawLine(text: text, number: number, name: name)
    }

    /// A line whose physical lines are not all UTF-8 on their own: refused unless unfolding
    /// makes it UTF-8 (a fold that cut a character), and then folded again, since physical lines
    /// that are not text cannot be kept as they came.
    private static func rejoinedLine(_ bytes: [UInt8], _ group: [Range<Int>], number: Int,
                                     invalidLine: Int) throws(ICalendarError) -> RawLine {
        var unfolded: [UInt8] = []
        for (index, range) in group.enumerated() {
            unfolded += index == 0 ? bytes[range] : bytes[range].dropFirst()
        }
        guard let text = String(validating: unfolded, as: UTF8.self) else {
            throw ICalendarError(line: invalidLine, kind: .invalidUTF8)
        }
        guard let name = name(bytes, group) else { throw ICalendarError(line: number, kind: .malformedLine) }
        return RawLine(text: LineFolding.fold(text), number: number, name: name)
    }

    /// The uppercased name, if the line has a name followed (after any parameters, whose quoted
    /// values may hold colons) by a colon.
    private static func name(_ bytes: [UInt8], _ group: [Range<Int>]) -> String? {
        var nameBytes: [UInt8] = []
        var inName = true
        var quoted = false
        for (index, range) in group.enumerated() {
            // A continuation's leading space belongs to the fold.
            for position in (index == 0 ? range : range.dropFirst()) {
                let byte = bytes[position]
                if inName {
                    if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") {
                        guard !nameBytes.isEmpty else { return nil }
                        inName = false
                        if byte == UInt8(ascii: ":") { return String(decoding: nameBytes, as: UTF8.self) }
                    } else {
                        // ASCII uppercase; names are ASCII letters, digits and hyphens.
                        nameBytes.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
                    }
                } else if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if byte == UInt8(ascii: ":"), !quoted {
                    return String(decoding: nameBytes, as: UTF8.self)
                }
            }
        }
        return nil
    }
}
