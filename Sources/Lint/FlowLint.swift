import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import Simulator

extension LintRun {
    /// Lints flows: each `open` URL and `expect url` page where the step is written, the
    /// `webnav-lint` comments of every file read (includes too), and `removeStack-noop`, which
    /// needs a stack: found by running the flow on the engine, offline, to its end or first failure.
    mutating func lintFlows(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        var runner = FlowRunner(profile: profile, pagesBase: URL(fileURLWithPath: options.pagesFolder, isDirectory: true),
                                store: PageStore(reader: LintPageReader(files: files), loadsRemotePages: false))
        let files = self.files
        // The run's --env is not known here: any ${NAME} is taken as given.
        var parser = FlowParser(environment: Set(profile.env.keys)) { url in try files.read(url.path) }
        parser.checksVariables = false
        runner.parser = parser
        runner.variables = profile.env
        var commentsRead: Set<String> = []
        for path in paths {
            let flow: Flow
            do {
                flow = try parser.parse(path: path)
            } catch {
                if error.location != nil { noteRead() }
                let location = error.location
                let file = location?.path ?? error.path ?? path
                report(LintCode.flowError, error.message, at: Site(
                    path: standardized(file), line: location?.line ?? 1, column: location?.column ?? 1, scopes: []))
                continue
            }
            noteRead()
            var stepLines: [String: Set<Int>] = [:]
            for step in flow.steps { stepLines[standardized(step.location.path), default: []].insert(step.location.line) }
            for file in [path] + stepLines.keys.sorted() where commentsRead.insert(file).inserted {
                registerFlowIgnores(file, stepLines: stepLines[file] ?? [])
            }
            for step in flow.steps {
                let site = flowSite(step.location)
                switch step.command {
                case .open(let url):
                    check(url, use: .navigation(fromPage: nil, target: nil), base: step.folder.absoluteString, at: site)
                case .templated("open"):
                    // Read with the profile's env, and nothing for the rest: the page it opens still counts.
                    let names = step.template?.variables.map(\.name) ?? []
                    let values = Dictionary(names.map { ($0, profile.env[$0] ?? "") }, uniquingKeysWith: { first, _ in first })
                    if case .open(let url)? = try? parser.resolve(step, variables: values) {
                        check(url, use: .navigation(fromPage: nil, target: nil), base: step.folder.absoluteString, at: site)
                    }
                case .expect(.url(let url)):
                    check(url, use: .expectation, base: pagesBase, at: site)
                default:
                    break
                }
            }
            run(flow, with: runner)
        }
    }

    private func flowSite(_ location: SourceLocation) -> Site {
        let path = standardized(location.path)
        return Site(path: path, line: location.line, column: location.column ?? 1, scopes: [.line(path: path, line: location.line)])
    }

    /// Reads a flow file's `# webnav-lint: ignore …` comments: each reaches the step on its own
    /// line, or (on a line of its own) the step right below it and any comment lines between.
    private mutating func registerFlowIgnores(_ path: String, stepLines: Set<Int>) {
        guard let data = try? files.read(path) else { return }
        let comments = FlowParser.comments(in: data)
        let commentOnlyLines = Set(comments.filter { !$0.followsStep }.map(\.line))
        for comment in comments {
            guard let parsed = IgnoreDirective.parseComment(comment.text) else { continue }
            var target: Int? = comment.line
            if !comment.followsStep {
                var line = comment.line + 1
                while commentOnlyLines.contains(line) { line += 1 }
                target = stepLines.contains(line) ? line : nil
            }
            addIgnore(parsed, scope: target.map { .line(path: path, line: $0) },
                      at: Site(path: path, line: comment.line, column: comment.column, scopes: []))
        }
    }

    /// Runs a flow on a fresh app, reports each `removeStack-noop` at the step that caused it,
    /// and counts every page the app showed as reached.
    private mutating func run(_ flow: Flow, with runner: FlowRunner) {
        let (host, launch) = runner.launchedHost()
        var context = runner.launchContext(launch)
        var execution = FlowExecution(flow: flow, parser: runner.parser)
        while let run = execution.runNext(host: host, context: &context) {
            if run.step.command.isAction || run.step.template != nil {
                for event in context.eventsSinceAction {
                    guard let warning = event.warning, warning.code == .removeStackNoop else { continue }
                    report(warning.code.rawValue, "\(warning.message) (\(run.step.source))", at: flowSite(run.step.location))
                }
            }
            if case .failed = run.outcome, !run.isRetried { break }
        }
        for url in host.snapshot.loadedURLs { noteShownByFlow(url) }
    }
}

/// Pages for the flows the linter runs, read through the linter's files.
private struct LintPageReader: PageReader {
    let files: LintFiles

    func read(_ url: URL) throws -> Data {
        guard url.isFileURL else { throw PageReadError.unsupportedScheme(url: url.absoluteString) }
        return try files.read(url.path)
    }

    func canonicalPath(_ url: URL) -> String? {
        url.isFileURL ? files.canonicalPath(url.path) : nil
    }
}
