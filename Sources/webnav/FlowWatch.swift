#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import Flows
import NavigatorCore
import Simulator

/// `run --watch`: runs the flows, then again whenever a file they use changes, printing the
/// results and the summary line each time. Runs until interrupted.
///
/// It looks at the files every quarter second (modification time, size and inode: editors
/// that save by renaming count too) rather than asking the kernel, so that any file system
/// works. A changed flow, include or page reruns only the flows that used it; a changed
/// profile reruns them all; a flow added to a watched folder runs; a watched folder that
/// disappears is an error.
struct FlowWatch {
    var arguments: ParsedArguments
    var jobs: Int
    /// How long to wait between looks.
    var interval: Duration = .milliseconds(250)

    func run() throws(UserError) -> Int32 {
        let folders = arguments.positionals.filter { isDirectory($0) }
        var environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        var paths = try RunCommand.flowPaths(arguments.positionals)
        var uses = try runAndPrint(paths, environment: environment)
        var stamps = look(at: watchedFiles(uses, environment: environment))
        var listed = Set(paths)
        while true {
            sleep(interval)
            for folder in folders where !isDirectory(folder) {
                throw UserError("the watched folder was deleted", path: folder)
            }
            let current = (try? RunCommand.flowPaths(arguments.positionals)) ?? paths
            let added = current.filter { !listed.contains($0) }
            let removed = listed.subtracting(current)
            let now = look(at: Array(stamps.keys))
            let changed = stamps.keys.filter { stamps[$0] != now[$0] }.sorted()
            guard !changed.isEmpty || !added.isEmpty || !removed.isEmpty else { continue }
            paths = current
            listed = Set(current)
            for path in removed { uses[path] = nil }
            var rerun = Set(added)
            if changed.contains(where: { environment.watchedFiles.contains($0) }) {
                do {
                    environment = try AppEnvironment.load(arguments)
                } catch {
                    try StandardStream.output.line("== \(error.description)")
                    stamps = now
                    continue
                }
                rerun.formUnion(current)
            }
            for (flow, files) in uses where !Set(files).isDisjoint(with: changed) { rerun.insert(flow) }
            rerun.formIntersection(current)
            try StandardStream.output.line("== changed: \((changed + added).joined(separator: ", ")); running \(rerun.count) flow\(rerun.count == 1 ? "" : "s")")
            for (flow, files) in try runAndPrint(current.filter(rerun.contains), environment: environment) { uses[flow] = files }
            stamps = look(at: watchedFiles(uses, environment: environment))
        }
    }

    /// Runs flows, prints their results and the summary; returns the files each flow used.
    private func runAndPrint(_ paths: [String], environment: AppEnvironment) throws(UserError) -> [String: [String]] {
        let variables = try FlowVariables.values(arguments, profile: environment.profile)
        let parser = FlowParser.files.knowing(Set(variables.keys))
        var flows: [Flow] = []
        var uses: [String: [String]] = [:]
        var failedToParse = 0
        for (path, result) in zip(paths, parser.parse(paths: paths, jobs: jobs)) {
            switch result {
            case .success(let flow):
                flows.append(flow)
            case .failure(let error):
                try StandardStream.output.line(error.description)
                failedToParse += 1
                uses[path] = [path]
            }
        }
        var runner = FlowRunner(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: true))
        runner.isStrict = arguments.has("strict")
        runner.scriptSeed = UInt64(try arguments.integer("seed", in: 0...Int.max) ?? 0)
        runner.variables = variables
        runner.parser = parser
        var results: [FlowResult] = []
        var writeFailure: UserError?
        runner.run(flows, jobs: jobs) { result in
            results.append(result.withoutSnapshots)
            uses[result.path] = result.usedFiles
            guard writeFailure == nil else { return }
            do throws(UserError) {
                try FlowReport.text(result) { piece throws(UserError) in try StandardStream.output.raw(VisibleText.escaping(piece, keepingLines: true)) }
                try StandardStream.output.raw("\n")
            } catch {
                writeFailure = error
            }
        }
        if let writeFailure { throw writeFailure }
        let summary = FlowReport.summary(results)
        try StandardStream.output.line(failedToParse == 0 ? summary : "\(summary) (\(failedToParse) could not be read)")
        return uses
    }

    private func watchedFiles(_ uses: [String: [String]], environment: AppEnvironment) -> [String] {
        Array(Set(uses.values.flatMap { $0 } + environment.watchedFiles))
    }

    private func look(at files: [String]) -> [String: FileStamp?] {
        Dictionary(uniqueKeysWithValues: files.map { ($0, FileStamp(path: $0)) })
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    private func sleep(_ duration: Duration) {
        Threads.sleep(for: duration)
    }
}
