import Foundation

/// The language item titles are sorted in (Sort by Title): the C library's
/// LC_COLLATE, as `Localization.setUp` set it from the environment (LC_ALL, LC_COLLATE, LANG),
/// the locale `ls` sorts names by. Foundation's `Locale.current` does not read it on Linux: it
/// said "en_001" under LANG=de_DE.UTF-8.
enum Collation {
    /// The collation's locale now; the root collation (Unicode's order) for C and POSIX.
    static var locale: Locale {
        locale(named: setlocale(LC_COLLATE, nil).map { String(cString: $0) } ?? "C")
    }

    /// The locale a POSIX locale name stands for: "de_DE.UTF-8@euro" is "de_DE".
    static func locale(named name: String) -> Locale {
        let language = String(name.prefix { $0 != "." && $0 != "@" })
        return language == "C" || language == "POSIX" || language.isEmpty ? Locale(identifier: "") : Locale(identifier: language)
    }
}
