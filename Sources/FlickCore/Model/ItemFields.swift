import GRDB

/// What the user edits about an item beyond its place and completion: its title, notes, due
/// date, start date, reminder, repeat rule, priority and tags. The details view changes one of
/// these at a time, and each change is one undoable `ListEdit.update`.
public struct ItemFields: Sendable, Equatable {
    public var title: String
    public var notes: String
    public var due: DueDate?
    public var reminder: Reminder?
    public var repeatRule: RepeatRule?
    /// iCalendar's priority: 0 none, 1 (highest) to 9 (lowest); `ItemPriority` names the three
    /// Flick offers. -1 while an item stored before schema v8 has not had its iCalendar text
    /// read for it (`SchemaV8.unread`); written back as it is.
    public var priority: Int
    /// Its tags, in their order (`ItemTags`).
    public var tags: [String]
    /// Not before: iCalendar's DTSTART (`SchemaV12`), in the form it came in (a day, or a
    /// time in a zone). Never after the due date (`setStart`).
    public var start: DueDate?

    public init(title: String, notes: String = "", due: DueDate? = nil, reminder: Reminder? = nil,
                repeatRule: RepeatRule? = nil, priority: Int = 0, tags: [String] = [], start: DueDate? = nil) {
        self.title = title
        self.notes = notes
        self.due = due
        self.reminder = reminder
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.start = start
    }

    /// Sets the due date. An item that gets a due time where it had none is reminded at that
    /// time unless it already has a reminder; a date alone brings no reminder. A repeating
    /// item's start moves by as many days as its due date (FlickSync moves DTSTART so,
    /// `VTodo.writeDue`: other clients repeat the gap between them), and a start date after the
    /// new due date comes back to its day (the start is never after the due date, `setStart`).
    public mutating func setDue(_ newDue: DueDate?) {
        if let newDue, newDue.hasTime, due?.hasTime != true, reminder == nil {
            reminder = .beforeDue(minutes: 0)
        }
        if repeatRule != nil, let start, let due, let newDue { self.start = start.addingDays(newDue.days(since: due)) }
        due = newDue
        if let newDue, let start, start.dayNumber > newDue.dayNumber {
            self.start = start.addingDays(newDue.days(since: start))
        }
    }

    /// Sets the start date. A start after the due date moves the due date to the start's day
    /// (its time kept): a server refuses a VTODO whose DTSTART is after its DUE (RFC 5545
    /// §3.8.2.3, research 1.3), and "not before Monday" on a task due Friday before says the
    /// work moved, which is what moving the due date says. Returns whether the due date moved.
    @discardableResult
    public mutating func setStart(_ newStart: DueDate?) -> Bool {
        // Set last: moving a repeating item's due date moves its start too (`setDue`), and the
        // start asked for is the one kept.
        defer { start = newStart }
        guard let newStart, let due, newStart.dayNumber > due.dayNumber else { return false }
        setDue(due.addingDays(newStart.days(since: due)))
        return true
    }

    /// The fields of a repeating item's next occurrence, due `next`. A reminder at a set time
    /// moves by as many days as the due date, so the next occurrence is reminded as this one
    /// was (a reminder before the due time moves with it by itself). The rule is `rule`, as the
    /// series reads from `next` (`RepeatSeries.next`); without one, a COUNT in the rule goes one
    /// down: the series goes on from `next` (`RepeatRule.countingOneDone`).
    public func nextOccurrence(due next: DueDate, rule: RepeatRule? = nil) -> ItemFields {
        var advanced = self
        advanced.due = next
        advanced.repeatRule = rule ?? repeatRule?.countingOneDone
        // The start moves with the due date, as FlickSync moves DTSTART (`VTodo.writeDue`) and
        // tasks.org does: the next occurrence waits as long before its due date.
        if let start, let due { advanced.start = start.addingDays(next.days(since: due)) }
        if case let .at(time)? = reminder, let due {
            advanced.reminder = .at(time.addingDays(next.days(since: due)))
        }
        return advanced
    }

    /// The day postponing counts from: the due date, else the start date.
    public var postponedFrom: DueDate? { due ?? start }

    /// The fields once postponed to `day`, the day `postponedFrom` goes to. The due
    /// date goes there, and the start date and a reminder at a set time move by as many days, so
    /// the wait before it keeps its length (as a repeat's next occurrence moves them); an item
    /// with only a start date starts that day; one with neither is due then. Postponed to no day
    /// (Someday), it has no dates at all, and keeps a set reminder where it was.
    public func postponed(to day: DueDate?) -> ItemFields {
        var postponed = self
        guard let day else {
            postponed.due = nil
            postponed.start = nil
            return postponed
        }
        if let due {
            let days = day.days(since: due)
            postponed.due = day
            postponed.start = start?.addingDays(days)
            if case let .at(time)? = reminder { postponed.reminder = .at(time.addingDays(days)) }
        } else if start != nil {
            postponed.start = day
        } else {
            postponed.due = day
        }
        return postponed
    }

