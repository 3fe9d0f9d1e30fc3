#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the app's time passes: virtually in flows (it stands still between steps and moves
/// only when a step waits), really in the terminal UI.
public enum AppClockMode: Equatable, Sendable {
    case virtual
    case real
}

/// The app's time on the host's thread, and the events the app asked to receive later.
///
/// Time is kept as the duration since launch; `date` turns it into wall-clock time (in
/// virtual mode from 2026-01-01T09:41:00Z, the moment flows, previews and `Date.now()` in page
/// scripts all agree on).
struct AppClock {
    /// The start of every virtual run: 2026-01-01T09:41:00Z.
    static let virtualStart = Date(timeIntervalSince1970: 1_767_260_460)

    let mode: AppClockMode
    private let realStart = ContinuousClock.now
    private let launchDate: Date
    /// Virtual mode: how far time has moved since launch.
    private var virtualElapsed = Duration.zero
    /// Timers in the order they fire: due time, then the order they were set.
    private var timers: [(due: Duration, order: Int, event: TimedEvent)] = []
    private var nextOrder = 0

    init(mode: AppClockMode) {
        self.mode = mode
        launchDate = mode == .virtual ? Self.virtualStart : Date()
    }

    /// Time since launch.
    var now: Duration {
        mode == .virtual ? virtualElapsed : ContinuousClock.now - realStart
    }

    /// The wall-clock time now.
    var date: Date {
        let (seconds, attoseconds) = now.components
        return launchDate.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// When the next timer fires, as time since launch.
    var nextDue: Duration? { timers.first?.due }

    /// Delivers `event` once `delay` has passed.
    mutating func schedule(_ event: TimedEvent, after delay: Duration) {
        let timer = (due: now + max(delay, .zero), order: nextOrder, event: event)
        nextOrder += 1
        let index = timers.firstIndex { $0.due > timer.due } ?? timers.count
        timers.insert(timer, at: index)
    }

    /// Takes the first timer due at or before `limit` (virtual mode: moving time to it).
    mutating func takeDue(upTo limit: Duration) -> TimedEvent? {
        guard let first = timers.first, first.due <= limit else { return nil }
        timers.removeFirst()
        if mode == .virtual, first.due > virtualElapsed { virtualElapsed = first.due }
        return first.event
    }

    /// Virtual mode: moves time on to `target` (never back).
    mutating func advance(to target: Duration) {
        if mode == .virtual, target > virtualElapsed { virtualElapsed = target }
    }
}
