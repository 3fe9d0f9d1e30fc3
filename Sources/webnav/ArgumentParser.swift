import NavigatorCore

/// An option a command accepts: `--name VALUE` (or `--name=VALUE`), or a flag without a value.
struct OptionSpec: Sendable {
    var name: String
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once, each value kept (`--env A=1 --env B=2`).
    var repeats = false
}

/// What a command accepts and how to describe it in `--help`.
struct CommandSpec: Sendable {
    var name: String
    var synopsis: String
    var summary: String
    var options: [OptionSpec]
    /// Names of positional arguments, for messages.
    var positionalName: String
    var minimumPositionals: Int
    var maximumPositionals: Int?
    var details: String = ""

    static let commonOptions = [
        OptionSpec(name: "profile", valueName: "FILE", help: "the app profile (default: webnav.json here if present, else built in)"),
        OptionSpec(name: "pages", valueName: "DIR", help: "the folder scheme-less url values resolve against (default: the profile's, else Pages)"),
    ]

    /// `webnav run`, or `webnav` for the command without a word (the terminal UI).
    var invocation: String { name.isEmpty ? "webnav" : "webnav \(name)" }

    /// Where the options are listed: `webnav help run`, or `webnav --help`.
    var helpCommand: String { name.isEmpty ? "webnav --help" : "webnav help \(name)" }

    /// The `--help` text.
    var help: String {
        var lines = ["usage: webnav \(synopsis)", "", summary]
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
            throw UserError("'\(spec.invocation)' needs \(spec.positionalName) (usage: webnav \(spec.synopsis))")
        }
        if let maximum = spec.maximumPositionals, parsed.positionals.count > maximum {
            let takes = maximum == 0 ? "takes no arguments" : "takes only \(spec.positionalName)"
            throw UserError("'\(spec.invocation)' \(takes), got \"\(parsed.positionals[maximum])\" (usage: webnav \(spec.synopsis))")
        }
        return parsed
    }
}
