import NavigatorCore

/// An option a command accepts: `--name VALUE` (or `--name=VALUE`), or a flag without a value.
struct OptionSpec: Sendable {
    var name: String
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once, each value kept (`--env A=1 --env B=2`).
    var repeats = false
    /// What the value may be: the synopsis shows choices, shells complete them, files or folders.
    var values: OptionValues = .text

    /// `--name`, `--name VALUE` or `--name a|b|c`, as the synopsis shows it.
    var usage: String {
        guard let valueName else { return "--\(name)" }
        if case .choices(let choices) = values { return "--\(name) " + choices.joined(separator: "|") }
        return "--\(name) \(valueName)"
    }
}

/// What an option's value may be.
enum OptionValues: Sendable, Equatable {
    /// A number or a word: nothing to complete.
    case text
    /// One of these words.
    case choices([String])
    /// A file (the extensions shells offer first; none: any file).
    case files([String])
    /// A folder.
    case folders
}

/// What a command's positional arguments are, for shell completion.
enum OperandValues: Sendable, Equatable {
    case none
    /// Flow files and folders of them.
    case flows
    /// HTML files.
    case pageFiles
    /// The pages of the app's pages folder (`--pages`, the profile's, else `Pages`).
    case pagesFolderPages
    case anyPaths
    case payloads
    /// One flow file to write.
    case flowFile
    case words([String])
}

/// What a command accepts and how to describe it in `--help`, the overview, the README's
/// command block, the manual and the completion scripts: the one description they are made
/// from. A new option is one more `OptionSpec`.
struct CommandSpec: Sendable {
    var name: String
    /// The positional arguments as the synopsis shows them: `URL...`, `[PATH...]`.
    var operands: String
    /// One line for the overview: what the command does.
    var brief: String
    var summary: String
    var options: [OptionSpec]
    /// Names of positional arguments, for messages.
    var positionalName: String
    var minimumPositionals: Int
    var maximumPositionals: Int?
    var details: String = ""
    var operandValues: OperandValues = .none

    static let commonOptions = [
        OptionSpec(name: "profile", valueName: "FILE", help: "the app profile (default: webnav.json here if present, else built in)",
                   values: .files(["json", "plist"])),
        OptionSpec(name: "pages", valueName: "DIR", help: "the folder scheme-less url values resolve against (default: the profile's, else Pages)",
                   values: .folders),
    ]

    /// `run FLOW_OR_FOLDER... [--json] …`: the command word, its operands and its options.
    var synopsis: String {
        ([name, operands].filter { !$0.isEmpty } + options.map { "[\($0.usage)]" + ($0.repeats ? "..." : "") }).joined(separator: " ")
    }

    /// `webnav run FLOW_OR_FOLDER... [--json] …`: the whole command line.
    var usage: String { synopsis.isEmpty ? "webnav" : "webnav \(synopsis)" }

    /// `webnav run`, or `webnav` for the command without a word (the terminal UI).
    var invocation: String { name.isEmpty ? "webnav" : "webnav \(name)" }

    /// Where the options are listed: `webnav help run`, or `webnav --help`.
    var helpCommand: String { name.isEmpty ? "webnav --help" : "webnav help \(name)" }

    /// The `--help` text.
    var help: String {
        var lines = ["usage: \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        let allOptions = options + Self.commonOptions + [OptionSpec(name: "help", valueName: nil, help: "show this help")]
        lines += ["", "options:"]
        let labels = allOptions.map { "--\($0.name)" + ($0.valueName.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, allOptions) {
            lines.append("  \(label)\(String(repeating: " ", count: width - label.count))  \(option.help)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Arguments after parsing: positionals in order, options by name.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option, in order (for the options that repeat).
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func values(_ name: String) -> [String] { allValues[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// An option that must be a whole number in a range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UserError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UserError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}

/// Parses a command's arguments against its spec; every mistake is a `UserError` (exit 2).
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UserError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let options = spec.options + CommandSpec.commonOptions + [OptionSpec(name: "help", valueName: nil, help: "")]
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1, argument != "-" {
                    throw UserError("unknown option \(argument) for '\(spec.invocation)' (options start with --; see \(spec.helpCommand))")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let hint = NameSuggestion.nearest(to: name, among: options.map(\.name)).map { " (did you mean --\($0)?)" } ?? ""
                throw UserError("unknown option --\(name) for '\(spec.invocation)'\(hint.isEmpty ? " (see \(spec.helpCommand))" : hint)")
            }
            if let valueName = option.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UserError("--\(name) needs a value (\(valueName))") }
                    value = arguments[index]
                    index += 1
                }
                parsed.values[name] = value
                parsed.allValues[name, default: []].append(value)
            } else {
                guard inlineValue == nil else { throw UserError("--\(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        if parsed.has("help") { return parsed }
        if parsed.positionals.count < spec.minimumPositionals {
            throw UserError("'\(spec.invocation)' needs \(spec.positionalName) (usage: \(spec.usage))")
        }
        if let maximum = spec.maximumPositionals, parsed.positionals.count > maximum {
            let takes = maximum == 0 ? "takes no arguments" : "takes only \(spec.positionalName)"
            throw UserError("'\(spec.invocation)' \(takes), got \"\(parsed.positionals[maximum])\" (usage: \(spec.usage))")
        }
        return parsed
    }
}
