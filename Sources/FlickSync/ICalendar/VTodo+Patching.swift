import FlickCore
import Foundation

/// Writing Flick's values into a VTODO by changing only the lines of what changed.
extension VTodo {
    /// A copy that says `new`, or nil when the VTODO already says it (so nothing is written:
    /// no echo of a pull, no write between idle clients).
    ///
    /// The comparison is semantic: the VTODO is read with `fields(localZone:)` and compared with
    /// `new`, ignoring `createdAt` and `modifiedAt`, times to the second, and line breaks of any
    /// kind in the title and notes. Only the lines of the properties whose value changed are
    /// replaced, removed or added; every other line, parameter and component stays as it came.
    /// Whenever something changed, LAST-MODIFIED and DTSTAMP become `now` and SEQUENCE goes up
    /// by one (1 if absent). A done item without a completion time keeps the VTODO's.
    ///
    /// With `occurrences` (the task's changed occurrences), the VTODO is read as its next open
    /// occurrence, so an item shown there is not a change of its due date.
    public func patched(to new: VTodoFields, localZone: TimeZone, now: Date, occurrences: [VTodo] = []) -> VTodo? {
        let old = fields(localZone: localZone, occurrences: occurrences)
        var new = new
        if old.due != new.due {
            new.start = Self.startFollowingDue(old: old, new: new)
            // A repeating item done here moves on to the next occurrence of its rule, which may be
            // one another program marked done or removed (an EXDATE from jtx Board): it is written
            // at the first open one, as every program reads the file, and writing the same fields
            // again finds nothing to change.
            let due = new.due
            (new.due, new.repeatRule) = nextOpenOccurrence(from: new, occurrences: occurrences, localZone: localZone)
            // Its start goes as far on: left at the occurrence passed over, it named that
            // occurrence (`names`: jtx Board names one by its start), and the next read skipped
            // one more.
            if let due, let next = new.due, let start = new.start { new.start = start.addingDays(next.days(since: due)) }
        }
        // Compared as nil, a time `now` written by completing would be removed by the next patch
        // to the same fields: two writes, and STATUS:COMPLETED left without its COMPLETED.
        if new.completed, new.completedAt == nil, old.completed { new.completedAt = old.completedAt }
        new.start = new.start.map { Self.startFitting($0, due: new.due, localZone: localZone) }
        guard !old.hasSameOwnedValues(as: new) else { return nil }
        var copy = self
        // The VALARM first: it is matched against the DUE and DTSTART as they are now, and its
        // edits (after the properties) do not move the property lines edited below.
        copy.writeReminder(from: old, to: new, owned: ownedAlarm(localZone: localZone), localZone: localZone)
        if old.uid != new.uid { copy.setProperty("UID", to: ContentLine(name: "UID", value: new.uid)) }
        if !VTodoFields.sameText(old.title, new.title) { copy.writeText("SUMMARY", new.title, keepWhenEmpty: true) }
        if !VTodoFields.sameText(old.notes, new.notes) { copy.writeText("DESCRIPTION", new.notes, keepWhenEmpty: false) }
        copy.writeCompletion(from: old, to: new, now: now)
        if old.due != new.due {
            // A repeating task's start moves with its due date (completing it moves the due date
            // to the next occurrence): other clients repeat the gap between them, and apps that
            // hide a task until its start (tasks.org) would show the next one at the old start.
            // The start moves from where the DUE line has it, which is before the occurrence shown
            // when changed occurrences marked that one done.
            let movesStart = new.repeatRule != nil && old.repeatRule != nil
            copy.writeDue(new.due, shiftingStartFrom: movesStart ? fields(localZone: localZone).due : nil,
                          localZone: localZone)
        }
        if old.start != new.start { copy.writeStart(new.start, localZone: localZone, occurrences: occurrences) }
        if old.repeatRule != new.repeatRule { copy.writeRepeatRule(new.repeatRule) }
        if old.sortOrder != new.sortOrder { copy.writeSortOrder(new.sortOrder) }
        if old.priority != new.priority { copy.writePriority(new.priority) }
        if old.tags != new.tags { copy.writeTags(new.tags) }
        if old.parentUID != new.parentUID { copy.writeParent(new.parentUID) }
        copy.stamp(now)
        return copy
    }

    // MARK: The properties

    /// SUMMARY or DESCRIPTION: the new text with the old line's parameters (LANGUAGE, X-…),
    /// except ALTREP, which points at a copy of the old text. DESCRIPTION goes when empty.
    mutating func writeText(_ name: String, _ text: String, keepWhenEmpty: Bool) {
        guard keepWhenEmpty || !text.isEmpty else {
            setProperty(name, to: nil)
            return
        }
        let parameters = property(name)?.parameterText(removing: ["ALTREP"]) ?? ""
        setProperty(name, to: ContentLine(name: name, parameterText: parameters, value: TextValue.escape(text)))
    }

