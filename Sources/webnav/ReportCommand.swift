#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Flows
import NavigatorCore
import PageKit

/// `webnav report merge REPORT... [--json FILE] [--junit FILE] [--timings FILE]`: the reports
/// of a run's shards as one, with the exit status of a single run.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report", operands: "merge REPORT...", brief: "the reports of a run's shards (run --shard) merged into one run's",
        summary: "Merge the --json and --junit reports of the shards of a run (run --shard I/N) into the reports one run of every flow writes.",
        options: [
            OptionSpec(name: "json", valueName: "FILE", help: "write the merged JSON lines to FILE (- for standard output)", values: .files(["json"])),
            OptionSpec(name: "junit", valueName: "FILE", help: "write the merged JUnit XML to FILE", values: .files(["xml"])),
            OptionSpec(name: "timings", valueName: "FILE", help: "write the flows' durations to FILE, for the next run's --shard --timings",
                       values: .files(["json"])),
        ],
        positionalName: "merge and at least one report (JSON lines or JUnit XML)", minimumPositionals: 2, maximumPositionals: nil,
        details: "Flows come out sorted by path. The summary line goes to stderr. Exit status: as one run of the flows: 0 all passed, 1 a flow failed, 2 a flow did not parse (or a report cannot be read).",
        operandValues: .anyPaths
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        guard arguments.positionals[0] == "merge" else {
            throw UserError("'webnav report' takes merge, got \"\(VisibleText.escaping(arguments.positionals[0]))\" (usage: \(spec.usage))")
        }
        let inputs = Array(arguments.positionals.dropFirst())
        let json = arguments.value("json")
        let junit = try arguments.value("junit").map { path throws(UserError) in try ReportFile(path: path, inputs: inputs) }
        let timings = try arguments.value("timings").map { path throws(UserError) in try ReportFile(path: path, inputs: inputs, kind: "timings file") }
        let jsonFile = try json.flatMap { path throws(UserError) in path == "-" ? nil : try ReportFile(path: path, inputs: inputs, kind: "JSON report") }
        guard json != nil || junit != nil || timings != nil else {
            throw UserError("'webnav report merge' needs --json FILE, --junit FILE or --timings FILE: where the merged report goes")
        }
        var merge = FlowReportMerge()
        for path in inputs {
            let data: Data
            do { data = try FilePageReader().read(URL(fileURLWithPath: path)) } catch {
                throw UserError("cannot read report: \(ErrorDescription.reason(error))", path: path)
            }
            try merge.add(Array(data), path: path)
        }
        if json != nil {
            guard merge.hasJSON else { throw UserError("--json: none of the reports is JSON lines (webnav run --json)") }
            let text = try merge.mergedJSON()
            if let jsonFile { try jsonFile.write(text) } else { try StandardStream.output.raw(text) }
        }
        if let junit {
            guard merge.hasJUnit else { throw UserError("--junit: none of the reports is JUnit XML (webnav run --junit)") }
            try junit.write(try merge.mergedJUnit())
        }
        try timings?.write(merge.timings.json)
        try StandardStream.error.line(merge.summary)
        return merge.exitStatus
    }
}
