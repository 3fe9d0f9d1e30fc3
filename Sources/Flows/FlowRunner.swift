import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import Simulator
import TerminalUI

/// How one flow went.
public struct FlowResult: Sendable {
    public var path: String
    public var passed: Bool { failure == nil }
    /// Steps performed, the failing one included (each pass of a loop counts).
    public var stepsRun: Int
    public var failure: FlowFailure?
    /// The flow did not parse: `failure` holds the error, with its column.
    public var isMalformed = false
    /// The screens written by `snapshot` steps, in order, spooled to disk as they were taken.
    public var snapshots: SnapshotSpool
    /// The same screens as SVG pictures, when the run keeps pictures (`run --html`).
    public var snapshotPictures: SnapshotSpool?
    /// The stack labels when the flow ended, bottom to top.
    public var stack: [String]
    /// The files the flow used: its own, those it included, and the local pages it loaded.
    public var usedFiles: [String] = []
    /// The pictures it left in the artifacts folder: named snapshots, and the failure picture.
    public var artifacts: [String] = []
    /// What the launch and each step did, when the run keeps a trace (`--trace`, `--json`,
    /// `--junit`, `--html`): the first `FlowRunner.maximumRecords` steps and the failing one.
    public var launch: StepRecord?
    public var records: [StepRecord] = []
    /// Steps run but not kept in `records`.
    public var recordsOmitted = 0
    /// How long the flow took, in real seconds.
    public var seconds: Double = 0
    /// The app's clock when the flow ended.
    public var virtualTime: Duration = .zero

    public init(path: String, stepsRun: Int, failure: FlowFailure?, snapshots: SnapshotSpool, stack: [String]) {
        self.path = path
        self.stepsRun = stepsRun
        self.failure = failure
        self.snapshots = snapshots
        self.stack = stack
    }

    /// A flow that did not parse: it fails at the error's line and column.
    public static func malformed(path: String, error: UserError) -> FlowResult {
        let location = error.location ?? SourceLocation(path: error.path ?? path, line: 0)
        var result = FlowResult(path: path, stepsRun: 0, failure: FlowFailure(location: location, message: error.message, picture: [],
                                                                             stackDescription: []),
                                snapshots: SnapshotSpool(), stack: [])
        result.isMalformed = true
        result.usedFiles = [path]
        return result
    }

    /// The result with its snapshots let go of (once they are reported).
    public var withoutSnapshots: FlowResult {
        var result = self
        result.snapshots = SnapshotSpool()
        result.snapshotPictures = nil
        return result
    }
}

/// A failed step: where, why, and what the screen and the stack looked like.
public struct FlowFailure: Sendable {
    public var location: SourceLocation
    public var message: String
    /// The screen as plain text (status row, bar, page).
    public var picture: [String]
    /// One line per screen, bottom to top, with its bar settings.
    public var stackDescription: [String]
    /// The screen as an SVG picture, when the run keeps pictures.
    public var svg: String?
}

/// What the launch or one step did, for the trace.
public struct StepRecord: Equatable, Sendable {
    public enum Outcome: String, Sendable {
        /// The action ran or the expectation held.
        case passed
        case failed
        /// It failed inside `retry`, whose steps ran again.
        case retried
    }

    public var path: String
    /// 0 for the launch.
    public var line: Int
    /// The step as written (`launch` for the launch).
    public var step: String
    /// The step as it ran, when its line held variables.
    public var resolved: String?
    public var outcome: Outcome
    /// A failure's message.
    public var message: String?
    /// The app's clock when the step ended.
    public var time: Duration
    /// What happened: deeplinks routed, screens pushed and popped, requests, console lines,
    /// dialogs, `eval` and `call` results, script errors.
    public var notes: [String]
    /// The snapshot it took (its index among the flow's snapshots).
    public var snapshot: Int?
}

