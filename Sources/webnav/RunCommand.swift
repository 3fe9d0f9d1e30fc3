#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Flows
import Lint
import NavigatorCore
import PageKit

/// `webnav run FLOW...`: run flow files headless (or step by step with `--step`).
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", operands: "FLOW_OR_FOLDER...", brief: "run flows (a folder: every *.flow in it), each on a fresh app",
        summary: "Run flow files (a folder means every *.flow under it, sorted, except _*.flow fragments), each from a fresh app.",
        options: [
            OptionSpec(name: "json", valueName: nil, help: "one JSON object per flow on stdout, with every step (the summary goes to stderr)"),
            OptionSpec(name: "junit", valueName: "FILE", help: "also write JUnit XML to FILE (times, the trace and the pictures in system-out)",
                       values: .files(["xml"])),
            OptionSpec(name: "html", valueName: "DIR", help: "also write DIR/index.html: every flow and step, the trace and the screens as SVG, in one page",
                       values: .folders),
            OptionSpec(name: "trace", valueName: nil, help: "print under each flow what every step did (deeplinks, screens, requests, console, dialogs, results)"),
            OptionSpec(name: "env", valueName: "NAME=VALUE", help: "a value for ${NAME} in the flows (again for more; wins over the profile's env)", repeats: true),
            OptionSpec(name: "artifacts", valueName: "DIR", help: "where snapshot \"name\" and failing flows put their .txt and .svg pictures (default webnav-artifacts; emptied first)",
                       values: .folders),
            OptionSpec(name: "jobs", valueName: "N", help: "run N flows at once (default 1)"),
            OptionSpec(name: "strict", valueName: nil, help: "fail a flow at the step where a page script throws (an uncaught exception or unhandled rejection)"),
            OptionSpec(name: "seed", valueName: "N", help: "seed the pages' Math.random (default 0): a flow gives the same result every run"),
            OptionSpec(name: "downloads", valueName: "DIR", help: "save the app's downloads in DIR (default: a temporary folder per flow, removed after it)",
                       values: .folders),
            OptionSpec(name: "step", valueName: nil, help: "step through one flow in the terminal UI (n or Space runs the next step)"),
            OptionSpec(name: "watch", valueName: nil, help: "run again whenever a flow, a page or the profile changes (only the flows that use it)"),
            OptionSpec(name: "shard", valueName: "I/N", help: "run only the I-th of N slices of the flows, for N CI machines (balanced by --timings)"),
            OptionSpec(name: "timings", valueName: "FILE", help: "balance --shard by the durations in FILE; without --shard, write this run's durations to it",
                       values: .files(["json"])),
        ],
        positionalName: "at least one flow file or folder", minimumPositionals: 1, maximumPositionals: nil,
        details: "Exit status: 0 all passed, 1 a flow failed, 2 a usage error or a malformed flow (PATH:LINE:COLUMN: error: …; the other flows still run), 130 Ctrl-C (the flows that finished are reported).",
        operandValues: .flows
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let jobs = try arguments.integer("jobs", in: 1...64) ?? 1
        if arguments.has("watch") { return try FlowWatch(arguments: arguments, jobs: jobs).run() }
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        let variables = try FlowVariables.values(arguments, profile: environment.profile)
        var paths = try flowPaths(arguments.positionals)
        let timingsFile = arguments.value("timings")
        let timings = try timingsFile.flatMap { path throws(UserError) in try FlowVariables.readTimings(path) }
        let shard = try arguments.value("shard").map { text throws(UserError) in try FlowShard(parsing: text) }
        if let shard { paths = shard.slice(of: paths, timings: timings) }
        // A report that cannot be written is found out before any flow runs.
        let report = try arguments.value("junit").map { path throws(UserError) in try ReportFile(path: path, inputs: paths) }
        // A shard only reads the timings (every shard must see the same file); `report merge --timings` writes them.
        let timingsReport = try timingsFile.flatMap { path throws(UserError) in
            shard == nil ? try ReportFile(path: path, inputs: paths, kind: "timings file") : nil
        }
        let html = try arguments.value("html").map { folder throws(UserError) in try HTMLReportFolder(path: folder, inputs: paths) }
        let parser = FlowParser.files.knowing(Set(variables.keys))
        let parsed = parser.parse(paths: paths, jobs: jobs)
        if arguments.has("step") {
            guard parsed.count == 1 else { throw UserError("--step takes exactly one flow file, got \(parsed.count)") }
            let flow = try parsed[0].get()
            return try InteractiveCommand.stepThrough(flow, environment: environment, variables: variables)
        }
        try environment.requirePagesFolder()
        var flows: [Flow] = []
        for case .success(let flow) in parsed { flows.append(flow) }
        let artifacts = ArtifactFolder(path: arguments.value("artifacts") ?? "webnav-artifacts", flows: flows)
        if let problem = artifacts.problem() { throw UserError("cannot write pictures to \(artifacts.path): \(problem)") }
        try artifacts.startAfresh()
        var runner = FlowRunner(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: false),
                                artifacts: artifacts)
        runner.isStrict = arguments.has("strict")
        runner.scriptSeed = UInt64(try arguments.integer("seed", in: 0...Int.max) ?? 0)
        runner.downloadsPath = arguments.value("downloads")
        runner.variables = variables
        runner.parser = parser
        let json = arguments.has("json")
        let trace = arguments.has("trace")
        runner.keepsTrace = trace || json || report != nil || html != nil
        runner.keepsPictures = html != nil
        var sections: [String] = []
        // Ctrl-C: the flows that finished are summed up and the JUnit report written, the rest skipped.
        let interruption = RunInterruption { [paths] finished in
            try? (json ? StandardStream.error : StandardStream.output).line(FlowReport.summary(finished))
            try? StandardStream.error.line("webnav: interrupted: \(paths.count - finished.count) of \(paths.count) flows did not run to the end")
            try? report?.write(FlowReport.junit(finished, skipped: Array(paths.dropFirst(finished.count)), skippedMessage: "not run: interrupted"))
        }
        var writeFailure: UserError?
        func deliver(_ result: FlowResult) {
            // Snapshots were spooled to disk; the report goes out one snapshot at a time and is
            // then let go of, keeping only what the summary and the reports need.
            interruption.deliver(result.withoutSnapshots) {
                if html != nil { sections.append(FlowHTMLReport.section(result, index: sections.count)) }
                guard writeFailure == nil else { return }
                do throws(UserError) {
                    let output = StandardStream.output
                    if json {
                        try FlowReport.json(result) { piece throws(UserError) in try output.raw(piece) }
                    } else {
                        try FlowReport.text(result, trace: trace) { piece throws(UserError) in try output.raw(VisibleText.escaping(piece, keepingLines: true)) }
                    }
                    try output.raw("\n")
                } catch {
                    writeFailure = error
                }
            }
        }
        // Each flow is reported in the order given: one that does not parse where it stands.
        var next = 0
        func deliverMalformed() {
            while next < parsed.count, case .failure(let error) = parsed[next] {
                deliver(FlowResult.malformed(path: paths[next], error: error))
                next += 1
            }
        }
        deliverMalformed()
        runner.run(flows, jobs: jobs) { result in
            next += 1
            deliver(result)
            deliverMalformed()
        }
        let results = interruption.end()
        if let writeFailure { throw writeFailure }
        try (json ? StandardStream.error : StandardStream.output).line(FlowReport.summary(results))
        try report?.write(FlowReport.junit(results))
        try html?.write(FlowHTMLReport.page(sections: sections, results: results))
        try timingsReport?.write((timings ?? FlowTimings()).updated(with: results).json)
        return FlowReport.exitStatus(results)
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

