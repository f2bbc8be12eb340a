@testable import FlickInteraction

typealias Controller = ListInteractionController<Int64>
typealias Effect = InteractionEffect<Int64>

extension ListGeometry {
    /// W 400, H 56, a 200 px menu: open at −200, half of it −100, half the width 200.
    static let standard = ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 200, rowCount: 10)
}

/// A stand-in for the UI: applies every effect the controller returns, the way the
/// row widgets and the placeholder would, and keeps a log of them.
///
/// Event times and frame times are kept on separate clocks, far apart, so a test
/// that mixed them up would see animations jump.
final class ControllerHarness {
    let controller: Controller
    private(set) var offsets: [Int64: Double] = [:]
    private(set) var revealed: Set<Int64> = []
    private(set) var cues: [Int64: Double] = [:]
    private(set) var postponeCues: [Int64: Double] = [:]
    private(set) var announcedOpen: Set<Int64> = []
    private(set) var gap: PinchGap?
    private(set) var log: [Effect] = []
    /// The frame clock: unrelated to event times.
    private(set) var frameTime = 50_000.0
    let keepsLog: Bool

    init(geometry: ListGeometry = .standard, animations: Bool = true, keepsLog: Bool = true) {
        controller = Controller()
        self.keepsLog = keepsLog
        controller.animationsEnabled = animations
        apply(controller.configure(geometry: geometry))
    }

    func offset(_ id: Int64) -> Double { offsets[id] ?? 0 }
    func cue(_ id: Int64) -> Double { cues[id] ?? 0 }
    func postponeCue(_ id: Int64) -> Double { postponeCues[id] ?? 0 }

    @discardableResult
    func apply(_ effects: [Effect]) -> [Effect] {
        for effect in effects {
            switch effect {
            case .rowOffset(let id, let offset): offsets[id] = offset
            case .menuRevealed(let id, let shown):
                if shown { revealed.insert(id) } else { revealed.remove(id) }
            case .completionCue(let id, let progress): cues[id] = progress
            case .postponeCue(let id, let progress): postponeCues[id] = progress
            case .menuOpened(let id): announcedOpen.insert(id)
            case .menuClosed(let id): announcedOpen.remove(id)
            case .gap(let newGap): gap = newGap
            case .toggleComplete, .postpone, .insertItem, .dragCancelled: break
            }
        }
        if keepsLog { log += effects }
        return effects
    }

    /// The UI drops everything it showed for an item that left the list.
    func forget(_ id: Int64) {
        offsets[id] = nil
        revealed.remove(id)
        cues[id] = nil
        postponeCues[id] = nil
        announcedOpen.remove(id)
    }

    // MARK: Drags

    /// Which items the view says may be postponed by a drag past the menu.
    var mayPostpone: (Int64) -> Bool = { _ in false }

    @discardableResult
    func begin(_ item: Int64, at time: Double, preClaimed: Bool = false) -> [Effect] {
        apply(controller.dragBegan(item: item, time: time, preClaimed: preClaimed, mayPostpone: mayPostpone(item)))
    }

    @discardableResult
    func move(dx: Double, dy: Double = 0, at time: Double) -> DragDecision {
        let response = controller.dragUpdated(dx: dx, dy: dy, time: time)
        apply(response.effects)
        return response.decision
    }

    @discardableResult
    func end(at time: Double) -> [Effect] {
        apply(controller.dragEnded(time: time))
    }

    /// A whole drag: press at `start`, moves at the given (time, dx, dy), release at
    /// `release` (default: the last move's time). Returns the release's effects.
    @discardableResult
    func drag(
        _ item: Int64, start: Double = 0,
        _ moves: [(t: Double, dx: Double, dy: Double)], release: Double? = nil
    ) -> [Effect] {
        begin(item, at: start)
        for step in moves { move(dx: step.dx, dy: step.dy, at: step.t) }
        return end(at: release ?? moves.last?.t ?? start)
    }

    /// A drag moving steadily to `dx` over `seconds` in 60 Hz steps, then resting
    /// `rest` seconds before release.
    @discardableResult
    func steadyDrag(_ item: Int64, to dx: Double, over seconds: Double, rest: Double = 0) -> [Effect] {
        let steps = max(1, Int((seconds * 60).rounded()))
        let moves = (1...steps).map { i in
            (t: seconds * Double(i) / Double(steps), dx: dx * Double(i) / Double(steps), dy: 0.0)
        }
        return drag(item, moves, release: seconds + rest)
    }

    // MARK: Frames

    /// One frame, `dt` seconds after the previous one.
    @discardableResult
    func frame(after dt: Double = 1.0 / 60) -> [Effect] {
        frameTime += dt
        return apply(controller.advance(to: frameTime))
    }

    /// Runs 60 Hz frames until nothing moves (at most `limit` seconds), calling
    /// `each` after every frame. Returns the number of frames.
    @discardableResult
    func settle(limit: Double = 5, each: () -> Void = {}) -> Int {
        var frames = 0
        while controller.needsFrames, Double(frames) / 60 < limit {
            frame()
            frames += 1
            each()
        }
        return frames
    }

    /// The offsets a row passes through until everything has settled.
    func offsetsWhileSettling(_ id: Int64) -> [Double] {
        var seen: [Double] = []
        settle { seen.append(offset(id)) }
        return seen
    }
}
