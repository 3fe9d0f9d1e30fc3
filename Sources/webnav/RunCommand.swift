#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Flows
import Lint
import NavigatorCore

/// `webnav run FLOW...`: run flow files headless (or step by step with `--step`).
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", operands: "FLOW_OR_FOLDER...", brief: "run flows (a folder: every *.flow in it), each on a fresh app",
        summary: "Run flow files (a folder means every *.flow under it, sorted, except _*.flow fragments), each from a fresh app.",
        options: [
            OptionSpec(name: "json", valueName: nil, help: "one JSON object per flow on stdout (the summary goes to stderr)"),
            OptionSpec(name: "junit", valueName: "FILE", help: "also write JUnit XML to FILE (it links the pictures)", values: .files(["xml"])),
            OptionSpec(name: "artifacts", valueName: "DIR", help: "where snapshot \"name\" and failing flows put their .txt and .svg pictures (default webnav-artifacts)",
                       values: .folders),
            OptionSpec(name: "jobs", valueName: "N", help: "run N flows at once (default 1)"),
            OptionSpec(name: "strict", valueName: nil, help: "fail a flow at the step where a page script throws (an uncaught exception or unhandled rejection)"),
            OptionSpec(name: "seed", valueName: "N", help: "seed the pages' Math.random (default 0): a flow gives the same result every run"),
            OptionSpec(name: "downloads", valueName: "DIR", help: "save the app's downloads in DIR (default: a temporary folder per flow, removed after it)",
                       values: .folders),
            OptionSpec(name: "step", valueName: nil, help: "step through one flow in the terminal UI (n or Space runs the next step)"),
            OptionSpec(name: "watch", valueName: nil, help: "run again whenever a flow, a page or the profile changes (only the flows that use it)"),
            OptionSpec(name: "shard", valueName: "I/N", help: "run only the I-th of N slices of the flows (sorted, dealt in turn), for N CI machines"),
        ],
        positionalName: "at least one flow file or folder", minimumPositionals: 1, maximumPositionals: nil,
        details: "Exit status: 0 all passed, 1 a flow failed, 2 a usage error or a malformed flow (PATH:LINE:COLUMN: error: …), 130 Ctrl-C (the flows that finished are reported).",
        operandValues: .flows
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let jobs = try arguments.integer("jobs", in: 1...64) ?? 1
        if arguments.has("watch") { return try FlowWatch(arguments: arguments, jobs: jobs).run() }
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        var paths = try flowPaths(arguments.positionals)
        if let shard = try arguments.value("shard").map({ text throws(UserError) in try FlowShard(parsing: text) }) {
            paths = shard.slice(of: paths)
        }
        // A report that cannot be written is found out before any flow runs.
        let report = try arguments.value("junit").map { path throws(UserError) in try ReportFile(path: path, inputs: paths) }
        let parser = FlowParser.files
        var flows: [Flow] = []
        var malformed: [FlowReport.Malformed] = []
        for (path, result) in zip(paths, parser.parse(paths: paths, jobs: jobs)) {
            switch result {
            case .success(let flow): flows.append(flow)
            case .failure(let error): malformed.append(FlowReport.Malformed(path: path, error: error))
            }
        }
        if let last = malformed.last {
            try report?.write(FlowReport.junit([], malformed: malformed, skipped: flows.map(\.path)))
            for flow in malformed.dropLast() { try StandardStream.error.line(flow.error.description) }
            throw last.error
        }
        if arguments.has("step") {
            guard flows.count == 1 else { throw UserError("--step takes exactly one flow file, got \(flows.count)") }
            return try InteractiveCommand.stepThrough(flows[0], environment: environment)
        }
        try environment.requirePagesFolder()
        let artifacts = ArtifactFolder(path: arguments.value("artifacts") ?? "webnav-artifacts", flows: flows)
        if let problem = artifacts.problem() { throw UserError("cannot write pictures to \(artifacts.path): \(problem)") }
        var runner = FlowRunner(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: false),
                                artifacts: artifacts)
        runner.isStrict = arguments.has("strict")
        runner.scriptSeed = UInt64(try arguments.integer("seed", in: 0...Int.max) ?? 0)
        runner.downloadsPath = arguments.value("downloads")
        let json = arguments.has("json")
        // Ctrl-C: the flows that finished are summed up and the JUnit report written, the rest skipped.
        let interruption = RunInterruption { [paths = flows.map(\.path)] finished in
            try? (json ? StandardStream.error : StandardStream.output).line(FlowReport.summary(finished))
            try? StandardStream.error.line("webnav: interrupted: \(paths.count - finished.count) of \(paths.count) flows did not run to the end")
            try? report?.write(FlowReport.junit(finished, skipped: Array(paths.dropFirst(finished.count)), skippedMessage: "not run: interrupted"))
        }
        var writeFailure: UserError?
        runner.run(flows, jobs: jobs) { result in
            // Snapshots were spooled to disk; the report goes out one snapshot at a time and is
            // then let go of, keeping only what the summary and JUnit need.
            interruption.deliver(result.withoutSnapshots) {
                guard writeFailure == nil else { return }
                do throws(UserError) {
                    let output = StandardStream.output
                    if json {
                        try FlowReport.json(result) { piece throws(UserError) in try output.raw(piece) }
                    } else {
                        try FlowReport.text(result) { piece throws(UserError) in try output.raw(VisibleText.escaping(piece, keepingLines: true)) }
                    }
                    try output.raw("\n")
                } catch {
                    writeFailure = error
                }
            }
        }
        let results = interruption.end()
        if let writeFailure { throw writeFailure }
        try (json ? StandardStream.error : StandardStream.output).line(FlowReport.summary(results))
        try report?.write(FlowReport.junit(results))
        return results.allSatisfy(\.passed) ? 0 : 1
    }

    /// Flow files from the arguments: files as given, folders as every `*.flow` under them, sorted.
    static func flowPaths(_ arguments: [String]) throws(UserError) -> [String] {
        var paths: [String] = []
        let fileManager = FileManager.default
        for argument in arguments {
            var isDirectory = false
            guard fileManager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw UserError("no such flow file or folder", path: argument)
            }
            guard isDirectory else { paths.append(argument); continue }
            // Files named _*.flow are fragments for `include`, not flows of their own; hidden
            // files and folders are left out, as the linter leaves them out.
            let found = DiskFiles().files(under: argument)
                .filter { $0.hasSuffix(".flow") && !LocalPath.lastComponent($0).hasPrefix("_") }
            if found.isEmpty { throw UserError("no *.flow files in folder", path: argument) }
            let folder = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            paths += found.map { "\(folder)/\($0)" }
        }
        return paths
    }
}
