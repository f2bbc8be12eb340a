@preconcurrency import CGtk
import FlickCore
import FlickUI
import Foundation

/// `FLICK_BENCH_EDITS=N`: N rounds of each `BenchmarkEdit` on an open item in the middle of the
/// list, each followed by its undo (`win.undo`), every one activated in a frame of its own the way
/// the keyboard reaches it; prints each one's time from the activation to that frame painted, read
/// with the monotonic clock, then quits. Run with animations off, as `ClearBenchmark` is, so that
/// every change lands in the frame that asked for it. A change that did not happen to the document
/// stops the benchmark with an error. `FLICK_BENCH_EDITS_ONLY=NAME` (a `BenchmarkEdit`'s name)
/// makes that edit alone, so that a profile of the run (callgrind) counts one kind of edit.
@MainActor
final class EditBenchmark {
    /// What a step of a round does: gets the item ready (focused; for an insert, a new row
    /// below it with its title typed), untimed; makes the edit; undoes it.
    private enum Phase { case prepare, edit, undo }
    private typealias Step = (edit: BenchmarkEdit, phase: Phase)

    private let window: MainWindow
    private let application: UnsafeMutablePointer<GApplication>
    private let steps: [Step]
    private var nextStep = 0
    /// The step made last, checked against the document once its frame has been painted.
    private var unchecked: Step?
    /// The first step waits for the window's first frames, as `ClearBenchmark` does.
    private var framesToWait = 10
    private var framesWaitingForSink = 0
    private var connected = false
    /// When the step of the frame being drawn was activated, and what it was.
    private var activated: (time: Int, edit: BenchmarkEdit, undo: Bool)?
    private var editMicroseconds: [BenchmarkEdit: [Int]] = [:]
    private var undoMicroseconds: [BenchmarkEdit: [Int]] = [:]
    /// The item every edit is made on, where it stands, and how many items there are: each
    /// undo must give these back.
    private var target: (id: Int64, index: Int)?
    private var itemCount = 0
    private var failure: String?

    /// Frames from one step to the next: the step's own, and two in which what it left to the
    /// main loop (focusing, scrolling, taking in its own commit) is done, so that the next step's
    /// frame does only that step's work. Three keeps a run of 30 rounds near 20 s.
    private static let framesApart = 3
    /// How long an undo of a completion waits for the item to sink (0.2 s after it is
    /// completed): an undo before that would leave the sink to move the reopened item.
    private static let sinkFrameLimit = 120
    private static let typedTitle = "Benchmark insert"

    init(window: MainWindow, application: UnsafeMutablePointer<GApplication>, rounds: Int) {
        self.window = window
        self.application = application
        let edits = BenchmarkRunner.value("FLICK_BENCH_EDITS_ONLY").flatMap(BenchmarkEdit.init(rawValue:)).map { [$0] }
        let round = (edits ?? BenchmarkEdit.allCases).flatMap { edit in [Phase.prepare, .edit, .undo].map { (edit, $0) } }
        steps = Array(repeating: round, count: rounds).flatMap { $0 }
        gtk_window_set_default_size(GLibHooks.pointer(window.window), FrameBenchmark.windowSize.width, FrameBenchmark.windowSize.height)
    }

    /// The tick callback's data keeps the benchmark alive until it quits.
    func start() {
        let data = Unmanaged.passRetained(self).toOpaque()
        gtk_widget_add_tick_callback(window.shownList!.listView, editBenchmarkTick, data, nil)
    }

    /// The list shown: the window opens on one, and the benchmark never leaves it.
    private var list: GestureList { window.shownList! }
    private var document: ListDocument { window.document }

    // MARK: Steps

    fileprivate func tick() -> Bool {
        connectOnce()
        framesToWait -= 1
        guard framesToWait <= 0 else { return true }
        if target == nil { chooseTarget() }
        checkLastStep()
        guard failure == nil, nextStep < steps.count else {
            GLibHooks.idle { self.finish() }
            return false
        }
        guard isReady(steps[nextStep]) else { return true }
        runSteps()
        framesToWait = Self.framesApart
        return true
    }

    private func connectOnce() {
        guard !connected else { return }
        connected = GLibHooks.afterEachPaint(of: window.window) { [weak self] in self?.framePainted() }
    }

    /// The first open item from the middle of the list on: a change there is on screen, with
    /// rows above and below it, and a move to the end crosses half the list.
    private func chooseTarget() {
        itemCount = document.items.count
        let items = document.items
        guard let index = items.indices.dropFirst(itemCount / 2).first(where: { !items[$0].isCompleted }) else {
            failure = "no open item in the second half of the list (\(itemCount) items)"
            return
        }
        target = (items[index].id, index)
    }

    /// Runs the next step; a preparation that finds the item ready does nothing, and the step
    /// after it runs in this frame instead.
    private func runSteps() {
        while nextStep < steps.count {
            let step = steps[nextStep]
            nextStep += 1
            if run(step) {
                unchecked = step
                return
            }
        }
    }

