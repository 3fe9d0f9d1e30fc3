import Foundation
import TestSupport
import XCTest

/// The help, the README and the manual say what the program does (issue 24): the README's
/// command block is `webnav --help`'s, the manual's synopses are the same commands, each
/// command's own help starts with its line, and the README's examples are what the program
/// writes.
final class CommandDocsTests: XCTestCase {
    private var readme: String {
        get throws { try String(contentsOf: WebnavProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    /// The usage block of `webnav --help`, without its indentation.
    private func helpBlock() throws -> [String] {
        let help = try WebnavProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        let lines = help.stdout.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "usage:")) + 1
        let end = try XCTUnwrap(lines[start...].firstIndex(of: ""))
        return lines[start..<end].map { String($0.dropFirst(2)) }
    }

    /// Each command's synopsis in a usage block: a line starting with `webnav` begins one, lines
    /// indented less than the descriptions continue it, and two spaces end it.
    private func synopses(_ block: [String]) -> [String] {
        var entries: [String] = []
        for line in block {
            let indent = line.prefix { $0 == " " }.count
            let synopsis = line.dropFirst(indent).components(separatedBy: "  ")[0]
            if indent == 0 {
                entries.append(synopsis)
            } else if indent < 33, !entries.isEmpty {
                entries[entries.count - 1] += " " + synopsis
            }
        }
        return entries
    }

    func testTheREADMEsCommandBlockIsTheHelps() throws {
        let text = try readme
        let section = try XCTUnwrap(text.range(of: "## Commands\n"))
        let open = try XCTUnwrap(text.range(of: "```\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```\n", range: open.upperBound..<text.endIndex))
        let block = text[open.upperBound..<close.lowerBound].components(separatedBy: "\n").dropLast()
        let help = try helpBlock()
        XCTAssertEqual(Array(block), help, "README.md's command block has drifted from webnav --help; it should read:\n" + help.joined(separator: "\n"))
    }

    func testTheManualsSynopsesAndEachCommandsHelpAreTheOverviews() throws {
        let help = try helpBlock()
        var commands = synopses(help)
        XCTAssertEqual(commands.removeLast(), "webnav help [COMMAND], webnav help flows, --help, --version")
        // What issue 24 found missing, each in its command's line.
        XCTAssertTrue(commands.contains("webnav run FLOW_OR_FOLDER... [--json] [--junit FILE] [--html DIR] [--trace] [--env NAME=VALUE]... "
            + "[--artifacts DIR] [--jobs N] [--strict] [--seed N] [--downloads DIR] [--step] [--watch] [--shard I/N] [--timings FILE]"), "\(commands)")
        XCTAssertTrue(commands.contains("webnav report merge REPORT... [--json FILE] [--junit FILE] [--timings FILE]"), "\(commands)")
        XCTAssertTrue(commands.contains("webnav preview [URL...] [--size COLSxROWS] [--color auto|always|never] [--svg FILE]"), "\(commands)")
        XCTAssertTrue(commands.contains("webnav push FILE.apns|- [--pid PID]"), "\(commands)")
        XCTAssertTrue(commands.contains("webnav completion bash|zsh|fish"), "\(commands)")
        XCTAssertTrue(try WebnavProcess.run(["--help"]).stdout.contains(
            "  --pages DIR     the folder scheme-less url values resolve against (default: the profile's, else Pages)\n"))

        let manual = try String(contentsOf: WebnavProcess.packageRoot.appendingPathComponent("man/webnav.1"), encoding: .utf8)
            .components(separatedBy: "\n")
        let start = try XCTUnwrap(manual.firstIndex(of: ".SH SYNOPSIS")) + 1
        let end = try XCTUnwrap(manual[start...].firstIndex { $0.hasPrefix(".SH ") })
        var manualSynopses: [String] = []
        for line in manual[start..<end] where line != ".br" {
            let text = line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fI", with: "")
                .replacingOccurrences(of: "\\fR", with: "")
            if text.hasPrefix(".B ") { manualSynopses.append(String(text.dropFirst(3))) } else { manualSynopses[manualSynopses.count - 1] += " " + text }
        }
        XCTAssertEqual(Array(manualSynopses.prefix(commands.count)), commands, "man/webnav.1's synopsis has drifted from webnav --help")
        XCTAssertEqual(Array(manualSynopses.dropFirst(commands.count)), ["webnav help [COMMAND]", "webnav help flows", "webnav --version"])

        // The first is the terminal UI's, whose help is the overview.
        for command in commands.dropFirst() {
            let name = String(command.split(separator: " ")[1])
            XCTAssertEqual(try WebnavProcess.run(["help", name]).stdout.components(separatedBy: "\n").first, "usage: " + command)
        }
    }

    func testTheREADMEsFlowStepTableNamesEachStepOnce() throws {
        let text = try readme
        let table = try XCTUnwrap(text.range(of: "| step | meaning |\n|---|---|\n"))
        let rows = text[table.upperBound...].components(separatedBy: "\n").prefix { $0.hasPrefix("|") }
        var seen: [String: Int] = [:]
        for row in rows {
            let cell = row.dropFirst(2).components(separatedBy: " | ")[0]
            for (index, piece) in cell.components(separatedBy: "`").enumerated() where index % 2 == 1 {
                seen[piece, default: 0] += 1
            }
        }
        XCTAssertGreaterThan(seen.count, 40)
        XCTAssertEqual(seen.filter { $0.value > 1 }.keys.sorted(), [], "steps the table lists twice")
    }

    /// The README's `webnav record` example, done in an 80x24 terminal, writes the file it shows.
    func testTheREADMEsRecordingIsWhatRecordWrites() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let text = try readme
        let example = try XCTUnwrap(text.range(of: "$ cat checkout.flow\n"))
        let end = try XCTUnwrap(text.range(of: "$ webnav run checkout.flow\n", range: example.upperBound..<text.endIndex))
        let shown = String(text[example.upperBound..<end.lowerBound])
        let folder = try WebnavProcess.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages").path
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Pages").path, withDestinationPath: pages)
        let session = try TmuxSession(command: "cd '\(folder.path)' && '\(WebnavProcess.executable.path)' record checkout.flow",
                                      columns: 80, rows: 24, environment: ["XDG_RUNTIME_DIR": folder.path])
        defer { session.kill() }
        XCTAssertTrue(session.waitFor(text: "recording to", timeout: 10))
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "depth 2"))
        session.sendKeys(":")
        session.sendText("expect title \"Detail\"")
        session.sendKeys("Enter")
        XCTAssertTrue(session.waitFor(text: "ok: expect title"))
        session.sendKeys("Left")
        XCTAssertTrue(session.waitFor(text: "pop: Detail"))
        session.sendKeys("q")
        XCTAssertEqual(session.waitForExit(timeout: 10), 0)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("checkout.flow"), encoding: .utf8), shown)
        let replay = try WebnavProcess.run(["run", "checkout.flow"], in: folder)
        XCTAssertEqual(replay.stdout, "PASS checkout.flow (8 steps)\n1 passed, 0 failed\n")
    }
}
