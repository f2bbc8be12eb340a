import FlickCore
import Foundation

/// Two-way sync of one list with its calendar (DESIGN 6): push the outbox, then pull.
///
/// Every step is safe to repeat: a crash (or a lost answer) between two steps leaves the
/// outbox as it was, and the next sync repeats the step. A create whose answer was lost meets
/// its own resource (412 or the UID known by href), an update whose answer was lost meets its
/// own text (412, a merge with nothing to send); neither is duplicated or lost.
public final class CalendarSync {
    /// Retries of one item's push after a merge (someone keeps changing it).
    static let pushAttempts = 3
    /// Merges of one item with one server version, each again because the item was edited
    /// while it was merged (someone keeps typing in it).
    static let mergeAttempts = 5
    /// Resources fetched per calendar-multiget.
    static let batchSize = 100

    private let store: TodoStore
    private let server: CalendarServer
    private let localZone: TimeZone
    /// Told how many of the resources to fetch have come (a long first sync shows progress).
    public var onProgress: ((_ done: Int, _ total: Int) -> Void)?
    /// What the user answered for a list whose calendar lost most of its items at once
    /// (`MissingItems`), by list id; nil (not asked yet) holds them, deleting nothing.
    public var answerForMissingItems: (Int64) -> MissingItemsAnswer? = { _ in nil }
    /// The calendars whose stored text was read back once in this run, to see whether the
    /// server keeps subtasks (`DroppedProperties`): one GET per calendar and run, not per PUT.
    private var readBackCalendars: Set<URL> = []

    public init(store: TodoStore, server: CalendarServer, localZone: TimeZone = .current) {
        self.store = store
        self.server = server
        self.localZone = localZone
    }

    /// Syncs `list`: its changes go to the server, the server's come to it.
    public func sync(_ list: SyncedList) throws -> ListSyncResult {
        var result = ListSyncResult()
        result.calendarIsReadOnly = list.readOnly
        let calendar = try Self.url(list.url)
        try push(list, calendar, &result)
        let resend = try pull(list, calendar, &result)
        if resend { try push(list, calendar, &result) }
        return result
    }

    // MARK: Push

    private func push(_ list: SyncedList, _ calendar: URL, _ result: inout ListSyncResult) throws {
        let outbox = try store.outbox(listID: list.listID)
        try send(outbox.tombstones, calendar, &result)
        for item in outbox.items {
            try push(item, list, calendar, &result)
        }
    }

    /// Sends the list's deletions that are due; returns how many the server made. After every
    /// list of an account has synced: a move's deletion in the list it left waits until the
    /// list it went to has stored it, which may happen later in the same sync.
    public func sendDeletions(_ list: SyncedList) throws -> Int {
        var result = ListSyncResult()
        try send(try store.outbox(listID: list.listID).tombstones, try Self.url(list.url), &result)
        return result.deleted
    }

    private func send(_ tombstones: [SyncTombstone], _ calendar: URL, _ result: inout ListSyncResult) throws {
        for tombstone in tombstones {
            switch try server.delete(tombstone.href, in: calendar, etag: tombstone.etag) {
            case .deleted, .notFound:
                result.deleted += 1
            case .preconditionFailed, .forbidden:
                // Edited on the server since (or not ours to delete): that version wins, and the
                // pull brings the item back.
                break
            }
            try store.tombstoneSent(tombstone.id)
        }
    }

