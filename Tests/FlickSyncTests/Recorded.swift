import Foundation
@testable import FlickSync

/// The replies recorded from Radicale 3.1.8 by tools/record-dav-responses, read from the test
/// bundle. File names say what was asked and the HTTP status of the answer
/// ("sync-bogus-token.403.xml"); NAME.request.xml is the body that was sent.
enum Recorded {
    /// Where the recordings were made: alice's calendar home and the task calendar in it. The
    /// port differs from run to run and appears in no reply (Radicale writes absolute paths).
    static let server = URL(string: "http://127.0.0.1:5232/")!
    static let home = URL(string: "http://127.0.0.1:5232/alice/")!
    static let calendar = URL(string: "http://127.0.0.1:5232/alice/flick%20tasks/")!

    static func data(_ file: String) throws -> Data {
        guard let directory = Bundle.module.url(forResource: "Recorded", withExtension: nil) else {
            throw TestFailure("the Recorded resources are missing from the test bundle")
        }
        return try Data(contentsOf: directory.appendingPathComponent(file))
    }

    static func text(_ file: String) throws -> String {
        String(decoding: try data(file), as: UTF8.self)
    }

    static func multistatus(_ file: String) throws -> DAVMultistatus {
        try DAVMultistatus(data: data(file))
    }
}

/// Whether every line break in `text` is CR LF (checked on scalars: Swift treats CR LF as one
/// character, so string searches for "\n" do not see it).
func hasOnlyCRLFLineEnds(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        if scalar == "\r", index + 1 >= scalars.count || scalars[index + 1] != "\n" { return false }
        if scalar == "\n", index == 0 || scalars[index - 1] != "\r" { return false }
    }
    return true
}
