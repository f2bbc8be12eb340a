/// One canonical percent-encoding for URL paths, so that a resource compares equal however a
/// server chose to encode its href: "/a b/", "/a%20b/" and "/%61%20b/" all become "/a%20b/",
/// "/caf%c3%a9" and "/café" both "/caf%C3%A9".
///
/// Every escape is decoded and every byte re-encoded the same way: unreserved characters,
/// sub-delimiters, ":" and "@" as themselves, everything else (and "/" inside a segment) as
/// an upper-case escape. Working on bytes keeps it total: an escape that is not UTF-8 (a
/// Latin-1 "%E9") is kept as that byte, and a stray "%" becomes "%25".
enum PathEncoding {
    /// `path` ("/a/b%20c/d.ics") with each segment canonical and the dot segments ("." and
    /// "..", encoded or not) resolved as RFC 3986 §5.2.4 does.
    static func canonicalPath(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { decode($0) }
        var output: [[UInt8]] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case Array(".".utf8):
                if isLast { output.append([]) }
            case Array("..".utf8):
                if output.count > 1 { output.removeLast() }
                if isLast { output.append([]) }
            default:
                output.append(segment)
            }
        }
        return output.map(encode).joined(separator: "/")
    }

    /// The bytes a segment stands for, its escapes decoded.
    private static func decode(_ segment: Substring) -> [UInt8] {
        let bytes = Array(segment.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func encode(_ segment: [UInt8]) -> String {
        var text = ""
        for byte in segment {
            if isLiteral(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%"
                text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0x0F)]))
            }
        }
        return text
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 pchar minus "%": unreserved, sub-delims, ":" and "@".
    private static func isLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~!$&'()*+,;=:@".utf8).contains(byte)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
