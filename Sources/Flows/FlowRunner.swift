import Foundation
import NavigatorCore
import Simulator
import TerminalUI

/// How one flow went.
public struct FlowResult: Sendable {
    public var path: String
    public var passed: Bool { failure == nil }
    /// Steps performed, the failing one included.
    public var stepsRun: Int
    public var failure: FlowFailure?
    /// The screens written by `snapshot` steps, in order.
    public var snapshots: [[String]]
    /// The stack labels when the flow ended, bottom to top.
    public var stack: [String]
}

/// A failed step: where, why, and what the screen and the stack looked like.
public struct FlowFailure: Sendable {
    public var location: SourceLocation
    public var message: String
    /// The screen as plain text (status row, bar, page).
    public var picture: [String]
    /// One line per screen, bottom to top, with its bar settings.
    public var stackDescription: [String]
}

/// Runs flows, each from a fresh app, against one shared page store.
public struct FlowRunner: Sendable {
    public let profile: AppProfile
    public let pagesBase: URL
    public let store: PageStore

    public init(profile: AppProfile, pagesBase: URL, store: PageStore) {
        self.profile = profile
        self.pagesBase = pagesBase
        self.store = store
    }

    /// A freshly launched app.
    public func launchedApp() -> SimulatedApp {
        var app = SimulatedApp(profile: profile, pagesBase: pagesBase, store: store)
        app.launch()
        return app
    }

    /// Runs one flow to its end or its first failure.
    public func run(_ flow: Flow) -> FlowResult {
        var app = launchedApp()
        var context = FlowContext()
        var snapshots: [[String]] = []
        var stepsRun = 0
        for step in flow.steps {
            stepsRun += 1
            switch StepExecutor.perform(step, app: &app, context: &context) {
            case .done:
                continue
            case .snapshot(let lines):
                snapshots.append(lines)
            case .failed(let message):
                let failure = FlowFailure(
                    location: step.location, message: message,
                    picture: DeviceRenderer.frame(of: app, columns: context.columns, rows: context.rows).lines,
                    stackDescription: StackDescription.lines(of: app)
                )
                return FlowResult(path: flow.path, stepsRun: stepsRun, failure: failure, snapshots: snapshots, stack: app.navigator.screens.map(\.label))
            }
        }
        return FlowResult(path: flow.path, stepsRun: stepsRun, failure: nil, snapshots: snapshots, stack: app.navigator.screens.map(\.label))
    }

    /// Runs flows on `jobs` threads; results come back in the order of `flows`, each as soon as
    /// it and all before it have finished.
    public func run(_ flows: [Flow], jobs: Int, onResult: (FlowResult) -> Void) {
        guard jobs > 1, flows.count > 1 else {
            for flow in flows { onResult(run(flow)) }
            return
        }
        let results = ResultSlots(count: flows.count)
        let next = Counter()
        let workers = min(jobs, flows.count)
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            Thread.detachNewThread { [self] in
                while let index = next.take(below: flows.count) {
                    results.fill(index, with: run(flows[index]))
                }
                group.leave()
            }
        }
        var delivered = 0
        while delivered < flows.count {
            let result = results.wait(for: delivered)
            onResult(result)
            delivered += 1
        }
        group.wait()
    }
}

/// Hands out indices to worker threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results filled by workers in any order and read in order.
private final class ResultSlots: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [FlowResult?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func fill(_ index: Int, with result: FlowResult) {
        condition.lock()
        slots[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> FlowResult {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        return slots[index]!
    }
}
