@preconcurrency import CGtk
import Foundation

/// The user's language through gettext. The domain is `flick`; catalogues are looked up under
/// the installed prefix, or the build's `po` output when run from the source tree.
enum Localization {
    static let domain = "flick"

    static func setUp(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// `count` written as the user's locale writes numbers, in groups of thousands: "1,428" in
/// English, "1.428" in German, "1428" in the C locale. glibc's `'` flag takes the separator from
/// LC_NUMERIC, which `Localization.setUp` sets, as gettext's language comes from LC_MESSAGES.
func countText(_ count: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([count]) { vsnprintf(&buffer, buffer.count, "%'ld", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The translation of `message` (xgettext keyword: `tr`).
func tr(_ message: String) -> String {
    // dgettext returns its argument when there is no translation, so the result is copied
    // while the argument's C string is still alive.
    message.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// The singular or plural translation for `count` (xgettext keyword: `trPlural:1,2`), with
/// `{name}` placeholders replaced, as `tr(_:_:)` does.
func trPlural(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String]) -> String {
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0)))) }
    }
    return filling(translated, with: values)
}

/// The translation of `message` with `{name}` placeholders replaced, so translators can move
/// the parts around.
func tr(_ message: String, _ values: [String: String]) -> String {
    filling(tr(message), with: values)
}

/// `text` with each `{name}` placeholder replaced by its value, in one pass over `text`: a
/// value is never searched again, so a title or list name that holds "{list}" or "{count}" is
/// shown as it is, not filled in with another placeholder's value.
func filling(_ text: String, with values: [String: String]) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let afterOpen = rest.index(after: open)
        if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
            result += value
            rest = rest[rest.index(after: close)...]
        } else {
            result.append("{")
            rest = rest[afterOpen...]
        }
    }
    return result + rest
}
