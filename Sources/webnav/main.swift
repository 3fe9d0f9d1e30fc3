import Foundation
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
    ] }

    static let overview = """
    webnav: a terminal simulator of hybrid apps (native screens with web views, steered by deeplinks)

    usage:
      webnav                          the terminal UI on the default app (Pages/index.html as root)
      webnav open URL...              the terminal UI, after delivering each URL in order
      webnav preview URL... [--size 80x24] [--color auto|always|never]
                                      print one frame of the screen after the URLs, and exit
      webnav resolve URL... [--json]  classify and parse each URL: kind, action, configuration,
                                      resolved appearance, warnings
      webnav run FLOW... [--json] [--junit FILE] [--jobs N] [--step]
                                      run flow files
      webnav dump PAGE [--width N]    render a page as text with numbered links and References
      webnav record FILE.flow         the terminal UI, writing each action as a flow step
      webnav completion bash|zsh|fish a shell completion script
      webnav help [COMMAND], --help, --version

    common options: --profile FILE (default webnav.json here, else built in), --pages DIR (default Pages)
    exit status: 0 success, 1 a flow failed, 2 a usage error or malformed input
    """

    static func main(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch {
            StandardError.write(error.description)
            return 2
        }
    }

    private static func dispatch(_ arguments: [String]) throws(UserError) -> Int32 {
        guard let first = arguments.first else {
            return try InteractiveCommand.start(try ArgumentParser.parse([], for: InteractiveCommand.startSpec))
        }
        switch first {
        case "--version", "version":
            print(version)
            return 0
        case "--help", "-h":
            print(overview)
            return 0
        case "help":
            guard arguments.count > 1 else { print(overview); return 0 }
            guard let command = commands[arguments[1]] else { throw unknownCommand(arguments[1]) }
            print(command.spec.help)
            return 0
        case TerminalBenchmarkCommand.name:
            return try TerminalBenchmarkCommand.run(Array(arguments.dropFirst()))
        case ShellBenchmarkCommand.name:
            return try ShellBenchmarkCommand.run(Array(arguments.dropFirst()))
        default:
            if first.hasPrefix("--") {
                return try InteractiveCommand.start(try ArgumentParser.parse(arguments, for: InteractiveCommand.startSpec))
            }
            guard let command = commands[first] else { throw unknownCommand(first) }
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.has("help") {
                print(command.spec.help)
                return 0
            }
            return try command.run(parsed)
        }
    }

    private static func unknownCommand(_ name: String) -> UserError {
        let names = commands.keys.sorted() + ["help"]
        let hint = NameSuggestion.nearest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return UserError("unknown command '\(name)'\(hint); commands: \(names.joined(separator: ", "))")
    }
}

exit(Webnav.main(Array(CommandLine.arguments.dropFirst())))
