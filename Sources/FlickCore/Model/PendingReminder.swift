import Foundation

/// A reminder that has not been shown for its time yet: which item, where, and when it fires.
public struct PendingReminder: Sendable, Equatable {
    public var itemID: Int64
    public var listID: Int64
    public var listName: String
    public var title: String
    public var fireDate: Date
    /// The second `reminded_at` records once it is shown: the fire time's, or for a reminder on
    /// the local clock (a time without a zone, a date alone), that wall-clock time read as UTC,
    /// the same in every zone. A reminder at 9:00 shown in Berlin is not shown again at 9:00 in
    /// New York when the machine's zone changes.
    var shownSecond: Int64

    public init(itemID: Int64, listID: Int64, listName: String, title: String, fireDate: Date, shownSecond: Int64? = nil) {
        self.itemID = itemID
        self.listID = listID
        self.listName = listName
        self.title = title
        self.fireDate = fireDate
        self.shownSecond = shownSecond ?? Self.second(of: fireDate)
    }

    /// The fire time in whole seconds, as `reminded_at` recorded it before the local clock's
    /// reminders had a second of their own.
    var fireSecond: Int64 { Self.second(of: fireDate) }

    static func second(of date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
