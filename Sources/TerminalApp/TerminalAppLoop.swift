import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Threading
import NavigatorCore
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
        // The C library's local time (TZ and /etc/localtime): FoundationEssentials' calendar
        // knows only GMT.
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        return "\(local.tm_hour):\(local.tm_min < 10 ? "0" : "")\(local.tm_min)"
    })
}

/// Drives a `TerminalAppState` on a terminal: draws a frame, waits for input, hands it over,
/// and performs the effects on the app's host.
///
/// The host works on a thread of its own: while it loads a page or runs a script the
/// terminal UI keeps drawing and reading keys (`q` and Ctrl-C quit at once), and the
/// effects wait their turn in order. Input already waiting is handled before the next frame
/// is drawn, so a held key or a paste costs one frame, not one per event. Without input the
/// frame is redrawn every second (the clock, expiring toasts), and often while the host is
/// busy; the terminal sends only what changed.
public struct TerminalAppLoop {
    public var clock: TerminalAppClock
    /// How long to wait for input before redrawing anyway.
    public var idleRedraw: Duration = .seconds(1)
    /// How often to look for the host's results while it works.
    public var busyRedraw: Duration = .milliseconds(20)
    /// How long the first frame waits for the first effects (the launch, the URLs to open).
    public var firstFrameWait: Duration = .milliseconds(100)

    public init(clock: TerminalAppClock = .system) {
        self.clock = clock
    }

    /// Runs until the state asks to quit, or, with `stopsWhenIdle` (headless terminals),
    /// until no input is waiting and the host is done. The terminal is closed on the way out.
    ///
    /// `startingWith` runs first, through the host's queue (a launch that checks a server
    /// shows the launch screen meanwhile); `inbox` brings actions from outside the terminal.
    public func run(_ state: inout TerminalAppState, host: AppHost, on terminal: Terminal, stopsWhenIdle: Bool = false,
                    recording: RecordingFile? = nil, startingWith initial: [TerminalAppEffect] = [], inbox: AppInbox? = nil) {
        defer { terminal.close() }
        let worker = HostWorkQueue(host: host)
        defer { worker.stop() }
        var effects = Effects(worker: worker, terminal: terminal, recording: recording)
        if state.size != terminal.size {
            _ = state.handle(.resize(columns: terminal.size.columns, rows: terminal.size.rows), now: clock.now())
        }
        if let recording { _ = effects.perform(state.didStartRecording(path: recording.path), on: &state, clock: clock) }
        if effects.perform(initial, on: &state, clock: clock) { return }
        // A quick start shows its first frame whole (the root, the URLs opened); a slow one
        // draws within `firstFrameWait`, its footer saying the app is loading.
        worker.waitUntilIdle(timeout: firstFrameWait)
        var watchedPage = WatchedPage()
        /// When the app's next timer fires (its page scripts' and its own): the loop ticks the host then.
        var timerDue: ContinuousClock.Instant?
        func take(_ results: [HostWorkQueue.Result]) {
            for result in results {
                let snapshot = result.snapshot
                timerDue = snapshot.nextTimer.map { ContinuousClock.now + ($0 - snapshot.time) }
                _ = effects.perform(absorb(result, into: &state), on: &state, clock: clock)
            }
        }
        while true {
            take(worker.takeResults())
            for action in inbox?.take() ?? [] {
                _ = effects.perform(state.perform(action), on: &state, clock: clock)
            }
            if let due = timerDue, due <= ContinuousClock.now, !worker.isBusy {
                timerDue = nil
                worker.submit(.action(.tick), context: state.context)
            }
            if !worker.isBusy, watchedPage.changed(in: state.app) {
                _ = effects.perform(state.topPageChangedOnDisk(now: clock.now()), on: &state, clock: clock)
            }
            state.isWaitingForApp = worker.isBusy
            terminal.draw(state.render(now: clock.now(), clock: clock.timeOfDay()))
            let busy = worker.isBusy
            let untilTimer = timerDue.map { max(.zero, $0 - ContinuousClock.now) } ?? idleRedraw
            let wait = min(idleRedraw, untilTimer, inbox == nil ? idleRedraw : AppInbox.pollInterval)
            guard var event = terminal.nextEvent(timeout: busy ? .zero : wait) else {
                if busy {
                    worker.waitForResults(timeout: busyRedraw)
                } else if stopsWhenIdle && !worker.hasResults {
                    return
                }
                continue
            }
            while true {
                take(worker.takeResults())
                if effects.perform(state.handle(event, now: clock.now()), on: &state, clock: clock) { return }
                guard let waiting = terminal.nextEvent(timeout: .zero) else { break }
                event = waiting
            }
        }
    }

