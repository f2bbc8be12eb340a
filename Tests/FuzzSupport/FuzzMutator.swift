/// Mutates the bytes of a text file the way files go wrong: bits flipped, cut short, lines
/// doubled, lost or swapped, overlong lines, bytes that are not UTF-8, control characters, line
/// breaks changed, lines folded anywhere, the format's own keywords in the wrong places,
/// nesting far deeper than any real file, and lines of another file spliced in.
public struct FuzzMutator: Sendable {
    /// The format's words to splice in (component and property names, delimiters, markup).
    public var tokens: [String]
    /// A line that opens a level and one that closes it, for deep and unbalanced nesting.
    public var open: String
    public var close: String
    /// The largest text a mutation grows: enough for very long lines, small enough to stay fast.
    public var maximumLength = 1 << 21

    public init(tokens: [String], open: String, close: String) {
        self.tokens = tokens
        self.open = open
        self.close = close
    }

    /// `input` after one to four mutations; `donors` are other files of the format to borrow from.
    public func mutate(_ input: [UInt8], donors: [[UInt8]], _ random: inout FuzzRandom) -> [UInt8] {
        var bytes = input
        var rounds = 1
        while rounds < 4, random.chance(0.4) { rounds += 1 }
        for _ in 0..<rounds {
            bytes = mutateOnce(bytes, donors: donors, &random)
            if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
        }
        return bytes
    }

    /// The physical lines of `bytes`, each with its line break, so that joining them gives `bytes`.
    public static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    /// Byte sequences that are not UTF-8: a stray continuation byte, a lead byte without its
    /// continuation, an overlong NUL, a UTF-16 surrogate, a code point beyond U+10FFFF, 0xFF.
    static let invalidUTF8: [[UInt8]] = [[0x80], [0xC3], [0xE2, 0x82], [0xC0, 0x80], [0xED, 0xA0, 0x80],
                                         [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE, 0xFF]]
    /// Text that is valid but unusual: NUL and other controls, a lone CR, right-to-left marks and
    /// text, combining marks, emoji with joiners, a byte-order mark, a line separator.
    static let oddText: [String] = ["\u{0}", "\u{1B}[31m", "\u{7F}", "\r", "\t", "\u{202E}", "\u{200F}שלום",
                                    "e\u{301}\u{302}\u{303}", "👩‍👩‍👧‍👦", "🏳️‍🌈", "\u{FEFF}", "\u{2028}", "%s%n",
                                    "&amp;", "\\", "\\n", "\\,", "\"", ";", ":", ","]

