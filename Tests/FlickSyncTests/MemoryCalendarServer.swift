import Foundation
@testable import FlickSync

/// A CalDAV calendar in memory for the sync engine's tests: ETags and sync tokens as a server
/// keeps them, a request count, and faults on demand (a request that fails before it is
/// applied, or after: the answer lost).
final class MemoryCalendarServer: CalendarServer {
    enum Fault: Error { case connectionDropped }

    private(set) var resources: [String: RemoteResource] = [:]
    private var version = 0
    /// Per version, the hrefs changed and removed then.
    private var history: [(version: Int, changed: Set<String>, removed: Set<String>)] = []
    var requests: [String] = []
    /// The next request of this kind fails; `applied` says whether the server did it first.
    var failNext: (method: String, applied: Bool)?
    var forgetsTokens = false
    /// With `forgetsTokens`: an unknown token is answered as DAViCal 1.1 answers it, with every
    /// resource as new, no removal and a new token, instead of 403 valid-sync-token.
    var listsAllForUnknownTokens = false
    /// Run as a request of this method arrives, before it is answered: what happens on the
    /// user's side while the sync waits for the server (issue 57).
    var whileAnswering: ((String) -> Void)?
    var readOnly = false
    /// A quirky server (issue 62): answers a PUT of this text without storing it (415, a 412
    /// whose condition held, a calendar that takes no tasks); nil stores it.
    var refusePut: ((String) -> PutOutcome?)?
    /// Property names the server drops from every PUT's text before it stores it, answering
    /// with a strong ETag all the same.
    var dropsProperties: Set<String> = []
    /// A server without sync-collection (RFC 6578): no sync token, and the report refused.
    var hasSyncCollection = true
    /// The hrefs of each calendar-multiget, in order.
    private(set) var fetched: [[String]] = []

    var ctag: String { "ctag-\(version)" }

    private func record(_ method: String) throws {
        requests.append(method)
        whileAnswering?(method)
        if let fault = failNext, fault.method == method, !fault.applied {
            failNext = nil
            throw Fault.connectionDropped
        }
    }

    private func answerLost(_ method: String) throws {
        if let fault = failNext, fault.method == method, fault.applied {
            failNext = nil
            throw Fault.connectionDropped
        }
    }

    private func bump(changed: String? = nil, removed: String? = nil) {
        version += 1
        history.append((version, changed.map { [$0] } ?? [], removed.map { [$0] } ?? []))
    }

    /// What another client does: writes `text` at `href` unconditionally.
    func write(_ text: String, at href: String) {
        resources[href] = RemoteResource(href: href, etag: "\"\(UUID().uuidString)\"", text: text)
        bump(changed: href)
    }

    func remove(_ href: String) {
        resources[href] = nil
        bump(removed: href)
    }

    /// The calendar's ICAL:calendar-order and ICAL:calendar-color, as clients set them.
    var order: Int?
    var color: String?

    func collectionState(_ calendar: URL) throws -> CollectionState {
        try record("PROPFIND")
        return CollectionState(ctag: ctag, syncToken: hasSyncCollection ? "token-\(version)" : nil, order: order, color: color)
    }

    func setOrder(_ order: Int, of calendar: URL) throws -> Bool {
        try record("PROPPATCH")
        guard !readOnly else { return false }
        self.order = order
        return true
    }

    func changes(in calendar: URL, since token: String) throws -> CollectionChanges {
        try record("REPORT sync-collection")
        guard hasSyncCollection else { throw CalendarServerError.status(403, request: "REPORT sync-collection") }
        if forgetsTokens, listsAllForUnknownTokens {
            return CollectionChanges(changed: resources.mapValues(\.etag), removed: [], newToken: "token-\(version)")
        }
        guard !forgetsTokens, let since = Int(token.dropFirst("token-".count)) else { throw CalendarServerError.syncTokenInvalid }
        var changed: [String: String?] = [:]
        var removed: [String] = []
        for entry in history where entry.version > since {
            for href in entry.changed.union(entry.removed) {
                if let resource = resources[href] { changed[href] = resource.etag } else { removed.append(href) }
            }
        }
        return CollectionChanges(changed: changed, removed: removed.filter { changed[$0] == nil }, newToken: "token-\(version)")
    }

    func etags(in calendar: URL) throws -> [String: String] {
        try record("REPORT calendar-query")
        return resources.compactMapValues(\.etag)
    }

    func fetch(_ hrefs: [String], in calendar: URL) throws -> [String: RemoteResource] {
        try record("REPORT calendar-multiget")
        fetched.append(hrefs.sorted())
        return resources.filter { hrefs.contains($0.key) }
    }

    func get(_ href: String, in calendar: URL) throws -> RemoteResource? {
        try record("GET")
        return resources[href]
    }

    func put(_ text: String, at href: String, in calendar: URL, condition: WriteCondition) throws -> PutOutcome {
        try record("PUT")
        if readOnly { return .forbidden }
        if let refusal = refusePut?(text) { return refusal }
        switch condition {
        case .absent where resources[href] != nil:
            return .preconditionFailed
        case let .matches(etag) where resources[href] == nil:
            _ = etag
            return .notFound
        case let .matches(etag) where resources[href]?.etag != etag:
            return .preconditionFailed
        default:
            break
        }
        if case .absent = condition, let uid = Self.uid(of: text),
           let existing = resources.values.first(where: { Self.uid(of: $0.text) == uid }) {
            return .uidConflict(existingHref: existing.href)
        }
        write(Self.removing(dropsProperties, from: text), at: href)
        try answerLost("PUT")
        return .stored(etag: resources[href]?.etag)
    }

    func delete(_ href: String, in calendar: URL, etag: String?) throws -> DeleteOutcome {
        try record("DELETE")
        if readOnly { return .forbidden }
        guard let resource = resources[href] else { return .notFound }
        if let etag, resource.etag != etag { return .preconditionFailed }
        remove(href)
        try answerLost("DELETE")
        return .deleted
    }

    /// `text` without the lines named in `names` (unfolded lines only: what Flick writes).
    static func removing(_ names: Set<String>, from text: String) -> String {
        guard !names.isEmpty else { return text }
        return text.components(separatedBy: "\r\n").filter { line in
            !names.contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + ";") }
        }.joined(separator: "\r\n")
    }

    static func uid(of text: String) -> String? {
        text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    /// The titles (SUMMARY) the server holds, sorted.
    var titles: [String] {
        resources.values.compactMap { resource in
            resource.text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY") }
                .map { String($0[$0.index(after: $0.firstIndex(of: ":")!)...]) }
        }.sorted()
    }
}
