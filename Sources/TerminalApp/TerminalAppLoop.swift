import Foundation
import TerminalUI

/// Where the program gets the time: a monotonic instant for toasts, and the status bar's clock.
public struct TerminalAppClock: Sendable {
    public var now: @Sendable () -> ContinuousClock.Instant
    /// The time of day the device's status bar shows, such as `9:41`.
    public var timeOfDay: @Sendable () -> String

    public init(now: @escaping @Sendable () -> ContinuousClock.Instant, timeOfDay: @escaping @Sendable () -> String) {
        self.now = now
        self.timeOfDay = timeOfDay
    }

    /// The real clocks: the local time of day, `H:mm`.
    public static let system = TerminalAppClock(now: { ContinuousClock.now }, timeOfDay: {
        let components = Calendar.current.dateComponents([.hour, .minute], from: Date())
        let minute = components.minute ?? 0
        return "\(components.hour ?? 0):\(minute < 10 ? "0" : "")\(minute)"
    })
}

/// Drives a `TerminalAppState` on a terminal: draws a frame, waits for input, hands it over,
/// and performs the effects.
///
/// Input already waiting is handled before the next frame is drawn, so a held key or a paste
/// costs one frame, not one per event. Without input the frame is redrawn every second
/// (the clock, expiring toasts); the terminal sends only what changed.
public struct TerminalAppLoop {
    public var clock: TerminalAppClock
    /// How long to wait for input before redrawing anyway.
    public var idleRedraw: Duration = .seconds(1)

    public init(clock: TerminalAppClock = .system) {
        self.clock = clock
    }

    /// Runs until the state asks to quit, or, with `stopsWhenIdle` (headless terminals),
    /// until no input is waiting. The terminal is closed on the way out.
    public func run(_ state: inout TerminalAppState, on terminal: Terminal, stopsWhenIdle: Bool = false) {
        defer { terminal.close() }
        if state.size != terminal.size {
            _ = state.handle(.resize(columns: terminal.size.columns, rows: terminal.size.rows), now: clock.now())
        }
        while true {
            terminal.draw(state.render(now: clock.now(), clock: clock.timeOfDay()))
            guard var event = terminal.nextEvent(timeout: idleRedraw) else {
                if stopsWhenIdle { return }
                continue
            }
            while true {
                for effect in state.handle(event, now: clock.now()) {
                    switch effect {
                    case .quit: return
                    case .bell: terminal.bell()
                    }
                }
                guard let waiting = terminal.nextEvent(timeout: .zero) else { break }
                event = waiting
            }
        }
    }
}