/// Runs flows, each from a fresh app, against one shared page store.
public struct FlowRunner: Sendable {
    public let profile: AppProfile
    public let pagesBase: URL
    public let store: PageStore
    /// Where named snapshots and failure pictures go; nil: nowhere.
    public var artifacts: ArtifactFolder?
    /// `run --strict`: a script error fails the flow at the step that caused it.
    public var isStrict = false
    /// Seeds the pages' `Math.random` (`run --seed N`).
    public var scriptSeed: UInt64 = 0
    /// Where `app.saveDownload` saves (`run --downloads DIR`); nil: a fresh temporary folder
    /// per flow, removed after it, so each flow sees the same names every run.
    public var downloadsPath: String?
    /// The variables every flow starts with (the profile's `env`, then `--env`).
    public var variables: [String: String] = [:]
    /// Reads the steps whose lines hold variables, as they run.
    public var parser = FlowParser.files
    /// Keep what each step did (`records`); off, a run costs nothing for it.
    public var keepsTrace = false
    /// Keep the screens as SVG pictures too (`run --html`).
    public var keepsPictures = false

    /// The most step records one flow keeps (the failing one is always kept).
    public static let maximumRecords = 10_000

    public init(profile: AppProfile, pagesBase: URL, store: PageStore, artifacts: ArtifactFolder? = nil) {
        self.profile = profile
        self.pagesBase = pagesBase
        self.store = store
        self.artifacts = artifacts
    }

    /// A host running a freshly launched app, and what the launch did.
    public func launchedHost(downloads: DownloadFolder? = nil) -> (host: AppHost, launch: AppSnapshot) {
        let host = AppHost(profile: profile, pagesBase: pagesBase, store: store, scriptSeed: scriptSeed,
                           downloads: downloads ?? downloadsPath.map { DownloadFolder(path: $0) })
        return (host, host.perform(.launch))
    }

    /// A flow's context at launch: the variables, and what the launch did, which the first
    /// step's expectations see (launch is the first action).
    public func launchContext(_ launch: AppSnapshot) -> FlowContext {
        var context = FlowContext(variables: variables)
        context.eventsSinceAction = Array(launch.newEvents)
        context.requestsSinceAction = Array(launch.newRequests)
        return context
    }

