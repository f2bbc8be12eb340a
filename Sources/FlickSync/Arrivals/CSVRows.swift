/// The rows of a CSV text (RFC 4180): fields split at commas, a quoted field may hold commas,
/// line breaks and doubled quotes; rows end at CR LF or LF. Each row with the line it starts on.
enum CSVRows {
    struct Row {
        var fields: [String]
        var line: Int
    }

    /// A quoted field that does not close, on this line.
    struct UnclosedQuote: Error {
        let line: Int
    }

    /// Throws the line of a quoted field that never closes (a file cut short).
    static func rows(_ text: String) throws(UnclosedQuote) -> [Row] {
        var rows: [Row] = [], fields: [String] = [], field = ""
        var quoted = false, fieldWasQuoted = false, line = 1, rowLine = 1, quoteLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) { rows.append(Row(fields: fields, line: rowLine)) }
            (fields, field, fieldWasQuoted) = ([], "", false)
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"", pending == "\"" {
                    // A doubled quote inside quotes is one quote.
                    field.unicodeScalars.append("\"")
                    pending = iterator.next()
                } else if scalar == "\"" {
                    quoted = false
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                (quoted, fieldWasQuoted, quoteLine) = (true, true, line)
            case ",":
                fields.append(field)
                (field, fieldWasQuoted) = ("", false)
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw UnclosedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRow() }
        return rows
    }
}

