import Foundation
import FuzzSupport
import XCTest
@testable import FlickSync

/// Issue 11, "bad input never crashes": WebDAV replies are read from a server Flick does not
/// control. Mutations of the replies recorded from Radicale must each be read whole or refused
/// with a `DAVParseError`, and what was read must be safe to use the way a sync uses it.
final class DAVReplyFuzzTests: XCTestCase {
    private static let corpus: [[UInt8]] = {
        let names = ["calendar-order.207.xml", "calendar-state.207.xml", "calendars.207.xml", "delete.200.xml", "duplicate-uid.409.xml",
                     "home-set.207.xml", "mkcalendar-exists.409.xml", "multiget.207.xml", "principal.207.xml",
                     "sync-bogus-token.403.xml", "sync-changes.207.xml", "sync-initial.207.xml", "todo-etags.207.xml"]
        return names.compactMap { try? [UInt8](Recorded.data($0)) }
    }()

    private static let mutator: FuzzMutator = {
        var mutator = FuzzMutator(
        tokens: ["<response>", "</response>", "<href>", "</href>", "<href/>", "<propstat>", "</propstat>", "<prop>",
                 "</prop>", "<status>HTTP/1.1 200 OK</status>", "<status>HTTP/1.1 99999999999999999999 X</status>",
                 "<status></status>", "<status>HTTP/1.1 507 Insufficient Storage</status>", "<getetag>", "</getetag>",
                 "<sync-token>", "</sync-token>", "<C:calendar-data>", "</C:calendar-data>", "<error>", "</error>",
                 "<C:no-uid-conflict/>", "<valid-sync-token/>", "<![CDATA[", "]]>", "<!--", "-->", "&amp;", "&#0;",
                 "&#13;", "&#x10FFFF;", "&#xD800;", "&#99999999999;", "&unknown;", "<?xml version='1.0'?>",
                 "<?xml version='1.0' encoding='UTF-16'?>", "<!DOCTYPE x [<!ENTITY a 'b'>]>", "xmlns=\"\"",
                 " xmlns:D=\"DAV:\"", "<D:multistatus>", "<x:y>", "</", "<", ">", "/>", "'", "\"", "=", "%2F", "%",
                 "%C3%28", "../", "//", "http://[::1", "BEGIN:VCALENDAR\n", "END:VTODO\n"],
        open: "<prop xmlns=\"DAV:\">", close: "</prop>")
        // XMLParser calls back per piece of text: bigger replies only slow the run down.
        mutator.maximumLength = 1 << 17
        return mutator
    }()

    /// Where the replies were asked for: hrefs are resolved against it.
    private static let requestURL = URL(string: "http://127.0.0.1:5232/alice/flick%20tasks/")!

    func testMutatedRepliesAreReadWholeOrRefused() {
        let corpus = Self.corpus
        XCTAssertEqual(corpus.count, 13, "the recorded replies were not found")
        let result = FuzzCampaign("DAVReplyFuzzTests", cases: 1500).run { _, random in
            var original = random.pick(corpus)
            // Half the time one element per line, so that line mutations move whole elements.
            if random.chance(0.5) { original = original.flatMap { $0 == UInt8(ascii: ">") ? [$0, 0x0A] : [$0] } }
            let bytes = Self.mutator.mutate(original, donors: corpus, &random)
            return Self.check(bytes)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Found by the fuzz test (seed 1, case 10): Foundation's XMLParser on Linux force-unwraps
    /// every name libxml2 hands it as UTF-8, and libxml2 (in recovery mode) hands on bytes that
    /// are not: a processing instruction's target, a comment, an element's name. Each crashed
    /// the process; a reply that is not UTF-8 must be refused instead.
    func testRepliesThatAreNotUTF8AreRefused() {
        let replies: [[UInt8]] = [
            Array("<?".utf8) + [0xF8] + Array("ml version='1.0' encoding='utf-8'?>\n".utf8),
            Array("<multistatus xmlns=\"DAV:\"><!--".utf8) + [0xFF] + Array("--></multistatus>".utf8),
            Array("<multistatus xmlns=\"DAV:\"><".utf8) + [0xF8] + Array("a/></multistatus>".utf8),
        ]
        for reply in replies {
            XCTAssertThrowsError(try DAVMultistatus(data: Data(reply)), "\(reply)")
        }
    }

    /// What is wrong with how `bytes` were read as a multistatus and as an error body, or nil.
    private static func check(_ bytes: [UInt8]) -> String? {
        let data = Data(bytes)
        do throws(DAVParseError) {
            let multistatus = try DAVMultistatus(data: data)
            if let problem = use(multistatus) { return problem }
        } catch {
            if error.description.isEmpty { return "a multistatus refused without a reason: \(error)" }
        }
        do throws(DAVParseError) {
            let error = try DAVError(data: data)
            _ = (error.isInvalidSyncToken, error.isUIDConflict, error.conflictingHref, error.conditions.map(\.hrefs))
        } catch {
            if error.description.isEmpty { return "an error body refused without a reason: \(error)" }
        }
        return nil
    }

    /// Reads everything a sync reads of a reply; what is wrong with it, or nil.
    private static func use(_ multistatus: DAVMultistatus) -> String? {
        _ = (multistatus.isTruncated, multistatus.syncToken)
        for response in multistatus.responses {
            if response.href.isEmpty { return "a response without an href was accepted" }
            _ = (response.url(relativeTo: requestURL), response.isRemoved, response.unavailableProperties,
                 response.error?.isUIDConflict, response.status?.isSuccess, response.otherHrefs)
            _ = multistatus.response(for: response.href, relativeTo: requestURL)
            let properties = response.properties
            _ = (properties.displayName, properties.resourceType?.isCalendar, properties.etag?.isWeak,
                 properties.etag?.isQuoted, properties.ctag, properties.syncToken, properties.currentUserPrincipal,
                 properties.calendarHomeSet, properties.supportedComponents, properties.supportedReports,
                 properties.calendarColor, properties.privileges?.canWriteContent, properties.privileges?.canBind,
                 properties.privileges?.canUnbind)
            if let path = response.path(relativeTo: requestURL), path.isEmpty { return "an href gave an empty path" }
            if let text = properties.calendarData {
                // The calendar data of a reply goes on to the iCalendar reader: the same rule holds.
                do throws(ICalendarError) {
                    _ = try ICalendarFile(text: text)
                } catch {
                    if error.line < 1 || error.reason.isEmpty { return "calendar data refused without a line: \(error)" }
                }
            }
        }
        return nil
    }
}
