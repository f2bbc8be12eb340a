import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// PRIORITY, CATEGORIES and the parent's RELATED-TO (issue 32): read from the shapes other
/// clients write, written by changing only their lines, merged field by field, and kept as the
/// text has them for an item stored before Flick read them.
final class PriorityTagsParentMappingTests: XCTestCase {
    private let zone = ICS.berlin
    private let now = ICS.utc(2026, 11, 1, 12, 0, 0)

    /// Nextcloud Tasks writes the parent without RELTYPE; a CHILD relation says nothing of it.
    func testTheShapesOtherClientsWriteAreRead() throws {
        let nextcloud = try ICS.only(ICS.todo("""
            SUMMARY:Child
            PRIORITY:1
            CATEGORIES:Work,Q4\\, late
            CATEGORIES:home
            RELATED-TO;RELTYPE=CHILD:grandchild
            RELATED-TO:parent-uid
            """)).fields(localZone: zone)
        XCTAssertEqual(nextcloud.priority, 1)
        XCTAssertEqual(nextcloud.tags, ["Work", "Q4, late", "home"])
        XCTAssertEqual(nextcloud.parentUID, "parent-uid")
        let tasksOrg = try ICS.only(ICS.todo("""
            SUMMARY:Child
            PRIORITY:9
            RELATED-TO;RELTYPE=PARENT:other-parent
            """)).fields(localZone: zone)
        XCTAssertEqual(tasksOrg.priority, 9)
        XCTAssertEqual(tasksOrg.parentUID, "other-parent")
        let none = try ICS.only(ICS.todo("SUMMARY:Plain\nPRIORITY:12\nRELATED-TO;RELTYPE=SIBLING:s")).fields(localZone: zone)
        XCTAssertEqual([none.priority], [0], "out of range counts as none")
        XCTAssertEqual(none.tags, [])
        XCTAssertNil(none.parentUID)
    }

    func testAPatchChangesOnlyTheirLinesAndKeepsOtherRelations() throws {
        let todo = try ICS.only(ICS.todo("""
            SUMMARY:Child
            PRIORITY:5
            CATEGORIES;LANGUAGE=en:a,b
            CATEGORIES:c
            RELATED-TO;RELTYPE=CHILD:grandchild
            RELATED-TO;X-NOTE=kept:parent-uid
            """))
        var fields = todo.fields(localZone: zone)
        XCTAssertNil(todo.patched(to: fields, localZone: zone, now: now), "nothing changed, nothing written")
        fields.priority = 1
        fields.tags = ["a", "d"]
        fields.parentUID = "new-parent"
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: zone, now: now))
        let lines = patched.text.components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("PRIORITY:1"))
        XCTAssertEqual(lines.filter { $0.hasPrefix("CATEGORIES") }, ["CATEGORIES;LANGUAGE=en:a,d"])
        XCTAssertTrue(lines.contains("RELATED-TO;RELTYPE=CHILD:grandchild"))
        XCTAssertTrue(lines.contains("RELATED-TO;X-NOTE=kept:new-parent"))
        XCTAssertEqual(patched.fields(localZone: zone).tags, ["a", "d"])

        fields.priority = 0
        fields.tags = []
        fields.parentUID = nil
        let cleared = try XCTUnwrap(todo.patched(to: fields, localZone: zone, now: now)).text
        XCTAssertFalse(cleared.contains("PRIORITY"))
        XCTAssertFalse(cleared.contains("CATEGORIES"))
        XCTAssertTrue(cleared.contains("RELATED-TO;RELTYPE=CHILD:grandchild"))
        XCTAssertFalse(cleared.contains("parent-uid"))
    }

    func testANewVTodoSaysThemAsNextcloudAndTasksOrgRead() {
        let fields = VTodoFields(uid: "n", title: "Sub", priority: 5, tags: ["x,y", "z"], parentUID: "p")
        let text = VTodo.new(from: fields, localZone: zone, now: now).text
        XCTAssertTrue(text.contains("PRIORITY:5\r\n"))
        XCTAssertTrue(text.contains("CATEGORIES:x\\,y,z\r\n"))
        XCTAssertTrue(text.contains("RELATED-TO;RELTYPE=PARENT:p\r\n"))
    }

    /// An item stored before schema v8 has its priority marked unread: writing it out keeps the
    /// text's own, and changes nothing.
    func testAnItemStoredBeforeTheyWereReadIsWrittenAsItCame() throws {
        let text = ICS.todo("SUMMARY:Old\nPRIORITY:1\nCATEGORIES:kept\nRELATED-TO:p")
        let todo = try ICS.only(text)
        let created = todo.fields(localZone: zone).createdAt ?? now
        let item = ExportedItem(uid: "test-1", title: "Old", createdAt: created, modifiedAt: now, rank: 0,
                                ical: text, priority: -1)
        XCTAssertTrue(item.priorityTagsAndParentUnread)
        let written = ICSExport.todo(for: item, localZone: zone)
        XCTAssertEqual(written.fields(localZone: zone).priority, 1)
        XCTAssertEqual(written.fields(localZone: zone).tags, ["kept"])
        XCTAssertEqual(written.fields(localZone: zone).parentUID, "p")
        let read = ICSExport.localFields(of: item, localZone: zone)
        XCTAssertEqual([read.priority], [1])
    }

    func testBothSidesChangingThePriorityIsAConflictTheLaterWins() {
        let base = VTodoFields(uid: "u", title: "t", priority: 5)
        var local = base, remote = base
        local.priority = 1
        remote.priority = 9
        remote.tags = ["from the server"]
        let outcome = VTodoMerge.merge(base: base, local: local, remote: remote, localModified: now,
                                       remoteModified: now.addingTimeInterval(-60))
        XCTAssertEqual(outcome.fields.priority, 1, "the local change is the later")
        XCTAssertEqual(outcome.fields.tags, ["from the server"], "changed on one side only: kept")
        XCTAssertEqual(outcome.conflicts.map(\.field), [.priority])
    }
}
