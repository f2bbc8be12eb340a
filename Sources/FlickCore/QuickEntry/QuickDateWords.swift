/// The words a title may end with to say when it is due, in one language (English,
/// German, French, Spanish, Hebrew). Matched after folding case and accents, so "Mañana",
/// "manana" and "MAÑANA" are one word. Short weekday forms that are also common words ("sun",
/// "sat", "so", "mer", "jeu", "sam", "mar") are left out: "Enjoy the sun" is not due Sunday.
public struct QuickDateWords: Sendable, QuickEntryLanguages {
    public var today: [String]
    public var tomorrow: [String]
    public var nextWeek: [String]
    /// Names for Sunday … Saturday (Calendar's weekdays 1 … 7), each with its other forms.
    public var weekdays: [[String]]
    /// Words that may stand before a date ("on Friday") or a time ("at 18:00").
    public var dateConnectors: [String]
    public var timeConnectors: [String]
    /// A word that may follow a time ("18 Uhr").
    public var timeSuffixes: [String] = []
    /// Words before a date that make it the start date, not the due date ("from Monday",
    /// "starts next week"), after the date's own connector ("starting on Monday").
    public var startConnectors: [String] = []
    /// What may begin a date's first word to make it a start (Hebrew writes "from" as a
    /// prefix: "ממחר", from tomorrow; "מהשבוע הבא", from next week), longest first.
    public var startPrefixes: [String] = []

    public static let english = QuickDateWords(
        today: ["today", "tonight"], tomorrow: ["tomorrow", "tmrw"], nextWeek: ["next week"],
        weekdays: [["sunday"], ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday"],
                   ["thursday", "thu", "thur", "thurs"], ["friday", "fri"], ["saturday"]],
        dateConnectors: ["on", "by"], timeConnectors: ["at", "@"],
        startConnectors: ["not before", "starting", "starts", "start", "from", "beginning"])

    public static let german = QuickDateWords(
        today: ["heute"], tomorrow: ["morgen"], nextWeek: ["nachste woche", "nachster woche", "kommende woche",
                                                           "kommender woche"],
        weekdays: [["sonntag"], ["montag", "mo"], ["dienstag", "di"], ["mittwoch", "mi"], ["donnerstag", "do"],
                   ["freitag", "fr"], ["samstag", "sonnabend", "sa"]],
        dateConnectors: ["am", "bis"], timeConnectors: ["um"], timeSuffixes: ["uhr"],
        startConnectors: ["nicht vor", "fruhestens", "beginnt", "beginnend", "startet", "ab"])

    public static let french = QuickDateWords(
        today: ["aujourd'hui", "ce soir"], tomorrow: ["demain"],
        nextWeek: ["la semaine prochaine", "semaine prochaine"],
        weekdays: [["dimanche", "dim"], ["lundi", "lun"], ["mardi"], ["mercredi"], ["jeudi"],
                   ["vendredi", "ven"], ["samedi"]],
        dateConnectors: ["le", "pour"], timeConnectors: ["a"],
        startConnectors: ["pas avant", "a partir de", "a partir du", "commence", "debute", "des"])

    public static let spanish = QuickDateWords(
        today: ["hoy", "esta noche"], tomorrow: ["manana"],
        nextWeek: ["la proxima semana", "proxima semana", "la semana que viene", "semana que viene"],
        weekdays: [["domingo", "dom"], ["lunes", "lun"], ["martes"], ["miercoles", "mie"], ["jueves", "jue"],
                   ["viernes", "vie"], ["sabado", "sab"]],
        dateConnectors: ["el", "para"], timeConnectors: ["a las", "a la"],
        startConnectors: ["no antes de", "no antes del", "a partir de", "a partir del", "empieza", "comienza", "desde"])

    public static let hebrew = QuickDateWords(
        today: ["היום", "הערב"], tomorrow: ["מחר"], nextWeek: ["שבוע הבא", "בשבוע הבא"],
        weekdays: [["ראשון", "יום ראשון", "ביום ראשון"], ["שני", "יום שני", "ביום שני"],
                   ["שלישי", "יום שלישי", "ביום שלישי"], ["רביעי", "יום רביעי", "ביום רביעי"],
                   ["חמישי", "יום חמישי", "ביום חמישי"], ["שישי", "יום שישי", "ביום שישי"],
                   ["שבת", "יום שבת", "בשבת"]],
        dateConnectors: ["עד"], timeConnectors: ["בשעה", "ב"],
        startConnectors: ["לא לפני", "החל", "מתחיל", "מתחילה"], startPrefixes: ["מה", "מ"])
}
