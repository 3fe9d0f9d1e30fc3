import Flows
import Foundation
import Simulator
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
/// and performs the effects on the app's host.
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
    public func run(_ state: inout TerminalAppState, host: AppHost, on terminal: Terminal, stopsWhenIdle: Bool = false) {
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
                if perform(state.handle(event, now: clock.now()), on: &state, host: host, terminal: terminal) == .quit { return }
                guard let waiting = terminal.nextEvent(timeout: .zero) else { break }
                event = waiting
            }
        }
    }

    /// Performs effects (and those that follow from them); returns `.quit` when asked to quit.
    @discardableResult
    public func perform(_ effects: [TerminalAppEffect], on state: inout TerminalAppState, host: AppHost,
                        terminal: Terminal? = nil) -> TerminalAppEffect? {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .bell:
                terminal?.bell()
            case .perform(let action):
                state.didPerform(host.perform(action), now: clock.now())
            case .runSteps(let steps):
                var context = state.context
                var reports: [StepReport] = []
                for step in steps {
                    let before = host.snapshot.app.eventLog.total
                    let outcome = StepExecutor.perform(step, host: host, context: &context)
                    reports.append(StepReport(step: step, outcome: outcome,
                                              events: Array(host.snapshot.app.eventLog.events(since: before))))
                    if case .failed = outcome { break }
                }
                state.didRunSteps(reports, context: context, app: host.snapshot.app, now: clock.now())
            }
        }
        return nil
    }
}