    private func push(_ outgoing: OutgoingItem, _ list: SyncedList, _ calendar: URL,
                      _ result: inout ListSyncResult) throws {
        var current = outgoing
        for _ in 0..<Self.pushAttempts {
            let (text, changed) = ICSExport.resource(for: current.item, localZone: localZone)
            if let href = current.href, !changed, current.etag != nil {
                // Changes that left what the server has as it was (a field set back): nothing to send.
                try store.itemSent(current, href: href, etag: current.etag, text: current.item.ical ?? text)
                return
            }
            let href = current.href ?? Self.newHref(for: current.item.uid, in: calendar)
            let condition: WriteCondition = current.href != nil ? current.etag.map(WriteCondition.matches) ?? .absent : .absent
            switch try server.put(text, at: href, in: calendar, condition: condition) {
            case let .stored(etag):
                try stored(current, href: href, etag: etag, text: text, calendar, &result)
                result.sent += 1
                return
            case .preconditionFailed:
                guard let remote = try server.get(href, in: calendar) else {
                    // Nothing there, and If-None-Match: * failed all the same: the server refuses
                    // the text, not the condition.
                    if condition == .absent { return notKept(current, .text(status: 412), &result) }
                    current.etag = nil
                    continue
                }
                if case let .matches(sent) = condition, remote.etag == sent {
                    // Still at the ETag sent in If-Match: nobody changed it; the text was refused.
                    return notKept(current, .text(status: 412), &result)
                }
                guard let merged = try merge(current, with: remote, list, &result), merged.sendAgain else { return }
                current = merged.item
            case .notFound:
                // Deleted on the server, edited here: the edit wins, as a new resource.
                current.etag = nil
                current.href = href
            case let .uidConflict(existing):
                guard let found = try existing ?? resourceHref(uid: current.item.uid, calendar),
                      let remote = try server.get(found, in: calendar) else {
                    throw CalendarServerError.status(409, request: "PUT \(href)")
                }
                current.item.ical = nil  // No agreed version with the one found: a merge without base.
                guard let merged = try merge(current, with: remote, list, &result), merged.sendAgain else { return }
                current = merged.item
            case .forbidden:
                try refuse(current, href: href, list, calendar, &result)
                return
            case .uidInAnotherCalendar:
                try moveDeletingFirst(current, text: text, href: href, list, calendar, &result)
                return
            case let .bodyRefused(refusal):
                return notKept(current, refusal, &result)
            }
        }
    }

    /// The server would not store the item's text: it stays here as it is, its change in the
    /// outbox for the next sync, and the sync names it. Not undone as a read-only calendar's
    /// refusal is: the user's change is all there is of it (a 415 on a new task would lose it),
    /// and the next item is sent all the same (a 415 used to stop the list's whole push).
    private func notKept(_ item: OutgoingItem, _ refusal: BodyRefusal, _ result: inout ListSyncResult) {
        guard !result.notKept.contains(where: { $0.itemID == item.itemID }) else { return }
        result.notKept.append(NotKeptItem(itemID: item.itemID, title: item.item.title, refusal: refusal))
    }

    /// The href of the resource holding `uid`, for a server that says the UID exists without
    /// saying where (Radicale): every resource Flick does not know is read to find it.
    private func resourceHref(uid: String, _ calendar: URL) throws -> String? {
        let known = Set((try? store.knownResources(listID: listID(of: calendar)))?.keys.map { $0 } ?? [])
        let unknown = try server.etags(in: calendar).keys.filter { !known.contains($0) }.sorted()
        for start in stride(from: 0, to: unknown.count, by: Self.batchSize) {
            let batch = Array(unknown[start..<min(start + Self.batchSize, unknown.count)])
            for resource in try server.fetch(batch, in: calendar).values
            where (try? ICalendarFile(text: resource.text).task?.uid) == uid {
                return resource.href
            }
        }
        return nil
    }

    private func listID(of calendar: URL) throws -> Int64 {
        try store.syncedLists().first { $0.url == calendar.absoluteString }?.listID ?? -1
    }

    /// The server has `text` at `href`: the new base, with the ETag. It is read back when the
    /// answer had no strong ETag (none, or a weak one: the server may have changed the text), and
    /// once a run for a subtask: a server that drops RELATED-TO answers with a strong ETag all
    /// the same (tasks.org #695), and only the stored text tells.
    private func stored(_ item: OutgoingItem, href: String, etag: String?, text: String, _ calendar: URL,
                        _ result: inout ListSyncResult) throws {
        var sent = RemoteResource(href: href, etag: etag, text: text)
        if etag == nil || readsBack(text, calendar), let remote = try server.get(href, in: calendar),
           etag == nil || remote.etag == etag {
            sent = RemoteResource(href: href, etag: remote.etag, text: remote.text)
            noteDropped(sent: text, stored: remote.text, &result)
        }
        try store.itemSent(item, href: href, etag: sent.etag, text: sent.text)
        try showWrittenOccurrence(of: item, sent, calendar)
    }

    private func readsBack(_ text: String, _ calendar: URL) -> Bool {
        guard !readBackCalendars.contains(calendar), DroppedProperties.carriesSubtask(text) else { return false }
        readBackCalendars.insert(calendar)
        return true
    }

    /// The server's text becomes the base all the same: the item keeps what was dropped here,
    /// and is not sent again for it (it would be dropped again, at every sync).
    private func noteDropped(sent: String, stored: String, _ result: inout ListSyncResult) {
        let dropped = DroppedProperties.names(sent: sent, stored: stored)
        result.droppedProperties = Array(Set(result.droppedProperties).union(dropped)).sorted()
    }

