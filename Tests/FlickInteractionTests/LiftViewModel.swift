import XCTest
@testable import FlickInteraction

/// What a lift's view would show, kept from the lift's effects alone: the list view's order of
/// rows (`slots`, moved by `.moveSlot`), the level's order (`level`, changed by `.move` only),
/// whether the copy is drawn, and how often a row was lifted and carried up. A slot move must
/// start where the slot is.
struct LiftViewModel {
    private(set) var slots: [Int64]
    private(set) var level: [Int64]
    private(set) var isShowingCopy = false
    private(set) var isCarried = false
    private(set) var lifts = 0
    private(set) var carries = 0
    private(set) var log: [LiftGesture<Int64>.Effect] = []

    init(rowCount: Int) {
        slots = (0..<Int64(rowCount)).map { $0 }
        level = slots
    }

    mutating func apply(_ effects: [LiftGesture<Int64>.Effect], file: StaticString = #filePath, line: UInt = #line) {
        for effect in effects { apply(effect, file: file, line: line) }
    }

    private mutating func apply(_ effect: LiftGesture<Int64>.Effect, file: StaticString, line: UInt) {
        log.append(effect)
        switch effect {
        case .list, .placeInList, .placeCarried, .focus, .heldStill, .scroll:
            break
        case let .lifted(id, index):
            XCTAssertFalse(isShowingCopy, "lifted twice", file: file, line: line)
            XCTAssertEqual(slots[index], id, "lifted from its slot", file: file, line: line)
            isShowingCopy = true
            lifts += 1
        case let .moveSlot(from, to, _):
            XCTAssertTrue(isShowingCopy, "a slot moved with nothing lifted", file: file, line: line)
            XCTAssertFalse(isCarried, "a slot moved while carried", file: file, line: line)
            slots.insert(slots.remove(at: from), at: to)
        case .carriedUp:
            XCTAssertEqual(slots, level, "carried up with the list in the level's order", file: file, line: line)
            isCarried = true
            carries += 1
        case .ended:
            XCTAssertTrue(isShowingCopy, "ended with nothing lifted", file: file, line: line)
            XCTAssertEqual(slots, level, "ended with the list in the level's order", file: file, line: line)
            isShowingCopy = false
            isCarried = false
        case let .move(id, to):
            XCTAssertFalse(isShowingCopy, "moved before the lift ended", file: file, line: line)
            level.removeAll { $0 == id }
            level.insert(id, at: to)
            slots = level
        case .moveCarried:
            XCTFail("nothing is carried along here", file: file, line: line)
        case .dropCarried, .carryCancelled:
            XCTAssertFalse(isShowingCopy, "a carry ended before the lift", file: file, line: line)
        }
    }
}
