import Foundation

/// One VTODO component, kept as the text it came in (DESIGN 6, "Patch, never rebuild").
///
/// Its content lines stay exactly as read, folding included; `fields(localZone:)` reads what Flick
/// owns from them, and `patched(to:localZone:now:)` changes only the lines of what changed. With it
/// travel the VTIMEZONEs its TZIDs need, so a VTODO stored alone can be written and read again.
/// VTODOs come from `ICalendarFile` (read) or `new(from:localZone:now:)`.
public struct VTodo: Sendable, Equatable {
    /// BEGIN:VTODO … END:VTODO, nested VALARMs included.
    var lines: [RawLine]
    /// The VTIMEZONEs that came with the VTODO, by TZID, as their text (each line ended by CRLF):
    /// only those its lines name.
    var timeZones: [String: String]
    /// Whether the VTODO came without a UID and Flick gave it one. The UID line is in `lines`
    /// already (right after BEGIN:VTODO), so every text written from this VTODO carries it.
    public let uidWasGenerated: Bool

    /// Reads a VTODO's lines, refusing unreadable values of the properties Flick reads.
    /// `calendarTimeZones` are the VTIMEZONEs of its calendar, by TZID; `usableTimeZones` the
    /// TZIDs among them that libical can convert with (checked once per calendar).
    init(lines: [RawLine], calendarTimeZones: [String: String], usableTimeZones: Set<String>) throws(ICalendarError) {
        var lines = lines
        // An empty UID tells no two items apart: it counts as none, and goes (found by the fuzz
        // tests, where an empty UID line before the real one made an item with an empty UID).
        for index in Self.topLevelIndices(of: "UID", in: lines).reversed()
        where lines[index].content.value.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.remove(at: index)
        }
        var generated = false
        if Self.topLevelIndex(of: "UID", in: lines) == nil {
            // A UID Flick made from the text; it is a new line, written wherever this VTODO is written.
            let uid = DerivedUID.uid(for: lines.map(\.text).joined(separator: "\n"))
            lines.insert(RawLine(ContentLine(name: "UID", value: uid)), at: 1)
            generated = true
        }
        self.lines = lines
        uidWasGenerated = generated
        var zones: [String: String] = [:]
        for tzid in Self.referencedTimeZoneIDs(in: lines) {
            if let definition = calendarTimeZones[tzid] { zones[tzid] = definition }
        }
        timeZones = zones
        try validate(usableTimeZones: usableTimeZones)
    }

    /// A VTODO Flick builds (`new(from:localZone:now:)`).
    init(builtLines: [RawLine]) {
        lines = builtLines
        timeZones = [:]
        uidWasGenerated = false
    }

    /// UID (unescaped as the other text values are not: a UID is taken as written).
    /// Whether this is a changed occurrence of a repeating task (RFC 5545 RECURRENCE-ID), not the
    /// task itself.
    public var isOccurrence: Bool { property("RECURRENCE-ID") != nil }

    public var uid: String {
        Self.topLevelIndex(of: "UID", in: lines).map { lines[$0].content.value } ?? ""
    }

    /// The component's text: its lines as they came (Flick's new lines folded at 75 octets), each
    /// ended by CRLF. A line another program wrote longer than 75 octets is folded: a strict
    /// reader refuses a whole export for one such line (RFC 5545 §3.1), and folding changes no
    /// value.
    public var text: String {
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.text.utf8.count + 2 })
        for line in lines where !Self.isEmptyValueOfAType(line) {
            text += Self.folded(Self.withWellFormedParameters(line))
            text += "\r\n"
        }
        return text
    }

    /// The line as it came, or, when some of its parameters are malformed, written again without
    /// them (`ContentLine.wellFormedParameterText`); the value and the other parameters are kept.
    private static func withWellFormedParameters(_ line: RawLine) -> String {
        guard line.text.contains(";") else { return line.text }
        var content = line.content
        let wellFormed = content.wellFormedParameterText
        guard wellFormed != content.parameterText else { return line.text }
        content.parameterText = wellFormed
        return content.foldedText
    }

    /// Properties whose value is a number, a date, a code or an address, never empty text: a line
    /// of one with no value (another program's empty PRIORITY:) makes strict readers refuse a
    /// whole export. Such a line says nothing, and is left out.
    private static let typedProperties: Set<String> = [
        "PRIORITY", "PERCENT-COMPLETE", "SEQUENCE", "GEO", "URL", "CLASS", "STATUS", "CREATED", "LAST-MODIFIED",
        "DTSTAMP", "DTSTART", "DUE", "COMPLETED", "DURATION", "RECURRENCE-ID", "RRULE", "RDATE", "EXDATE",
    ]

    private static func isEmptyValueOfAType(_ line: RawLine) -> Bool {
        typedProperties.contains(line.name) && line.content.value.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// `text` (one content line's physical lines) as it is when none is over 75 octets, else
    /// unfolded and folded again.
    private static func folded(_ text: String) -> String {
        guard text.utf8.count > LineFolding.maximumOctets,
              text.components(separatedBy: "\r\n").contains(where: { $0.utf8.count > LineFolding.maximumOctets }) else {
            return text
        }
        return LineFolding.fold(String(LineFolding.unfold(text)))
    }

    /// Equal when the texts, the time zones that travel with them and the UID's origin are.
    public static func == (left: VTodo, right: VTodo) -> Bool {
        left.uidWasGenerated == right.uidWasGenerated && left.timeZones == right.timeZones
            && left.lines.map(\.text) == right.lines.map(\.text)
    }

    /// X-APPLE-SORT-ORDER for an item that has none: whole seconds from 2001-01-01T00:00:00Z to
    /// its CREATED time, as Nextcloud Tasks, tasks.org and Planify order such items (research 1.5).
    public static func appleSortOrder(forCreated created: Date) -> Int64 {
        Int64((created.timeIntervalSinceReferenceDate).rounded(.down))
    }

    /// Where Nextcloud Tasks puts an item when it sorts a list by hand ("manual"), which Flick's
    /// order is: its X-APPLE-SORT-ORDER, else the seconds from 2001-01-01 to its CREATED, else 0,
    /// the lowest items first (nextcloud/tasks, src/models/task.js: the constructor reads
    /// x-apple-sort-order, `getSortOrder()` subtracts 2001-01-01 from CREATED and returns 0
    /// without one; src/store/storeHelper.js: `sortBySortOrder`, ascending). tasks.org orders
    /// the same way (data/.../dao/CaldavDao.kt, ORDER_BY_MANUAL: the order, else CREATED's
    /// milliseconds less 2001's, over 1000), but takes DTSTAMP where CREATED is missing; Flick
    /// follows Nextcloud there: a task with neither order nor CREATED goes first in both
    /// Nextcloud and Flick (before, Flick put it last, by the time it arrived).
    public static func appleSortOrder(of fields: VTodoFields) -> Int64 {
        fields.sortOrder ?? fields.createdAt.map(appleSortOrder(forCreated:)) ?? 0
    }
}
