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
    /// Steps performed, the failing one included.
    public var stepsRun: Int
    public var failure: FlowFailure?
    /// The screens written by `snapshot` steps, in order, spooled to disk as they were taken.
    public var snapshots: SnapshotSpool
    /// The stack labels when the flow ended, bottom to top.
    public var stack: [String]
    /// The files the flow used: its own, those it included, and the local pages it loaded.
    public var usedFiles: [String] = []
    /// The pictures it left in the artifacts folder: named snapshots, and the failure picture.
    public var artifacts: [String] = []

    /// The result with its snapshots let go of (once they are reported).
    public var withoutSnapshots: FlowResult {
        var result = self
        result.snapshots = SnapshotSpool()
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

    public init(profile: AppProfile, pagesBase: URL, store: PageStore, artifacts: ArtifactFolder? = nil) {
        self.profile = profile
        self.pagesBase = pagesBase
        self.store = store
        self.artifacts = artifacts
    }

    /// A host running a freshly launched app.
    public func launchedHost(downloads: DownloadFolder? = nil) -> AppHost {
        let host = AppHost(profile: profile, pagesBase: pagesBase, store: store, scriptSeed: scriptSeed,
                           downloads: downloads ?? downloadsPath.map { DownloadFolder(path: $0) })
        host.perform(.launch)
        return host
    }

    /// Runs one flow to its end or its first failure.
    public func run(_ flow: Flow) -> FlowResult {
        let temporary = downloadsPath == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("webnav-downloads-\(UUID().uuidString)", isDirectory: true) : nil
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let host = launchedHost(downloads: temporary.map { DownloadFolder(path: $0.path) })
        var context = FlowContext()
        let snapshots = SnapshotSpool()
        var stepsRun = 0
        var artifactPaths: [String] = []
        // Strict: the first step fails for errors since launch, every later one for its own.
        var eventsBefore = 0
        for step in flow.steps {
            stepsRun += 1
            var outcome = StepExecutor.perform(step, host: host, context: &context)
            if isStrict {
                let log = host.snapshot.app.eventLog
                if outcome.isSuccess, let error = log.events(since: eventsBefore).first(where: { $0.kind == .scriptError }) {
                    outcome = .failed("--strict: \(error.text)")
                }
                eventsBefore = log.total
            }
            switch outcome {
            case .done, .held:
                continue
            case .snapshot(let screen, let name):
                snapshots.append(screen.lines)
                if let name, let artifacts {
                    do {
                        artifactPaths += try artifacts.writeSnapshot(screen, name: name, flowPath: flow.path)
                    } catch {
                        return failed(flow, at: step, "snapshot \"\(name)\": cannot write \(artifacts.path): \(ReadFailure.reason(error))",
                                      host: host, context: context, stepsRun: stepsRun, snapshots: snapshots, artifacts: artifactPaths)
                    }
                }
            case .failed(let message):
                return failed(flow, at: step, message, host: host, context: context, stepsRun: stepsRun, snapshots: snapshots,
                              artifacts: artifactPaths)
            }
        }
        return FlowResult(path: flow.path, stepsRun: stepsRun, failure: nil, snapshots: snapshots,
                          stack: host.snapshot.app.navigator.screens.map(\.label), usedFiles: usedFiles(flow, host),
                          artifacts: artifactPaths)
    }

    /// The result of a flow that failed at `step`, its picture saved to the artifacts folder.
    private func failed(_ flow: Flow, at step: FlowStep, _ message: String, host: AppHost, context: FlowContext, stepsRun: Int,
                        snapshots: SnapshotSpool, artifacts artifactPaths: [String]) -> FlowResult {
        let snapshot = host.snapshot
        let app = snapshot.app
        let screen = DeviceRenderer.frame(of: app, columns: context.columns, rows: context.rows, dialog: snapshot.dialog)
        let stack = StackDescription.lines(of: app)
        var paths = artifactPaths
        if let artifacts, let written = try? artifacts.writeFailure(screen, stack: stack, flowPath: flow.path) {
            paths += written
        }
        let failure = FlowFailure(location: step.location, message: message, picture: screen.lines, stackDescription: stack)
        return FlowResult(path: flow.path, stepsRun: stepsRun, failure: failure, snapshots: snapshots,
                          stack: app.navigator.screens.map(\.label), usedFiles: usedFiles(flow, host), artifacts: paths)
    }

    /// The flow's own file, its includes, the payloads it delivers, and the local pages the host loaded.
    private func usedFiles(_ flow: Flow, _ host: AppHost) -> [String] {
        var files = [flow.path]
        var seen: Set<String> = [flow.path]
        for step in flow.steps where seen.insert(step.location.path).inserted { files.append(step.location.path) }
        for step in flow.steps {
            switch step.command {
            case .push(let file), .notify(let file, _):
                let path = URL(fileURLWithPath: file.path, relativeTo: step.folder).standardizedFileURL.path
                if seen.insert(path).inserted { files.append(path) }
            default:
                continue
            }
        }
        for url in host.snapshot.loadedURLs {
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