    /// Runs one flow to its end or its first failure.
    public func run(_ flow: Flow) -> FlowResult {
        let clock = ContinuousClock()
        let started = clock.now
        let temporary = downloadsPath == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("webnav-downloads-\(UUID().uuidString)", isDirectory: true) : nil
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let (host, launch) = launchedHost(downloads: temporary.map { DownloadFolder(path: $0.path) })
        var context = launchContext(launch)
        var trace = TraceRecorder(keeps: keepsTrace, launch: launch, path: flow.path)
        let snapshots = SnapshotSpool()
        let pictures = keepsPictures ? SnapshotSpool() : nil
        var artifactPaths: [String] = []
        var execution = FlowExecution(flow: flow, parser: parser)
        // Strict: the first step fails for errors since launch, every later one for its own.
        var eventsBefore = 0
        var failure: (run: FlowExecution.StepRun, message: String)?
        while var run = execution.runNext(host: host, context: &context) {
            if isStrict, !run.isRetried {
                let log = host.snapshot.app.eventLog
                if run.outcome.isSuccess, let error = log.events(since: eventsBefore).first(where: { $0.kind == .scriptError }) {
                    run.outcome = .failed("--strict: \(error.text)")
                }
                eventsBefore = log.total
            }
            var snapshotIndex: Int?
            if case .snapshot(let screen, let name) = run.outcome {
                snapshotIndex = snapshots.count
                snapshots.append(screen.lines)
                pictures?.append(SVGRenderer().render(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                if let name, let artifacts {
                    do {
                        artifactPaths += try artifacts.writeSnapshot(screen, name: name, flowPath: flow.path)
                    } catch {
                        run.outcome = .failed("snapshot \"\(name)\": cannot write \(artifacts.path): \(ReadFailure.reason(error))")
                    }
                }
            }
            trace.record(run, host: host, snapshot: snapshotIndex)
            if case .failed(let message) = run.outcome, !run.isRetried {
                failure = (run, message)
                break
            }
        }
        let snapshot = host.snapshot
        let app = snapshot.app
        var result = FlowResult(path: flow.path, stepsRun: execution.stepsRun, failure: nil, snapshots: snapshots,
                                stack: app.navigator.screens.map(\.label))
        if let failure {
            let (screen, _, _) = DeviceRenderer.frameAndWebView(of: app, columns: context.columns, rows: context.rows,
                                                                viewport: context.viewport(of: app), dialog: snapshot.dialog)
            let stack = StackDescription.lines(of: app)
            if let artifacts, let written = try? artifacts.writeFailure(screen, stack: stack, flowPath: flow.path) {
                artifactPaths += written
            }
            result.failure = FlowFailure(location: failure.run.failureLocation, message: failure.message, picture: screen.lines,
                                         stackDescription: stack, svg: keepsPictures ? SVGRenderer().render(screen) : nil)
        }
        result.snapshotPictures = pictures
        result.usedFiles = usedFiles(flow, snapshot)
        result.artifacts = artifactPaths
        result.launch = trace.launch
        result.records = trace.records
        result.recordsOmitted = trace.omitted
        result.virtualTime = snapshot.time
        let elapsed = started.duration(to: clock.now)
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    /// The flow's own file, its includes, the payloads it delivers, and the local pages the host loaded.
    private func usedFiles(_ flow: Flow, _ snapshot: AppSnapshot) -> [String] {
        var files = [flow.path]
        var seen: Set<String> = [flow.path]
        for step in flow.steps where seen.insert(step.location.path).inserted { files.append(step.location.path) }
        for step in flow.steps {
            let file: String
            switch step.command {
            case .push(let payload), .notify(let payload, _): file = payload.path
            case .route(let route): guard let source = route.source else { continue }; file = source
            default: continue
            }
            let path = URL(fileURLWithPath: file, relativeTo: step.folder).standardizedFileURL.path
            if seen.insert(path).inserted { files.append(path) }
        }
        for url in snapshot.loadedURLs {
            guard let parsed = URL(string: url), parsed.isFileURL, seen.insert(parsed.path).inserted else { continue }
            files.append(parsed.path)
        }
        return files
    }

    /// Runs flows on `jobs` threads; results come back in the order of `flows`, each as soon as
    /// it and all before it have finished.
    public func run(_ flows: [Flow], jobs: Int, onResult: (FlowResult) -> Void) {
        OrderedParallelMap.run(count: flows.count, jobs: jobs, work: { run(flows[$0]) }, deliver: onResult)
    }
}

/// Builds a flow's trace as it runs: each step's record from the events and requests since the
/// step before (only when the run keeps a trace: otherwise it does nothing).
struct TraceRecorder {
    let keeps: Bool
    let path: String
    private(set) var launch: StepRecord?
    private(set) var records: [StepRecord] = []
    private(set) var omitted = 0
    private var eventMark = 0
    private var requestMark = 0

    init(keeps: Bool, launch snapshot: AppSnapshot, path: String) {
        self.keeps = keeps
        self.path = path
        guard keeps else { return }
        launch = StepRecord(path: path, line: 0, step: "launch", outcome: .passed, time: snapshot.time,
                            notes: snapshot.newEvents.map(\.text) + snapshot.newRequests.map(\.text))
        eventMark = snapshot.app.eventLog.total
        requestMark = snapshot.requestLog.total
    }

    mutating func record(_ run: FlowExecution.StepRun, host: AppHost, snapshot index: Int?) {
        guard keeps else { return }
        let snapshot = host.snapshot
        var notes: [String] = []
        if let note = run.note ?? Self.resultNote(run) { notes.append(note) }
        notes += snapshot.app.eventLog.events(since: eventMark).map(\.text)
        notes += snapshot.requestLog.requests(since: requestMark).map(\.text)
        eventMark = snapshot.app.eventLog.total
        requestMark = snapshot.requestLog.total
        var message: String?
        var outcome = StepRecord.Outcome.passed
        if case .failed(let text) = run.outcome {
            message = text
            outcome = run.isRetried ? .retried : .failed
        }
        let record = StepRecord(path: run.step.location.path, line: run.step.location.line, step: run.step.source, resolved: run.resolvedSource,
                                outcome: outcome, message: message, time: snapshot.time, notes: notes, snapshot: index)
        if records.count < FlowRunner.maximumRecords || outcome == .failed {
            records.append(record)
        } else {
            omitted += 1
        }
    }

    /// What an action's outcome says that its events do not: a result, a value set, a scroll.
    private static func resultNote(_ run: FlowExecution.StepRun) -> String? {
        guard case .done(let note) = run.outcome else { return nil }
        switch run.step.command {
        case .evaluate, .callAsync, .set, .setJS, .route, .scrollTo, .templated("set"), .templated("eval"), .templated("call"),
             .templated("route"), .templated("scroll"):
            return note
        default:
            return nil
        }
    }
}
