@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// When sync runs, one at a time, on a thread of its own (DESIGN 6): at start, a few seconds
/// after local edits, every 15 minutes, once the network is back and has settled (after a
/// wake too), again and again less often after the network failed it (`SyncBackoff`), and on
/// demand (F5, Sync Now, Retry in the status line, `flick --sync`). It tells the window its
/// status and when the store changed.
@MainActor
final class SyncController {
    static let afterEditSeconds = 5.0
    /// How long the network must stay as it is before a sync follows a change of it: a Wi-Fi
    /// that drops and comes back fifty times in a minute is one sync, not fifty.
    static let settleSeconds = 2.0
    /// 15 minutes, or $FLICK_SYNC_PERIOD seconds (the tests' periodic sync).
    static let periodSeconds = ProcessEnvironment.value("FLICK_SYNC_PERIOD").flatMap(Double.init) ?? 15.0 * 60

    private let store: TodoStore
    private(set) var status: SyncStatus = .noAccount {
        didSet { if status != oldValue { onStatusChanged?(status) } }
    }
    var onStatusChanged: ((SyncStatus) -> Void)?
    /// After a sync that changed what the store holds: the window reads it again (and says
    /// what a merge replaced).
    var onStoreChanged: ((SyncReport) -> Void)?
    private var isRunning = false
    /// Callers waiting for the end of the sync under way.
    private var waiting: [(SyncReport) -> Void] = []
    /// Callers waiting for a sync that starts after they asked: one who asks while a sync runs
    /// hears the next one's report, not the one under way's, which may have read the server
    /// before their edit was made (`flick --sync` said "1 sent" of an edit already sent,
    /// test_caldav's account added while Flick runs, under load).
    private var waitingForNext: [(SyncReport) -> Void] = []
    private var runAgain = false
    private var editTimer: UInt32?
    /// Passwords given in this session, for accounts whose password the Secret Service could
    /// not keep (none runs): asked again at the next start.
    private var sessionPasswords: [String: String] = [:]
    private var periodicTimer: UInt32?
    private var settleTimer: UInt32?
    private var retryTimer: UInt32?
    private var backoff = SyncBackoff()
    /// The user's answers for lists whose calendars lost most of their items, for the next sync
    /// (each is used once: a later loss is asked about again).
    private var missingItemsAnswers: [Int64: MissingItemsAnswer] = [:]
    /// After a sync that found calendars which lost most of their items: the window asks what
    /// to do, once a session for each list unless the user syncs again by hand.
    var onMissingItems: (([(listID: Int64, name: String, missing: MissingItems)]) -> Void)?
    private var askedAboutMissingItems: Set<Int64> = []

    init(store: TodoStore) {
        self.store = store
    }

    var hasAccounts: Bool { ((try? store.accounts()) ?? []).isEmpty == false }

    /// Syncs once now (if there is an account) and from then on every 15 minutes and when the
    /// network comes back.
    func start() {
        let monitor = UnsafeMutableRawPointer(g_network_monitor_get_default()!)
        // NetworkManager's view comes as `network-available` changing; the kernel's routes as
        // `network-changed` (GIO's monitor without NetworkManager).
        Signal.connectUInt(monitor, "network-changed") { [weak self] _ in self?.networkMayHaveChanged() }
        Signal.connectObject(monitor, "notify::network-available") { [weak self] _ in self?.networkMayHaveChanged() }
        periodicTimer = MainLoop.every(seconds: Self.periodSeconds) { [weak self] in self?.syncNow() }
        syncNow()
    }

    /// The network changed, or the machine woke (its network comes back some seconds later):
    /// once it has stayed as it is for `settleSeconds`, a sync if it is there, else "offline".
    func networkMayHaveChanged() {
        if let settleTimer { MainLoop.cancel(settleTimer) }
        settleTimer = MainLoop.after(seconds: Self.settleSeconds) { [weak self] in
            guard let self else { return }
            self.settleTimer = nil
            if g_network_monitor_get_network_available(g_network_monitor_get_default()) != 0 {
                self.backoff.succeeded()
                self.syncNow()
            } else if self.hasAccounts, !self.isRunning {
                self.status = .offline
            }
        }
    }

    /// A local edit: a sync a few seconds later, once the edits have paused, if something
    /// waits to be sent.
    func editsMade() {
        if let editTimer { MainLoop.cancel(editTimer) }
        editTimer = MainLoop.after(seconds: Self.afterEditSeconds) { [weak self] in
            guard let self else { return }
            self.editTimer = nil
            if ((try? self.store.outboxCount()) ?? 0) > 0 { self.syncNow() }
        }
    }

    /// Syncs every account now; `finished` hears the report (at once "no account" when there is none).
    /// `answeringMissingItems` answers for every list whose calendar lost most of its items
    /// (`flick --sync --put-back-missing`).
    func syncNow(answeringMissingItems answer: MissingItemsAnswer? = nil, finished: ((SyncReport) -> Void)? = nil) {
        if let finished { waitingForNext.append(finished) }
        if let answer {
            for list in (try? store.syncedLists()) ?? [] { missingItemsAnswers[list.listID] = answer }
        }
        guard hasAccounts else {
            status = .noAccount
            waiting += waitingForNext
            waitingForNext = []
            flushWaiting(SyncReport())
            return
        }
        guard !isRunning else {
            runAgain = true
            return
        }
        isRunning = true
        waiting += waitingForNext
        waitingForNext = []
        status = .syncing(progress: nil)
        let runner = Self.runner(for: store, sessionPasswords: sessionPasswords) { [weak self] progress in
            self?.status = .syncing(progress: progress)
        }
        let answers = missingItemsAnswers
        missingItemsAnswers = [:]
        runner.answerForMissingItems = { answers[$0] }
        nonisolated(unsafe) let unsafeRunner = runner
        Thread.detachNewThread {
            let report = unsafeRunner.run()
            _ = MainLoop.idle { [weak self] in self?.finished(report) }
        }
    }

