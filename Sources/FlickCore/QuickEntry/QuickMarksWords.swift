/// The words that may follow a "!" at the end of a title to give the item a priority, in one
/// language (English, German, French, Spanish, Hebrew): "!high", "!hoch", "!basse". Matched
/// after folding case and accents, so "!Niédrig" is "!niedrig". Both genders are listed where
/// the adjective has them ("haute"/"haut", "alta"/"alto"): the user agrees it with whatever
/// noun they think of. English words are accepted in every language as well (see
/// `QuickMarksParser`), since people type English shortcuts whatever their desktop's language.
public struct QuickMarksWords: Sendable, QuickEntryLanguages {
    public var high: [String]
    public var medium: [String]
    public var low: [String]

    public init(high: [String], medium: [String], low: [String]) {
        self.high = high
        self.medium = medium
        self.low = low
    }

    public static let english = QuickMarksWords(high: ["high"], medium: ["medium", "med"], low: ["low"])

    public static let german = QuickMarksWords(high: ["hoch"], medium: ["mittel"], low: ["niedrig"])

    public static let french = QuickMarksWords(high: ["haute", "haut"], medium: ["moyenne", "moyen"], low: ["basse", "bas"])

    public static let spanish = QuickMarksWords(high: ["alta", "alto"], medium: ["media", "medio"], low: ["baja", "bajo"])

    public static let hebrew = QuickMarksWords(high: ["גבוהה", "גבוה"], medium: ["בינונית", "בינוני"], low: ["נמוכה", "נמוך"])
}
