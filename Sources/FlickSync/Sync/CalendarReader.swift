import Foundation

/// Reads one VCALENDAR of a file's lines: checks that its components are balanced and sorts them
/// into VTODOs (with the VTIMEZONEs they name), VTIMEZONEs and everything else.
struct CalendarReader {
    private(set) var todos: [VTodo] = []
    private(set) var otherComponents: [String] = []
    /// The calendar's name (X-WR-CALNAME, unescaped), as Apple, Google, Thunderbird and
    /// Nextcloud write it; nil when it has none.
    private(set) var name: String?
    /// The index of the END:VCALENDAR line.
    private(set) var end = 0

    /// `start` is the index of a BEGIN:VCALENDAR line.
    init(lines: [RawLine], start: Int) throws(ICalendarError) {
        var open: [(name: String, line: Int)] = [("VCALENDAR", start)]
        var todoRanges: [ClosedRange<Int>] = []
        var zones: [String: String] = [:]
        var index = start + 1
        while index < lines.count {
            let line = lines[index]
            if line.name == "BEGIN" {
                let name = line.componentName
                guard name != "VCALENDAR" else { throw ICalendarError(line: line.number, kind: .nestedCalendar) }
                open.append((name, index))
            } else if open.count == 1, line.name == "X-WR-CALNAME", name == nil {
                let value = TextValue.unescape(line.content.value).trimmingCharacters(in: .whitespacesAndNewlines)
                name = value.isEmpty ? nil : value
            } else if line.name == "END" {
                let name = line.componentName
                guard let innermost = open.last else { throw ICalendarError(line: line.number, kind: .endWithoutBegin(name)) }
                guard innermost.name == name else {
                    throw ICalendarError(line: line.number, kind: .mismatchedEnd(found: name, expected: innermost.name))
                }
                open.removeLast()
                if open.isEmpty {
                    end = index
                    break
                }
                // A component directly inside the calendar ends here.
                if open.count == 1 {
                    let range = innermost.line...index
                    switch name {
                    case "VTODO":
                        todoRanges.append(range)
                    case "VTIMEZONE":
                        if let tzid = Self.timeZoneID(lines, range) { zones[tzid] = Self.text(lines, range) }
                    default:
                        otherComponents.append(Self.text(lines, range))
                    }
                }
            }
            index += 1
        }
        guard open.isEmpty else {
            // The last physical line of the text: where it stops.
            let lastLine = lines.last.map { $0.number + $0.text.utf8.filter { $0 == 0x0A }.count } ?? 1
            throw ICalendarError(line: lastLine, kind: .truncated(insideComponent: open.last?.name ?? "VCALENDAR"))
        }
        // VTIMEZONEs may come after the VTODOs that name them, so VTODOs are read last.
        let usable = Set(zones.filter { LibicalBridge.isUsableTimeZone($0.value) }.keys)
        for range in todoRanges {
            todos.append(try VTodo(lines: Array(lines[range]), calendarTimeZones: zones, usableTimeZones: usable))
        }
    }

    /// The TZID of the VTIMEZONE at `range`.
    private static func timeZoneID(_ lines: [RawLine], _ range: ClosedRange<Int>) -> String? {
        VTodo.propertyIndices(of: "TZID", in: lines, within: range, limit: 1).first.map { lines[$0].content.value }
    }

    /// The component's lines as they came, each ended by CRLF.
    static func text(_ lines: [RawLine], _ range: ClosedRange<Int>) -> String {
        var text = ""
        for index in range {
            text += lines[index].text
            text += "\r\n"
        }
        return text
    }
}