    /// The marks a row shows for these fields.
    public var marks: ItemMarks {
        var marks: ItemMarks = []
        if !notes.isEmpty { marks.insert(.notes) }
        if reminder != nil { marks.insert(.reminder) }
        if repeatRule != nil { marks.insert(.repeats) }
        if (1...4).contains(priority) { marks.insert(.highPriority) }
        if ItemTags.stored(tags) != nil { marks.insert(.tags) }
        return marks
    }

    private static let columns = """
        title, notes, due_day, due_minute, due_zone, reminder, rrule, priority, tags,
        start_day, start_minute, start_zone
        """

    static func fetch(_ db: Database, itemID: Int64) throws -> ItemFields? {
        try Row.fetchOne(db, sql: "SELECT \(columns) FROM item WHERE id = ?", arguments: [itemID]).map { ItemFields(row: $0) }
    }

    /// The fields of the items `itemIDs` that are stored, by id, read in one statement: one
    /// read per item was most of setting the priority of 5,000 selected items.
    static func fetchAll(_ db: Database, itemIDs: [Int64]) throws -> [Int64: ItemFields] {
        let rows = try Row.fetchAll(db, sql: "SELECT id, \(columns) FROM item WHERE id IN (\(IDArray.values))",
                                    arguments: [IDArray.argument(itemIDs)])
        return Dictionary(rows.map { ($0[0] as Int64, ItemFields(row: $0, from: 1)) }) { first, _ in first }
    }

    /// The fields as `columns` has them in `row`, the first at `offset`.
    private init(row: Row, from offset: Int = 0) {
        let day: Int32? = row[offset + 2]
        let startDay: Int32? = row[offset + 9]
        self.init(title: row[offset], notes: row[offset + 1],
                  due: day.flatMap { DueDate(dayNumber: $0, minuteOfDay: row[offset + 3], timeZone: row[offset + 4]) },
                  reminder: (row[offset + 5] as String?).flatMap(Reminder.init(storedText:)),
                  repeatRule: (row[offset + 6] as String?).flatMap(RepeatRule.init(rrule:)),
                  priority: row[offset + 7], tags: ItemTags.tags(stored: row[offset + 8]),
                  start: startDay.flatMap { DueDate(dayNumber: $0, minuteOfDay: row[offset + 10], timeZone: row[offset + 11]) })
    }

    /// Writes the fields to the item's row: with `old` (what the fields were when the change
    /// was made), only those that differ from it, so that a field another writer changed
    /// meanwhile (a sync, in its own transaction between the read and this write) keeps its
    /// new value (else a title saved while a sync brought a due date would put the due date
    /// back). A reminder whose time changes with them is pending again by itself:
    /// `reminded_at` records the time a reminder was shown for, not that it was. A new due date
    /// or reminder also ends a "Remind in 1 hour" (the SET expressions read the row as it was).
    func write(_ db: Database, itemID: Int64, changedFrom old: ItemFields? = nil) throws {
        guard let assignments = assignments(changedFrom: old) else { return }
        try db.execute(sql: "UPDATE item SET \(assignments.sql) WHERE id = ?",
                       arguments: StatementArguments(assignments.arguments + [itemID.databaseValue]))
    }

    /// What `write` sets, as a SET clause and its arguments; nil when nothing changed. Items
    /// whose clauses are equal are written in one statement (`ListDocument.writeFieldsAll`).
    func assignments(changedFrom old: ItemFields?) -> FieldAssignments? {
        var assignments = FieldAssignments()
        let timing = old.map { $0.due != due || $0.reminder != reminder } ?? true
        if timing {
            assignments.add("""
                snoozed_until = CASE WHEN due_day IS ? AND due_minute IS ? AND due_zone IS ? AND reminder IS ?
                                     THEN snoozed_until END
                """, [due?.dayNumber, due?.minutesAfterMidnight, due?.timeZone, reminder?.storedText])
        }
        if old?.title != title { assignments.set("title", title) }
        if old?.notes != notes { assignments.set("notes", notes) }
        if old.map({ $0.due != due }) ?? true {
            assignments.set("due_day", due?.dayNumber)
            assignments.set("due_minute", due?.minutesAfterMidnight)
            assignments.set("due_zone", due?.timeZone)
        }
        if old.map({ $0.reminder != reminder }) ?? true { assignments.set("reminder", reminder?.storedText) }
        // A due date given or losing a time or a zone may change the form UNTIL must have.
        if old.map({ $0.repeatRule != repeatRule || $0.due?.hasTime != due?.hasTime || $0.due?.timeZone != due?.timeZone }) ?? true {
            assignments.set("rrule", repeatRule?.rrule(due: due))
        }
        if old?.priority != priority { assignments.set("priority", priority) }
        if old?.tags != tags { assignments.set("tags", ItemTags.stored(tags)) }
        if old.map({ $0.start != start }) ?? true {
            assignments.set("start_day", start?.dayNumber)
            assignments.set("start_minute", start?.minutesAfterMidnight)
            assignments.set("start_zone", start?.timeZone)
        }
        return assignments.isEmpty ? nil : assignments
    }
}
