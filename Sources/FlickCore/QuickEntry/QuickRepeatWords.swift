/// The words a title may end with to say how it repeats, in one language (English,
/// German, French, Spanish, Hebrew): "every Friday", "every 2 weeks", "daily", "monthly on the
/// 1st", "every weekday". Matched after folding case and accents, as `QuickDateWords` are, so
/// "Jährlich", "jahrlich" and "JÄHRLICH" are one word. `QuickRepeatParser` reads the phrases
/// these make; every word is a whole word of the title (a trailing comma dropped), except
/// Hebrew's one-letter prefixes, which `prefixes` and `andPrefixes` name. Adjectives that end
/// a title as often as they say a repeat are left out: "Informe mensual" is a monthly report
/// and "דוח חודשי" one too, so only Spanish's adverbs ("mensualmente") and Hebrew's "every"
/// forms ("כל חודש") count; "diario" is also a newspaper.
public struct QuickRepeatWords: Sendable, QuickEntryLanguages {
    /// Whole phrases that say "every day", "every week", "every month", "every year".
    public var daily: [String]
    public var weekly: [String]
    public var monthly: [String]
    public var yearly: [String]
    /// Words that begin "every N weeks", "every Friday": "every", "jeden", "tous les", "cada", "כל".
    public var every: [String]
    /// The units of "every N …", singular and plural.
    public var days: [String]
    public var weeks: [String]
    public var months: [String]
    public var years: [String]
    /// Numbers in words, from 2 on ("two", "zwei", "deux", "dos"); "other" and "zweite" are 2.
    public var numbers: [String: Int]
    /// One word that is a unit counted twice, as Hebrew's dual: "שבועיים" is two weeks.
    public var twoOf: [String: RepeatRule.Frequency] = [:]
    /// Names for Sunday … Saturday (Calendar's weekdays 1 … 7), with their plural and short forms.
    public var weekdays: [[String]]
    /// What joins two weekdays: "and", "und", "et", "y".
    public var and: [String]
    /// Whole phrases that say Monday to Friday: "every weekday", "werktags".
    public var workdays: [String]
    /// What may stand before the weekdays of "every 2 weeks on Friday".
    public var onWeekday: [String]
    /// What may stand before the day of the month: "on the" of "monthly on the 1st".
    public var onMonthDay: [String]
    /// What a day of the month may end with: "st" of "1st", "." of "1.", "er" of "1er".
    public var ordinalSuffixes: [String]
    /// What may follow the day of the month: "of the month", "לחודש".
    public var ofTheMonth: [String] = []
    /// What makes a day of the month a repeat on its own: "of every month" of "on the 1st of
    /// every month".
    public var ofEveryMonth: [String] = []
    /// One-letter words Hebrew writes onto the next word: "ב־1" is "on the 1st".
    public var prefixes: [String] = []
    /// "וחמישי" is "and Thursday".
    public var andPrefixes: [String] = []

    public static let english = QuickRepeatWords(
        daily: ["daily", "every day", "each day"], weekly: ["weekly", "every week", "each week"],
        monthly: ["monthly", "every month", "each month"],
        yearly: ["yearly", "annually", "every year", "each year"],
        every: ["every", "each"],
        days: ["day", "days"], weeks: ["week", "weeks"], months: ["month", "months"], years: ["year", "years"],
        numbers: ["other": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                  "nine": 9, "ten": 10, "eleven": 11, "twelve": 12],
        weekdays: [["sunday", "sun"], ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed"],
                   ["thursday", "thu", "thur", "thurs"], ["friday", "fri"], ["saturday", "sat"]],
        and: ["and", "&"],
        workdays: ["every weekday", "each weekday", "on weekdays", "every workday", "every working day"],
        onWeekday: ["on"], onMonthDay: ["on the", "on"], ordinalSuffixes: ["st", "nd", "rd", "th"],
        ofTheMonth: ["of the month"], ofEveryMonth: ["of every month", "of each month"])

    public static let german = QuickRepeatWords(
        daily: ["taglich", "jeden tag"], weekly: ["wochentlich", "jede woche"],
        monthly: ["monatlich", "jeden monat"], yearly: ["jahrlich", "jedes jahr"],
        every: ["jeden", "jede", "jedes", "alle"],
        days: ["tag", "tage"], weeks: ["woche", "wochen"], months: ["monat", "monate"], years: ["jahr", "jahre"],
        numbers: ["zwei": 2, "zweiten": 2, "zweite": 2, "zweites": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6,
                  "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwolf": 12],
        weekdays: [["sonntag"], ["montag"], ["dienstag"], ["mittwoch"], ["donnerstag"], ["freitag"],
                   ["samstag", "sonnabend"]],
        and: ["und", "&"],
        workdays: ["werktags", "jeden werktag", "an werktagen", "montags bis freitags"],
        onWeekday: ["am"], onMonthDay: ["am"], ordinalSuffixes: ["."],
        ofTheMonth: ["des monats", "im monat"], ofEveryMonth: ["jedes monats", "jeden monat", "im monat"])

