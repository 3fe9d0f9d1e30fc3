#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Lint
import NavigatorCore

/// `webnav completion bash|zsh|fish`: a completion script for the shell, made from the
/// command table itself so that it never falls behind a new command or option: subcommands,
/// options, option values (their words, folders or files), and what each command's operands
/// are (flow files, payloads, or the pages of the app's pages folder, which the script asks
/// `webnav __pages` for).
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion", operands: "bash|zsh|fish", brief: "a shell completion script",
        summary: "Print a shell completion script: subcommands, their options and option values, flow files for run, payloads for push, and the pages of the pages folder for open and preview.",
        options: [], positionalName: "a shell (bash, zsh or fish)", minimumPositionals: 1, maximumPositionals: 1,
        details: """
        bash: source <(webnav completion bash), or save it as /etc/bash_completion.d/webnav.
        zsh:  webnav completion zsh > "${fpath[1]}/_webnav".
        fish: webnav completion fish > ~/.config/fish/completions/webnav.fish.
        """,
        operandValues: .words(["bash", "zsh", "fish"])
    )

    /// The hidden command the scripts run to complete pages.
    static let pagesName = "__pages"

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

    /// `webnav __pages [WORDS...]`: the `.html` and `.htm` files of the pages folder that the
    /// words of the command line choose (`--pages`, `--profile`, else the defaults), one per
    /// line, as paths from the current folder, the way `open` and `preview` read them.
    static func pages(_ words: [String]) -> Int32 {
        var arguments = ParsedArguments()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            for option in CommandSpec.commonOptions {
                if word == "--\(option.name)", index < words.count {
                    arguments.values[option.name] = words[index]
                    index += 1
                } else if word.hasPrefix("--\(option.name)=") {
                    arguments.values[option.name] = String(word.dropFirst(option.name.count + 3))
                }
            }
        }
        guard let environment = try? AppEnvironment.load(arguments, checksScripts: false) else { return 2 }
        let folder = environment.pagesFolder.path.hasSuffix("/") ? String(environment.pagesFolder.path.dropLast()) : environment.pagesFolder.path
        let current = FileManager.default.currentDirectoryPath
        let prefix = folder == current ? "" : folder.hasPrefix(current + "/") ? String(folder.dropFirst(current.count + 1)) + "/" : folder + "/"
        for page in DiskFiles().files(under: folder) where page.hasSuffix(".html") || page.hasSuffix(".htm") {
            guard (try? StandardStream.output.line(prefix + page)) != nil else { return 2 }
        }
        return 0
    }

    private static var commands: [(name: String, spec: CommandSpec)] {
        Webnav.commands.map { ($0.spec.name, $0.spec) }.sorted { $0.name < $1.name }
    }

    private static func options(of spec: CommandSpec) -> [OptionSpec] {
        spec.options + CommandSpec.commonOptions + [OptionSpec(name: "help", valueName: nil, help: "show the command's help")]
    }

    private static var commandNames: [String] { commands.map(\.name) + ["help"] }

    /// Every option that takes a value, once per name (the same name means the same kind of
    /// value in every command): options may come before the command word.
    private static var valuedOptions: [OptionSpec] {
        var seen: Set<String> = []
        return (CommandSpec.commonOptions + commands.flatMap(\.spec.options)).filter { $0.valueName != nil && seen.insert($0.name).inserted }
    }

    // MARK: - bash

    static func bash() -> String {
        var cases = ""
        for (name, spec) in commands {
            let words = options(of: spec).map { "--\($0.name)" }.joined(separator: " ")
            cases += """
                    \(name))
                        case "$prev" in

            """ + bashValues(options(of: spec), indent: "                ") + """
                        esac
                        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W '\(words)' -- "$cur"))
                        else \(bashOperands(spec.operandValues)); fi ;;

            """
        }
        return """
        # bash completion for webnav (webnav completion bash)
        _webnav() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" word skip=""
            for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                if [[ -n "$skip" ]]; then skip=""; continue; fi
                case "$word" in
                    \(valuedOptions.map { "--\($0.name)" }.joined(separator: "|"))) skip=1 ;;
                    -*) ;;
                    *) command="$word"; break ;;
                esac
            done
            if [[ -z "$command" ]]; then
                case "$prev" in
        \(bashValues(valuedOptions, indent: "            "))        esac
                COMPREPLY=($(compgen -W '\(commandNames.joined(separator: " ")) --help --version --profile --pages' -- "$cur"))
                return
            fi
            case "$command" in
        \(cases)    esac
        }
        complete -o filenames -F _webnav webnav

        """
    }

    /// `case "$prev"` arms: after an option that takes a value, its words, folders or files.
    private static func bashValues(_ options: [OptionSpec], indent: String) -> String {
        var arms: [(reply: String, names: [String])] = []
        for option in options where option.valueName != nil {
            let reply: String
            switch option.values {
            case .choices(let words): reply = "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))"
            case .folders: reply = "COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .files: reply = "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .text: reply = "COMPREPLY=()"
            }
            if let index = arms.firstIndex(where: { $0.reply == reply }) { arms[index].names.append(option.name) } else { arms.append((reply, [option.name])) }
        }
        return arms.map { "\(indent)\($0.names.map { "--\($0)" }.joined(separator: "|"))) \($0.reply); return ;;\n" }.joined()
    }

    private static func bashOperands(_ operands: OperandValues) -> String {
        switch operands {
        case .flows: return "COMPREPLY=($(compgen -f -X '!*.flow' -- \"$cur\"; compgen -d -- \"$cur\"))"
        case .pageFiles: return "COMPREPLY=($(compgen -f -X '!*.htm*' -- \"$cur\"; compgen -d -- \"$cur\"))"
        case .pagesFolderPages:
            return "local IFS=$'\\n'; COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" \(pagesName) \"${COMP_WORDS[@]:1:COMP_CWORD-1}\" 2>/dev/null)\" -- \"$cur\"))"
        case .anyPaths, .flowFile: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .payloads: return "COMPREPLY=($(compgen -f -X '!*.apns' -- \"$cur\"; compgen -d -- \"$cur\"))"
        case .words(let words): return "COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\"))"
        case .none: return "COMPREPLY=()"
        }
    }

    // MARK: - zsh

    static func zsh() -> String {
        var cases = ""
        for (name, spec) in commands {
            let specs = options(of: spec).map { option -> String in
                let help = zshEscaped(option.help)
                guard let value = option.valueName else { return "'--\(option.name)[\(help)]'" }
                let action: String
                switch option.values {
                case .choices(let words): action = "(\(words.joined(separator: " ")))"
                case .folders: action = "_files -/"
                case .files: action = "_files"
                case .text: action = " "
                }
                return "'--\(option.name)=[\(help)]:\(value.lowercased()):\(action)'"
            }
            let operands: String
            switch spec.operandValues {
            case .flows: operands = "'*:flow:_files -g \"*.flow\"'"
            case .pageFiles: operands = "'*:page:_files -g \"*.htm*\"'"
            case .pagesFolderPages:
                operands = "'*:page:{compadd -- ${(f)\"$(${words[1]} \(pagesName) ${words[2,CURRENT-1]} 2>/dev/null)\"}}'"
            case .anyPaths: operands = "'*:path:_files'"
            case .flowFile: operands = "'1:flow file:_files -g \"*.flow\"'"
            case .payloads: operands = "'1:payload:_files -g \"*.apns\"'"
            case .words(let words): operands = "'1:\(spec.positionalName):(\(words.joined(separator: " ")))'"
            case .none: operands = "'*:url:'"
            }
            cases += "        \(name)) _arguments \(specs.joined(separator: " ")) \(operands) ;;\n"
        }
        cases += "        help) _arguments '1:command:(\(commandNames.joined(separator: " ")) flows)' ;;\n"
        let described = commands.map { "'\($0.name):\(zshEscaped($0.spec.brief))'" } + ["'help:show help for a command'"]
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

    // MARK: - fish

    static func fish() -> String {
        var lines = [
            "# fish completion for webnav (webnav completion fish)",
            "complete -c webnav -f",
        ]
        for (name, spec) in commands {
            let when = "-n '__fish_seen_subcommand_from \(name)'"
            lines.append("complete -c webnav -n __fish_use_subcommand -a \(name) -d '\(fishEscaped(spec.brief))'")
            for option in options(of: spec) {
                var line = "complete -c webnav \(when) -l \(option.name) -d '\(fishEscaped(option.help))'"
                if option.valueName != nil {
                    switch option.values {
                    case .choices(let words): line += " -x -a '\(words.joined(separator: " "))'"
                    case .folders: line += " -x -a '(__fish_complete_directories (commandline -ct))'"
                    case .files: line += " -r -F"
                    case .text: line += " -x"
                    }
                }
                lines.append(line)
            }
            switch spec.operandValues {
            case .flows, .pageFiles, .anyPaths, .payloads, .flowFile:
                lines.append("complete -c webnav \(when) -F")
            case .pagesFolderPages:
                lines.append("complete -c webnav \(when) -a '(webnav \(pagesName) (commandline -opc)[2..-1] 2>/dev/null)'")
            case .words(let words):
                lines.append("complete -c webnav \(when) -a '\(words.joined(separator: " "))'")
            case .none:
                break
            }
        }
        lines.append("complete -c webnav -n __fish_use_subcommand -a help -d 'show help for a command'")
        lines.append("complete -c webnav -n '__fish_seen_subcommand_from help' -a '\(commandNames.joined(separator: " ")) flows'")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshEscaped(_ text: String) -> String {
        text.replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private static func fishEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