    /// DESIGN 6 "Completion": done is STATUS:COMPLETED + COMPLETED + PERCENT-COMPLETE:100;
    /// reopened is STATUS:NEEDS-ACTION without the other two.
    mutating func writeCompletion(from old: VTodoFields, to new: VTodoFields, now: Date) {
        let statusParameters = property("STATUS")?.parameterText ?? ""
        if old.completed != new.completed {
            if new.completed {
                setProperty("STATUS", to: ContentLine(name: "STATUS", parameterText: statusParameters, value: "COMPLETED"))
                setProperty("COMPLETED", to: ContentLine(name: "COMPLETED", value: Self.utcText(new.completedAt ?? now)))
                setProperty("PERCENT-COMPLETE", to: ContentLine(name: "PERCENT-COMPLETE", value: "100"))
            } else {
                setProperty("STATUS", to: ContentLine(name: "STATUS", parameterText: statusParameters, value: "NEEDS-ACTION"))
                removeProperties("COMPLETED")
                removeProperties("PERCENT-COMPLETE")
            }
        } else if new.completed, !VTodoFields.sameSecond(old.completedAt, new.completedAt) {
            // Still done, at another time (or at none): only the time changes, and STATUS says
            // COMPLETED so the item stays done without a COMPLETED line.
            setProperty("COMPLETED", to: new.completedAt.map { ContentLine(name: "COMPLETED", value: Self.utcText($0)) })
            if property("STATUS")?.value.uppercased() != "COMPLETED" {
                setProperty("STATUS", to: ContentLine(name: "STATUS", parameterText: statusParameters, value: "COMPLETED"))
            }
        }
    }

    /// DUE, and DTSTART where it would no longer fit it (servers refuse a DTSTART after DUE or of
    /// another value type with 415, research 1.3). With `shiftingStartFrom`, the due date it had,
    /// DTSTART moves by as many days as DUE did.
    /// A DURATION goes when a DUE is written: RFC 5545 §3.6.2 allows one or the other, and
    /// Flick's due date is the end the DURATION stood for.
    mutating func writeDue(_ due: DueDate?, shiftingStartFrom oldDue: DueDate? = nil, localZone: TimeZone) {
        let oldDueLine = property("DUE")
        setProperty("DUE", to: due.map { Self.dateLine("DUE", $0, keeping: oldDueLine) })
        if due != nil { removeProperties("DURATION") }
        guard let due, let startLine = property("DTSTART"), let startValue = DateTimeValue(startLine),
              let start = resolver.dueDate(of: startValue, localZone: localZone) else { return }
        let shift = oldDue.map { due.days(since: $0) } ?? 0
        let moved = shift == 0 ? start : start.addingDays(shift)
        var fixed: DueDate? = shift == 0 ? nil : moved
        if moved.hasTime != due.hasTime {
            // Keep the start's day in the due date's form.
            fixed = due.hasTime
                ? DueDate(year: moved.year, month: moved.month, day: moved.day, hour: 0, minute: 0, timeZone: due.timeZone)
                : moved.dateOnly
        }
        if Self.isAfter(fixed ?? moved, due, localZone: localZone) { fixed = due }
        if let fixed { setProperty("DTSTART", to: Self.dateLine("DTSTART", fixed, keeping: startLine)) }
    }

    /// DTSTART, unless writing DUE moved it there already (a repeat's advance moves both).
    /// The line's parameters other than VALUE and TZID stay. With changed occurrences, the
    /// start was read at the occurrence shown (`fields(localZone:occurrences:)`): the line
    /// says the task's, as many days before as the occurrence's due date is after the DUE's.
    mutating func writeStart(_ start: DueDate?, localZone: TimeZone, occurrences: [VTodo]) {
        guard fields(localZone: localZone, occurrences: occurrences).start != start else { return }
        let shown = fields(localZone: localZone, occurrences: occurrences).due
        let written = fields(localZone: localZone).due
        let value = start.map { start in
            guard let shown, let written else { return start }
            return start.addingDays(written.days(since: shown))
        }
        setProperty("DTSTART", to: value.map { Self.dateLine("DTSTART", $0, keeping: property("DTSTART")) })
    }

    /// The start written for `new` over `old`: a repeating task's start that Flick did not change
    /// moves by as many days as its due date (as `writeDue` moves DTSTART and Flick's
    /// `ItemFields.setDue` moves the start), fitted to the due date (`startFitting`).
    static func startWritten(old: VTodoFields, new: VTodoFields, localZone: TimeZone) -> DueDate? {
        startFollowingDue(old: old, new: new).map { startFitting($0, due: new.due, localZone: localZone) }
    }

