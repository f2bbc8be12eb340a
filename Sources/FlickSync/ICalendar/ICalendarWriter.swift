/// Writes VTODOs as one VCALENDAR text (an .ics export, or the body of a CalDAV PUT).
public enum ICalendarWriter {
    /// The product identifier Flick writes (RFC 5545 §3.7.3).
    public static let productID = "-//Flick//Flick//EN"

    /// BEGIN:VCALENDAR, VERSION, PRODID, CALSCALE, each VTIMEZONE the VTODOs name exactly once,
    /// then the VTODOs, each line ended by CRLF.
    ///
    /// A VTIMEZONE that came with a VTODO goes back as it came (the first one of a TZID wins);
    /// a TZID without one that names an IANA zone (one Flick wrote) gets libical's definition,
    /// with its TZID rewritten to the plain IANA name the VTODO uses.
    /// `name`, when given, is written as X-WR-CALNAME: the list's name for the client that
    /// imports the file.
    public static func calendarText(for todos: [VTodo], name: String? = nil) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(productID)\r\nCALSCALE:GREGORIAN\r\n"
        if let name {
            text += RawLine(ContentLine(name: "X-WR-CALNAME", value: TextValue.escape(name))).text + "\r\n"
        }
        var written: Set<String> = []
        for todo in todos {
            for tzid in VTodo.referencedTimeZoneIDs(in: todo.lines) where !written.contains(tzid) {
                guard let definition = todo.timeZones[tzid] ?? builtinDefinition(tzid) else { continue }
                written.insert(tzid)
                text += definition
            }
        }
        for todo in todos { text += todo.text }
        text += "END:VCALENDAR\r\n"
        return text
    }

    /// libical's VTIMEZONE for the IANA zone `tzid` names, with every TZID line saying `tzid`
    /// (libical 3.0.16 names its zones "/freeassociation.sourceforge.net/<IANA>", research 3.1 a).
    static func builtinDefinition(_ tzid: String) -> String? {
        guard let (name, _) = TimeZoneResolver.ianaZone(tzid), !TimeZoneResolver.isUTC(name),
              let libicalText = LibicalBridge.builtinTimeZoneText(name) else { return nil }
        var text = ""
        // libical separates lines with CRLF (LF on some builds). Split on the scalars: to a
        // String, CRLF is one Character, which a split on "\n" would not cut.
        let normalized = libicalText.replacingOccurrences(of: "\r\n", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: true) {
            text += line.uppercased().hasPrefix("TZID:") ? "TZID:" + tzid : String(line)
            text += "\r\n"
        }
        return text
    }
}
