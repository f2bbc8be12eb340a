import CLibical
import FlickCore
import Foundation

/// Every call FlickSync makes into libical, in one place.
///
/// Each runs inside `LibicalAccess.serialized` (FlickCore), the process's one lock around
/// libical, which FlickCore's `LibicalRecurrence` takes too. Nothing else in FlickSync calls
/// libical.
enum LibicalBridge {
    private static func serialized<T>(_ body: () -> T) -> T {
        LibicalAccess.serialized(body)
    }

    /// The numbers of a DATE ("20260301") or DATE-TIME ("20260301T180000", with an optional "Z")
    /// value, read by libical. The caller checks the shape first: libical also takes
    /// "2026-03-01" and month 13.
    static func parseTime(_ text: String) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                                             isDate: Bool, isUTC: Bool)? {
        serialized {
            let time = icaltime_from_string(text)
            guard icalerrno_return().pointee == ICAL_NO_ERROR, icaltime_is_null_time(time) == 0 else { return nil }
            return (Int(time.year), Int(time.month), Int(time.day), Int(time.hour), Int(time.minute),
                    Int(time.second), time.is_date != 0, icaltime_is_utc(time) != 0)
        }
    }

    /// The seconds of a DURATION value ("-PT15M" is -900), read by libical; nil when it cannot
    /// read it. The caller checks the shape first: libical reads "-PT15" as 0 without an error.
    static func durationSeconds(_ text: String) -> Int? {
        serialized { () -> Int? in
            let duration = icaldurationtype_from_string(text)
            guard icalerrno_return().pointee == ICAL_NO_ERROR, icaldurationtype_is_bad_duration(duration) == 0
            else { return nil }
            return Int(icaldurationtype_as_int(duration))
        }
    }

    /// Whether libical reads `text` as an RRULE value with a frequency.
    static func isValidRecurrenceRule(_ text: String) -> Bool {
        serialized {
            let rule = icalrecurrencetype_from_string(text)
            return icalerrno_return().pointee == ICAL_NO_ERROR && rule.freq != ICAL_NO_RECURRENCE
        }
    }

    /// Whether `text` is a VTIMEZONE that libical can use to convert times.
    static func isUsableTimeZone(_ text: String) -> Bool {
        serialized {
            guard let zone = makeZone(text) else { return false }
            icaltimezone_free(zone, 1)
            return true
        }
    }

    /// The instant of a wall-clock time in the zone that the VTIMEZONE `definition` describes
    /// (for TZIDs that are not IANA names, such as Outlook's "W. Europe Standard Time"); nil when
    /// libical cannot use the definition.
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                        inZoneDefinedBy definition: String) -> Date? {
        serialized { () -> Date? in
            guard let zone = makeZone(definition) else { return nil }
            defer { icaltimezone_free(zone, 1) }
            var time = icaltime_null_time()
            time.year = Int32(year)
            time.month = Int32(month)
            time.day = Int32(day)
            time.hour = Int32(hour)
            time.minute = Int32(minute)
            time.second = Int32(second)
            time.is_date = 0
            time.zone = zone
            // The zone argument is the zone the wall clock is in: it converts from it.
            let seconds = icaltime_as_timet_with_zone(time, zone)
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    /// libical's own VTIMEZONE for an IANA zone, as text, or nil if it does not know the zone.
    /// libical 3.0.16 names it "/freeassociation.sourceforge.net/<IANA>" and cannot be told
    /// otherwise (research 3.1 a); the caller rewrites the TZID.
    static func builtinTimeZoneText(_ identifier: String) -> String? {
        serialized { () -> String? in
            guard let zone = icaltimezone_get_builtin_timezone(identifier),
                  let component = icaltimezone_get_component(zone),
                  let copy = icalcomponent_new_clone(component) else { return nil }
            defer { icalcomponent_free(copy) }
            // From 1970 on: libical's zones hold their whole history (156 lines for Berlin), and
            // the VTIMEZONE goes with every resource a sync sends.
            var start = icaltime_from_string("19700101T000000Z")
            start.zone = icaltimezone_get_utc_timezone()
            icaltimezone_truncate_vtimezone(copy, start, icaltime_null_time(), 0)
            guard let text = icalcomponent_as_ical_string(copy) else { return nil }
            // libical's ring buffer owns `text`: copy it before anything else runs.
            return String(cString: text)
        }
    }

    /// A zone made from VTIMEZONE text; the caller frees it. Runs inside `serialized`.
    private static func makeZone(_ text: String) -> OpaquePointer? {
        guard let component = icalcomponent_new_from_string(text) else { return nil }
        guard icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT, let zone = icaltimezone_new() else {
            icalcomponent_free(component)
            return nil
        }
        // On success the zone owns the component and frees it with itself.
        guard icaltimezone_set_component(zone, component) != 0 else {
            icalcomponent_free(component)
            icaltimezone_free(zone, 1)
            return nil
        }
        return zone
    }
}