    /// `new`'s start, moved with the due date when the task repeats and the start is unchanged.
    static func startFollowingDue(old: VTodoFields, new: VTodoFields) -> DueDate? {
        guard let oldStart = old.start, new.start == oldStart, new.repeatRule != nil, old.repeatRule != nil,
              let oldDue = old.due, let newDue = new.due else { return new.start }
        return oldStart.addingDays(newDue.days(since: oldDue))
    }

    /// A start written beside `due`: in its form (RFC 5545 §3.8.2.3 wants DTSTART and DUE of one
    /// value type, and servers refuse another with 415, research 1.3: a day alone beside a
    /// time is midnight in the due date's zone, a time beside a day its day) and not after it.
    static func startFitting(_ start: DueDate, due: DueDate?, localZone: TimeZone) -> DueDate {
        guard let due else { return start }
        var fitted = start
        if start.hasTime != due.hasTime {
            fitted = due.hasTime
                ? DueDate(year: start.year, month: start.month, day: start.day, hour: 0, minute: 0, timeZone: due.timeZone)
                : start.dateOnly
        }
        return isAfter(fitted, due, localZone: localZone) ? due : fitted
    }

    mutating func writeRepeatRule(_ rule: String?) {
        let parameters = property("RRULE")?.parameterText ?? ""
        setProperty("RRULE", to: rule.map { ContentLine(name: "RRULE", parameterText: parameters, value: $0) })
    }

    mutating func writeSortOrder(_ order: Int64?) {
        setProperty("X-APPLE-SORT-ORDER", to: order.map { ContentLine(name: "X-APPLE-SORT-ORDER", value: String($0)) })
    }

