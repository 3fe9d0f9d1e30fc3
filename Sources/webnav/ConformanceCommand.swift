import Conformance
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore

/// `webnav __conformance CONFORMANCE_FOLDER [--json FILE] [--jobs N] [--only TEXT]
/// [--must-pass LIST] [--update-must-pass LIST]` (hidden; `Scripts/conformance.sh` and
/// `make conformance` run it): the html5lib tree-construction tests and the WPT `dom/` and
/// `domparsing/` pages through the real page engine, in worker processes
/// (`__conformance-worker`), with the figures printed next to issue 22's goals.
///
/// `--must-pass LIST` runs only the listed tests and exits 1 unless each passes whole;
/// `--update-must-pass LIST` adds every test that passes whole to the list (never removing one),
/// and exits 1 when a listed test that ran no longer passes whole.
/// A missing folder is said plainly and is not a failure: "not measured", exit 0.
enum ConformanceCommand {
    static let name = "__conformance"
    static let workerName = "__conformance-worker"
    static let usage = "usage: webnav \(name) CONFORMANCE_FOLDER [--json FILE] [--jobs N] [--only TEXT] [--must-pass LIST] [--update-must-pass LIST]"
    /// Real time after which the pool kills a worker: the driver's own cap (checked between
    /// tasks) plus time for one task the engine's limit stops.
    static let killAfter = Duration.seconds(100)

    private struct Options {
        var root: String?
        var json: String?
        var jobs = 2
        var only: String?
        var mustPass: String?
        var updateMustPass: String?
    }

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        let options = try parse(arguments)
        guard let root = options.root.map({ $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }) else { throw UserError(usage) }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory else {
            try StandardStream.output.line("conformance: \(root) is absent: not measured")
            return 0
        }
        let jsonFile = try options.json.map { path throws(UserError) in try ReportFile(path: path, inputs: [], kind: "conformance results") }
        let suite = try ConformanceSuite.load(root: root)
        var jobs = suite.jobs
        var mustPass: MustPassList?
        if let path = options.mustPass {
            let list = try readList(path)
            let unknown = list.unknown(in: suite)
            if let first = unknown.first {
                throw UserError("\(unknown.count) listed test\(unknown.count == 1 ? " is" : "s are") not in \(root): \(first)\(unknown.count > 1 ? ", …" : "")", path: path)
            }
            let wanted = Set(list.ids)
            jobs = jobs.filter { wanted.contains($0.id) }
            mustPass = list
        }
        if let only = options.only { jobs = jobs.filter { $0.id.contains(only) } }

        let results = try runJobs(jobs, root: root, count: options.jobs)
        let conformance = ConformanceResults(
            html5lib: results.compactMap { if case .treeConstruction(let result) = $0 { return result } else { return nil } },
            wpt: results.compactMap { if case .wpt(let result) = $0 { return result } else { return nil } },
            notRun: options.only == nil && mustPass == nil ? suite.notRun : [])
        if let jsonFile { try jsonFile.write(try json(conformance)) }
        if let mustPass { return try reportMustPass(mustPass, conformance) }
        try StandardStream.output.raw(ConformanceSummary(conformance).text(source: root))
        if let path = options.updateMustPass {
            let old = FileManager.default.fileExists(atPath: path) ? try readList(path).ids : []
            let passing = Set(conformance.passingWhole)
            let ran = Set(jobs.map(\.id))
            let added = passing.subtracting(old)
            let regressed = old.filter { ran.contains($0) && !passing.contains($0) }
            let file = try ReportFile(path: path, inputs: [], kind: "must-pass list")
            try file.write(MustPassList.text(old + added))
            try StandardStream.output.line("must-pass list \(path): \(added.count) added, \(old.count + added.count) in all")
            if !regressed.isEmpty {
                try StandardStream.output.line("  \(regressed.count) listed no longer pass\(regressed.count == 1 ? "es" : "") whole (kept): " + regressed.joined(separator: ", "))
                return 1
            }
        }
        return 0
    }

    /// `webnav __conformance-worker CONFORMANCE_FOLDER`: jobs on standard input, results on standard output.
    static func worker(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.count == 1 else { throw UserError("usage: webnav \(workerName) CONFORMANCE_FOLDER") }
        return ConformanceWorker.serve(conformanceRoot: arguments[0])
    }

    private static func parse(_ arguments: [String]) throws(UserError) -> Options {
        var options = Options()
        var index = 0
        func value(_ name: String) throws(UserError) -> String {
            index += 1
            guard index < arguments.count else { throw UserError("\(name) needs a value; \(usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--json": options.json = try value(argument)
            case "--only": options.only = try value(argument)
            case "--must-pass": options.mustPass = try value(argument)
            case "--update-must-pass": options.updateMustPass = try value(argument)
            case "--jobs":
                let text = try value(argument)
                guard let jobs = Int(text), (1...64).contains(jobs) else { throw UserError("--jobs takes a number from 1 to 64, got \"\(text)\"") }
                options.jobs = jobs
            default:
                guard !argument.hasPrefix("-"), options.root == nil else { throw UserError("unexpected \"\(argument)\"; \(usage)") }
                options.root = argument
            }
            index += 1
        }
        if options.mustPass != nil, options.updateMustPass != nil {
            throw UserError("--must-pass and --update-must-pass do not go together")
        }
        return options
    }

    private static func readList(_ path: String) throws(UserError) -> MustPassList {
        guard let bytes = FileManager.default.contents(atPath: path) else { throw UserError("cannot read the must-pass list", path: path) }
        return try MustPassList(text: String(decoding: bytes, as: UTF8.self), path: path)
    }

    private static func runJobs(_ jobs: [ConformanceJob], root: String, count: Int) throws(UserError) -> [ConformanceJobResult] {
        let pool = ConformanceWorkerPool(executable: executablePath(), arguments: [workerName, root], count: count, killAfter: killAfter)
        let showsProgress = isatty(STDERR_FILENO) == 1
        do {
            return try pool.run(jobs) { done in
                guard showsProgress, done % 25 == 0 || done == jobs.count else { return }
                try? StandardStream.error.raw("\rconformance: \(done) of \(jobs.count)" + (done == jobs.count ? "\n" : ""))
            }
        } catch {
            throw UserError(error.message)
        }
    }

    /// This executable (the workers run it too).
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    private static func json(_ results: ConformanceResults) throws(UserError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(results) else { throw UserError("the results could not be written as JSON") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Each listed test that did not pass whole, with what it gave; exit 1 when there is one.
    private static func reportMustPass(_ list: MustPassList, _ results: ConformanceResults) throws(UserError) -> Int32 {
        var failures: [String] = []
        for result in results.html5lib where !result.passed {
            failures.append("html5lib/\(result.id): the tree differs\n    expected:\n\(indent(result.expected ?? ""))\n    got:\n\(indent(result.actual ?? ""))")
        }
        for result in results.wpt where !result.passesWhole {
            var text = "wpt/\(result.id): \(result.outcome.rawValue)" + (result.message.isEmpty ? "" : " \(result.message)")
            for subtest in result.subtests where !subtest.passed {
                text += "\n    \(subtest.status) \(subtest.name): \(subtest.message)"
            }
            failures.append(text)
        }
        let passed = list.ids.count - failures.count
        try StandardStream.output.line("conformance must-pass: \(passed) of \(list.ids.count) pass whole")
        for failure in failures { try StandardStream.output.line("  FAILED " + failure) }
        return failures.isEmpty ? 0 : 1
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    }
}
