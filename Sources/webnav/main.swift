#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Flows
import NavigatorCore
import ScriptRuntime
import Threading

/// The `webnav` command line: picks the subcommand and turns user errors into one line and exit 2.
enum Webnav {
    static let version = "webnav 0.1.0"

    /// The subcommands, in the order help, the README and the manual list them: what each
    /// accepts and how it is described (its spec), and what runs it.
    static var commands: [(spec: CommandSpec, run: (ParsedArguments) throws(UserError) -> Int32)] { [
        (InteractiveCommand.openSpec, InteractiveCommand.open),
        (PreviewCommand.spec, PreviewCommand.run),
        (ResolveCommand.spec, ResolveCommand.run),
        (RunCommand.spec, RunCommand.run),
        (ReportCommand.spec, ReportCommand.run),
        (DumpCommand.spec, DumpCommand.run),
        (LintCommand.spec, LintCommand.run),
        (InteractiveCommand.recordSpec, InteractiveCommand.record),
        (PushCommand.spec, PushCommand.run),
        (CompletionCommand.spec, CompletionCommand.run),
    ] }

    /// The subcommand named `name`.
    static func command(named name: String) -> (spec: CommandSpec, run: (ParsedArguments) throws(UserError) -> Int32)? {
        commands.first { $0.spec.name == name }
    }

    static var overview: String { CommandOverview.text }

    static func main(_ arguments: [String]) -> Int32 {
        StandardStream.prepareProcess()
        do {
            return try dispatch(arguments)
        } catch {
            // Where standard error fails too, the exit status is all that is left to say it.
            try? StandardStream.error.line(error.description)
            return 2
        }
    }

    /// The options that take a value in any command, so that options before the command word
    /// (`webnav --pages site open x`) are skipped with their values.
    private static var valuedOptions: Set<String> {
        Set((commands.flatMap(\.spec.options) + CommandSpec.commonOptions).filter { $0.valueName != nil }.map(\.name))
    }

    private static func dispatch(_ arguments: [String]) throws(UserError) -> Int32 {
        switch arguments.first {
        case "--version", "version":
            try noMoreArguments(arguments)
            try StandardStream.output.line(version)
            return 0
        case "--help", "-h":
            try noMoreArguments(arguments)
            try StandardStream.output.line(overview)
            return 0
        case "help":
            return try help(Array(arguments.dropFirst()))
        case TerminalBenchmarkCommand.name:
            return try TerminalBenchmarkCommand.run(Array(arguments.dropFirst()))
        case ShellBenchmarkCommand.name:
            return try ShellBenchmarkCommand.run(Array(arguments.dropFirst()))
        case BridgeBenchmarkCommand.name:
            return try BridgeBenchmarkCommand.run(Array(arguments.dropFirst()))
        case LayoutBenchmarkCommand.name:
            return try LayoutBenchmarkCommand.run(Array(arguments.dropFirst()))
        case ScriptBenchmarkCommand.name:
            return try ScriptBenchmarkCommand.run(Array(arguments.dropFirst()))
        case ConformanceCommand.name:
            return try ConformanceCommand.run(Array(arguments.dropFirst()))
        case ConformanceCommand.workerName:
            return try ConformanceCommand.worker(Array(arguments.dropFirst()))
        case ManPage.name:
            return try ManPage.run(Array(arguments.dropFirst()))
        case CompletionCommand.pagesName:
            return CompletionCommand.pages(Array(arguments.dropFirst()))
        default:
            break
        }
        // Options may come before the command word: they are handed to the command with the rest.
        var leading: [String] = []
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-", arguments[index] != "--" {
            let argument = arguments[index]
            leading.append(argument)
            index += 1
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            if argument.hasPrefix("--"), !argument.contains("="), valuedOptions.contains(name), index < arguments.count {
                leading.append(arguments[index])
                index += 1
            }
        }
        if index < arguments.count, arguments[index] == "--" { index += 1 }
        guard index < arguments.count else {
            let parsed = try ArgumentParser.parse(leading, for: InteractiveCommand.startSpec)
            if parsed.has("help") {
                try StandardStream.output.line(overview)
                return 0
            }
            return try InteractiveCommand.start(parsed)
        }
        let word = arguments[index]
        guard let command = command(named: word) else { throw unknownCommand(word) }
        let parsed = try ArgumentParser.parse(leading + arguments[(index + 1)...], for: command.spec)
        if parsed.has("help") {
            try StandardStream.output.line(command.spec.help)
            return 0
        }
        return try command.run(parsed)
    }

    /// `webnav help [COMMAND]`.
    private static func help(_ arguments: [String]) throws(UserError) -> Int32 {
        guard let name = arguments.first else {
            try StandardStream.output.line(overview)
            return 0
        }
        if arguments.count > 1 {
            throw UserError("'webnav help' takes one command name, got \"\(arguments[1])\" too")
        }
        if name == "help" {
            try StandardStream.output.line("usage: webnav help [COMMAND]: the overview, or a command's options; commands: \(commandNames.joined(separator: ", "))")
            return 0
        }
        if name == "flows" {
            try StandardStream.output.line(FlowHelp.text)
            return 0
        }
        guard let command = command(named: name) else { throw unknownCommand(name) }
        try StandardStream.output.line(command.spec.help)
        return 0
    }

    /// `--version` and `--help` stand alone.
    private static func noMoreArguments(_ arguments: [String]) throws(UserError) {
        guard arguments.count > 1 else { return }
        throw UserError("\(arguments[0]) takes no arguments, got \"\(arguments[1])\"")
    }

    private static var commandNames: [String] { commands.map(\.spec.name).sorted() + ["help"] }

    private static func unknownCommand(_ name: String) -> UserError {
        if name.hasPrefix("-") {
            return UserError("unknown option \(name) (see webnav --help)")
        }
        let names = commandNames
        let hint = NameSuggestion.nearest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return UserError("unknown command '\(name)'\(hint); commands: \(names.joined(separator: ", "))")
    }
}

let status = Webnav.main(Array(CommandLine.arguments.dropFirst()))
if ScriptEntryWatch.anyAbandoned {
    // A web view given up on still has a thread inside JavaScriptCore: `exit`'s destructors
    // would pull the library from under it. Output is flushed and files removed by hand.
    fflush(nil)
    FilesRemovedAtExit.removeAll()
    _exit(status)
}
exit(status)
