@testable import FlickInteraction

/// One seeded random sequence of interleaved inputs (drags, swipes, the three kinds
/// of pinch, cancels, keyboard actions, removals, resizes, frames), with DESIGN 5's
/// invariants checked after every call. `run(steps:)` returns the first violation.
///
/// The scenario keeps its own model of what the rules allow (which drag is in
/// progress, where the active pinch may insert) and checks the controller's
/// answers against it, and the UI stand-in against the controller's queries.
final class RandomScenario {
    private enum Call: Equatable {
        case dragBegan(Int64, preClaimed: Bool), dragUpdated, dragEnded, dragCancelled
        case pinchBegan(upper: Int?, lower: Int?), pinchUpdated, pinchEnded, pinchCancelled
        case touchpadBegan(Int), touchpadUpdated, ctrlScroll(Int), ctrlScrollStopped
        case openMenu, closeMenu, closeAll, itemRemoved(Int64), frame, configure

        /// Calls that may stop a drag on the UI's behalf.
        var mayCancelDrag: Bool {
            switch self {
            case .dragBegan, .pinchBegan, .touchpadBegan, .ctrlScroll, .openMenu, .closeMenu, .closeAll, .itemRemoved:
                true
            default:
                false
            }
        }
    }

    private var rng: SplitMix64
    private let ui: ControllerHarness
    private var controller: Controller { ui.controller }
    private let items: [Int64] = [1, 2, 3, 4, 5, 6]
    private var eventTime: Double
    private var trace: [String] = []

