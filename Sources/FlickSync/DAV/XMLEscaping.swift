/// Text and attribute values made safe to place in an XML 1.0 document.
enum XMLEscaping {
    /// `text` as character data: the markup characters escaped, CR kept as a character reference
    /// (a parser turns a literal CR into LF, XML 1.0 §2.11), and the characters XML 1.0 cannot
    /// carry at all (most C0 controls, U+FFFE, U+FFFF) left out, since a body holding them would
    /// be refused as a whole.
    static func text(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\r": escaped += "&#13;"
            default:
                if isAllowed(scalar) { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }

    /// `value` for a double-quoted attribute: as `text`, with quotes, tabs and line feeds as
    /// references too (attribute-value normalisation would turn the latter two into spaces).
    static func attribute(_ value: String) -> String {
        var escaped = ""
        for scalar in text(value).unicodeScalars {
            switch scalar {
            case "\"": escaped += "&quot;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether XML 1.0 allows `scalar` in a document (production Char, §2.2).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
