import FlickCore
import Foundation
import GRDB
import XCTest
@testable import FlickSync

/// The sync engine against a calendar in memory: two machines, lost answers, merges, deletions
/// against edits, a forgotten sync token.
final class CalendarSyncTests: XCTestCase {
    private let calendarURL = "http://127.0.0.1:5232/alice/tasks/"
    private var directories: [URL] = []
    private var server: MemoryCalendarServer!

    override func setUp() {
        server = MemoryCalendarServer()
    }

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
    }

    /// A machine: its own store with the calendar's list (empty, or holding `titles`).
    private func machine(_ titles: [String] = []) throws -> (TodoStore, Int64) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sync-\(UUID().uuidString)")
        directories.append(directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        if titles.isEmpty {
            return (store, try store.addCalendarList(name: "Tasks", accountID: account.id, url: calendarURL, readOnly: false))
        }
        let list = try store.createList(name: "Tasks", titles: titles)
        try store.linkList(list.id!, accountID: account.id, url: calendarURL)
        return (store, list.id!)
    }

    @discardableResult
    private func sync(_ machine: (TodoStore, Int64)) throws -> ListSyncResult {
        let list = try machine.0.syncedLists().first { $0.listID == machine.1 }!
        return try CalendarSync(store: machine.0, server: server, localZone: ICS.berlin).sync(list)
    }

    private func titles(_ machine: (TodoStore, Int64)) throws -> [String] {
        try machine.0.document(listID: machine.1)!.wholeItems.map(\.title).sorted()
    }

    private func document(_ machine: (TodoStore, Int64)) throws -> ListDocument {
        try machine.0.document(listID: machine.1)!
    }

    private func item(_ machine: (TodoStore, Int64), titled title: String) throws -> TodoItem {
        try XCTUnwrap(try document(machine).wholeItems.first { $0.title == title })
    }

    func testALocalListGoesUpAndAnIdleSyncCostsOneRequest() throws {
        let laptop = try machine(["milk", "eggs"])
        let result = try sync(laptop)
        XCTAssertEqual(result.sent, 2)
        XCTAssertEqual(server.titles, ["eggs", "milk"])
        XCTAssertEqual(try laptop.0.outboxCount(), 0)
        server.requests.removeAll()
        let idle = try sync(laptop)
        XCTAssertTrue(idle.wasIdle)
        XCTAssertEqual(server.requests, ["PROPFIND"], "nothing to send, nothing changed: one request")
    }

    func testTwoMachinesConvergeWithoutEcho() throws {
        let laptop = try machine(["milk"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        XCTAssertEqual(try titles(phone), ["milk"])
        XCTAssertEqual(try phone.0.outboxCount(), 0, "what a pull brought is not sent back")
        _ = try document(phone).insert(title: "bread", at: 0)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        try sync(phone)
        try sync(laptop)
        try sync(phone)
        XCTAssertEqual(try titles(laptop), ["bread", "oat milk"])
        XCTAssertEqual(try titles(phone), ["bread", "oat milk"])
        XCTAssertEqual(server.titles, ["bread", "oat milk"])
        server.requests.removeAll()
        try sync(laptop)
        try sync(phone)
        XCTAssertEqual(server.requests, ["PROPFIND", "PROPFIND"], "two idle machines: one request each")
    }

    func testDifferentFieldsEditedOnBothSidesBothSurvive() throws {
        let laptop = try machine(["milk"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        _ = try document(phone).setCompleted(try item(phone, titled: "milk").id!, true)
        try sync(laptop)
        let merged = try sync(phone)  // 412, merged, sent again
        XCTAssertEqual(merged.conflicts, [])
        try sync(laptop)
        for side in [laptop, phone] {
            let milk = try item(side, titled: "oat milk")
            XCTAssertTrue(milk.isCompleted)
        }
        XCTAssertEqual(try laptop.0.outboxCount() + phone.0.outboxCount(), 0)
    }

    /// Issue 57: the push read the item, its PUT met a change made elsewhere (412), and while
    /// the sync waited for the server's version the user typed notes (and a new title) in the
    /// item. The merge was of the item as the push had read it, and was stored over what was
    /// typed: the notes were gone, and the title put back, here and on the server.
    func testAnEditTypedWhileTheSyncWaitsForTheServerIsNeverPutBack() throws {
        let laptop = try machine(["milk"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        let laptopDocument = try document(laptop)
        let milk = try item(laptop, titled: "milk").id!
        try laptopDocument.rename(milk, to: "oat milk")
        _ = try document(phone).setCompleted(try item(phone, titled: "milk").id!, true)
        try sync(phone)
        server.whileAnswering = { [unowned self] method in
            guard method == "GET" else { return }
            self.server.whileAnswering = nil
            do {
                try laptopDocument.update(milk) {
                    $0.title = "oat milk 2 l"
                    $0.notes = "the one in the blue carton"
                }
            } catch {
                XCTFail("the edit while the sync waits: \(error)")
            }
        }
        try sync(laptop)
        XCTAssertTrue(server.requests.contains("GET"), "the PUT met the phone's change and the sync read it")
        try sync(phone)
        for side in [laptop, phone] {
            let merged = try item(side, titled: "oat milk 2 l")
            XCTAssertTrue(merged.isCompleted, "the phone's change stays")
            XCTAssertEqual(try document(side).fields(of: merged.id!).notes, "the one in the blue carton")
        }
        XCTAssertEqual(server.titles, ["oat milk 2 l"])
        XCTAssertEqual(try laptop.0.outboxCount() + phone.0.outboxCount(), 0)
    }

    /// Issue 34: the merged PUT carried the server copy's LAST-MODIFIED and DTSTAMP, and the item
    /// took that time too, so a later "latest edit wins" anywhere saw this edit as older than it was.
    func testAMergeKeepsTheTimeOfTheLaterLocalEdit() throws {
        let laptop = try machine(["milk"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        try sync(laptop)
        let laptopStamp = try XCTUnwrap(property("LAST-MODIFIED"))
        Thread.sleep(forTimeInterval: 1.1)  // LAST-MODIFIED counts whole seconds.
        _ = try document(phone).setCompleted(try item(phone, titled: "milk").id!, true)
        let phoneEdit = try modifiedAt(phone, titled: "milk")
        try sync(phone)  // 412: merged with the laptop's title, sent again
        XCTAssertEqual(server.titles, ["oat milk"])
        let stamp = Self.utc(phoneEdit)
        XCTAssertNotEqual(laptopStamp, stamp)
        XCTAssertEqual(property("LAST-MODIFIED"), stamp, "the phone's edit, the later one")
        XCTAssertEqual(property("DTSTAMP"), stamp)
        XCTAssertEqual(Self.utc(try modifiedAt(phone, titled: "oat milk")), stamp)
    }

    private func modifiedAt(_ machine: (TodoStore, Int64), titled title: String) throws -> Date {
        let milliseconds = try machine.0.queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT modified_at FROM item WHERE title = ?", arguments: [title])
        }
        return Date(timeIntervalSince1970: Double(try XCTUnwrap(milliseconds)) / 1000)
    }

    /// Issue 34: a resource another client made unreadable was met by the merge's GET and again
    /// by the pull, and counted twice.
    func testAnUnreadableResourceMetTwiceInOneSyncCountsOnce() throws {
        let laptop = try machine(["milk"])
        try sync(laptop)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        let href = try XCTUnwrap(server.resources.keys.first)
        server.write("not iCalendar at all", at: href)
        let result = try sync(laptop)
        XCTAssertEqual(result.unreadable, 1)
        XCTAssertEqual(try titles(laptop), ["oat milk"], "the local edit stays")
    }

    /// Issue 29: an import of a newer copy of a synced task replaced the sync's base with the
    /// file's text, so the next sync saw nothing to send and the server kept the old version.
    func testANewerCopyImportedIntoASyncedListIsSent() throws {
        let laptop = try machine(["milk"])
        try sync(laptop)
        // The copy another program wrote: the server's text with a new title, done, and a
        // later LAST-MODIFIED (as `flick --export`, an edit elsewhere, then `--import` give).
        let file = try XCTUnwrap(server.resources.values.first).text
            .replacingOccurrences(of: "SUMMARY:milk", with: "SUMMARY:oat milk\r\nSTATUS:COMPLETED")
            .replacingOccurrences(of: #"LAST-MODIFIED:\d{8}T\d{6}Z"#, with: "LAST-MODIFIED:20300101T000000Z",
                                  options: .regularExpression)
        XCTAssertTrue(file.contains("SUMMARY:oat milk") && file.contains("LAST-MODIFIED:2030"), file)
        let summary = try laptop.0.importLists(try ICSImport.lists(from: Data(file.utf8)), into: .list(id: laptop.1))
        XCTAssertEqual(summary.updated, 1)
        let result = try sync(laptop)
        XCTAssertEqual(result.sent, 1, "the imported change goes to the server")
        XCTAssertEqual(server.titles, ["oat milk"])
        XCTAssertTrue(try XCTUnwrap(server.resources.values.first).text.contains("STATUS:COMPLETED"))
        XCTAssertEqual(try laptop.0.outboxCount(), 0)
    }

    /// Issue 29: a resource holding a repeating task and a changed occurrence of it (as
    /// Thunderbird writes one occurrence done) lost the occurrence at the first push.
    func testAChangedOccurrenceOnTheServerSurvivesALocalEdit() throws {
        let laptop = try machine()
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\n"
            + "BEGIN:VTODO\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\nRECURRENCE-ID;VALUE=DATE:20260309\r\n"
            + "STATUS:COMPLETED\r\nSUMMARY:Water the plants\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\nDUE;VALUE=DATE:20260302\r\n"
            + "RRULE:FREQ=WEEKLY\r\nSUMMARY:Water the plants\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        server.write(text, at: "/alice/tasks/weekly.ics")
        try sync(laptop)
        let plants = try item(laptop, titled: "Water the plants")
        XCTAssertFalse(plants.isCompleted, "the task itself, not its done occurrence")
        try document(laptop).rename(plants.id!, to: "Water the garden")
        let result = try sync(laptop)
        XCTAssertEqual(result.sent, 1)
        let stored = try XCTUnwrap(server.resources["/alice/tasks/weekly.ics"]).text
        XCTAssertTrue(stored.contains("SUMMARY:Water the garden"), stored)
        XCTAssertTrue(stored.contains("RECURRENCE-ID;VALUE=DATE:20260309\r\nSTATUS:COMPLETED\r\nSUMMARY:Water the plants"),
                      "the occurrence as it came: \(stored)")
    }

    /// Issue 29: a task whose occurrence at its DUE is done on the server shows as its next
    /// occurrence, and that reading is no edit: nothing goes back until the user changes it, and
    /// then its DUE stays as the server had it.
    func testATaskWhoseDueOccurrenceIsDoneShowsTheNextAndSendsNothing() throws {
        let laptop = try machine()
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\n"
            + "BEGIN:VTODO\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\nDUE;VALUE=DATE:20260302\r\n"
            + "RRULE:FREQ=WEEKLY\r\nSUMMARY:Water the plants\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\nRECURRENCE-ID;VALUE=DATE:20260302\r\n"
            + "STATUS:COMPLETED\r\nSUMMARY:Water the plants\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        server.write(text, at: "/alice/tasks/weekly.ics")
        try sync(laptop)
        let plants = try item(laptop, titled: "Water the plants")
        XCTAssertEqual(plants.due, DueDate(year: 2026, month: 3, day: 9), "the next open occurrence")
        XCTAssertEqual(try sync(laptop).sent, 0, "reading the server is no edit")
        try document(laptop).rename(plants.id!, to: "Water the garden")
        XCTAssertEqual(try sync(laptop).sent, 1)
        let stored = try XCTUnwrap(server.resources["/alice/tasks/weekly.ics"]).text
        XCTAssertTrue(stored.contains("SUMMARY:Water the garden\r\n"), stored)
        XCTAssertTrue(stored.contains("\r\nDUE;VALUE=DATE:20260302\r\n"), "the DUE as the server had it: \(stored)")
    }

    /// Issue 57: completed here, a repeating task whose next occurrence jtx Board removed
    /// (EXDATE) moves to the one after, here at once and on the server: the same next
    /// occurrence here, on the server and in jtx Board. A sync after it sends nothing.
    func testCompletingOntoAnExcludedOccurrenceShowsTheOneAfterHereToo() throws {
        let laptop = try machine()
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\n"
            + "BEGIN:VTODO\r\nUID:weekly\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20260302\r\n"
            + "DUE;VALUE=DATE:20260302\r\nRRULE:FREQ=WEEKLY\r\nEXDATE;VALUE=DATE:20260309\r\n"
            + "SUMMARY:Water the plants\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        server.write(text, at: "/alice/tasks/weekly.ics")
        try sync(laptop)
        let plants = try item(laptop, titled: "Water the plants")
        XCTAssertEqual(try document(laptop).setCompleted(plants.id!, true), DueDate(year: 2026, month: 3, day: 16),
                       "the list reads the EXDATE too (`RepeatSeries`)")
        XCTAssertEqual(try sync(laptop).sent, 1)
        XCTAssertEqual(property("DUE;VALUE=DATE"), "20260316")
        XCTAssertEqual(property("DTSTART;VALUE=DATE"), "20260316", "the start goes with it (issue 59)")
        XCTAssertEqual(property("EXDATE;VALUE=DATE"), "20260309")
        XCTAssertEqual(try item(laptop, titled: "Water the plants").due, DueDate(year: 2026, month: 3, day: 16))
        XCTAssertEqual(try item(laptop, titled: "Water the plants").startsOn, DueDate(year: 2026, month: 3, day: 16))
        XCTAssertEqual(try sync(laptop).sent, 0)
    }

    /// Issue 59: a start set here reaches the server as DTSTART, and one set by another client
    /// arrives here; the item waits for it in its list.
    func testAStartDateGoesBothWays() throws {
        let laptop = try machine(["Plan trip"])
        try sync(laptop)
        let trip = try item(laptop, titled: "Plan trip")
        try document(laptop).update(trip.id!) { $0.setStart(DueDate(year: 2026, month: 3, day: 2)) }
        XCTAssertEqual(try sync(laptop).sent, 1)
        XCTAssertEqual(property("DTSTART;VALUE=DATE"), "20260302")
        let href = try XCTUnwrap(server.resources.keys.first)
        let text = try XCTUnwrap(server.resources[href]).text
        server.write(text.replacingOccurrences(of: "DTSTART;VALUE=DATE:20260302", with: "DTSTART;VALUE=DATE:20260309")
            .replacingOccurrences(of: "SEQUENCE:", with: "X-OTHER:1\r\nSEQUENCE:"), at: href)
        try sync(laptop)
        XCTAssertEqual(try item(laptop, titled: "Plan trip").startsOn, DueDate(year: 2026, month: 3, day: 9))
        XCTAssertEqual(try sync(laptop).sent, 0, "reading the server is no edit")
    }

    /// The value of the one resource's property `name`.
    private func property(_ name: String) -> String? {
        server.resources.values.first?.text.components(separatedBy: "\r\n").first { $0.hasPrefix(name + ":") }
            .map { String($0.dropFirst(name.count + 1)) }
    }

    private static func utc(_ date: Date?) -> String? {
        date.map { date in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            return formatter.string(from: date)
        }
    }

    func testAnAnswerLostAfterACreateDuplicatesNothing() throws {
        let laptop = try machine(["milk"])
        server.failNext = ("PUT", true)
        XCTAssertThrowsError(try sync(laptop))
        XCTAssertEqual(try laptop.0.outboxCount(), 1, "not recorded: still to send")
        XCTAssertEqual(server.resources.count, 1, "but the server has it")
        try sync(laptop)
        XCTAssertEqual(server.resources.count, 1, "no second copy")
        XCTAssertEqual(try laptop.0.outboxCount(), 0)
        XCTAssertEqual(try titles(laptop), ["milk"])
    }

    func testAnAnswerLostAfterAnUpdateOrADeleteIsRepeatedSafely() throws {
        let laptop = try machine(["milk", "eggs"])
        try sync(laptop)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        server.failNext = ("PUT", true)
        XCTAssertThrowsError(try sync(laptop))
        try sync(laptop)
        XCTAssertEqual(server.titles, ["eggs", "oat milk"])
        _ = try document(laptop).delete(try item(laptop, titled: "eggs").id!)
        server.failNext = ("DELETE", true)
        XCTAssertThrowsError(try sync(laptop))
        try sync(laptop)
        XCTAssertEqual(server.titles, ["oat milk"])
        XCTAssertEqual(try titles(laptop), ["oat milk"])
        XCTAssertEqual(try laptop.0.outboxCount(), 0)
    }

    func testARequestThatNeverArrivedIsSentNextTime() throws {
        let laptop = try machine(["milk"])
        server.failNext = ("PUT", false)
        XCTAssertThrowsError(try sync(laptop))
        XCTAssertEqual(server.resources.count, 0)
        try sync(laptop)
        XCTAssertEqual(server.titles, ["milk"])
    }

    func testAnEditHereBeatsADeletionThereAndTheOtherWayRound() throws {
        let laptop = try machine(["milk", "eggs"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        // The phone deletes "milk", the laptop edits it.
        _ = try document(phone).delete(try item(phone, titled: "milk").id!)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "oat milk")
        try sync(phone)
        try sync(laptop)
        try sync(phone)
        XCTAssertEqual(try titles(phone), ["eggs", "oat milk"], "the edit wins: it comes back")
        XCTAssertEqual(server.titles, ["eggs", "oat milk"])
        // The laptop deletes "eggs", the phone edits it first and syncs first.
        try document(phone).rename(try item(phone, titled: "eggs").id!, to: "brown eggs")
        _ = try document(laptop).delete(try item(laptop, titled: "eggs").id!)
        try sync(phone)
        try sync(laptop)
        XCTAssertEqual(try titles(laptop), ["brown eggs", "oat milk"], "the server's edit wins over the deletion")
        XCTAssertEqual(server.titles, ["brown eggs", "oat milk"])
    }

    func testTheSameFieldChangedOnBothSidesGoesToTheLaterChange() throws {
        let laptop = try machine(["milk"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        try document(laptop).rename(try item(laptop, titled: "milk").id!, to: "laptop milk")
        Thread.sleep(forTimeInterval: 1.1)  // LAST-MODIFIED counts whole seconds.
        try document(phone).rename(try item(phone, titled: "milk").id!, to: "phone milk")
        try sync(laptop)
        let result = try sync(phone)
        XCTAssertEqual(result.conflicts.map(\.field), [.title])
        XCTAssertEqual(result.conflicts.first?.replacedValue, "laptop milk")
        try sync(laptop)
        XCTAssertEqual(try titles(laptop), ["phone milk"])
        XCTAssertEqual(server.titles, ["phone milk"])
    }

    func testAForgottenSyncTokenGivesAFullResyncThatDuplicatesNothing() throws {
        let laptop = try machine(["milk", "eggs"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        server.forgetsTokens = true
        let text = server.resources.values.first!.text
        let uid = MemoryCalendarServer.uid(of: text)!
        server.write(text.replacingOccurrences(of: "SUMMARY:", with: "SUMMARY:big ").replacingOccurrences(of: uid, with: "other-uid"),
                     at: "/alice/tasks/other.ics")
        try sync(phone)
        XCTAssertEqual(try titles(phone).count, 3)
        XCTAssertEqual(try phone.0.outboxCount(), 0)
    }

    func testAnEmptyAnswerToAForgottenTokenIsCheckedAgainstEveryETag() throws {
        // DAViCal 1.1, its calendar deleted and made again empty: the old token is answered with
        // all it holds (nothing) and a new token. Only the ETags show the tasks gone, and then the
        // sync holds them and asks, as it does after a 403 valid-sync-token.
        let laptop = try machine(["milk", "eggs", "bread", "jam"])
        try sync(laptop)
        server.forgetsTokens = true
        server.listsAllForUnknownTokens = true
        for href in server.resources.keys { server.remove(href) }
        server.requests = []
        let result = try sync(laptop)
        XCTAssertEqual(server.requests, ["PROPFIND", "REPORT sync-collection", "REPORT calendar-query"])
        XCTAssertEqual(result.missingItems?.missing, 4)
        XCTAssertEqual(try titles(laptop), ["bread", "eggs", "jam", "milk"], "nothing removed before the user answers")
    }

    func testAnAnswerWithTheSameTokenAndNoChangeCostsNoListing() throws {
        let laptop = try machine(["milk"])
        try sync(laptop)
        let changes = CollectionChanges(changed: [:], removed: [], newToken: "token-3")
        XCTAssertFalse(changes.mayHaveForgotten("token-3"), "DAViCal gives a token it knows back when nothing changed")
        XCTAssertTrue(changes.mayHaveForgotten("token-2"))
        XCTAssertFalse(CollectionChanges(changed: ["/a.ics": nil], removed: [], newToken: "token-3").mayHaveForgotten("token-2"))
        server.write(server.resources.values.first!.text.replacingOccurrences(of: "SUMMARY:milk", with: "SUMMARY:oat milk"),
                     at: server.resources.keys.first!)
        server.requests = []
        try sync(laptop)
        XCTAssertEqual(server.requests, ["PROPFIND", "REPORT sync-collection", "REPORT calendar-multiget"])
        XCTAssertEqual(try titles(laptop), ["oat milk"])
    }

    func testServerDeletionsAndAdditionsArriveAndARefusedChangeIsUndone() throws {
        let laptop = try machine(["milk", "eggs"]), phone = try machine()
        try sync(laptop)
        try sync(phone)
        let eggs = server.resources.first { $0.value.text.contains("SUMMARY:eggs") }!.key
        server.remove(eggs)
        try sync(phone)
        XCTAssertEqual(try titles(phone), ["milk"])
        server.readOnly = true
        try document(phone).rename(try item(phone, titled: "milk").id!, to: "mine")
        let refused = try sync(phone)
        XCTAssertEqual(refused.refused, 1)
        XCTAssertEqual(try titles(phone), ["milk"], "a read-only calendar keeps its version")
        XCTAssertEqual(try phone.0.outboxCount(), 0)
    }
}
