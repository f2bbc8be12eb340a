import FlickCore
import Foundation

/// The order of an account's lists shared as their calendars' ICAL:calendar-order,
/// which Apple's clients, Nextcloud (Calendar and Tasks: the lowest first) and DAVx⁵ read and
/// write. Runs after the account's lists synced, each of which read its calendar's order
/// (`CalendarSync`, in the PROPFIND that asks for the ctag).
///
/// A read never writes: only the user's move of a list sends an order. A first sync that
/// numbered the calendars would change every calendar (and its ctag) for every other client,
/// and two machines that numbered them differently would take turns. So each list
/// keeps its place in the order both sides last agreed on (`CalendarPlace.agreedOrder`), and:
/// - Flick's order no longer follows it: the user moved a list. Each calendar whose
///   calendar-order is not its place's number (0 for the first) gets it (PROPPATCH, the others
///   are not written).
/// - Else the server's orders put two lists the other way round: another client moved one, and
///   Flick's lists take the server's order, in the places they hold in the overview.
/// - Else nothing moved, and a list without an agreed place (every list at a first sync, a
///   calendar new since) is agreed where Flick shows it: at a first sync, where the server's
///   order puts it if the server has one. A calendar without an order is left without one.
/// A server that refuses the PROPPATCH (403) keeps its order and Flick keeps the user's;
/// nothing for the user to do, and the next sync asks again.
public struct CalendarOrderSync {
    /// What one sync does with the order.
    enum Plan {
        case nothing
        /// Agree on Flick's order as it is.
        case agree
        /// PROPPATCH these calendars with these orders, then agree on Flick's order.
        case send([(listID: Int64, url: String, order: Int)])
        /// Put the lists in this order and agree on it.
        case arrange([Int64])
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
        let flicksOrder = places.map(\.listID)
        switch Self.plan(places) {
        case .nothing:
            return 0
        case .agree:
            try agree(on: flicksOrder)
            return 0
        case let .arrange(order):
            try agree(on: try store.arrangeLists(order) ? order : flicksOrder)
            return 0
        case let .send(changes):
            let refused = try send(changes)
            // A refusal leaves the agreement as it was: Flick's order still differs from it, so
            // the next sync asks again, and the server's order, kept, is not taken for a move
            // made elsewhere.
            if refused == 0 { try agree(on: flicksOrder) }
            return refused
        }
    }

    /// How many of `changes` the server refused.
    private func send(_ changes: [(listID: Int64, url: String, order: Int)]) throws -> Int {
        var refused = 0
        for change in changes {
            guard let url = URL(string: change.url), try !server.setOrder(change.order, of: url) else { continue }
            refused += 1
        }
        return refused
    }

    /// Records `order` (list ids) as the order both sides agree on: each list's place in it.
    private func agree(on order: [Int64]) throws {
        try store.setAgreedCalendarOrders(order.enumerated().map { (listID: $0.element, order: $0.offset) })
    }

    /// What to do for `places` (in Flick's order).
    static func plan(_ places: [CalendarPlace]) -> Plan {
        guard !places.isEmpty else { return .nothing }
        if flickMoved(places) { return .send(changes(places)) }
        let neverAgreed = places.allSatisfy { $0.agreedOrder == nil }
        if neverAgreed ? places.contains(where: { $0.serverOrder != nil }) : serverMoved(places) {
            return .arrange(arrangement(places))
        }
        return everyPlaceAgreed(places) ? .nothing : .agree
    }

    /// Two lists with agreed places are the other way round in Flick's order. A list without
    /// one (a calendar new since the last sync) moved nowhere.
    private static func flickMoved(_ places: [CalendarPlace]) -> Bool {
        !ascending(places.compactMap(\.agreedOrder))
    }

    /// Two calendars' orders are the other way round from Flick's order of their lists. A
    /// calendar without one moved nowhere: Xandikos answers a PROPPATCH of calendar-order with
    /// 200 and keeps nothing, and taking that for a move would undo the user's at every sync.
    /// Equal orders say nothing of which comes first: Nextcloud gives every calendar 0.
    private static func serverMoved(_ places: [CalendarPlace]) -> Bool {
        !ascending(places.compactMap(\.serverOrder))
    }

    private static func ascending(_ numbers: [Int]) -> Bool {
        zip(numbers, numbers.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Every list has a place of its own in the agreed order, so that a move among them shows.
    private static func everyPlaceAgreed(_ places: [CalendarPlace]) -> Bool {
        let agreed = places.map(\.agreedOrder)
        return !agreed.contains(nil) && zip(agreed, agreed.dropFirst()).allSatisfy { $0! < $1! }
    }

    /// Each calendar whose order is not its list's place in Flick's order, with that place:
    /// with the others, which have theirs, the server's order is then Flick's.
    private static func changes(_ places: [CalendarPlace]) -> [(listID: Int64, url: String, order: Int)] {
        places.enumerated().filter { $0.element.serverOrder != $0.offset }
            .map { (listID: $0.element.listID, url: $0.element.url, order: $0.offset) }
    }

    /// The lists in the server's order (calendars without one last; equal ones as Flick has them).
    private static func arrangement(_ places: [CalendarPlace]) -> [Int64] {
        places.enumerated().sorted {
            ($0.element.serverOrder ?? .max, $0.offset) < ($1.element.serverOrder ?? .max, $1.offset)
        }.map(\.element.listID)
    }
}
