/// One unfolded RFC 5545 content line (§3.1): `name *(";" param) ":" value`.
///
/// The parameters stay as the raw text they came as, so a line Flick rewrites keeps parameters it
/// does not know exactly as written; `parameters` reads them when needed.
struct ContentLine: Sendable, Equatable {
    /// The property (or BEGIN / END) name as written.
    var name: String
    /// Everything between the name and the value's colon, with each parameter's leading ";"
    /// (";TZID=Europe/Berlin;X-FOO=\"a:b\""), or "" for none.
    var parameterText: String
    /// The value as written (still TEXT-escaped where the property is TEXT).
    var value: String

    init(name: String, parameterText: String = "", value: String) {
        self.name = name
        self.parameterText = parameterText
        self.value = value
    }

    /// Splits an unfolded line; nil when there is no name or no colon after the parameters.
    /// A colon or semicolon inside a quoted parameter value belongs to the parameter.
    init?(unfolded line: Substring) {
        let utf8 = line.utf8
        var index = utf8.startIndex
        // The name ends at the first ";" or ":" (names are letters, digits and "-").
        while index != utf8.endIndex, utf8[index] != UInt8(ascii: ";"), utf8[index] != UInt8(ascii: ":") {
            index = utf8.index(after: index)
        }
        guard index != utf8.endIndex, index != utf8.startIndex else { return nil }
        let nameEnd = index
        var quoted = false
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ":"), !quoted {
                break
            }
            index = utf8.index(after: index)
        }
        guard index != utf8.endIndex else { return nil }
        name = String(line[line.startIndex..<nameEnd])
        parameterText = String(line[nameEnd..<index])
        value = String(line[line.index(after: index)...])
    }

    /// The line as one unfolded text, without a line break.
    var unfoldedText: String { name + parameterText + ":" + value }

    /// The line folded for writing (75 octets a line, CRLF between), without a final CRLF.
    var foldedText: String { LineFolding.fold(unfoldedText) }

    /// The parameters as (NAME uppercased, value without quotes), in order.
    var parameters: [(name: String, value: String)] {
        ContentLine.splitParameters(parameterText)
    }

    /// The first value of parameter `name` (case-insensitive), without quotes.
    func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.value
    }

    /// The parameter text without the parameters named in `names` (uppercase), the others kept
    /// exactly as written.
    func parameterText(removing names: Set<String>) -> String {
        ContentLine.rawParameters(parameterText)
            .filter { raw in
                let name = raw.prefix { $0 != "=" }.uppercased()
                return !names.contains(name)
            }
            .map { ";" + $0 }
            .joined()
    }

    /// The parameter text with only its well-formed parameters (RFC 5545 §3.2: `name=value`,
    /// values quoted or free of `";:,`, separated by commas): another program's empty ";;" or
    /// "X-FOO" without a value makes strict readers refuse a whole export.
    var wellFormedParameterText: String {
        ContentLine.rawParameters(parameterText).filter(ContentLine.isWellFormed).map { ";" + $0 }.joined()
    }

    private static func isWellFormed(_ parameter: Substring) -> Bool {
        guard let equals = parameter.firstIndex(of: "="), equals != parameter.startIndex,
              parameter[..<equals].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return false
        }
        // Each comma-separated value is either one quoted string or free of quotes, ";" and ":".
        var quoted = false, atValueStart = true, afterQuote = false
        for character in parameter[parameter.index(after: equals)...] {
            if quoted {
                if character == "\"" { quoted = false; afterQuote = true }
            } else if character == "," {
                atValueStart = true; afterQuote = false
            } else if afterQuote || character == ";" || character == ":" || (character == "\"" && !atValueStart) {
                return false
            } else {
                quoted = character == "\""
                atValueStart = false
            }
        }
        return !quoted
    }

    /// Each raw parameter ("TZID=Europe/Berlin"), split at the semicolons outside quotes.
    private static func rawParameters(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        var quoted = false
        var start = text.startIndex
        var index = text.startIndex
        while index != text.endIndex {
            let character = text[index]
            if character == "\"" {
                quoted.toggle()
            } else if character == ";", !quoted {
                if index != start { pieces.append(text[start..<index]) }
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        if start != text.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    private static func splitParameters(_ text: String) -> [(name: String, value: String)] {
        rawParameters(text).map { raw in
            guard let equals = raw.firstIndex(of: "=") else { return (raw.uppercased(), "") }
            var value = raw[raw.index(after: equals)...]
            // A quoted value ("…") is read without its quotes; lists ("a","b") keep theirs.
            if value.count >= 2, value.first == "\"", value.last == "\"",
               !value.dropFirst().dropLast().contains("\"") {
                value = value.dropFirst().dropLast()
            }
            return (raw[..<equals].uppercased(), String(value))
        }
    }
}
