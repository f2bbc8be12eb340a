import Foundation

/// Runs `work` at every local midnight (and after the clock or zone jumps past one), so that
/// "Today", "Tomorrow" and overdue chips, and the Today list's count, follow the date.
@MainActor
final class MidnightTimer {
    private var source: UInt32?
    private let work: @MainActor () -> Void

    init(_ work: @escaping @MainActor () -> Void) {
        self.work = work
        schedule()
    }

    func cancel() {
        if let source { MainLoop.cancel(source) }
        source = nil
    }

    /// Waits for the next midnight, but never more than an hour: a suspended machine or a
    /// changed clock is noticed within the hour.
    private func schedule() {
        let now = Date()
        let calendar = Calendar.current
        let midnight = calendar.nextDate(after: now, matching: DateComponents(hour: 0, minute: 0, second: 0),
                                         matchingPolicy: .nextTime) ?? now.addingTimeInterval(3600)
        let day = calendar.startOfDay(for: now)
        source = MainLoop.after(seconds: min(midnight.timeIntervalSince(now) + 1, 3600)) { [weak self] in
            guard let self else { return }
            if Calendar.current.startOfDay(for: Date()) != day { self.work() }
            self.schedule()
        }
    }
}
