import FlickCore

extension ImportedItem {
    /// Takes what `fields` says of everything Flick owns (the outcome of a merge); the UID,
    /// the times and the text stay.
    mutating func apply(_ fields: VTodoFields) {
        content.title = fields.title
        content.notes = fields.notes
        content.isCompleted = fields.completed
        content.completedAt = fields.completedAt
        content.due = fields.due
        content.reminder = fields.reminder
        content.repeatRule = fields.repeatRule
        if let order = fields.sortOrder { sortOrder = order }
        content.priority = fields.priority
        content.tags = fields.tags
        content.parentUID = fields.parentUID
        content.start = fields.start
    }
}
