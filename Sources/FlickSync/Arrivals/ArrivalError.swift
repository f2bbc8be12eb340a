/// Why a file in a format Flick knows could not be read: nothing of it is imported.
public struct ArrivalError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not UTF-8 text (or a NUL inside): every one of these formats is UTF-8.
        case notText
        /// JSON or XML that does not parse: cut off, or not well-formed.
        case malformed
        /// A part the format always has is missing or of the wrong kind ("tasks", "title").
        case missing(String)
        /// A date field holds text that is no date.
        case badDate(field: String, value: String)
        /// A CSV row whose quotes do not close.
        case unclosedQuote
    }

    public let format: ArrivalFormat
    public let kind: Kind
    /// The line of the file it is on, where the format has lines that mean something.
    public let line: Int?

    public init(_ format: ArrivalFormat, _ kind: Kind, line: Int? = nil) {
        self.format = format
        self.kind = kind
        self.line = line
    }
}
