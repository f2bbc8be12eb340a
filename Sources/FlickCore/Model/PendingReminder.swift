import Foundation

/// A reminder that has not been shown for its time yet: which item, where, and when it fires.
public struct PendingReminder: Sendable, Equatable {
    public var itemID: Int64
    public var listID: Int64
    public var listName: String
    public var title: String
    public var fireDate: Date

    /// The fire time in whole seconds, as `reminded_at` records it.
    var fireSecond: Int64 { Int64(fireDate.timeIntervalSince1970.rounded(.down)) }
}
