#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Lint
import NavigatorCore

/// `webnav lint [PATH...]`: deeplink and navigation problems in pages, scripts, flows, the
/// profile, Info.plists and push payloads, for editors and CI.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint", operands: "[PATH...]",
        brief: "deeplink and navigation problems in pages, scripts, flows, the profile, Info.plists and payloads",
        summary: "Check pages, their scripts, flows, the profile, Info.plists and push payloads for deeplink and navigation problems before a device meets them (no PATH: the pages folder and the profile; a folder: everything under it).",
        options: [
            OptionSpec(name: "json", valueName: nil, help: "one JSON object per finding (path, line, column, code, severity, message); the summary goes to stderr"),
            OptionSpec(name: "sarif", valueName: "FILE", help: "also write SARIF 2.1.0 to FILE (for code review annotations)", values: .files(["sarif", "json"])),
            OptionSpec(name: "max-warnings", valueName: "N", help: "exit 0 with up to N warnings (errors always fail)"),
        ],
        positionalName: "files or folders", minimumPositionals: 0, maximumPositionals: nil,
        details: """
        Each finding is one line: PATH:LINE:COLUMN: warning[code]: message (error[code] for errors).
        Silence one finding with `# webnav-lint: ignore CODE: reason` above a flow step (or at its end),
        data-webnav-lint="ignore CODE: reason" on an element (its attributes and inline script),
        // webnav-lint: ignore CODE in a script, <!-- webnav-lint: ignore CODE --> in an Info.plist, and
        "webnav-lint": "ignore CODE: reason" in the profile or a payload. An ignore that silences nothing is a finding.
        Exit status: 0 no findings (or only warnings, at most --max-warnings), 1 findings, 2 a usage error.
        """,
        operandValues: .anyPaths
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let maximumWarnings = try arguments.integer("max-warnings", in: 0...Int(Int32.max)) ?? 0
        let environment = try AppEnvironment.load(arguments)
        let currentFolder = FileManager.default.currentDirectoryPath
        let options = LintOptions(paths: arguments.positionals, currentFolder: currentFolder, profile: environment.profile,
                                  profilePath: environment.profileFile, pagesFolder: environment.pagesFolder.path)
        let linter = Linter(options: options)
        // A report that cannot be written is found out before anything is read.
        let sarif = try arguments.value("sarif").map { path throws(UserError) in
            try ReportFile(path: path, inputs: arguments.positionals + (environment.profileFile.map { [$0] } ?? []), kind: "SARIF report")
        }
        let inputs = try linter.inputs()
        if !inputs.includesProfile { try environment.reportWarnings() }
        let result = linter.run(inputs)
        let json = arguments.has("json")
        for finding in result.findings {
            try StandardStream.output.line(json ? LintReport.json(finding, from: currentFolder) : LintReport.line(finding, from: currentFolder))
        }
        try (json ? StandardStream.error : StandardStream.output).line(LintReport.summary(result))
        let version = Webnav.version.split(separator: " ").last.map(String.init) ?? Webnav.version
        try sarif?.write(LintReport.sarif(result, from: currentFolder, version: version))
        return result.errorCount > 0 || result.warningCount > maximumWarnings ? 1 : 0
    }
}