    /// Where the loop's effects go: the host's queue, the terminal, the recording file.
    struct Effects {
        let worker: HostWorkQueue
        let terminal: Terminal
        var recording: RecordingFile?

        /// Performs effects and those they lead to; true when asked to quit.
        mutating func perform(_ effects: [TerminalAppEffect], on state: inout TerminalAppState, clock: TerminalAppClock) -> Bool {
            var pending = effects
            while !pending.isEmpty {
                switch pending.removeFirst() {
                case .quit: return true
                case .bell: terminal.bell()
                case .copyToClipboard(let text): terminal.copyToClipboard(text)
                case .suspend: terminal.suspend()
                case .redraw: terminal.redrawAll()
                case .perform(let action): worker.submit(.action(action), context: state.context)
                case .runSteps(let steps): worker.submit(.steps(steps, state.parser), context: state.context)
                case .runFlowStep(let execution): worker.submit(.flowStep(execution), context: state.context)
                case .startRecording(let path):
                    do {
                        let file = try RecordingFile(path: path ?? RecordingFile.freshPath())
                        recording = file
                        pending.insert(contentsOf: state.didStartRecording(path: file.path), at: 0)
                    } catch {
                        state.recordingFailed(error.message, now: clock.now())
                    }
                case .record(let lines):
                    do { try recording?.append(lines) } catch {
                        recording = nil
                        state.recordingFailed(error.message, now: clock.now())
                    }
                case .stopRecording(let lines):
                    do { try recording?.append(lines) } catch {
                        state.recordingFailed(error.message, now: clock.now())
                    }
                    recording?.close()
                    recording = nil
                }
            }
            return false
        }
    }

    /// Performs effects at once, waiting for the host (the first URLs of `webnav open`, and
    /// tests); returns `.quit` when asked to quit.
    @discardableResult
    public func perform(_ effects: [TerminalAppEffect], on state: inout TerminalAppState, host: AppHost,
                        terminal: Terminal? = nil) -> TerminalAppEffect? {
        for effect in effects {
            switch effect {
            case .quit:
                return .quit
            case .bell:
                terminal?.bell()
            case .copyToClipboard(let text):
                terminal?.copyToClipboard(text)
            case .suspend:
                terminal?.suspend()
            case .redraw:
                terminal?.redrawAll()
            case .perform(let action):
                _ = absorb(HostWorkQueue.run(.action(action), host: host, context: state.context), into: &state)
            case .runSteps(let steps):
                _ = absorb(HostWorkQueue.run(.steps(steps, state.parser), host: host, context: state.context), into: &state)
            case .runFlowStep(let execution):
                _ = absorb(HostWorkQueue.run(.flowStep(execution), host: host, context: state.context), into: &state)
            case .startRecording, .record, .stopRecording:
                break
            }
        }
        return nil
    }

    private func absorb(_ result: HostWorkQueue.Result, into state: inout TerminalAppState) -> [TerminalAppEffect] {
        switch result {
        case .performed(let snapshot, let before):
            state.didPerform(snapshot, since: before, now: clock.now())
            return []
        case .ranSteps(let reports, let context, let snapshot):
            return state.didRunSteps(reports, context: context, app: snapshot.app, dialog: snapshot.dialog, now: clock.now())
        case .ranFlowStep(let execution, let reports, let context, let snapshot):
            return state.didRunFlowStep(execution, reports: reports, context: context, app: snapshot.app, dialog: snapshot.dialog,
                                        now: clock.now())
        }
    }
}

/// The file a recording goes to: each step is written and flushed as it happens.
public final class RecordingFile {
    /// Why a recording cannot be written, in one line.
    public struct Failure: Error {
        public var message: String
    }

    public let path: String
    private var descriptor: Int32

    /// Creates (or empties) the file; fails with a plain reason when it cannot be written.
    public init(path: String) throws(Failure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// `recording.flow` in the current folder, or `recording-2.flow` and so on when taken.
    static func freshPath() -> String {
        var number = 1
        while true {
            let name = number == 1 ? "recording.flow" : "recording-\(number).flow"
            if !FileManager.default.fileExists(atPath: name) { return name }
            number += 1
        }
    }

    /// Writes the lines and flushes them to the disk.
    func append(_ lines: [String]) throws(Failure) {
        guard descriptor >= 0 else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += written
        }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}

/// The file of the top page, looked at on every pass of the loop: when it differs from the
/// file the page was read from, the page is reloaded in place (an edit shows without `r`).
struct WatchedPage {
    /// The last load a reload was asked for, so that one change asks once.
    private var reloaded: (screen: ScreenID, number: Int)?

