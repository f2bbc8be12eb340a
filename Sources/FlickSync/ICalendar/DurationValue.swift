/// A DURATION value (RFC 5545 §3.3.6), such as a VALARM's relative TRIGGER ("-PT15M").
enum DurationValue {
    /// The signed number of seconds, or nil for text that is not a duration.
    static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard hasDurationShape(trimmed) else { return nil }
        return LibicalBridge.durationSeconds(trimmed)
    }

    /// The text of a duration of `seconds` seconds: "-PT15M", "PT0S", "-P1DT2H".
    static func text(seconds: Int) -> String {
        var rest = abs(seconds)
        let days = rest / 86_400
        rest %= 86_400
        let hours = rest / 3600, minutes = rest % 3600 / 60, secs = rest % 60
        var text = seconds < 0 ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if secs > 0 || (hours == 0 && minutes == 0) { text += "\(secs)S" }
        }
        return text
    }

    /// [+-]P then weeks ("2W") or days and a time part ("1DT2H30M", "T15M"), every number
    /// followed by its unit, something after P and after T.
    private static func hasDurationShape(_ text: String) -> Bool {
        var characters = Substring(text)
        if characters.first == "+" || characters.first == "-" { characters = characters.dropFirst() }
        guard characters.first == "P" else { return false }
        characters = characters.dropFirst()
        guard !characters.isEmpty else { return false }
        var digits = 0
        var inTime = false
        var unitsSeen = 0
        var afterT = 0
        for character in characters {
            if character.isASCII, character.isNumber {
                digits += 1
            } else if character == "T", !inTime, digits == 0 {
                inTime = true
            } else if "WDHMS".contains(character), digits > 0 {
                // W and D belong before T, H and S after it; M only after it (minutes).
                if inTime != "HMS".contains(character) { return false }
                digits = 0
                unitsSeen += 1
                if inTime { afterT += 1 }
            } else {
                return false
            }
        }
        return digits == 0 && unitsSeen > 0 && (!inTime || afterT > 0)
    }
}
