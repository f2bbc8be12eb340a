/// What the user answered about the items a calendar lost at once (`MissingItems`).
public enum MissingItemsAnswer: Sendable, Equatable {
    /// Send them to the server again, each as a new resource with its own UID.
    case putBack
    /// Remove them here too, as any deletion made on the server.
    case removeHere
}