    /// Whether the top page's file changed since the page was read.
    mutating func changed(in app: SimulatedApp) -> Bool {
        guard let top = app.top, let webView = app.topWebView, let loadedStamp = webView.content.fileStamp else { return false }
        if let reloaded, reloaded.screen == top.id, reloaded.number == webView.loadNumber { return false }
        guard let current = FileStamp(fileURL: webView.content.url), current != loadedStamp else { return false }
        reloaded = (top.id, webView.loadNumber)
        return true
    }
}

/// Performs the terminal UI's effects on the host, one after the other, on a thread of its
/// own, and keeps the results for the loop.
final class HostWorkQueue: @unchecked Sendable {
    /// Work for the host: an action, or flow steps.
    enum Work: Sendable {
        case action(AppAction)
        /// Steps typed at `:` (with the parser that reads their variables).
        case steps([FlowStep], FlowParser)
        /// The next step of the flow being stepped through.
        case flowStep(FlowExecution)
    }

    /// What came of one effect.
    enum Result: Sendable {
        case performed(AppSnapshot, eventsBefore: Int)
        case ranSteps([StepReport], FlowContext, AppSnapshot)
        case ranFlowStep(FlowExecution, [StepReport], FlowContext, AppSnapshot)

        /// The snapshot the result carries.
        var snapshot: AppSnapshot {
            switch self {
            case .performed(let snapshot, _), .ranSteps(_, _, let snapshot), .ranFlowStep(_, _, _, let snapshot): return snapshot
            }
        }
    }

    private let host: AppHost
    private let condition = Condition()
    private var queue: [(work: Work, context: FlowContext)] = []
    private var results: [Result] = []
    private var inFlight = 0
    private var stopped = false

    init(host: AppHost) {
        self.host = host
        Threads.start(name: "webnav UI worker") { [self] in work() }
    }

    /// Whether an effect is waiting or being performed.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inFlight > 0
    }

    var hasResults: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !results.isEmpty
    }

    func submit(_ work: Work, context: FlowContext) {
        condition.lock()
        queue.append((work, context))
        inFlight += 1
        condition.signal()
        condition.unlock()
    }

    /// Waits until a result comes in, at most `timeout`.
    func waitForResults(timeout: Duration) {
        let deadline = Condition.Deadline(after: timeout)
        condition.lock()
        defer { condition.unlock() }
        while results.isEmpty && inFlight > 0 {
            if !condition.wait(until: deadline) { return }
        }
    }

    /// Waits until every effect submitted has been performed, at most `timeout`.
    func waitUntilIdle(timeout: Duration) {
        let deadline = Condition.Deadline(after: timeout)
        condition.lock()
        defer { condition.unlock() }
        while inFlight > 0 {
            if !condition.wait(until: deadline) { return }
        }
    }

    /// The results that came in since the last call, in order.
    func takeResults() -> [Result] {
        condition.lock()
        defer { condition.unlock() }
        let taken = results
        results = []
        return taken
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let (work, context) = queue.removeFirst()
            condition.unlock()
            let result = Self.run(work, host: host, context: context)
            condition.lock()
            results.append(result)
            inFlight -= 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Performs one piece of work on the host, waiting for it.
    static func run(_ work: Work, host: AppHost, context: FlowContext) -> Result {
        switch work {
        case .action(let action):
            let snapshot = host.perform(action)
            return .performed(snapshot, eventsBefore: snapshot.eventsBefore)
        case .steps(let steps, let parser):
            var context = context
            var execution = FlowExecution(flow: Flow(path: ":", steps: steps), parser: parser)
            var reports: [StepReport] = []
            while let report = runStep(&execution, host: host, context: &context) {
                reports.append(report)
                if case .failed = report.outcome, !report.isRetried { break }
            }
            return .ranSteps(reports, context, host.snapshot)
        case .flowStep(var execution):
            var context = context
            let report = runStep(&execution, host: host, context: &context)
            return .ranFlowStep(execution, report.map { [$0] } ?? [], context, host.snapshot)
        }
    }

    /// Runs the execution's next step and reports it with the events it caused.
    private static func runStep(_ execution: inout FlowExecution, host: AppHost, context: inout FlowContext) -> StepReport? {
        let before = context.eventsSinceAction.count
        guard let run = execution.runNext(host: host, context: &context) else { return nil }
        let events = run.step.command.isAction ? context.eventsSinceAction : Array(context.eventsSinceAction.dropFirst(before))
        return StepReport(step: run.step, outcome: run.outcome, events: events, index: run.index, isRetried: run.isRetried)
    }
}
