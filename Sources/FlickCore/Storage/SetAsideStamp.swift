import Foundation

/// The time in the name of a file set aside, `flick.sqlite.unreadable-20261127T180500Z`: when
/// it was set aside, in UTC, to the second (`DatabaseOpener.keepAside`).
enum SetAsideStamp {
    static let pattern = #"\d{8}T\d{6}Z"#

    static func text(for date: Date) -> String {
        formatter().string(from: date)
    }

    /// The time a file's name holds; nil for a name without one.
    static func date(in name: String) -> Date? {
        range(in: name).flatMap { formatter().date(from: String(name[$0])) }
    }

    static func range(in name: String) -> Range<String.Index>? {
        name.range(of: pattern, options: .regularExpression)
    }

    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }
}
