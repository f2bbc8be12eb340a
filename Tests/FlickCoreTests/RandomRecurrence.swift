import FuzzSupport
@testable import FlickCore

/// A random repeating task for the differential test: an RRULE of the parts other clients write
/// (BYDAY with ordinals, BYSETPOS, negative BYMONTHDAY, BYMONTH, BYWEEKNO, BYYEARDAY, INTERVAL,
/// WKST, COUNT, UNTIL) or of the parts Flick writes, and a start that is a date alone or a time,
/// floating or in a zone with daylight saving, leap days among them.
struct RandomRecurrence {
    /// The rule without COUNT and UNTIL, which the start is chosen with.
    var rule: String
    /// COUNT or UNTIL, or neither.
    var ending: [String]
    var anchor: DueDate

    var wholeRule: String { ([rule] + ending).joined(separator: ";") }

    private static let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    private static let zones: [String?] = [nil, "Europe/Berlin", "America/New_York", "Australia/Sydney", "UTC"]

    init(_ random: inout FuzzRandom) {
        let frequency = random.pick(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
        var parts = ["FREQ=\(frequency)"]
        if random.chance(0.4) { parts.append("INTERVAL=\(1 + random.below(4))") }
        parts += Self.byParts(frequency: frequency, &random)
        if random.chance(0.2) { parts.append("WKST=\(random.pick(Self.days))") }
        rule = parts.joined(separator: ";")
        anchor = Self.anchor(&random)
        ending = []
        // COUNT or UNTIL, never both (RFC 5545 §3.3.10; libical refuses the pair).
        if random.chance(0.3) {
            ending.append("COUNT=\(1 + random.below(6))")
        } else if random.chance(0.4) {
            // A date beside a date, a floating time at any second beside a time (given to
            // libical floating, as the start is): the series ends at that moment.
            let until = LibicalReference.text(of: anchor.addingDays(random.below(900)).dateOnly)
            let time = String(format: "T%02d%02d%02d", random.below(24), random.below(60), random.below(60))
            ending.append("UNTIL=" + until + (anchor.hasTime ? time : ""))
        }
    }

    /// The BYxxx parts, in combinations that name at least some days (a rule of 30 February
    /// names none, and libical looks for one until 2037 at each).
    private static func byParts(frequency: String, _ random: inout FuzzRandom) -> [String] {
        var parts: [String] = []
        switch frequency {
        case "DAILY":
            if random.chance(0.4) { parts.append("BYDAY=" + weekdays(&random, ordinals: false)) }
            if random.chance(0.2) { parts.append("BYMONTH=" + months(&random)) }
        case "WEEKLY":
            if random.chance(0.7) { parts.append("BYDAY=" + weekdays(&random, ordinals: false)) }
        case "MONTHLY":
            switch random.below(4) {
            case 0: parts.append("BYDAY=" + weekdays(&random, ordinals: true))
            case 1: parts.append("BYMONTHDAY=" + monthDays(&random))
            case 2:
                parts.append("BYDAY=" + weekdays(&random, ordinals: false))
                parts.append("BYSETPOS=\(random.pick([-1, 1, 2, -2]))")
            default: break
            }
        default:
            switch random.below(5) {
            case 0:
                parts.append("BYMONTH=" + months(&random))
                parts.append("BYDAY=" + weekdays(&random, ordinals: true))
            case 1:
                parts.append("BYMONTH=" + months(&random))
                parts.append("BYMONTHDAY=" + monthDays(&random, upTo: 28))
            case 2: parts.append("BYWEEKNO=\(random.pick([1, 2, 20, 52, -1]));BYDAY=" + weekdays(&random, ordinals: false))
            case 3: parts.append("BYYEARDAY=\(random.pick([1, 100, 200, -1, 365]))")
            default: break
            }
        }
        return parts
    }

    private static func weekdays(_ random: inout FuzzRandom, ordinals: Bool) -> String {
        let count = 1 + random.below(3)
        let picked = (0..<count).map { _ in random.pick(days) }
        let unique = days.filter(picked.contains)
        guard ordinals, random.chance(0.7) else { return unique.joined(separator: ",") }
        return unique.map { "\(random.pick([1, 2, 3, 4, -1, -2]))\($0)" }.joined(separator: ",")
    }

    private static func monthDays(_ random: inout FuzzRandom, upTo last: Int = 31) -> String {
        let count = 1 + random.below(2)
        let values = (0..<count).map { _ in random.chance(0.3) ? -(1 + random.below(last)) : 1 + random.below(last) }
        return Array(Set(values)).sorted().map(String.init).joined(separator: ",")
    }

    private static func months(_ random: inout FuzzRandom) -> String {
        let count = 1 + random.below(3)
        return Array(Set((0..<count).map { _ in 1 + random.below(12) })).sorted().map(String.init).joined(separator: ",")
    }

    /// A day from 2024 to 2030, a leap day in one case of ten; a time in two of three, one in
    /// four of them in the hour the spring's change skips.
    private static func anchor(_ random: inout FuzzRandom) -> DueDate {
        let leap = random.chance(0.1)
        let year = leap ? random.pick([2024, 2028]) : 2024 + random.below(7)
        let month = leap ? 2 : 1 + random.below(12), day = leap ? 29 : 1 + random.below(28)
        guard random.chance(0.66) else { return DueDate(year: year, month: month, day: day) }
        let inTheGap = random.chance(0.25)
        return DueDate(year: year, month: month, day: day, hour: inTheGap ? 2 : random.below(24),
                       minute: inTheGap ? 30 : random.pick([0, 15, 30, 45]), timeZone: random.pick(zones))
    }
}
