import FlickCore
import Foundation

/// One sync of every calendar list, account by account, for the command line and the window
/// (which runs it on a thread of its own). A list that fails does not stop the others; an
/// account that cannot be reached (no connection, a refused password) stops at its first list.
public final class SyncRunner {
    /// The server of an account, given its password.
    public typealias ServerMaker = (SyncAccount, String) -> CalendarServer
    /// The password of an account.
    public typealias PasswordSource = (SyncAccount) throws -> String

    private let store: TodoStore
    private let makeServer: ServerMaker
    private let password: PasswordSource
    private let localZone: TimeZone
    /// Told, from the sync's thread, of each list's fetch progress: its name, done and total.
    public var onProgress: ((_ list: String, _ done: Int, _ total: Int) -> Void)?
    /// The user's answer for a list whose calendar lost most of its items, by list id
    /// (`CalendarSync.answerForMissingItems`).
    public var answerForMissingItems: (Int64) -> MissingItemsAnswer? = { _ in nil }

    public init(store: TodoStore, localZone: TimeZone = .current, password: @escaping PasswordSource,
                makeServer: @escaping ServerMaker) {
        self.store = store
        self.localZone = localZone
        self.password = password
        self.makeServer = makeServer
    }

    public func run() -> SyncReport {
        var report = SyncReport()
        let accounts: [SyncAccount]
        do {
            accounts = try store.accounts()
        } catch {
            report.accountFailures.append((SyncAccount(id: 0, url: "", user: ""), .storage("\(error)")))
            return report
        }
        for account in accounts {
            sync(account, into: &report)
        }
        // Its commits were told as they came: what a query gathers (Today, Upcoming, a search)
        // is read again once, at the end, not at each commit.
        if !report.changedListIDs.isEmpty { store.writerFinished() }
        return report
    }

    private func sync(_ account: SyncAccount, into report: inout SyncReport) {
        let lists: [SyncedList]
        let server: CalendarServer
        do {
            lists = try store.syncedLists(accountID: account.id)
            guard !lists.isEmpty else { return }
            server = makeServer(account, try password(account))
        } catch {
            report.accountFailures.append((account, SyncFailure.from(error)))
            return
        }
        let sync = CalendarSync(store: store, server: server, localZone: localZone)
        sync.answerForMissingItems = answerForMissingItems
        defer { sendReleasedDeletions(of: lists, with: sync, into: &report) }
        for list in lists {
            sync.onProgress = onProgress.map { progress in { done, total in progress(list.name, done, total) } }
            do {
                report.lists.append(.init(listID: list.listID, name: list.name, result: .success(try sync.sync(list))))
            } catch {
                let failure = SyncFailure.from(error)
                if failure == .notAuthorized {
                    // The account's, not the list's: the window asks for the password again.
                    report.accountFailures.append((account, failure))
                    return
                }
                report.lists.append(.init(listID: list.listID, name: list.name, result: .failure(failure)))
                if Self.stopsTheAccount(failure) { return }
            }
        }
        // The lists' places last, once each list read its calendar's order. A failure here
        // (the server gone between two requests) leaves both orders as they are: the lists
        // themselves synced, and the next sync tries again; a refusal is no failure.
        _ = try? CalendarOrderSync(store: store, server: server).sync(accountID: account.id)
    }

    /// A move's deletion in the list it left is sent once the list it went to has stored the
    /// item: when that list synced after the other, now.
    private func sendReleasedDeletions(of lists: [SyncedList], with sync: CalendarSync, into report: inout SyncReport) {
        for (index, outcome) in report.lists.enumerated() {
            guard case var .success(result) = outcome.result,
                  let list = lists.first(where: { $0.listID == outcome.listID }),
                  let deleted = try? sync.sendDeletions(list), deleted > 0 else { continue }
            result.deleted += deleted
            report.lists[index].result = .success(result)
        }
    }

    private static func stopsTheAccount(_ failure: SyncFailure) -> Bool {
        switch failure {
        case .notAuthorized, .offline, .timedOut, .untrustedCertificate: return true
        default: return false
        }
    }
}
