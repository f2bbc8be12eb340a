import Foundation

/// Date formatters by template, zone and locale, made once each: making a `DateFormatter`
/// costs far more than using one, and rows with due dates format while the list scrolls.
final class DateFormatterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func formatter(template: String, timeZone: TimeZone, locale: Locale) -> DateFormatter {
        let key = "\(template)|\(timeZone.identifier)|\(locale.identifier)"
        lock.lock()
        defer { lock.unlock() }
        if let cached = formatters[key] { return cached }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        formatters[key] = formatter
        return formatter
    }
}