    /// LAST-MODIFIED and DTSTAMP at `now`, SEQUENCE one up.
    private mutating func stamp(_ now: Date) {
        let time = Self.utcText(now)
        setProperty("LAST-MODIFIED", to: ContentLine(name: "LAST-MODIFIED", value: time))
        setProperty("DTSTAMP", to: ContentLine(name: "DTSTAMP", value: time))
        let sequence = property("SEQUENCE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } ?? 0
        let parameters = property("SEQUENCE")?.parameterText ?? ""
        setProperty("SEQUENCE", to: ContentLine(name: "SEQUENCE", parameterText: parameters, value: String(sequence + 1)))
    }

    // MARK: The reminder

    /// Adds, changes or removes Flick's VALARM; other VALARMs stay as they are. Changing it
    /// rewrites its TRIGGER only, so what other clients keep in it (X-WR-ALARMUID,
    /// ACKNOWLEDGED, …) stays.
    private mutating func writeReminder(from old: VTodoFields, to new: VTodoFields, owned: OwnedAlarm?,
                                        localZone: TimeZone) {
        if !VTodoFields.sameReminder(old.reminder, new.reminder) {
            switch (owned, new.reminder) {
            case let (nil, reminder?):
                appendAlarm(reminder, title: new.title, localZone: localZone)
            case (_?, nil):
                removeShownAlarms(localZone: localZone)
            case let (alarm?, reminder?):
                rewriteTrigger(of: alarm, to: reminder, localZone: localZone)
            case (nil, nil):
                break
            }
        } else if let alarm = owned, alarm.relativeToStart, old.due != new.due, property("DTSTART") != nil {
            // A trigger counting from DTSTART was Flick's because DTSTART was DUE; the new DUE
            // differs from DTSTART, so the trigger now says that it counts from DUE.
            rewriteTrigger(of: alarm, to: alarm.reminder, localZone: localZone)
        }
        if !VTodoFields.sameText(old.title, new.title) { retitleAlarm(from: old.title, to: new.title, localZone: localZone) }
    }

    /// A renamed task's reminder says its new title where its text was the title (as Flick
    /// writes it, and many apps do), else it would show the old title after a rename. Text of
    /// another kind ("Leave now!") stays.
    private mutating func retitleAlarm(from oldTitle: String, to newTitle: String, localZone: TimeZone) {
        guard let alarm = ownedAlarm(localZone: localZone) else { return }
        for index in alarm.range where lines[index].name == "DESCRIPTION" {
            let line = lines[index].content
            guard VTodoFields.sameText(TextValue.unescape(line.value), oldTitle) else { continue }
            lines[index] = RawLine(ContentLine(name: "DESCRIPTION", parameterText: line.parameterText,
                                               value: TextValue.escape(newTitle.isEmpty ? "Reminder" : newTitle)))
        }
    }

    /// "No reminder" means no alarm that shows or sounds: every VALARM Flick could read as its
    /// reminder goes, not only the first. Removing the first alone would make the next one the
    /// reminder when the VTODO is read again, and each later patch would remove one more of
    /// them. Alarms Flick cannot show (EMAIL, counting from another start) stay.
    private mutating func removeShownAlarms(localZone: TimeZone) {
        while let alarm = ownedAlarm(localZone: localZone) {
            lines.removeSubrange(alarm.range)
        }
    }

    private mutating func rewriteTrigger(of alarm: OwnedAlarm, to reminder: Reminder, localZone: TimeZone) {
        let kept = lines[alarm.triggerIndex].content.parameterText(removing: ["VALUE", "RELATED"])
        lines[alarm.triggerIndex] = RawLine(Self.triggerLine(reminder, keeping: kept, localZone: localZone))
    }

    /// A new VALARM before END:VTODO. DISPLAY alarms need a DESCRIPTION (RFC 5545 §3.6.6).
    mutating func appendAlarm(_ reminder: Reminder, title: String, localZone: TimeZone) {
        let alarm = [
            ContentLine(name: "BEGIN", value: "VALARM"),
            ContentLine(name: "ACTION", value: "DISPLAY"),
            ContentLine(name: "DESCRIPTION", value: TextValue.escape(title.isEmpty ? "Reminder" : title)),
            Self.triggerLine(reminder, keeping: "", localZone: localZone),
            ContentLine(name: "END", value: "VALARM"),
        ]
        lines.insert(contentsOf: alarm.map(RawLine.init), at: lines.count - 1)
    }

    /// TRIGGER;RELATED=END:-PT15M, or TRIGGER;VALUE=DATE-TIME:<UTC> for a time of its own.
    private static func triggerLine(_ reminder: Reminder, keeping parameters: String, localZone: TimeZone) -> ContentLine {
        switch reminder {
        case let .beforeDue(minutes):
            return ContentLine(name: "TRIGGER", parameterText: ";RELATED=END" + parameters,
                               value: DurationValue.text(seconds: -minutes * 60))
        case let .at(time):
            let instant = Self.instant(of: time, localZone: localZone)
            return ContentLine(name: "TRIGGER", parameterText: ";VALUE=DATE-TIME" + parameters, value: Self.utcText(instant))
        }
    }

    // MARK: Values

    /// DUE or DTSTART for `date`: VALUE=DATE for a day; a time in UTC with "Z"; a time in an IANA
    /// zone with TZID=<IANA name> (never libical's prefixed name); a time without a zone
    /// floating. Parameters of `old` other than VALUE and TZID are kept.
    static func dateLine(_ name: String, _ date: DueDate, keeping old: ContentLine?) -> ContentLine {
        let kept = old?.parameterText(removing: ["VALUE", "TZID"]) ?? ""
        guard let hour = date.hour else {
            let value = DateTimeValue(year: date.year, month: date.month, day: date.day, anchor: .date)
            return ContentLine(name: name, parameterText: ";VALUE=DATE" + kept, value: value.valueText)
        }
        let anchor: DateTimeValue.Anchor
        var parameters = kept
        if let zone = date.timeZone, TimeZoneResolver.isUTC(zone) {
            anchor = .utc
        } else if let zone = date.timeZone {
            anchor = .zone(zone)
            parameters = ";TZID=" + quotedIfNeeded(zone) + kept
        } else {
            anchor = .floating
        }
        let value = DateTimeValue(year: date.year, month: date.month, day: date.day, hour: hour,
                                  minute: date.minute ?? 0, anchor: anchor)
        return ContentLine(name: name, parameterText: parameters, value: value.valueText)
    }

    /// A parameter value in quotes when it holds a character that ends one (RFC 5545 §3.2).
    private static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: { ":;,".contains($0) }) ? "\"" + value + "\"" : value
    }

    /// yyyymmddThhmmssZ.
    static func utcText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return DateTimeValue(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!,
                             minute: parts.minute!, second: parts.second!, anchor: .utc).valueText
    }

    /// The instant of a wall clock; one without a zone is in `localZone`.
    static func instant(of date: DueDate, localZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = date.timeZone.flatMap(TimeZone.init(identifier:)) ?? localZone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day,
                                                  hour: date.hour ?? 0, minute: date.minute ?? 0))!
    }

    /// Whether `start` is later than `due` (both days alone, or both times).
    static func isAfter(_ start: DueDate, _ due: DueDate, localZone: TimeZone) -> Bool {
        guard start.hasTime, due.hasTime else { return start.dayNumber > due.dayNumber }
        return instant(of: start, localZone: localZone) > instant(of: due, localZone: localZone)
    }
}