    private func mutateOnce(_ bytes: [UInt8], donors: [[UInt8]], _ random: inout FuzzRandom) -> [UInt8] {
        var bytes = bytes
        var lines = Self.lines(bytes)
        let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
        switch random.below(17) {
        case 0 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] ^= UInt8(1) << UInt8(random.below(8))
        case 1 where !bytes.isEmpty:
            bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
        case 2:
            bytes.removeLast(bytes.count - position)
        case 3 where !lines.isEmpty:
            return Array(lines.prefix(random.below(lines.count)).joined())
        case 4 where !lines.isEmpty:
            let line = random.below(lines.count)
            lines.insert(contentsOf: Array(repeating: lines[line], count: 1 + random.below(3)), at: line)
            return Array(lines.joined())
        case 5 where !lines.isEmpty:
            lines.remove(at: random.below(lines.count))
            return Array(lines.joined())
        case 6 where lines.count > 1:
            lines.swapAt(random.below(lines.count), random.below(lines.count))
            return Array(lines.joined())
        case 7:
            return insertLongLine(into: lines, &random)
        case 8:
            bytes.insert(contentsOf: random.pick(Self.invalidUTF8), at: position)
        case 9:
            bytes.insert(contentsOf: Array(random.pick(Self.oddText).utf8), at: position)
        case 10:
            return changeLineBreaks(bytes, &random)
        case 11:
            // A fold anywhere, even inside a character or a keyword.
            bytes.insert(contentsOf: random.chance(0.5) ? [0x0D, 0x0A, 0x20] : [0x0A, 0x09], at: position)
        case 12:
            bytes.insert(contentsOf: Array(random.pick(tokens).utf8), at: position)
        case 13:
            return nest(lines, &random)
        case 14 where !donors.isEmpty:
            let donor = Self.lines(random.pick(donors))
            guard !donor.isEmpty else { break }
            let start = random.below(donor.count)
            let taken = donor[start..<min(donor.count, start + 1 + random.below(12))]
            lines.insert(contentsOf: taken, at: random.below(lines.count + 1))
            return Array(lines.joined())
        case 15:
            // A whole line of the format's words, the way a hand-edited file might have one.
            let words = (0...random.below(6)).map { _ in random.pick(tokens) }.joined()
            lines.insert(Array((words + "\r\n").utf8), at: random.below(lines.count + 1))
            return Array(lines.joined())
        default:
            // A stretch repeated many times.
            guard !bytes.isEmpty else { break }
            let start = random.below(bytes.count)
            let chunk = Array(bytes[start..<min(bytes.count, start + 1 + random.below(64))])
            let copies = 1 + random.below(2000)
            bytes.insert(contentsOf: Array(repeating: chunk, count: copies).joined(), at: start)
        }
        return bytes
    }

    /// A copy of a line, or a line of words, lengthened to between 1 KB and 64 KB, or now and
    /// then to 1 MB (rarely: a megabyte takes a debug build a second to read).
    private func insertLongLine(into lines: [[UInt8]], _ random: inout FuzzRandom) -> [UInt8] {
        var lines = lines
        let length = min(maximumLength, random.chance(0.02) ? 1 << 20 : 1 << (10 + random.below(7)))
        var line: [UInt8] = lines.isEmpty ? Array(random.pick(tokens).utf8) : lines[random.below(lines.count)]
        while line.last == 0x0A || line.last == 0x0D { line.removeLast() }
        let filler: [UInt8] = random.chance(0.5) ? [UInt8(ascii: "x")] : Array(random.pick(Self.oddText + tokens).utf8)
        if !filler.isEmpty {
            while line.count < length { line += filler }
        }
        lines.insert(line + [0x0D, 0x0A], at: random.below(lines.count + 1))
        return Array(lines.joined())
    }

    /// LF for every CRLF, CR for every LF, or CRLF for every lone LF.
    private func changeLineBreaks(_ bytes: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 20)
        let style = random.below(3)
        for (index, byte) in bytes.enumerated() {
            switch (style, byte) {
            case (0, 0x0D) where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                continue
            case (1, 0x0A):
                if result.last != 0x0D { result.append(0x0D) }
            case (2, 0x0A):
                if result.last != 0x0D { result.append(0x0D) }
                result.append(0x0A)
            default:
                result.append(byte)
            }
        }
        return result
    }

    /// Levels opened (and often closed) around a stretch of lines: two, or thousands, balanced,
    /// or with an open or a close missing.
    private func nest(_ lines: [[UInt8]], _ random: inout FuzzRandom) -> [UInt8] {
        let depth = random.chance(0.5) ? 2 + random.below(30) : 100 + random.below(5000)
        let at = random.below(lines.count + 1)
        let openLine = Array((open + "\r\n").utf8)
        let closeLine = Array((close + "\r\n").utf8)
        var opens = depth
        var closes = depth
        switch random.below(4) {
        case 0: opens -= 1 + random.below(depth)
        case 1: closes -= 1 + random.below(depth)
        default: break
        }
        let innerEnd = min(lines.count, at + random.below(4))
        var result = Array(lines[..<at].joined())
        result += Array(repeating: openLine, count: max(0, opens)).joined()
        result += Array(lines[at..<innerEnd].joined())
        result += Array(repeating: closeLine, count: max(0, closes)).joined()
        result += Array(lines[innerEnd...].joined())
        return result
    }
}
