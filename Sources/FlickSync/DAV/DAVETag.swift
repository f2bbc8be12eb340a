/// An entity tag exactly as the server gave it, quotes and weakness prefix included: it goes back
/// in If-Match byte for byte, and servers compare it literally.
public struct DAVETag: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given, e.g. `"8d28dd7a"` or `W/"1a2b"`.
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    /// A weak tag (`W/"…"`, RFC 9110 §8.8.3) says the server may have changed the bytes Flick
    /// sent; RFC 4791 §5.3.4 forbids a strong one then. A weak tag is no proof that the stored
    /// text is the one Flick wrote, so the item should be fetched again (research 1.3).
    public var isWeak: Bool { text.hasPrefix("W/") }

    /// Whether the tag has the form RFC 9110 gives it: optionally `W/`, then a quoted string.
    /// Some servers send bare tags; they are kept as given all the same.
    public var isQuoted: Bool {
        let opaque = isWeak ? text.dropFirst(2) : Substring(text)
        return opaque.count >= 2 && opaque.hasPrefix("\"") && opaque.hasSuffix("\"")
    }

    public var description: String { text }
}
