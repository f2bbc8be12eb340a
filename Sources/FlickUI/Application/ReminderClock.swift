import Foundation

/// The time reminders go by: the system's, moved by `FLICK_TEST_CLOCK_OFFSET` seconds when
/// that is set. Only the tests set it, so that a reminder a minute ahead fires in seconds.
struct ReminderClock {
    static let offsetVariable = "FLICK_TEST_CLOCK_OFFSET"
    let offset: TimeInterval

    init(environment: [String: String] = ProcessEnvironment.all) {
        offset = environment[Self.offsetVariable].flatMap(TimeInterval.init) ?? 0
    }

    var now: Date { Date().addingTimeInterval(offset) }
}