    /// A repeating item done here onto an occurrence another program removed (jtx Board's
    /// EXDATE) or marked done is written at the next open one (`VTodo.patched`); the list takes
    /// that one too, as a pull would, so it shows what the server and the other programs show.
    private func showWrittenOccurrence(of item: OutgoingItem, _ sent: RemoteResource, _ calendar: URL) throws {
        guard item.item.repeatRule != nil,
              let written = (try? ICalendarFile(text: sent.text))?.taskFields(localZone: localZone),
              written.due != item.item.due, let pulled = pulledItem(sent) else { return }
        try store.applyPulled([pulled], listID: listID(of: calendar))
    }

    /// The calendar refused a local change. An item moved into it goes back to the list it came
    /// from, where the server still has it, not lost with the refused copy (a read-only calendar;
    /// Cyrus, which holds one copy of a UID per account); any other becomes the server's again.
    private func refuse(_ item: OutgoingItem, href: String, _ list: SyncedList, _ calendar: URL,
                        _ result: inout ListSyncResult) throws {
        if item.href == nil, let returned = try store.returnRefusedMove(item.itemID) {
            result.returnedMoves.append(returned)
            return
        }
        try restoreServerVersion(of: item, href: href, list, calendar)
        result.refused += 1
    }

    /// A server that keeps one copy of a UID per account (Cyrus) refuses a moved item while the
    /// list it left still holds it: that copy is deleted first, then the item is stored here.
    /// Should this calendar still refuse it, it is made again where it was and goes back there.
    private func moveDeletingFirst(_ item: OutgoingItem, text: String, href: String, _ list: SyncedList,
                                   _ calendar: URL, _ result: inout ListSyncResult) throws {
        guard let held = try store.heldDeletion(ofMovedItem: item.itemID), held.list.accountID == list.accountID else {
            return try refuse(item, href: href, list, calendar, &result)
        }
        let source = try Self.url(held.list.url)
        switch try server.delete(held.tombstone.href, in: source, etag: held.tombstone.etag) {
        case .deleted, .notFound:
            break
        case .preconditionFailed, .forbidden:
            // Changed there since (its pull will merge it), or not ours to delete: it stays.
            return try refuse(item, href: href, list, calendar, &result)
        }
        if case let .stored(etag) = try server.put(text, at: href, in: calendar, condition: .absent) {
            try store.tombstoneSent(held.tombstone.id)
            try stored(item, href: href, etag: etag, text: text, calendar, &result)
            result.sent += 1
            return
        }
        var madeAgain = false
        if case .stored = try server.put(text, at: held.tombstone.href, in: source, condition: .absent) { madeAgain = true }
        // Not made again: it goes back as an item the server does not have, sent at its next push.
        if let returned = try store.returnRefusedMove(item.itemID, keepsResource: madeAgain) {
            result.returnedMoves.append(returned)
        }
    }

    /// A read-only calendar refused a local change: the item becomes the server's again.
    private func restoreServerVersion(of item: OutgoingItem, href: String, _ list: SyncedList, _ calendar: URL) throws {
        if item.href != nil, let remote = try server.get(href, in: calendar), let pulled = pulledItem(remote) {
            try store.applyMerged(pulled.item, itemID: item.itemID, pulled: pulled, listID: list.listID, sendAgain: false)
        } else {
            // Made here, in a calendar that takes nothing: it cannot be kept in it.
            try store.discardLocalItem(item.itemID)
        }
    }

