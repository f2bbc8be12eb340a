/// RFC 5545 §3.3.11 TEXT values: backslash escapes for backslash, semicolon, comma and newline.
enum TextValue {
    /// `text` escaped for a TEXT property value. Line breaks of any kind become "\n".
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\r": output += "\\n"
            // CRLF is one line break, already written for its CR.
            case "\n" where previousWasReturn: break
            case "\n": output += "\\n"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The text a TEXT value stands for. "\n" and "\N" are newlines; "\\", "\;", "\," and the
    /// non-standard "\:" (written by some clients) their character; any other backslash is kept.
    static func unescape(_ value: some StringProtocol) -> String {
        guard value.contains("\\") else { return String(value) }
        var output = ""
        output.reserveCapacity(value.utf8.count)
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                escaping = false
                switch scalar {
                case "n", "N": output += "\n"
                case "\\", ";", ",", ":": output.unicodeScalars.append(scalar)
                default:
                    output += "\\"
                    output.unicodeScalars.append(scalar)
                }
            } else if scalar == "\\" {
                escaping = true
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        if escaping { output += "\\" }
        return output
    }
}