    public static let french = QuickRepeatWords(
        daily: ["tous les jours", "chaque jour", "quotidiennement"],
        weekly: ["toutes les semaines", "chaque semaine", "hebdomadairement"],
        monthly: ["tous les mois", "chaque mois", "mensuellement"],
        yearly: ["tous les ans", "chaque annee", "chaque an", "annuellement"],
        every: ["tous les", "toutes les", "chaque"],
        days: ["jour", "jours"], weeks: ["semaine", "semaines"], months: ["mois"], years: ["an", "ans", "annee", "annees"],
        numbers: ["deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
                  "dix": 10, "onze": 11, "douze": 12],
        weekdays: [["dimanche", "dimanches"], ["lundi", "lundis"], ["mardi", "mardis"], ["mercredi", "mercredis"],
                   ["jeudi", "jeudis"], ["vendredi", "vendredis"], ["samedi", "samedis"]],
        and: ["et", "&"],
        workdays: ["en semaine", "tous les jours ouvrables", "chaque jour ouvrable", "tous les jours de semaine"],
        onWeekday: ["le"], onMonthDay: ["le"], ordinalSuffixes: ["er", "e", "eme"],
        ofTheMonth: ["du mois"], ofEveryMonth: ["de chaque mois", "de tous les mois"])

    public static let spanish = QuickRepeatWords(
        daily: ["diariamente", "cada dia", "todos los dias"],
        weekly: ["semanalmente", "cada semana", "todas las semanas"],
        monthly: ["mensualmente", "cada mes", "todos los meses"],
        yearly: ["anualmente", "cada ano", "todos los anos"],
        every: ["cada", "todos los", "todas las"],
        days: ["dia", "dias"], weeks: ["semana", "semanas"], months: ["mes", "meses"], years: ["ano", "anos"],
        numbers: ["dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
                  "diez": 10, "once": 11, "doce": 12],
        weekdays: [["domingo", "domingos"], ["lunes"], ["martes"], ["miercoles"], ["jueves"], ["viernes"],
                   ["sabado", "sabados"]],
        and: ["y", "e", "&"],
        workdays: ["entre semana", "cada dia laborable", "todos los dias laborables", "los dias laborables"],
        onWeekday: ["el", "los"], onMonthDay: ["el dia", "el"], ordinalSuffixes: ["º", "°", "o", ".º"],
        ofTheMonth: ["del mes"], ofEveryMonth: ["de cada mes", "de todos los meses"])

    /// "כל" is every; "מדי" is every too, in writing; "בכל" is "on every". A weekday is "יום שישי"
    /// or "שישי" alone. "Every weekday" is Monday to Friday, as the details' Weekdays is.
    public static let hebrew = QuickRepeatWords(
        daily: ["כל יום", "בכל יום", "מדי יום"], weekly: ["כל שבוע", "בכל שבוע", "מדי שבוע"],
        monthly: ["כל חודש", "בכל חודש", "מדי חודש"], yearly: ["כל שנה", "בכל שנה", "מדי שנה"],
        every: ["כל", "בכל", "מדי"],
        days: ["יום", "ימים"], weeks: ["שבוע", "שבועות"], months: ["חודש", "חודשים"], years: ["שנה", "שנים"],
        numbers: [:],
        twoOf: ["יומיים": .daily, "שבועיים": .weekly, "חודשיים": .monthly, "שנתיים": .yearly],
        weekdays: [["יום ראשון", "ראשון"], ["יום שני", "שני"], ["יום שלישי", "שלישי"], ["יום רביעי", "רביעי"],
                   ["יום חמישי", "חמישי"], ["יום שישי", "שישי"], ["שבת", "יום שבת"]],
        and: [],
        workdays: ["כל יום חול", "בכל יום חול", "בימי חול", "בימות החול"],
        onWeekday: [], onMonthDay: [], ordinalSuffixes: [],
        ofTheMonth: ["לחודש", "בחודש"], ofEveryMonth: ["בכל חודש", "כל חודש"], prefixes: ["ב־", "ב-", "ב"], andPrefixes: ["ו־", "ו-", "ו"])
}