    private func finished(_ report: SyncReport) {
        isRunning = false
        status = Self.status(after: report)
        retryIfTheNetworkFailed(report)
        if !report.changedListIDs.isEmpty {
            onStoreChanged?(report)
        }
        let unasked = report.heldMissingItems.filter { !askedAboutMissingItems.contains($0.listID) }
        if !unasked.isEmpty {
            askedAboutMissingItems.formUnion(unasked.map(\.listID))
            onMissingItems?(unasked)
        }
        flushWaiting(report)
        if runAgain {
            runAgain = false
            syncNow()
        }
    }

    /// After a sync the network failed, another after `backoff`'s wait; after one that reached
    /// the server, none is waiting.
    private func retryIfTheNetworkFailed(_ report: SyncReport) {
        if let retryTimer { MainLoop.cancel(retryTimer) }
        retryTimer = nil
        guard Self.networkFailed(report) else {
            backoff.succeeded()
            return
        }
        retryTimer = MainLoop.after(seconds: backoff.failed(longest: Self.periodSeconds)) { [weak self] in
            self?.retryTimer = nil
            self?.syncNow()
        }
    }

    private static func networkFailed(_ report: SyncReport) -> Bool {
        failures(in: report).contains {
            switch $0 {
            case .offline, .timedOut: true
            default: false
            }
        }
    }

    private func flushWaiting(_ report: SyncReport) {
        let callers = waiting
        waiting = []
        for caller in callers { caller(report) }
    }

    /// Forgets `account` once no sync runs (one under way would write to its lists after), and
    /// its password; its lists stay as lists of this computer. `finished` hears the store's
    /// error, or nil.
    func removeAccount(_ account: SyncAccount, finished: @escaping (Error?) -> Void) {
        guard !isRunning else {
            waiting.append { [weak self] _ in self?.removeAccount(account, finished: finished) }
            return
        }
        do {
            try store.removeAccount(id: account.id)
        } catch {
            finished(error)
            return
        }
        sessionPasswords[Self.key(server: account.url, user: account.user)] = nil
        // The keyring may wait to be unlocked: not on this thread. No Secret Service, nothing kept.
        Thread.detachNewThread { try? PasswordStore.clear(server: account.url, user: account.user) }
        if !hasAccounts { status = .noAccount }
        finished(nil)
    }

    /// A sync the user asked for (F5, Sync Now): lists whose calendars lost most of their items
    /// are asked about again.
    func syncNowAskingAgain() {
        askedAboutMissingItems = []
        syncNow()
    }

    /// The user's answer for a list whose calendar lost most of its items: applied by a sync now.
    func answerMissingItems(of listID: Int64, with answer: MissingItemsAnswer) {
        missingItemsAnswers[listID] = answer
        syncNow()
    }

    /// Keeps `password` for this session (the Secret Service could not).
    func remember(password: String, server: String, user: String) {
        sessionPasswords[Self.key(server: server, user: user)] = password
    }

    nonisolated static func key(server: String, user: String) -> String { user + "\u{0}" + server }

    static func status(after report: SyncReport) -> SyncStatus {
        if let (account, _) = report.accountFailures.first(where: { Self.isMissingPassword($0.failure) }) {
            return .needsPassword(account)
        }
        guard let failure = failures(in: report).first else {
            let refusals = SyncReportText.refusals(report) + report.heldMissingItems.map {
                tr("{list}: {result}", ["list": $0.name, "result": SyncReportText.missing($0.missing)])
            }
            return refusals.isEmpty ? .upToDate(at: Date()) : .refused(at: Date(), what: refusals.joined(separator: "; "))
        }
        if case .offline = failure { return .offline }
        return .failed(SyncReportText.reason(failure))
    }

    /// Every account's and list's failure in the report.
    private static func failures(in report: SyncReport) -> [SyncFailure] {
        report.accountFailures.map(\.failure) + report.lists.compactMap {
            if case let .failure(failure) = $0.result { failure } else { nil }
        }
    }

    private static func isMissingPassword(_ failure: SyncFailure) -> Bool {
        switch failure {
        case .noPassword, .noSecretService, .notAuthorized: return true
        default: return false
        }
    }

    /// A runner with the passwords of the Secret Service; progress goes to `progress` on the
    /// main thread.
    static func runner(for store: TodoStore, sessionPasswords: [String: String] = [:],
                       progress: (@MainActor (String) -> Void)? = nil) -> SyncRunner {
        let runner = CalDAVSyncRunner.make(store: store) { sessionPasswords[key(server: $0.url, user: $0.user)] }
        if let progress {
            runner.onProgress = { list, done, total in
                let text = tr("{list}: {done} of {total} tasks", ["list": list, "done": countText(done), "total": countText(total)])
                _ = MainLoop.idle { progress(text) }
            }
        }
        return runner
    }
}
