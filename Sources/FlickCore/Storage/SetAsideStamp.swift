import Foundation

/// The time in the name of a file set aside, `flick.sqlite.unreadable-20261127T180500Z`: when
/// it was set aside, in UTC, to the second (`DatabaseOpener.keepAside`).
///
/// Read and written by hand and by ISO 8601's format style, not by a regular expression and a
/// `DateFormatter`: Flick looks for set-aside files at every start, and those two brought in
/// Swift's regex engine and ICU's date formatting for one name (their code and data stayed
/// resident all the while Flick ran).
enum SetAsideStamp {
    private static let style = Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard,
                                                       timeSeparator: .omitted, timeZone: .gmt)

    static func text(for date: Date) -> String {
        style.format(date)
    }

    /// The time a file's name holds; nil for a name without one.
    static func date(in name: String) -> Date? {
        range(in: name).flatMap { try? style.parse(String(name[$0])) }
    }

    /// Where the first `yyyyMMddTHHmmssZ` in `name` is.
    static func range(in name: String) -> Range<String.Index>? {
        let characters = Array(name.utf8)
        let shape = Array("DDDDDDDDTDDDDDDZ".utf8)
        guard characters.count >= shape.count else { return nil }
        for start in 0...(characters.count - shape.count)
        where zip(characters[start...], shape).allSatisfy({ fits($0, $1) }) {
            let lower = name.utf8.index(name.utf8.startIndex, offsetBy: start)
            return lower..<name.utf8.index(lower, offsetBy: shape.count)
        }
        return nil
    }

    /// Whether `byte` is what `place` of the shape asks: `D` a digit, any other byte itself.
    private static func fits(_ byte: UInt8, _ place: UInt8) -> Bool {
        place == UInt8(ascii: "D") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == place
    }
}
