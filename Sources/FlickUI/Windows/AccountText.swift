import FlickSync

/// What adding an account did, in words.
enum AccountText {
    static func added(_ outcome: AccountSetup.Outcome) -> String {
        let names = outcome.calendars.map { tr("“{name}”", ["name": $0.name]) }.joined(separator: ", ")
        if outcome.calendars.isEmpty {
            return tr("Added {user} at {server}. It has no task list yet: lists you sync from Flick will be made there.",
                      ["user": outcome.account.user, "server": outcome.account.url]) + "\n"
        }
        return trPlural("Added {user} at {server} with its task list {lists}.",
                        "Added {user} at {server} with its {count} task lists {lists}.", outcome.calendars.count,
                        ["user": outcome.account.user, "server": outcome.account.url, "lists": names,
                         "count": countText(outcome.calendars.count)]) + "\n"
    }
}
