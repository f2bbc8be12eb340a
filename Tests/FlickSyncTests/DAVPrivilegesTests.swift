import XCTest
@testable import FlickSync

final class DAVPrivilegesTests: XCTestCase {
    func testAggregatesGrantWhatTheyHold() {
        for aggregate in [DAVName.privilegeAll, .privilegeWrite] {
            let privileges = DAVPrivileges(granted: [.dav("read"), aggregate])
            XCTAssertTrue(privileges.canWriteContent)
            XCTAssertTrue(privileges.canBind)
            XCTAssertTrue(privileges.canUnbind)
        }
    }

    func testSinglePrivilegesGrantOnlyThemselves() {
        let contentOnly = DAVPrivileges(granted: [.dav("read"), .privilegeWriteContent])
        XCTAssertTrue(contentOnly.canWriteContent)
        XCTAssertFalse(contentOnly.canBind)
        XCTAssertFalse(contentOnly.canUnbind)
    }

    func testReadOnly() {
        let readOnly = DAVPrivileges(granted: [.dav("read"), .dav("read-current-user-privilege-set")])
        XCTAssertFalse(readOnly.canWriteContent)
        XCTAssertFalse(readOnly.canBind)
        XCTAssertFalse(DAVPrivileges(granted: []).canWriteContent)
        // A privilege of the same name in another namespace is not DAV's.
        XCTAssertFalse(DAVPrivileges(granted: [DAVName("urn:other", "write")]).canWriteContent)
    }
}