/// The values flows start with: the profile's `env`, then each `--env NAME=VALUE` (the later wins).
enum FlowVariables {
    static func values(_ arguments: ParsedArguments, profile: AppProfile) throws(UserError) -> [String: String] {
        var values = profile.env
        for given in arguments.values("env") {
            guard let equals = given.firstIndex(of: "=") else {
                throw UserError("--env takes NAME=VALUE, got \"\(VisibleText.escaping(given))\"")
            }
            let name = String(given[..<equals])
            guard VariableName.isValid(name) else {
                throw UserError("--env \(VisibleText.escaping(name)): a variable's name is a letter or _, then letters, digits or _")
            }
            values[name] = String(given[given.index(after: equals)...])
        }
        return values
    }

    /// A timings file's durations; nil when there is no file yet (the first run writes it).
    static func readTimings(_ path: String) throws(UserError) -> FlowTimings? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try FilePageReader().read(URL(fileURLWithPath: path)) } catch {
            throw UserError("cannot read timings: \(ErrorDescription.reason(error))", path: path)
        }
        return try FlowTimings.read(Array(data), path: path)
    }
}

/// The folder of `run --html DIR`: checked before anything runs, `index.html` written whole at the end.
struct HTMLReportFolder {
    let file: ReportFile

    init(path: String, inputs: [String]) throws(UserError) {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory {
            throw UserError("--html takes a folder, and this is a file", path: path)
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UserError("cannot make the HTML report's folder: \(ErrorDescription.reason(error))", path: path)
        }
        file = try ReportFile(path: (path.hasSuffix("/") ? path : path + "/") + "index.html", inputs: inputs, kind: "HTML report")
    }

    func write(_ html: String) throws(UserError) {
        try file.write(html)
    }
}
