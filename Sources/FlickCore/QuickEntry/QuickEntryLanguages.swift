/// The words quick entry reads in each language Flick knows (dates, priorities, repeats), and
/// which of them a language's code picks: one table of codes for all three, so that a language
/// added to one is found the same way in the others.
public protocol QuickEntryLanguages {
    static var english: Self { get }
    static var german: Self { get }
    static var french: Self { get }
    static var spanish: Self { get }
    static var hebrew: Self { get }
}

extension QuickEntryLanguages {
    /// The words of a language by its code ("de", "fr_CA", "he_IL.UTF-8", "iw"); English otherwise.
    public static func forLanguage(_ code: String) -> Self {
        switch code.prefix(2) {
        case "de": german
        case "fr": french
        case "es": spanish
        case "he", "iw": hebrew
        default: english
        }
    }
}
