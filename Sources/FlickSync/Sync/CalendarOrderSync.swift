import FlickCore
import Foundation

/// The order of an account's lists shared as their calendars' ICAL:calendar-order (issue 62),
/// which Apple's clients, Nextcloud (Calendar and Tasks: the lowest first) and DAVx⁵ read and
/// write. Runs after the account's lists synced, each of which read its calendar's order
/// (`CalendarSync`, in the PROPFIND that asks for the ctag). Flick moved a list since the last
/// agreement: each calendar whose place changed gets its place's number, 0 for the first
/// (PROPPATCH, the others are not written). Else another client moved one: Flick's lists take
/// the server's order, in the places they hold in the overview. A server that refuses the
/// PROPPATCH (403) keeps its order and Flick keeps the user's; nothing for the user to do, and
/// the next sync asks again.
public struct CalendarOrderSync {
    /// What one sync does with the order.
    enum Plan {
        case nothing
        /// PROPPATCH these calendars with these orders, then agree on the places' numbers.
        case send([(listID: Int64, url: String, order: Int)], agreed: [(listID: Int64, order: Int?)])
        /// Put the lists in this order and agree on the server's orders.
        case arrange([Int64], agreed: [(listID: Int64, order: Int?)])
    }

    private let store: TodoStore
    private let server: CalendarServer

    public init(store: TodoStore, server: CalendarServer) {
        self.store = store
        self.server = server
    }

    /// Shares the order of the account's lists; returns how many calendars the server refused
    /// to move.
    @discardableResult
    public func sync(accountID: Int64) throws -> Int {
        let places = try store.calendarPlaces(accountID: accountID)
        switch Self.plan(places) {
        case .nothing:
            return 0
        case let .arrange(order, agreed):
            try store.arrangeLists(order)
            try store.setAgreedCalendarOrders(agreed)
            return 0
        case let .send(changes, agreed):
            var agreed = agreed
            var refused = 0
            for change in changes {
                guard let url = URL(string: change.url), try !server.setOrder(change.order, of: url) else { continue }
                // Refused: the server's order stays the one agreed, so it is not taken as a move
                // made elsewhere, and the user's order is asked for again next time.
                refused += 1
                if let index = agreed.firstIndex(where: { $0.listID == change.listID }) {
                    agreed[index].order = places.first { $0.listID == change.listID }?.serverOrder
                }
            }
            try store.setAgreedCalendarOrders(agreed)
            return refused
        }
    }

    /// What to do for `places` (in Flick's order).
    static func plan(_ places: [CalendarPlace]) -> Plan {
        guard !places.isEmpty else { return .nothing }
        let neverAgreed = places.allSatisfy { $0.agreedOrder == nil }
        let serverHasOrder = places.contains { $0.serverOrder != nil }
        if neverAgreed ? serverHasOrder : serverMoved(places) && !flickMoved(places) {
            return arrangement(places)
        }
        guard flickMoved(places) else { return .nothing }
        let changes = places.enumerated().filter { $0.element.serverOrder != $0.offset }
            .map { (listID: $0.element.listID, url: $0.element.url, order: $0.offset) }
        return .send(changes, agreed: places.enumerated().map { (listID: $0.element.listID, order: $0.offset) })
    }

    /// Flick's order no longer follows the orders last agreed (or a list has none yet).
    private static func flickMoved(_ places: [CalendarPlace]) -> Bool {
        let agreed = places.map(\.agreedOrder)
        guard !agreed.contains(nil) else { return true }
        return zip(agreed, agreed.dropFirst()).contains { $0! >= $1! }
    }

    /// The server's order of some calendar is not the one last agreed. A calendar without one
    /// moved nowhere: Xandikos answers a PROPPATCH of calendar-order with 200 and keeps nothing,
    /// and taking that for a move would send the order again at every other sync.
    private static func serverMoved(_ places: [CalendarPlace]) -> Bool {
        places.contains { $0.agreedOrder != nil && $0.serverOrder != nil && $0.serverOrder != $0.agreedOrder }
    }

    /// The lists in the server's order (calendars without one last; equal ones as Flick has them).
    private static func arrangement(_ places: [CalendarPlace]) -> Plan {
        let order = places.enumerated().sorted {
            ($0.element.serverOrder ?? .max, $0.offset) < ($1.element.serverOrder ?? .max, $1.offset)
        }.map(\.element.listID)
        return .arrange(order, agreed: places.map { (listID: $0.listID, order: $0.serverOrder) })
    }
}
