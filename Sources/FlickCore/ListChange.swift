/// How a list's ordered items changed, so a view can update just the rows concerned.
public enum ListChange: Sendable, Equatable {
    case inserted(at: Int)
    case removed(at: Int)
    case moved(from: Int, to: Int)
    case updated(at: Int)
}
