import FlickCore

/// The words of the selection: its count, as the header shows it and Orca hears it
/// when it changes, and the notice after an action on all of it, which names the count.
enum SelectionText {
    static func count(_ count: Int) -> String {
        count == 0 ? tr("Selection ended") : trPlural("{count} selected", "{count} selected", count, ["count": String(count)])
    }

    static func notice(for action: BulkAction, count: Int, listName: (Int64) -> String) -> String {
        let number = ["count": String(count)]
        switch action {
        case .setCompleted(true, _):
            return trPlural("Completed {count} item", "Completed {count} items", count, number)
        case .setCompleted(false, _):
            return trPlural("Reopened {count} item", "Reopened {count} items", count, number)
        case .delete:
            return trPlural("Deleted {count} item", "Deleted {count} items", count, number)
        case let .moveToList(listID):
            return trPlural("Moved {count} item to {list}", "Moved {count} items to {list}", count,
                            ["count": String(count), "list": listName(listID)])
        case .moveTogether:
            return trPlural("Moved {count} item", "Moved {count} items", count, number)
        case .setDue(nil):
            return trPlural("Took the due date off {count} item", "Took the due date off {count} items", count, number)
        case .setDue:
            return trPlural("Gave {count} item a due date", "Gave {count} items a due date", count, number)
        case .postpone:
            return trPlural("Postponed {count} item", "Postponed {count} items", count, number)
        case .setPriority:
            return trPlural("Set the priority of {count} item", "Set the priority of {count} items", count, number)
        case .addTag:
            return trPlural("Tagged {count} item", "Tagged {count} items", count, number)
        }
    }
}
