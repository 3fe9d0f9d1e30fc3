#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Flows
import NavigatorCore

/// The `webnav` command line: picks the subcommand and turns user errors into one line and exit 2.
enum Webnav {
    static let version = "webnav 0.1.0"

    static var commands: [String: (spec: CommandSpec, run: (ParsedArguments) throws(UserError) -> Int32)] { [
        "open": (InteractiveCommand.openSpec, InteractiveCommand.open),
        "preview": (PreviewCommand.spec, PreviewCommand.run),
        "resolve": (ResolveCommand.spec, ResolveCommand.run),
        "run": (RunCommand.spec, RunCommand.run),
        "dump": (DumpCommand.spec, DumpCommand.run),
        "completion": (CompletionCommand.spec, CompletionCommand.run),
        "record": (InteractiveCommand.recordSpec, InteractiveCommand.record),
        "lint": (LintCommand.spec, LintCommand.run),
        "push": (PushCommand.spec, PushCommand.run),
        "report": (ReportCommand.spec, ReportCommand.run),
    ] }

    static let overview = """
    webnav: a terminal simulator of hybrid apps (native screens with web views, steered by deeplinks)

    usage:
      webnav                          the terminal UI on the default app (Pages/index.html as root)
      webnav open URL...              the terminal UI, after delivering each URL in order
      webnav preview [URL...] [--size 80x24] [--color auto|always|never]
                                      print one frame of the screen after the URLs, and exit
      webnav resolve URL... [--json]  classify and parse each URL: kind, action, configuration,
                                      resolved appearance, warnings
      webnav run FLOW... [--json] [--junit FILE] [--html DIR] [--trace] [--env NAME=VALUE] [--jobs N] [--step]
                                      run flow files
      webnav report merge REPORT... [--json FILE] [--junit FILE] [--timings FILE]
                                      merge the reports of a run's shards into one
      webnav dump PAGE [--width N]    render a page as text with numbered links and References
      webnav lint [PATH...] [--json] [--sarif FILE] [--max-warnings N]
                                      find deeplink and navigation problems in pages, scripts, flows,
                                      the profile, Info.plists and payloads (exit 1 when there are some)
      webnav record FILE.flow         the terminal UI, writing each action as a flow step
      webnav push FILE.apns|-         deliver a push notification to the running terminal UI
      webnav completion bash|zsh|fish a shell completion script
      webnav help [COMMAND], webnav help flows (every flow step), --help, --version

    common options (before or after the command): --profile FILE (default webnav.json here, else built in),
      --pages DIR (default Pages); the terminal UI also takes --data DIR (cookies and storage kept between runs)
    exit status: 0 success, 1 a flow failed, 2 a usage error or malformed input
    """

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
        Set((commands.values.flatMap(\.spec.options) + CommandSpec.commonOptions).filter { $0.valueName != nil }.map(\.name))
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
        case ManPage.name:
            return try ManPage.run(Array(arguments.dropFirst()))
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
        guard let command = commands[word] else { throw unknownCommand(word) }
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
        guard let command = commands[name] else { throw unknownCommand(name) }
        try StandardStream.output.line(command.spec.help)
        return 0
    }

    /// `--version` and `--help` stand alone.
    private static func noMoreArguments(_ arguments: [String]) throws(UserError) {
        guard arguments.count > 1 else { return }
        throw UserError("\(arguments[0]) takes no arguments, got \"\(arguments[1])\"")
    }

    private static var commandNames: [String] { commands.keys.sorted() + ["help"] }

    private static func unknownCommand(_ name: String) -> UserError {
        if name.hasPrefix("-") {
            return UserError("unknown option \(name) (see webnav --help)")
        }
        let names = commandNames
        let hint = NameSuggestion.nearest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return UserError("unknown command '\(name)'\(hint); commands: \(names.joined(separator: ", "))")
    }
}

exit(Webnav.main(Array(CommandLine.arguments.dropFirst())))