    // The model.
    private var dx = 0.0
    private var dy = 0.0
    /// The drag in progress and the last decision about it.
    private var drag: (item: Int64, decision: DragDecision)?
    /// The active pinch; `boundary` is where it may insert, nil if nowhere.
    private var pinch: (isCtrlScroll: Bool, boundary: Int?)?
    /// Animations were turned off while something moved: one frame finishes it.
    private var framesOwed = false

    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        // The event clock and the frame clock start far apart, at random.
        eventTime = Double.random(in: 0...100_000, using: &rng)
        let frameClockStart = Double.random(in: 0...1_000_000, using: &rng)
        self.rng = rng
        ui = ControllerHarness(geometry: .standard, keepsLog: false)
        ui.frame(after: frameClockStart)
    }

    /// Some items may be postponed (an open item) and some not (a completed one, a list).
    private func mayPostpone(_ id: Int64) -> Bool { id % 2 == 0 }

    func run(steps: Int) -> String? {
        if let failure = call(.configure, "configure", { controller.configure(geometry: randomGeometry()) }) {
            return failure
        }
        for _ in 0..<steps {
            if let failure = randomStep() { return failure }
        }
        return finish()
    }

    // MARK: Steps

    private func randomStep() -> String? {
        eventTime += Double.random(in: 0...0.12, using: &rng)
        let item = items.randomElement(using: &rng)!
        let rows = controller.geometry.rowCount
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<8:
            let preClaimed = Bool.random(using: &rng)
            return call(.dragBegan(item, preClaimed: preClaimed), "dragBegan(\(item), preClaimed: \(preClaimed))") {
                controller.dragBegan(item: item, time: eventTime, preClaimed: preClaimed, mayPostpone: mayPostpone(item))
            }
        case 8..<30:
            dx += Double.random(in: -70...60, using: &rng)
            dy += Double.random(in: -12...12, using: &rng)
            return dragUpdate(dx: dx, dy: dy, at: eventTime)
        case 30..<36:
            return call(.dragEnded, "dragEnded") { controller.dragEnded(time: eventTime) }
        case 36..<38:
            return call(.dragCancelled, "dragCancelled") { controller.dragCancelled() }
        case 38..<42:
            return swipe(item)
        case 42..<47:
            let upper = Int.random(in: -1...rows, using: &rng)
            let lower = Bool.random(using: &rng) ? upper + 1 : Int.random(in: -1...rows + 1, using: &rng)
            let (upperIndex, lowerIndex): (Int?, Int?) = (upper < 0 ? nil : upper, lower < 0 ? nil : lower)
            return call(.pinchBegan(upper: upperIndex, lower: lowerIndex), "pinchBegan(\(upper), \(lower))") {
                controller.pinchBegan(upperIndex: upperIndex, lowerIndex: lowerIndex, upperY: 100, lowerY: 160, time: eventTime)
            }
        case 47..<55:
            let upperY = 100 - Double.random(in: -30...60, using: &rng)
            let lowerY = 160 + Double.random(in: -30...60, using: &rng)
            return call(.pinchUpdated, "pinchUpdated(\(upperY), \(lowerY))") {
                controller.pinchUpdated(upperY: upperY, lowerY: lowerY, time: eventTime)
            }
        case 55..<59:
            return call(.pinchEnded, "pinchEnded") { controller.pinchEnded(time: eventTime) }
        case 59..<60:
            return call(.pinchCancelled, "pinchCancelled") { controller.pinchCancelled() }
        case 60..<63:
            let boundary = Int.random(in: -1...rows + 1, using: &rng)
            return call(.touchpadBegan(boundary), "touchpadPinchBegan(\(boundary))") {
                controller.touchpadPinchBegan(boundaryIndex: boundary, time: eventTime)
            }
        case 63..<68:
            let scale = Double.random(in: 0.5...2.2, using: &rng)
            return call(.touchpadUpdated, "touchpadPinchUpdated(\(scale))") {
                controller.touchpadPinchUpdated(scale: scale, time: eventTime)
            }
        case 68..<73:
            let boundary = Int.random(in: -1...rows + 1, using: &rng)
            let delta = [-1.0, -1, 1, -0.3, 2.5].randomElement(using: &rng)!
            return call(.ctrlScroll(boundary), "ctrlScroll(\(boundary), \(delta))") {
                controller.ctrlScroll(boundaryIndex: boundary, deltaY: delta, time: eventTime)
            }
        case 73..<75:
            return call(.ctrlScrollStopped, "ctrlScrollStopped") { controller.ctrlScrollStopped(time: eventTime) }
        case 75..<78:
            return call(.openMenu, "openMenu(\(item))") { controller.openMenu(item: item) }
        case 78..<80:
            return call(.closeMenu, "closeMenu") { controller.closeMenu() }
        case 80..<82:
            return call(.closeAll, "closeAll") { controller.closeAll() }
        case 82..<84:
            return call(.itemRemoved(item), "itemRemoved(\(item))") { controller.itemRemoved(item) }
        case 84..<85:
            return call(.configure, "configure") { controller.configure(geometry: randomGeometry()) }
        case 85..<86:
            controller.animationsEnabled.toggle()
            framesOwed = framesOwed || controller.needsFrames
            trace.append("animationsEnabled = \(controller.animationsEnabled)")
            return nil
        default:
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let dt = Bool.random(using: &rng) ? 1.0 / 60 : Double.random(in: 0...0.3, using: &rng)
                if let failure = call(.frame, "frame(+\(dt))", { ui.frame(after: dt); return [] }) {
                    return failure
                }
                framesOwed = false
            }
            return nil
        }
    }

    private func dragUpdate(dx: Double, dy: Double, at time: Double) -> String? {
        var decision = DragDecision.denied
        let failure = call(.dragUpdated, "dragUpdated(\(dx), \(dy))") {
            let response = controller.dragUpdated(dx: dx, dy: dy, time: time)
            decision = response.decision
            return response.effects
        }
        if let failure { return failure }
        trace.append("→ \(decision)")
        switch (drag?.decision, decision) {
        case (nil, .denied), (.denied?, .denied), (.undecided?, _), (.claimed?, .claimed):
            drag = drag.map { ($0.item, decision) }
            return nil
        default:
            return self.failure("drag was \(String(describing: drag?.decision)), now \(decision)")
        }
    }

    /// A quick flick: press, two moves within 0.05 s, release.
    private func swipe(_ item: Int64) -> String? {
        let across = Double.random(in: -120...120, using: &rng)
        let start = eventTime
        eventTime += 0.05
        return call(.dragBegan(item, preClaimed: false), "swipe: dragBegan(\(item))") {
            controller.dragBegan(item: item, time: start, mayPostpone: mayPostpone(item))
        }
            ?? dragUpdate(dx: across / 2, dy: 3, at: start + 0.025)
            ?? dragUpdate(dx: across, dy: 5, at: start + 0.05)
            ?? call(.dragEnded, "swipe: dragEnded") { controller.dragEnded(time: start + 0.05) }
    }

    /// Ends every gesture, lets everything settle, and checks that it is all at rest.
    private func finish() -> String? {
        if let failure = call(.dragEnded, "end: dragEnded", { controller.dragEnded(time: eventTime + 1) })
            ?? call(.pinchEnded, "end: pinchEnded", { controller.pinchEnded(time: eventTime + 1) }) {
            return failure
        }
        ui.settle(limit: 10)
        guard controller.isIdle, !controller.needsFrames else { return failure("not idle after settling") }
        if ui.gap != nil { return failure("gap left after settling") }
        if let open = controller.openItem, ui.announcedOpen != [open] { return failure("open row not announced") }
        return checkState()
    }

    // MARK: Checks

    /// Makes one call, applies its effects to the UI stand-in, and checks them and
    /// the state that follows.
    private func call(_ kind: Call, _ name: String, _ body: () -> [Effect]) -> String? {
        trace.append(name)
        let gapBefore = ui.gap
        let dragBefore = drag
        let pinchBefore = pinch
        let effects = ui.apply(body())
        if case .itemRemoved(let id) = kind { ui.forget(id) }
        let commits = kind == .pinchEnded || (kind == .ctrlScrollStopped && pinchBefore?.isCtrlScroll == true)
        var inserted = false
        for effect in effects {
            switch effect {
            case .toggleComplete(let id), .postpone(let id):
                guard kind == .dragEnded, dragBefore?.item == id, dragBefore?.decision == .claimed else {
                    return failure("toggle \(id) from \(name), drag \(String(describing: dragBefore))")
                }
            case .insertItem(let index):
                inserted = true
                guard commits, gapBefore?.releaseWillInsert == true, gapBefore?.boundaryIndex == index,
                      pinchBefore?.boundary == index
                else { return failure("insert at \(index) from \(name), gap was \(String(describing: gapBefore))") }
            case .dragCancelled:
                guard kind.mayCancelDrag else { return failure("drag cancelled by \(name)") }
                if case .dragBegan = kind {} else if dragBefore == nil || dragBefore?.decision == .denied {
                    return failure("\(name) cancelled a drag that was not in progress")
                }
            default:
                break
            }
        }
        if commits, gapBefore?.releaseWillInsert == true, !inserted {
            return failure("release past the threshold did not insert")
        }
        if let failure = updateModel(kind, cancelled: effects.contains(.dragCancelled)) { return failure }
        return checkState()
    }

    /// Follows what the rules say about the drag and the pinch.
    private func updateModel(_ kind: Call, cancelled: Bool) -> String? {
        let rows = controller.geometry.rowCount
        switch kind {
        case .dragBegan(let item, let preClaimed):
            let inProgress = drag.map { $0.decision != .denied } ?? false
            // Refused while another drag is in progress or a pinch locks drags out.
            if cancelled != (inProgress || pinch != nil) {
                return failure(cancelled ? "drag refused for no reason" : "drag accepted against the rules")
            }
            if !cancelled {
                drag = (item, preClaimed ? .claimed : .undecided)
                (dx, dy) = (0, 0)
            } else if !inProgress {
                drag = (item, .denied)
            }
        case .dragEnded, .dragCancelled:
            drag = nil
        case .pinchBegan(let upper, let lower):
            let neighbours = upper.flatMap { upper in lower.map { lower in upper >= 0 && lower == upper + 1 && lower < rows } }
            pinch = (false, neighbours == true ? lower : nil)
        case .touchpadBegan(let boundary):
            pinch = (false, (0...rows).contains(boundary) ? boundary : nil)
        case .ctrlScroll(let boundary) where pinch == nil && (0...rows).contains(boundary):
            pinch = (true, boundary)
        case .pinchEnded, .pinchCancelled:
            pinch = nil
        case .ctrlScrollStopped where pinch?.isCtrlScroll == true:
            pinch = nil
        case .configure:
            if let boundary = pinch?.boundary, boundary > rows { pinch = nil }
        default:
            break
        }
        if cancelled, case .dragBegan = kind {} else if cancelled {
            drag = drag.map { ($0.item, .denied) }
        }
        if pinch != nil, let drag, drag.decision != .denied {
            return failure("drag \(drag) goes on during a pinch")
        }
        return nil
    }

    private func checkState() -> String? {
        let geometry = controller.geometry
        let open = -max(0, min(geometry.menuWidth, geometry.rowWidth - 20))
        let direction: Double = geometry.isRightToLeft ? -1 : 1
        let openRows = items.filter { controller.isMenuOpen($0) }
        if openRows.count > 1 { return failure("several rows open: \(openRows)") }
        if ui.announcedOpen.count > 1 || !ui.announcedOpen.isSubset(of: openRows) {
            return failure("announced open \(ui.announcedOpen), open \(openRows)")
        }
        for id in items {
            let look = controller.appearance(of: id)
            if ui.offset(id) != look.offset || ui.revealed.contains(id) != look.isBackRevealed
                || ui.cue(id) != look.completionProgress || ui.postponeCue(id) != look.postponeProgress {
                return failure("row \(id): UI shows \(ui.offset(id)), \(ui.revealed.contains(id)), \(ui.cue(id)); controller \(look)")
            }
            if look.isBackRevealed != (look.offset != 0 || controller.isMenuOpen(id)) {
                return failure("row \(id) back revealed \(look.isBackRevealed) at \(look.offset)")
            }
            if !(0...1).contains(look.completionProgress) { return failure("row \(id) cue \(look.completionProgress)") }
            let logical = look.offset * direction
            let pastMenu = logical < open && controller.postponeOffset != nil
            if !(0...1).contains(look.postponeProgress) || (look.postponeProgress > 0) != pastMenu {
                return failure("row \(id) at \(look.offset): postpone cue \(look.postponeProgress)")
            }
            // Only a closed row dragged with postponing allowed goes past its menu.
            let lowest = drag?.item == id && mayPostpone(id) && controller.postponeOffset != nil
                ? -max(geometry.rowWidth, 0) : open
            if logical < lowest - 1e-9 && controller.rows[id]?.animation == nil || logical > max(geometry.rowWidth, 0) + 1e-9 {
                return failure("row \(id) at \(look.offset) outside \(open)…\(geometry.rowWidth)")
            }
            if controller.isIdle, logical != (controller.isMenuOpen(id) ? open : 0) {
                return failure("idle but row \(id) at \(look.offset)")
            }
        }
        if ui.gap != controller.currentGap { return failure("UI gap \(String(describing: ui.gap))") }
        if let gap = ui.gap {
            guard gap.height > 0, (0...1).contains(gap.placeholderScale), (0...1).contains(gap.placeholderOpacity)
            else { return failure("bad gap \(gap)") }
            if gap.releaseWillInsert, gap.height <= gap.rowHeight || pinch?.boundary != gap.boundaryIndex {
                return failure("gap \(gap) would insert; pinch \(String(describing: pinch))")
            }
        }
        if !controller.animationsEnabled, !framesOwed, controller.needsFrames {
            return failure("frames needed with animations off")
        }
        return nil
    }

    // MARK: Helpers

    private func randomGeometry() -> ListGeometry {
        ListGeometry(
            rowWidth: [0, 15, 30, 240, 400, 400, 600].randomElement(using: &rng)!,
            rowHeight: [30, 56, 56, 80].randomElement(using: &rng)!,
            menuWidth: [0, 120, 200, 200, 700].randomElement(using: &rng)!,
            rowCount: Int.random(in: 0...12, using: &rng),
            isRightToLeft: Int.random(in: 0..<4, using: &rng) == 0
        )
    }

    private func failure(_ message: String) -> String {
        "\(message)\n  after: \(trace.suffix(12).joined(separator: "; "))"
    }
}
