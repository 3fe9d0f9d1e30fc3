import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import TerminalApp
import TerminalUI

/// The manual page, `man/webnav.1`, made from the same tables as `--help`, the terminal UI's
/// help and `webnav help flows`, so that it cannot fall behind them. `webnav __man` prints it;
/// a test checks that the committed file is what it prints.
enum ManPage {
    static let name = "__man"

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.isEmpty else { throw UserError("\(name) takes no arguments") }
        try StandardStream.output.raw(render())
        return 0
    }

    static func render() -> String {
        var lines = [
            "'\\\" -*- coding: UTF-8 -*-",
            ".\\\" The manual page of webnav, made by `webnav __man` from the program's own tables.",
            ".TH WEBNAV 1 \"\" \"\(escaped(Webnav.version))\" \"User Commands\"",
            ".SH NAME",
            "webnav \\- a terminal simulator of hybrid apps: native screens with web views, steered by deeplinks",
            ".SH SYNOPSIS",
        ]
        // The synopses of `webnav --help` and the README's command block, from the same specs.
        for spec in CommandOverview.entries {
            if lines.last != ".SH SYNOPSIS" { lines.append(".br") }
            lines.append(".B \(escaped(spec.invocation))")
            let rest = String(spec.synopsis.dropFirst(spec.name.count).drop { $0 == " " })
            if !rest.isEmpty { lines.append(escaped(rest)) }
        }
        lines += [".br", ".B webnav help", "[\\fICOMMAND\\fR]", ".br", ".B webnav help flows", ".br", ".B webnav \\-\\-version"]
        lines += [
            ".SH DESCRIPTION",
            "webnav answers \"what does this link do?\" without a phone, a simulator or a Mac: it steps",
            "through deeplink flows on real HTML pages in the terminal, previews the navigation bar a",
            "deeplink produces and why, and runs flow files headless in CI. Without a command it opens",
            "the terminal UI on the app's root page.",
            ".SH COMMANDS",
        ]
        for (_, spec) in commands {
            lines += [".TP", ".B \(escaped(spec.synopsis))", escaped(spec.summary)]
            if !spec.details.isEmpty { lines += [".IP", escaped(spec.details)] }
            for option in spec.options {
                lines += [".RS", ".TP", ".B \\-\\-\(escaped(option.name))" + (option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""),
                          escaped(option.help), ".RE"]
            }
        }
        lines += [".SH COMMON OPTIONS"]
        for option in CommandSpec.commonOptions {
            lines += [".TP", ".B \\-\\-\(escaped(option.name))" + (option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""), escaped(option.help)]
        }
        lines += [".TP", ".B \\-\\-help", "the command's options", ".TP", ".B \\-\\-version", "the version"]
        lines += [".SH KEYS", "In the terminal UI (webnav, open, record, run \\-\\-step):"]
        for section in TerminalKeys.sections {
            lines += [".SS \(escaped(section.heading))"]
            for key in section.keys { lines += [".TP", ".B \(escaped(key.keys))", escaped(key.action)] }
        }
        lines += [".PP", escaped(TerminalKeys.promptNote)]
        lines += [
            ".SH FLOW FILES",
        ]
        lines += FlowHelp.introduction.map(escaped)
        for step in FlowHelp.steps { lines += [".TP", ".B \(escaped(step.syntax))", escaped(step.meaning)] }
        lines += [
            ".SH EXIT STATUS",
            "0 success; 1 a flow failed (or lint found problems); 2 a usage error, malformed input, or output",
            "that cannot be written. Errors are one line on standard error: PATH:LINE:COLUMN: error: MESSAGE,",
            "or webnav: error: MESSAGE.",
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", "set and not empty: no colour (an explicit \\-\\-color always wins)",
            ".TP", ".B COLORTERM", "truecolor or 24bit: 24-bit colour where the terminal has a direct-colour entry",
            ".TP", ".B XDG_RUNTIME_DIR", "where the terminal UI's control socket for webnav push lives (else webnav\\-UID in TMPDIR or /tmp, made private)",
            ".SH FILES",
            ".TP", ".B webnav.json", "the app profile in the current folder, when \\-\\-profile is not given",
            ".TP", ".B Pages/", "the pages folder scheme-less url values resolve against, unless the profile or \\-\\-pages says otherwise",
            ".TP", ".B webnav-artifacts/", "where named snapshots and failure pictures go (run \\-\\-artifacts)",
            ".SH SEE ALSO",
            "The README in the source tree: the profile's fields, the demo app, and a worked example of each tool.",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private static var commands: [(name: String, spec: CommandSpec)] {
        Webnav.commands.map { ($0.spec.name, $0.spec) }
    }

    /// Text safe in roff: backslashes doubled, hyphens as minus signs, a leading dot or quote guarded.
    static func escaped(_ text: String) -> String {
        var output = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        output = output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
        return output
    }
}
