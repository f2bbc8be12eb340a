import FlickInteraction

/// Nanoseconds per event through the list controller for the event streams real input makes:
/// a slow drag that opens a row, a fast swipe, a touchscreen pinch, each ending idle.
struct ControllerBenchmark {
    /// Events per measured stream.
    static let eventsPerStream = 60

    let geometry = ListGeometry(rowWidth: 480, rowHeight: 56, menuWidth: 160, rowCount: 1000)

    /// Per-event times (ns) of `repetitions` runs of each stream, by stream name.
    func run(repetitions: Int) -> [(String, [Double])] {
        [("drag", measure(repetitions, drag)), ("swipe", measure(repetitions, swipe)),
         ("pinch", measure(repetitions, pinch))]
    }

    private func measure(_ repetitions: Int, _ stream: (ListInteractionController<Int64>, Int) -> Int) -> [Double] {
        let controller = ListInteractionController<Int64>()
        _ = controller.configure(geometry: geometry)
        var perEvent: [Double] = []
        for run in 0..<repetitions {
            let start = ContinuousClock.now
            let events = stream(controller, run)
            let elapsed = ContinuousClock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            perEvent.append(nanoseconds / Double(events))
        }
        return perEvent
    }

    /// A slow leftward drag on row `run % 100` past half the menu, released, animated to rest.
    private func drag(_ controller: ListInteractionController<Int64>, _ run: Int) -> Int {
        var time = Double(run) * 10
        var events = 1
        blackHole(controller.dragBegan(item: Int64(run % 100), time: time))
        for step in 1...Self.eventsPerStream {
            time += 0.016
            blackHole(controller.dragUpdated(dx: -Double(step) * 3, dy: 0.5, time: time).effects)
            events += 1
        }
        blackHole(controller.dragEnded(time: time + 0.016))
        events += 1
        events += settle(controller, from: time)
        blackHole(controller.closeAll())
        return events + settle(controller, from: time + 1) + 1
    }

    /// A fast leftward swipe: few events, far apart.
    private func swipe(_ controller: ListInteractionController<Int64>, _ run: Int) -> Int {
        var time = Double(run) * 10
        blackHole(controller.dragBegan(item: Int64(run % 100), time: time))
        for step in 1...6 {
            time += 0.016
            blackHole(controller.dragUpdated(dx: -Double(step) * 40, dy: 0, time: time).effects)
        }
        blackHole(controller.dragEnded(time: time + 0.016))
        let settled = settle(controller, from: time)
        blackHole(controller.closeAll())
        return 8 + settled + settle(controller, from: time + 1) + 1
    }

    /// Two touch points on neighbouring rows spreading apart, released short of a row.
    private func pinch(_ controller: ListInteractionController<Int64>, _ run: Int) -> Int {
        var time = Double(run) * 10
        blackHole(controller.pinchBegan(upperIndex: 2, lowerIndex: 3, upperY: 140, lowerY: 196, time: time))
        for step in 1...Self.eventsPerStream {
            time += 0.016
            let spread = Double(step) * 0.4
            blackHole(controller.pinchUpdated(upperY: 140 - spread, lowerY: 196 + spread, time: time))
        }
        blackHole(controller.pinchEnded(time: time + 0.016))
        return Self.eventsPerStream + 2 + settle(controller, from: time)
    }

    /// Frames until the controller is at rest; returns how many.
    private func settle(_ controller: ListInteractionController<Int64>, from time: Double) -> Int {
        var frames = 0
        var now = time
        while controller.needsFrames && frames < 200 {
            now += 1.0 / 60
            blackHole(controller.advance(to: now))
            frames += 1
        }
        return frames
    }
}

/// Keeps the optimiser from dropping work whose result is not used.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
