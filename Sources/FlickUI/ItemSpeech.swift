import FlickCore

/// What a screen reader says for an item's row: its title, whether it is done, its due date
/// (and whether that has passed), and its marks, in that order.
enum ItemSpeech {
    static func name(of item: TodoItem, title: String, chip: DueChip.Label?) -> String {
        var parts = [title, item.isCompleted ? tr("completed") : tr("not completed")]
        if let chip {
            parts.append(tr("due {date}", ["date": chip.text]))
            if chip.isOverdue && !item.isCompleted { parts.append(tr("overdue")) }
        }
        if item.marks.contains(.notes) { parts.append(tr("has notes")) }
        if item.marks.contains(.reminder) { parts.append(tr("has a reminder")) }
        if item.marks.contains(.repeats) { parts.append(tr("repeats")) }
        return parts.joined(separator: ", ")
    }
}
