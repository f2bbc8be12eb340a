@preconcurrency import CGtk
import FlickCore
import Foundation
import GestureShim

/// Runs `work` when the local date changes: at midnight by the wall clock, at the resume after a
/// suspend across midnight, and when the clock is set past one (`flick_wall_timer`), so that
/// "Today", "Tomorrow" and overdue chips, Today's rows and count, and Upcoming follow the date.
/// `check()` looks at once: after a resume (logind's `BusSignal.resumed`) or a new zone, where the
/// timer may not yet have fired.
@MainActor
final class MidnightTimer {
    private let work: @MainActor () -> Void
    /// The wall-clock timer's descriptor; -1 once cancelled, or when the kernel gave none.
    private var descriptor: Int32
    private var watch: UInt32?
    /// The day `work` last ran for, or the timer began on (yyyymmdd, by the local clock).
    private var day: Int32

    init(_ work: @escaping @MainActor () -> Void) {
        self.work = work
        day = DueDate.today().dayNumber
        descriptor = flick_wall_timer_new()
        guard descriptor >= 0 else { return }
        watch = MainLoop.whenReadable(descriptor) { [weak self] in
            guard let self else { return }
            flick_wall_timer_clear(self.descriptor)
            self.check()
        }
        setForNextMidnight()
    }

    /// Runs `work` if the date is no longer the one it last ran for, and waits for the next
    /// midnight from now. Returns whether it ran.
    @discardableResult
    func check() -> Bool {
        let today = DueDate.today().dayNumber
        let isNewDay = today != day
        if isNewDay {
            day = today
            work()
        }
        setForNextMidnight()
        return isNewDay
    }

    func cancel() {
        if let watch { MainLoop.cancel(watch) }
        watch = nil
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func setForNextMidnight() {
        guard descriptor >= 0 else { return }
        let midnight = Self.nextMidnight(after: Date(), in: .current)
        _ = flick_wall_timer_set(descriptor, gint64(midnight.timeIntervalSince1970.rounded(.up)))
    }

    /// The next start of a day after `now` by `zone`'s clock (where a zone skips midnight, the
    /// first minute after it: São Paulo's 4 November 2018 began at 01:00). By a Gregorian
    /// calendar of no locale: the date is the same in every locale, and `Calendar.current`,
    /// whose locale is the user's, made ICU open that locale's calendar and week data (about
    /// 1 MiB of it stayed resident) for the first day of the week this does not need.
    nonisolated static func nextMidnight(after now: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.nextDate(after: now, matching: DateComponents(hour: 0, minute: 0, second: 0),
                                 matchingPolicy: .nextTime) ?? now.addingTimeInterval(3600)
    }
}