    /// Whether the step can run now. An undo of a completion waits until the completed item
    /// has sunk, which happens 0.2 s after it was completed; the undo then puts it back too.
    private func isReady(_ step: Step) -> Bool {
        guard step == (.complete, .undo), window.completedItemsSink,
              let target, document.settledIndex(of: target.id) != nil else { return true }
        framesWaitingForSink += 1
        if framesWaitingForSink > Self.sinkFrameLimit { failure = "the completed item did not sink" }
        return false
    }

    /// Makes the step; false when there was nothing to do.
    private func run(_ step: Step) -> Bool {
        guard let target else { return false }
        switch step.phase {
        case .prepare:
            return prepare(step.edit, on: target.id)
        case .edit:
            activated = (g_get_monotonic_time(), step.edit, false)
            make(step.edit)
        case .undo:
            framesWaitingForSink = 0
            activated = (g_get_monotonic_time(), step.edit, true)
            window.activateAction("undo")
        }
        return true
    }

    /// Puts the focus on the item (an undo of an insert leaves it elsewhere); for an insert,
    /// opens a new row below it (Ctrl+Return) and types its title there.
    private func prepare(_ edit: BenchmarkEdit, on id: Int64) -> Bool {
        let focused = list.focusedID == id
        if !focused { window.focusRow(id) }
        guard edit == .insert else { return !focused }
        window.activateAction("insert-below")
        gtk_editable_set_text(OpaquePointer(list.editor.entry), Self.typedTitle)
        return true
    }

    private func make(_ edit: BenchmarkEdit) {
        switch edit {
        case .complete: window.activateAction("toggle-complete")
        case .delete: window.activateAction("delete")
        case .move: window.activateAction("move-to-bottom")
        case .insert: list.editor.commit()  // What Enter in the new row does.
        }
    }

    // MARK: Checks

    /// Reads the document after the step's frame, so that the reading is not timed.
    private func checkLastStep() {
        guard let step = unchecked, let target else { return }
        unchecked = nil
        let problem = step.phase == .undo ? undoProblem(target) : problem(after: step, target)
        if let problem { failure = "\(step.edit.rawValue) \(step.phase): \(problem)" }
    }

    private func problem(after step: Step, _ target: (id: Int64, index: Int)) -> String? {
        let items = document.items
        switch (step.edit, step.phase) {
        case (.insert, .prepare):
            return list.isEditing ? nil : "no new row was opened"
        case (_, .prepare):
            return list.focusedID == target.id ? nil : "the item was not focused"
        case (.complete, _):
            return document.item(target.id)?.isCompleted == true ? nil : "the item was not completed"
        case (.delete, _):
            let deleted = document.index(of: target.id) == nil && items.count == itemCount - 1
            return deleted ? nil : "the item was not deleted"
        case (.move, _):
            return document.index(of: target.id) == itemCount - 1 ? nil : "the item did not move to the end"
        case (.insert, _):
            let inserted = items.count == itemCount + 1 && document.item(at: target.index + 1).title == Self.typedTitle
            return inserted ? nil : "no item was inserted below the item"
        }
    }

    private func undoProblem(_ target: (id: Int64, index: Int)) -> String? {
        let index = document.index(of: target.id)
        guard document.items.count == itemCount, index == target.index,
              document.items[target.index].isCompleted == false else {
            return "the undo left \(document.items.count) items of \(itemCount), the item at \(index ?? -1) of \(target.index)"
        }
        return nil
    }

    // MARK: Timing and output

    private func framePainted() {
        guard let activated else { return }
        let spent = g_get_monotonic_time() - activated.time
        if activated.undo { undoMicroseconds[activated.edit, default: []].append(spent) }
        else { editMicroseconds[activated.edit, default: []].append(spent) }
        self.activated = nil
    }

    private func finish() {
        if let failure {
            FileHandle.standardError.write(Data("flick-bench edits: \(failure)\n".utf8))
            exit(1)
        }
        let edits = BenchmarkEdit.allCases.map { edit in
            "\"\(edit.rawValue)\": {\"edit_us\": \(editMicroseconds[edit] ?? []), \"undo_us\": \(undoMicroseconds[edit] ?? [])}"
        }
        let json = "{\"items\": \(itemCount), \(edits.joined(separator: ", "))}"
        FileHandle.standardOutput.write(Data("flick-bench edits \(json)\n".utf8))
        g_application_quit(application)
    }
}

private let editBenchmarkTick: GtkTickCallback = { _, _, data in
    let benchmark = Unmanaged<EditBenchmark>.fromOpaque(data!).takeUnretainedValue()
    let more = MainActor.assumeIsolated { benchmark.tick() }
    if !more { Unmanaged<EditBenchmark>.fromOpaque(data!).release() }
    return more ? 1 : 0
}
