import FlickSync

/// A sync's report in words, a line per list, for `flick --sync` and the window's status.
enum SyncReportText {
    /// Where both sides changed the same thing: what the later change replaced, a line for
    /// each; nil when nothing was replaced.
    static func conflicts(_ report: SyncReport) -> String? {
        let replaced = report.lists.flatMap { list -> [String] in
            guard case let .success(result) = list.result else { return [] }
            return result.conflicts.map { conflict in
                tr("{list}: both sides changed {field}; “{value}” was replaced by the later change",
                   ["list": list.name, "field": fieldName(conflict.field), "value": conflict.replacedValue])
            }
        }
        return replaced.isEmpty ? nil : replaced.joined(separator: "\n")
    }

    static func lines(_ report: SyncReport) -> String {
        var lines: [String] = []
        for (account, failure) in report.accountFailures {
            lines.append(tr("{user} at {server}: {reason}",
                            ["user": account.user, "server": account.url, "reason": reason(failure)]))
        }
        for list in report.lists {
            switch list.result {
            case let .success(result):
                lines.append(tr("{list}: {result}", ["list": list.name, "result": summary(result)]))
            case let .failure(failure):
                lines.append(tr("{list}: {result}", ["list": list.name,
                                                     "result": tr("not synced: {reason}", ["reason": reason(failure)])]))
            }
        }
        if lines.isEmpty { lines.append(tr("No list is synced with a calendar yet. Add an account with --add-account.")) }
        if !report.heldMissingItems.isEmpty {
            lines.append(tr("The calendar may have been emptied, replaced or restored from an old copy. To send the missing tasks to the server again, run “flick --sync --put-back-missing”; to remove them here too, run “flick --sync --remove-missing”."))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "the server no longer has 59 of the 60 tasks (“A”, “B”, “C” and 56 more); none was
    /// removed here".
    static func missing(_ missing: MissingItems) -> String {
        trPlural("the server no longer has {missing} of the {known} task it had ({titles}); none was removed here",
                        "the server no longer has {missing} of the {known} tasks it had ({titles}); none was removed here",
                        missing.known, ["missing": countText(missing.missing), "known": countText(missing.known),
                                        "titles": titles(missing)])
    }

    /// “A”, “B”, “C” and 56 more.
    static func titles(_ missing: MissingItems) -> String {
        QuotedTitles.text(missing.titles, of: missing.missing)
    }

    /// "up to date", or what went each way.
    static func summary(_ result: ListSyncResult) -> String {
        var parts: [String] = []
        if result.sent > 0 { parts.append(trPlural("{count} sent", "{count} sent", result.sent, ["count": countText(result.sent)])) }
        if result.deleted > 0 {
            parts.append(trPlural("{count} deleted on the server", "{count} deleted on the server", result.deleted,
                                  ["count": countText(result.deleted)]))
        }
        if result.received > 0 {
            parts.append(trPlural("{count} received", "{count} received", result.received, ["count": countText(result.received)]))
        }
        if result.removed > 0 {
            parts.append(trPlural("{count} removed by the server", "{count} removed by the server", result.removed,
                                  ["count": countText(result.removed)]))
        }
        for conflict in result.conflicts {
            parts.append(tr("both sides changed {field}; “{value}” was replaced by the later change",
                            ["field": fieldName(conflict.field), "value": conflict.replacedValue]))
        }
        if result.putBack > 0 {
            parts.append(trPlural("{count} missing task sent to the server again", "{count} missing tasks sent to the server again",
                                  result.putBack, ["count": countText(result.putBack)]))
        }
        if let held = result.missingItems { parts.append(missing(held)) }
        if result.olderCopiesReplaced > 0 {
            parts.append(trPlural("{count} older copy on the server replaced by the newer one here",
                                  "{count} older copies on the server replaced by the newer ones here",
                                  result.olderCopiesReplaced, ["count": countText(result.olderCopiesReplaced)]))
        }
        parts += refusals(result)
        if result.unreadable > 0 {
            parts.append(trPlural("{count} unreadable task on the server left alone", "{count} unreadable tasks on the server left alone",
                                  result.unreadable, ["count": countText(result.unreadable)]))
        }
        return parts.isEmpty ? tr("up to date") : parts.joined(separator: ", ")
    }

    /// What the server refused of the list's changes, each undone or put back, in words.
    static func refusals(_ result: ListSyncResult) -> [String] {
        var parts: [String] = []
        if result.refused > 0, result.calendarIsReadOnly {
            parts.append(trPlural("{count} change refused by the server (read-only calendar) and undone",
                                  "{count} changes refused by the server (read-only calendar) and undone", result.refused,
                                  ["count": countText(result.refused)]))
        } else if result.refused > 0 {
            // A 403 has other causes than a read-only calendar (a quota, a rule of the server's).
            parts.append(trPlural("{count} change refused by the server and undone",
                                  "{count} changes refused by the server and undone", result.refused,
                                  ["count": countText(result.refused)]))
        }
        for returned in result.returnedMoves {
            parts.append(tr("“{title}” was refused by the server and is back in {list}",
                            ["title": returned.title, "list": returned.listName]))
        }
        parts += result.notKept.map(notKept)
        parts += dropped(result.droppedProperties)
        return parts
    }

    /// A change the server would not store, kept here: "the server would not keep “Pay rent”
    /// (415); it stays here and is sent again at the next sync".
    static func notKept(_ item: NotKeptItem) -> String {
        switch item.refusal {
        case let .text(status):
            return tr("the server would not keep “{title}” ({status}); it stays here and is sent again at the next sync",
                      ["title": item.title, "status": String(status)])
        case .noTasks:
            return tr("the calendar on the server takes no tasks, so “{title}” stays here only; it is sent again at the next sync",
                      ["title": item.title])
        }
    }

    /// What the server dropped of the tasks sent, in words: subtasks and the order by name, other
    /// apps' properties by their iCalendar names.
    static func dropped(_ names: [String]) -> [String] {
        var parts: [String] = []
        if names.contains("RELATED-TO") {
            parts.append(tr("the server does not keep subtasks; they are subtasks here only"))
        }
        if names.contains("X-APPLE-SORT-ORDER") {
            parts.append(tr("the server does not keep the order of the tasks; it is kept here only"))
        }
        let others = names.filter { $0 != "RELATED-TO" && $0 != "X-APPLE-SORT-ORDER" }
        if !others.isEmpty {
            parts.append(tr("the server does not keep {properties}; they are kept here only",
                            ["properties": others.joined(separator: ", ")]))
        }
        return parts
    }

    /// Every list's refusals, "{list}: …", for the window's sync status.
    static func refusals(_ report: SyncReport) -> [String] {
        report.lists.flatMap { outcome -> [String] in
            guard case let .success(result) = outcome.result else { return [] }
            return refusals(result).map { tr("{list}: {result}", ["list": outcome.name, "result": $0]) }
        }
    }

    static func fieldName(_ field: FieldConflict.Field) -> String {
        switch field {
        case .title: return tr("the title")
        case .notes: return tr("the notes")
        case .completion: return tr("the completion")
        case .due: return tr("the due date")
        case .repeatRule: return tr("the repeat rule")
        case .reminder: return tr("the reminder")
        case .order: return tr("the order")
        case .priority: return tr("the priority")
        case .tags: return tr("the tags")
        case .parent: return tr("the parent task")
        case .start: return tr("the start date")
        }
    }

    static func reason(_ failure: SyncFailure) -> String {
        switch failure {
        case .noPassword:
            return tr("no password is stored; give it on standard input, or add the account again")
        case let .noSecretService(detail):
            return tr("no Secret Service (such as GNOME Keyring) answers, so Flick cannot keep the password ({detail}); give it on standard input each time",
                      ["detail": detail])
        case .notAuthorized:
            return tr("the server refused the user name or password")
        case let .offline(detail):
            return tr("cannot reach the server ({detail}); your changes are kept and sent at the next sync", ["detail": detail])
        case .timedOut:
            return tr("the server did not answer in time; your changes are kept and sent at the next sync")
        case let .untrustedCertificate(detail):
            return tr("the server’s certificate is not trusted, so Flick did not connect ({detail})", ["detail": detail])
        case let .server(detail):
            return tr("the server answered something Flick cannot use ({detail}); your changes are kept", ["detail": detail])
        case let .storage(detail):
            return tr("the changes could not be saved ({detail})", ["detail": detail])
        }
    }
}
