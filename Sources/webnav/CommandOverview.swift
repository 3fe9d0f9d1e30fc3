/// The overview (`webnav --help`) and the README's command block, made from the command table
/// (`Webnav.commands`): each command's synopsis and one-line description, so that a new option
/// or command shows in both, and in the manual's synopsis, without editing any of them.
enum CommandOverview {
    /// Where each command's one-line description starts.
    static let briefColumn = 33
    /// The longest line of the block.
    static let width = 100

    /// Every way to start webnav, in the order the overview, the README and the manual list them.
    static var entries: [CommandSpec] { [InteractiveCommand.startSpec] + Webnav.commands.map(\.spec) }

    /// The last line of the block: the help there is.
    static let helpUsage = "webnav help [COMMAND], webnav help flows, --help, --version"

    /// The block: each synopsis wrapped under its operands, then its description from
    /// `briefColumn` (on the same line when it fits), then the help line. The README's
    /// `## Commands` block is exactly these lines.
    static var usageLines: [String] {
        var lines: [String] = []
        for spec in entries {
            let command = spec.operands.isEmpty ? spec.invocation : spec.invocation + " " + spec.operands
            var synopsis = filled([command] + spec.options.map { "[\($0.usage)]" + ($0.repeats ? "..." : "") }, indent: spec.invocation.count + 1)
            let brief = filled(spec.brief.split(separator: " ").map(String.init), indent: briefColumn, firstIndent: briefColumn)
            if let last = synopsis.last, last.count + 2 <= briefColumn {
                synopsis[synopsis.count - 1] = last + String(repeating: " ", count: briefColumn - last.count) + brief[0].dropFirst(briefColumn)
                lines += synopsis + brief.dropFirst()
            } else {
                lines += synopsis + brief
            }
        }
        return lines + [helpUsage]
    }

    /// `webnav --help`.
    static var text: String {
        let common = CommandSpec.commonOptions.map { option in ("--\(option.name)" + (option.valueName.map { " \($0)" } ?? ""), option.help) }
        let labelWidth = common.map(\.0.count).max() ?? 0
        return ([
            "webnav: a terminal simulator of hybrid apps (native screens with web views, steered by deeplinks)",
            "",
            "usage:",
        ] + usageLines.map { "  " + $0 } + [
            "",
            "common options (before or after the command):",
        ] + common.map { "  " + $0.0 + String(repeating: " ", count: labelWidth - $0.0.count) + "  " + $0.1 } + [
            "webnav help COMMAND lists a command's own options; webnav help flows, every flow step.",
            "exit status: 0 success, 1 a flow failed (or lint found problems), 2 a usage error or malformed input, 130 run stopped by Ctrl-C",
        ]).joined(separator: "\n")
    }

    /// Words on lines of at most `width` cells, later lines indented by `indent` (the first by
    /// `firstIndent`); a word longer than a line keeps a line of its own.
    private static func filled(_ words: [String], indent: Int, firstIndent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = String(repeating: " ", count: firstIndent)
        var lineIsEmpty = true
        for word in words {
            if !lineIsEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineIsEmpty = true
            }
            line += (lineIsEmpty ? "" : " ") + word
            lineIsEmpty = false
        }
        return lines + [line]
    }
}
