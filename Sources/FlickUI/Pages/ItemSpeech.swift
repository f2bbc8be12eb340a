import FlickCore

/// What a screen reader says for an item's row: its title, whether it is done, its due date
/// (and whether that has passed), when it starts while it waits for its start date,
/// its priority when high, its marks, its tags and how many of
/// its subtasks are done, in that order.
enum ItemSpeech {
    /// - Parameter listName: the item's list, said on Today, whose items come from every list.
    /// - Parameter parentTitle: on Today and a search, the title of the item a subtask is under.
    /// - Parameter start: the start date's label, for an item that waits for it.
    static func name(of item: TodoItem, title: String, chip: DueChip.Label?, start: String? = nil, listName: String? = nil,
                     parentTitle: String? = nil, tags: [String] = [], subtasks: SubtaskProgress? = nil) -> String {
        var parts = [title, item.isCompleted ? tr("completed") : tr("not completed")]
        if let listName { parts.append(tr("in {list}", ["list": listName])) }
        if let parentTitle { parts.append(tr("subtask of {item}", ["item": parentTitle])) }
        if let chip {
            parts.append(tr("due {date}", ["date": chip.text]))
            if chip.isOverdue && !item.isCompleted { parts.append(tr("overdue")) }
        }
        if let start { parts.append(tr("not started, starts {date}", ["date": start])) }
        if item.marks.contains(.highPriority) { parts.append(tr("high priority")) }
        if item.marks.contains(.notes) { parts.append(tr("has notes")) }
        if item.marks.contains(.reminder) { parts.append(tr("has a reminder")) }
        if item.marks.contains(.repeats) { parts.append(tr("repeats")) }
        if !tags.isEmpty { parts.append(tr("tags: {tags}", ["tags": tags.joined(separator: ", ")])) }
        if let subtasks {
            parts.append(trPlural("{done} of {count} subtask done", "{done} of {count} subtasks done", subtasks.total,
                                  ["done": countText(subtasks.done), "count": countText(subtasks.total)]))
        }
        return parts.joined(separator: ", ")
    }
}
