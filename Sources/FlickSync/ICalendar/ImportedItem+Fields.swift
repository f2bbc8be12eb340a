import FlickCore

extension ImportedItem {
    /// Takes what `fields` says of everything Flick owns (the outcome of a merge); the UID,
    /// the times and the text stay.
    mutating func apply(_ fields: VTodoFields) {
        title = fields.title
        notes = fields.notes
        isCompleted = fields.completed
        completedAt = fields.completedAt
        due = fields.due
        reminder = fields.reminder
        repeatRule = fields.repeatRule
        if let order = fields.sortOrder { sortOrder = order }
        priority = fields.priority
        tags = fields.tags
        parentUID = fields.parentUID
        start = fields.start
    }
}
