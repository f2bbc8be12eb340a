/// RFC 5545 §3.1 line folding: lines longer than 75 octets continue on lines that begin with one
/// space. Folding counts octets, not characters, and never cuts a UTF-8 sequence in two.
enum LineFolding {
    /// The longest physical line, in octets, without its CRLF.
    static let maximumOctets = 75

    /// `line` (one unfolded content line) as physical lines joined by CRLF, no final CRLF.
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > maximumOctets else { return line }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 3)
        var start = 0
        var limit = maximumOctets
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back up to the start of a character: 10xxxxxx bytes continue one.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { output += [0x0D, 0x0A, 0x20] }
            output += bytes[start..<end]
            start = end
            // A continuation line's leading space counts towards its 75 octets.
            limit = maximumOctets - 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The logical line of `folded` (physical lines joined by CRLF): each CRLF followed by a space
    /// or a tab is removed with that one whitespace character.
    static func unfold(_ folded: String) -> Substring {
        guard folded.utf8.contains(0x0A) else { return Substring(folded) }
        var output: [UInt8] = []
        output.reserveCapacity(folded.utf8.count)
        var iterator = folded.utf8.makeIterator()
        var pendingBreak = false
        while let byte = iterator.next() {
            if pendingBreak {
                pendingBreak = false
                // The continuation's first space or tab belongs to the fold, not to the value.
                if byte == 0x20 || byte == 0x09 { continue }
            }
            if byte == 0x0D { continue }
            if byte == 0x0A {
                pendingBreak = true
                continue
            }
            output.append(byte)
        }
        return Substring(String(decoding: output, as: UTF8.self))
    }
}
