import FlickCore
import Foundation

/// Turns the DATE and DATE-TIME values of one VTODO into instants and wall clocks, through IANA
/// zone names or, for other TZIDs, the VTIMEZONEs that came with the VTODO.
struct TimeZoneResolver {
    /// How a TZID is understood.
    enum Zone {
        /// An IANA zone (its plain name, prefix removed): wall clocks stay in it.
        case iana(String, TimeZone)
        /// A zone only its VTIMEZONE (this text) defines, such as Outlook's
        /// "W. Europe Standard Time": its times are converted through libical.
        case defined(String)
    }

    /// VTIMEZONE texts by TZID.
    let definitions: [String: String]

    /// The zone a TZID stands for; nil when it is neither an IANA name nor defined.
    /// An IANA name wins over a definition of the same name, so a wall clock stays in its zone.
    func zone(_ tzid: String) -> Zone? {
        if let (name, zone) = Self.ianaZone(tzid) { return .iana(name, zone) }
        if let definition = definitions[tzid] { return .defined(definition) }
        return nil
    }

    /// The IANA zone `tzid` names, also with a vendor prefix such as
    /// "/freeassociation.sourceforge.net/" or "/mozilla.org/20050126_1/" before the name.
    static func ianaZone(_ tzid: String) -> (String, TimeZone)? {
        if !tzid.hasPrefix("/") {
            return isPlausibleIANAName(tzid) ? TimeZone(identifier: tzid).map { (tzid, $0) } : nil
        }
        // Try the longest tail of the path first ("America/Argentina/Buenos_Aires" before
        // "Argentina/Buenos_Aires").
        let parts = tzid.split(separator: "/")
        for start in parts.indices.dropFirst() {
            let name = parts[start...].joined(separator: "/")
            if isPlausibleIANAName(name), let zone = TimeZone(identifier: name) { return (name, zone) }
        }
        return nil
    }

    /// IANA names have no spaces; Foundation would otherwise also take some Windows-style or
    /// abbreviated names that other clients do not read as IANA zones.
    private static func isPlausibleIANAName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(" ")
    }

    /// Whether an IANA zone name means UTC (written as "Z" rather than with a TZID).
    static func isUTC(_ name: String) -> Bool {
        ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z", "Zulu", "Etc/Zulu", "Universal", "Etc/Universal"].contains(name)
    }

    /// The instant of a date-time; a date counts from its midnight. Floating values are taken in
    /// `floatingZone`. Nil only for a TZID that does not resolve.
    func instant(of value: DateTimeValue, floatingZone: TimeZone) -> Date? {
        switch value.anchor {
        case .date, .floating:
            return Self.instant(of: value, in: floatingZone)
        case .utc:
            return Self.instant(of: value, in: TimeZone(identifier: "UTC")!)
        case let .zone(tzid):
            switch zone(tzid) {
            case let .iana(_, timeZone)?:
                return Self.instant(of: value, in: timeZone)
            case let .defined(definition)?:
                return LibicalBridge.instant(year: value.year, month: value.month, day: value.day, hour: value.hour,
                                             minute: value.minute, second: value.second,
                                             inZoneDefinedBy: definition)
            case nil:
                return nil
            }
        }
    }

    /// A DUE-like value as Flick keeps it: a date alone; an IANA zone's wall clock; anything else
    /// (UTC, a zone only a VTIMEZONE defines, floating) as the wall clock of `localZone`, since
    /// Flick shows local times. Seconds are dropped (Flick keeps minutes).
    func dueDate(of value: DateTimeValue, localZone: TimeZone) -> DueDate? {
        switch value.anchor {
        case .date:
            return DueDate(year: value.year, month: value.month, day: value.day)
        case .floating:
            return DueDate(year: value.year, month: value.month, day: value.day, hour: value.hour,
                           minute: value.minute, timeZone: localZone.identifier)
        case let .zone(tzid):
            if case let .iana(name, _)? = zone(tzid) {
                return DueDate(year: value.year, month: value.month, day: value.day, hour: value.hour,
                               minute: value.minute, timeZone: name)
            }
            fallthrough
        case .utc:
            guard let instant = instant(of: value, floatingZone: localZone) else { return nil }
            return Self.wallClock(of: instant, in: localZone)
        }
    }

    /// The wall clock of `instant` in `zone`, to the minute, as a DueDate in that zone.
    static func wallClock(of instant: Date, in zone: TimeZone) -> DueDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!,
                       minute: parts.minute!, timeZone: zone.identifier)
    }

    private static func instant(of value: DateTimeValue, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: value.year, month: value.month, day: value.day,
                                                  hour: value.hour, minute: value.minute,
                                                  second: min(value.second, 59)))
    }
}
