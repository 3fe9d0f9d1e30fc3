import NavigatorCore

/// `webnav completion bash|zsh|fish`: a completion script for the shell, made from the
/// command table itself so that it never falls behind a new command or option.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion", synopsis: "completion bash|zsh|fish",
        summary: "Print a shell completion script: subcommands, their options, and flow or page files where a command takes them.",
        options: [], positionalName: "a shell (bash, zsh or fish)", minimumPositionals: 1, maximumPositionals: 1,
        details: """
        bash: source <(webnav completion bash), or save it as /etc/bash_completion.d/webnav.
        zsh:  webnav completion zsh > "${fpath[1]}/_webnav".
        fish: webnav completion fish > ~/.config/fish/completions/webnav.fish.
        """
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let script: String
        switch arguments.positionals[0] {
        case "bash": script = bash()
        case "zsh": script = zsh()
        case "fish": script = fish()
        case let other: throw UserError("completion takes bash, zsh or fish, got \"\(other)\"")
        }
        try StandardStream.output.raw(script)
        return 0
    }

    /// What a command's positional arguments are, for completing file names.
    private enum Operand { case flows, pages, paths, payloads, flowFile, shells, commands, none }

    private static func operand(of command: String) -> Operand {
        switch command {
        case "run": return .flows
        case "dump": return .pages
        case "lint", "report": return .paths
        case "push": return .payloads
        case "record": return .flowFile
        case "completion": return .shells
        case "help": return .commands
        default: return .none
        }
    }

    private static var commands: [(name: String, spec: CommandSpec)] {
        Webnav.commands.map { ($0.key, $0.value.spec) }.sorted { $0.name < $1.name }
    }

    private static func options(of spec: CommandSpec) -> [OptionSpec] {
        spec.options + CommandSpec.commonOptions + [OptionSpec(name: "help", valueName: nil, help: "show the command's help")]
    }

    private static var commandNames: [String] { commands.map(\.name) + ["help"] }

    /// The common options that take a value, as a bash `case` pattern.
    private static var valuedCommonOptions: String {
        CommandSpec.commonOptions.filter { $0.valueName != nil }.map { "--\($0.name)" }.joined(separator: "|")
    }

    static func bash() -> String {
        var cases = ""
        for (name, spec) in commands {
            let words = options(of: spec).map { "--\($0.name)" }.joined(separator: " ")
            let valued = options(of: spec).filter { $0.valueName != nil }.map { "--\($0.name)" }.joined(separator: "|")
            let files: String
            switch operand(of: name) {
            case .flows: files = "compgen -f -X '!*.flow' -- \"$cur\"; compgen -d -- \"$cur\""
            case .pages: files = "compgen -f -X '!*.htm*' -- \"$cur\"; compgen -d -- \"$cur\""
            case .paths, .flowFile: files = "compgen -f -- \"$cur\""
            case .payloads: files = "compgen -f -X '!*.apns' -- \"$cur\"; compgen -d -- \"$cur\""
            case .shells: files = "compgen -W 'bash zsh fish' -- \"$cur\""
            case .commands: files = "compgen -W '\(commandNames.joined(separator: " "))' -- \"$cur\""
            case .none: files = ":"
            }
            cases += """
                    \(name))
                        case "$prev" in
                            \(valued.isEmpty ? "--never-an-option" : valued)) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                        esac
                        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W '\(words)' -- "$cur"))
                        else COMPREPLY=($(\(files))); fi ;;

            """
        }
        return """
        # bash completion for webnav (webnav completion bash)
        _webnav() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" word skip=""
            for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                if [[ -n "$skip" ]]; then skip=""; continue; fi
                case "$word" in
                    \(valuedCommonOptions)) skip=1 ;;
                    -*) ;;
                    *) command="$word"; break ;;
                esac
            done
            if [[ -z "$command" ]]; then
                COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " ")) --help --version --profile --pages' -- "$cur"))
                return
            fi
            case "$command" in
        \(cases)    esac
        }
        complete -o filenames -F _webnav webnav

        """
    }

    static func zsh() -> String {
        var cases = ""
        for (name, spec) in commands {
            let specs = options(of: spec).map { option -> String in
                let help = zshEscaped(option.help)
                guard let value = option.valueName else { return "'--\(option.name)[\(help)]'" }
                return "'--\(option.name)=[\(help)]:\(value.lowercased()):_files'"
            }
            let files: String
            switch operand(of: name) {
            case .flows: files = "'*:flow:_files -g \"*.flow\"'"
            case .pages: files = "'*:page:_files -g \"*.htm*\"'"
            case .paths: files = "'*:path:_files'"
            case .flowFile: files = "'1:flow file:_files -g \"*.flow\"'"
            case .payloads: files = "'1:payload:_files -g \"*.apns\"'"
            case .shells: files = "'1:shell:(bash zsh fish)'"
            case .commands: files = "'1:command:(\(commandNames.joined(separator: " ")))'"
            case .none: files = "'*:url:'"
            }
            cases += "        \(name)) _arguments \(specs.joined(separator: " ")) \(files) ;;\n"
        }
        let described = commands.map { "'\($0.name):\(zshEscaped($0.spec.summary))'" } + ["'help:show help for a command'"]
        return """
        #compdef webnav
        # zsh completion for webnav (webnav completion zsh)
        _webnav() {
            local -a commands
            commands=(\(described.joined(separator: " ")))
            if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
            fi
            case "$words[2]" in
        \(cases)    esac
        }
        _webnav "$@"

        """
    }

    static func fish() -> String {
        var lines = [
            "# fish completion for webnav (webnav completion fish)",
            "complete -c webnav -f",
        ]
        for (name, spec) in commands {
            lines.append("complete -c webnav -n __fish_use_subcommand -a \(name) -d '\(fishEscaped(spec.summary))'")
            for option in options(of: spec) {
                var line = "complete -c webnav -n '__fish_seen_subcommand_from \(name)' -l \(option.name) -d '\(fishEscaped(option.help))'"
                if option.valueName != nil { line += " -r -F" }
                lines.append(line)
            }
            switch operand(of: name) {
            case .flows, .pages, .paths, .payloads, .flowFile:
                lines.append("complete -c webnav -n '__fish_seen_subcommand_from \(name)' -F")
            case .shells:
                lines.append("complete -c webnav -n '__fish_seen_subcommand_from \(name)' -a 'bash zsh fish'")
            case .commands:
                lines.append("complete -c webnav -n '__fish_seen_subcommand_from \(name)' -a '\(commandNames.joined(separator: " "))'")
            case .none:
                break
            }
        }
        lines.append("complete -c webnav -n __fish_use_subcommand -a help -d 'show help for a command'")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshEscaped(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private static func fishEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