    /// Merges the item with the server's version; stores the outcome and returns the item to
    /// send again (nil when the server's version cannot be read, or when the item kept changing
    /// through every attempt: it then stays in the outbox as it is, for the next sync).
    ///
    /// `item` gives the item and the base to merge against (its `ical`); its fields may be
    /// older than the store's: a push read it before its PUT and the GET after a 412, requests
    /// the sync waited on while the user went on typing. So the local side is read again here,
    /// and the outcome is stored only if the item has not changed since that read (its
    /// revision); else it is merged again with what was typed. What the user typed after the
    /// sync read an item is newer than anything the sync has for it (else a title typed during
    /// a slow sync would be put back by the merge of the item as the push had read it).
    private func merge(_ item: OutgoingItem, with remote: RemoteResource, _ list: SyncedList,
                       _ result: inout ListSyncResult) throws -> (item: OutgoingItem, sendAgain: Bool)? {
        guard let pulled = pulledItem(remote) else {
            result.unreadableHrefs.insert(remote.href)
            return nil
        }
        let base = item.item.ical.flatMap { try? ICalendarFile(text: $0) }?.taskFields(localZone: localZone)
        guard let remoteFields = (try? ICalendarFile(text: remote.text))?.taskFields(localZone: localZone) else { return nil }
        for _ in 0..<Self.mergeAttempts {
            guard var current = try store.outgoingItem(item.itemID) else { return nil }
            current.item.ical = item.item.ical
            let local = ICSExport.localFields(of: current.item, localZone: localZone)
            let outcome = VTodoMerge.merge(base: base, local: local, remote: remoteFields, localModified: current.item.modifiedAt,
                                           remoteModified: remoteFields.modifiedAt)
            var merged = pulled.item
            merged.apply(outcome.fields)
            if outcome.differsFromRemote, let remoteModified = remoteFields.modifiedAt, remoteModified < current.item.modifiedAt {
                // The merge keeps a local edit made after the server's: the result is as new as that
                // edit, and the PUT says so (LAST-MODIFIED, DTSTAMP), not the server copy's older time.
                merged.modifiedAt = current.item.modifiedAt
            }
            guard try store.applyMerged(merged, itemID: item.itemID, pulled: pulled, listID: list.listID,
                                        sendAgain: outcome.differsFromRemote, revision: current.revision) else {
                continue  // Edited since it was read: merged again with the edit.
            }
            result.conflicts += outcome.conflicts
            guard let reread = try store.outgoingItem(item.itemID) else { return nil }
            return (reread, outcome.differsFromRemote)
        }
        return nil
    }

    // MARK: Pull

    /// Returns whether a merge left local changes to send.
    private func pull(_ list: SyncedList, _ calendar: URL, _ result: inout ListSyncResult) throws -> Bool {
        let state = try server.collectionState(calendar)
        try store.setCalendarAppearance(listID: list.listID, order: state.order, color: state.color)
        if state.ctag != nil || state.syncToken != nil, state.ctag == list.ctag, state.syncToken == list.syncToken {
            result.wasIdle = true
            return false
        }
        var changed: [String: String?]
        var removed: [String]
        var token = state.syncToken
        let known = try store.knownResources(listID: list.listID)
        if let since = list.syncToken, state.syncToken != nil,
           let changes = try? server.changes(in: calendar, since: since), !changes.mayHaveForgotten(since) {
            changed = changes.changed
            removed = changes.removed.filter { known[$0] != nil }
            token = changes.newToken ?? token
        } else {
            // No token, or the server forgot it (or answered it badly, or may have): compare every ETag.
            let etags = try server.etags(in: calendar)
            changed = etags.filter { known[$0.key]?.etag != $0.value }.mapValues { Optional($0) }
            removed = known.keys.filter { etags[$0] == nil }
        }
        // A resource whose ETag Flick already has is its own change coming back.
        changed = changed.filter { href, etag in etag == nil || known[href]?.etag != etag }
        var resend = false
        let hrefs = changed.keys.sorted()
        for start in stride(from: 0, to: hrefs.count, by: Self.batchSize) {
            let batch = Array(hrefs[start..<min(start + Self.batchSize, hrefs.count)])
            let fetched = try server.fetch(batch, in: calendar)
            resend = try apply(batch.compactMap { fetched[$0] }, list, &result) || resend
            onProgress?(min(start + Self.batchSize, hrefs.count), hrefs.count)
        }
        guard let removals = try removals(removed, knownCount: known.count, list, &result) else {
            // Nothing removed and the collection's state not kept: the next sync finds them again.
            return resend
        }
        try store.applyRemoved(hrefs: removals, listID: list.listID)
        result.removed += removals.count
        try store.setCollectionState(listID: list.listID, ctag: state.ctag, syncToken: token)
        return resend || result.putBack > 0
    }

    /// The removals to apply: all of them, unless most of the list went at once
    /// (`MissingItems`). Then the user's answer decides: all, none (they go back to the
    /// server), or, with no answer yet, nil: held, nothing removed, and the question in `result`.
    private func removals(_ removed: [String], knownCount: Int, _ list: SyncedList,
                          _ result: inout ListSyncResult) throws -> [String]? {
        guard MissingItems.isForgetting(missing: removed.count, known: knownCount) else { return removed }
        switch answerForMissingItems(list.listID) {
        case .removeHere?:
            return removed
        case .putBack?:
            try store.sendAgain(resources: removed, listID: list.listID)
            result.putBack = removed.count
            return []
        case nil:
            let titles = try store.titles(ofResources: removed, listID: list.listID, limit: 3)
            result.missingItems = MissingItems(missing: removed.count, known: knownCount, titles: titles)
            return nil
        }
    }

    /// Stores what the server sent: items without local changes take it, items with some are merged.
    private func apply(_ resources: [RemoteResource], _ list: SyncedList, _ result: inout ListSyncResult) throws -> Bool {
        var clean: [PulledItem] = []
        var resend = false
        for resource in resources {
            guard let pulled = pulledItem(resource) else {
                if !Self.isOtherComponent(resource) { result.unreadableHrefs.insert(resource.href) }
                continue
            }
            result.received += 1
            guard let local = try store.resource(listID: list.listID, uid: pulled.item.uid),
                  var outgoing = try store.outgoingItem(local.itemID) else {
                clean.append(pulled)
                continue
            }
            if local.isDirty {
                resend = try merge(outgoing, with: resource, list, &result)?.sendAgain == true || resend
            } else if isOlder(resource, than: outgoing) {
                // The server went back in time (restored from an old copy): the version both
                // sides agreed on last is newer than what it holds now. Merged with the server's
                // copy as the base, every field of Flick's newer version stays and is sent again.
                outgoing.item.ical = resource.text
                resend = try merge(outgoing, with: resource, list, &result)?.sendAgain == true || resend
                result.olderCopiesReplaced += 1
            } else {
                clean.append(pulled)
            }
        }
        // An item found clean above may have been edited since (the user typing while the sync
        // runs): its resource is not applied but merged with the edit.
        let byHref = Dictionary(resources.map { ($0.href, $0) }) { first, _ in first }
        for edited in try store.applyPulled(clean, listID: list.listID) {
            guard let resource = byHref[edited.href], let local = try store.resource(listID: list.listID, uid: edited.item.uid),
                  let outgoing = try store.outgoingItem(local.itemID) else { continue }
            resend = try merge(outgoing, with: resource, list, &result)?.sendAgain == true || resend
        }
        return resend
    }

    /// Whether the server's copy was last modified before the version Flick and the server
    /// agreed on last (the base): a server restored from an old backup. A client that edits it
    /// after that agreement writes a later time (unless its clock is wrong).
    private func isOlder(_ remote: RemoteResource, than local: OutgoingItem) -> Bool {
        guard let baseText = local.item.ical,
              let agreed = (try? ICalendarFile(text: baseText))?.taskFields(localZone: localZone)?.modifiedAt,
              let theirs = (try? ICalendarFile(text: remote.text))?.taskFields(localZone: localZone)?.modifiedAt else {
            return false
        }
        return theirs < agreed
    }

    /// Whether a resource is readable iCalendar without a task: an event (or a journal) of a
    /// calendar that holds events and tasks together (Nextcloud's, DAVx⁵'s), which a
    /// sync-collection report lists with the tasks. Not Flick's to show, change or delete, and
    /// not unreadable either.
    static func isOtherComponent(_ resource: RemoteResource) -> Bool {
        guard let file = try? ICalendarFile(text: resource.text) else { return false }
        return file.task == nil
    }

    /// The item a resource holds, its text the new base; nil when it is not readable iCalendar
    /// with one VTODO.
    private func pulledItem(_ resource: RemoteResource) -> PulledItem? {
        guard let file = try? ICalendarFile(text: resource.text), let todo = file.task else { return nil }
        var item = ICSImport.item(from: todo, occurrences: file.occurrences, localZone: localZone)
        item.ical = resource.text
        return PulledItem(href: resource.href, etag: resource.etag, item: item)
    }

    // MARK: Addresses

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw CalendarServerError.unreadableAnswer("not an address: \(text)") }
        return url
    }

    /// A new resource's href: the collection's path and the UID, when the UID is plain enough to
    /// be a file name, else a name derived from it.
    static func newHref(for uid: String, in calendar: URL) -> String {
        let plain = uid.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_.".unicodeScalars.contains($0) }
        let name = plain && !uid.isEmpty && uid.count <= 200 ? uid : DerivedUID.uid(for: uid)
        var path = URLComponents(url: calendar, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? calendar.path
        if !path.hasSuffix("/") { path += "/" }
        // In the canonical form the server's hrefs are read in, so the two compare equal.
        return DAVHref.path(path + name + ".ics", relativeTo: calendar) ?? path + name + ".ics"
    }
}
