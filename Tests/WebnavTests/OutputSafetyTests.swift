import Foundation
import XCTest
import TestSupport

/// What webnav writes when its output fails, and that no control character from input reaches
/// a terminal raw, through the real binary.
final class OutputSafetyTests: XCTestCase {
    /// Runs webnav through `sh` so that its descriptors can be redirected (`> /dev/full`, `>&-`).
    static func shell(_ script: String, in folder: URL = WebnavProcess.packageRoot) throws -> WebnavProcess.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["WEBNAV"] = WebnavProcess.executable.path
        environment["NO_COLOR"] = nil
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        return WebnavProcess.Output(status: ProcessExit.status(of: process), stdout: String(decoding: stdout, as: UTF8.self),
                                    stderr: String(decoding: stderr, as: UTF8.self))
    }

    func testEveryCommandReportsAFullStandardOutput() throws {
        let folder = try WebnavProcess.folder(["ok.flow": "expect depth 1\n", "p.html": "<p>hi</p>"])
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages").path
        let commands = [
            "dump p.html", "preview --pages '\(pages)'", "resolve x", "resolve --json x", "run ok.flow", "run --json ok.flow",
            "--help", "--version", "help run", "help flows", "completion bash", "lint p.html",
        ]
        for command in commands {
            let full = try Self.shell("\"$WEBNAV\" \(command) > /dev/full", in: folder)
            XCTAssertEqual(full.status, 2, command)
            XCTAssertEqual(full.stderr, "webnav: error: cannot write to standard output: No space left on device\n", command)
            let closed = try Self.shell("\"$WEBNAV\" \(command) >&-", in: folder)
            XCTAssertEqual(closed.status, 2, command)
            XCTAssertEqual(closed.stderr, "webnav: error: cannot write to standard output: Bad file descriptor\n", command)
        }
        for command in ["dump nothere.html", "resolve", "run nothere.flow", "--bogus"] {
            for redirect in ["2>/dev/full", "2>&-", "2>/dev/full >/dev/full"] {
                let output = try Self.shell("\"$WEBNAV\" \(command) \(redirect)", in: folder)
                XCTAssertEqual(output.status, 2, "\(command) \(redirect)")
            }
        }
        // A pipe closed early is a write error too, not a death by SIGPIPE.
        let piped = try Self.shell("\"$WEBNAV\" dump Pages/article.html --width 20 | head -c 1 >/dev/null; echo \"${PIPESTATUS:-}\"")
        XCTAssertEqual(piped.status, 0)
    }

    func testControlCharactersFromInputAreShownEscaped() throws {
        let url = "mkwebview://webview?url=done.html&title=A%1B%5B31mRED%07Z%E2%80%AEX%C2%9B"
        let text = try WebnavProcess.run(["resolve", url])
        XCTAssertTrue(text.stdout.contains(#"title: "A\e[31mRED\u{7}Z\u{202E}X\u{9B}""#), text.stdout)
        XCTAssertFalse(Self.hasRawControls(text.stdout))

        let json = try WebnavProcess.run(["resolve", "--json", url])
        XCTAssertTrue(json.stdout.contains(#""title":"A\u001b[31mRED\u0007Z\u202eX\u009b""#), json.stdout)
        XCTAssertFalse(Self.hasRawControls(json.stdout))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))

        let preview = try WebnavProcess.run(["preview", "mkwebview://webview?url=detail.html&ti%1Btle=x%07", "--color", "never"])
        XCTAssertTrue(preview.stderr.contains(#"unknown parameter "ti\etle""#), preview.stderr)
        XCTAssertFalse(Self.hasRawControls(preview.stderr + preview.stdout))

        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "Pages/x.html": "<title>X</title>",
            "a.flow": "expect title \"\u{1B}]0;pwned\u{07}\"\nexpect event \"\u{9B}2J\"\n",
            "b.flow": "open \"mkwebview://webview?url=x.html&title=%1B%5B2J\"\nexpect title \"y\"\n",
            "bad\u{1B}[31m.flow": "fly \u{1B}[2J\n",
        ])
        let run = try WebnavProcess.run(["run", "a.flow", "b.flow"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains(#"FAIL a.flow:1: expected title "\e]0;pwned\u{7}", got """#), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"FAIL b.flow:2: expected title "y", got "\e[2J""#), run.stdout)
        XCTAssertFalse(Self.hasRawControls(run.stdout + run.stderr))
        let runJSON = try WebnavProcess.run(["run", "--json", "a.flow", "b.flow"], in: folder)
        XCTAssertFalse(Self.hasRawControls(runJSON.stdout + runJSON.stderr))
        for line in runJSON.stdout.split(separator: "\n") {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
        let bad = try WebnavProcess.run(["run", "bad\u{1B}[31m.flow"], in: folder)
        XCTAssertEqual(bad.stdout, #"FAIL bad\e[31m.flow:1:1: error: unknown command "fly"; webnav help flows lists the steps"# + "\n0 passed, 1 failed\n")
        let usage = try WebnavProcess.run(["dump", "a\u{1B}[2J", "b\u{7}"])
        XCTAssertEqual(usage.stderr, #"webnav: error: 'webnav dump' takes only a PAGE (a file path or URL), got "b\u{7}" (usage: webnav dump PAGE [--width N] [--no-scripts])"# + "\n")
    }

    /// Whether text holds a C0 control other than newline, DEL, a C1 control or a bidi override.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    func testErrorsHaveOnePlainMessage() throws {
        let cases: [([String], String)] = [
            (["dump", "/dev/null"], "webnav: error: /dev/null: cannot read page: not a regular file (a device, FIFO or socket cannot be read as one)\n"),
            (["dump", "/dev/zero"], "webnav: error: /dev/zero: cannot read page: not a regular file (a device, FIFO or socket cannot be read as one)\n"),
            (["--pages", "site", "open", "x"], "webnav: error: the terminal UI needs a terminal: standard input is not a terminal\n"),
            (["dump", "a", "b"], "webnav: error: 'webnav dump' takes only a PAGE (a file path or URL), got \"b\" (usage: webnav dump PAGE [--width N] [--no-scripts])\n"),
            (["--version", "extra"], "webnav: error: --version takes no arguments, got \"extra\"\n"),
            (["--help", "me"], "webnav: error: --help takes no arguments, got \"me\"\n"),
            (["--bogus"], "webnav: error: unknown option --bogus for 'webnav' (see webnav --help)\n"),
            (["--pages", "x", "stray"], "webnav: error: unknown command 'stray'; commands: completion, dump, lint, open, preview, push, record, report, resolve, run, help\n"),
            (["help", "run", "extra"], "webnav: error: 'webnav help' takes one command name, got \"extra\" too\n"),
            (["dump", "--profile", "/dev/null", "Pages/index.html"], "webnav: error: /dev/null: cannot read profile: not a regular file (a device, FIFO or socket cannot be read as one)\n"),
        ]
        for (arguments, message) in cases {
            let output = try WebnavProcess.run(arguments)
            XCTAssertEqual(output.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(output.stderr, message, arguments.joined(separator: " "))
        }
        let device = try WebnavProcess.run(["run", "/dev/null"])
        XCTAssertEqual(device.status, 2)
        XCTAssertEqual(device.stdout, "FAIL /dev/null: cannot read flow: not a regular file (a device, FIFO or socket cannot be read as one)\n0 passed, 1 failed\n",
                       "a flow that cannot be read fails alone, as one that does not parse")
        let helpHelp = try WebnavProcess.run(["help", "help"])
        XCTAssertEqual(helpHelp.status, 0)
        XCTAssertEqual(helpHelp.stdout, "usage: webnav help [COMMAND]: the overview, or a command's options; commands: completion, dump, lint, open, preview, push, record, report, resolve, run, help\n")
    }

    func testCommonOptionsGoBeforeOrAfterTheCommand() throws {
        let folder = try WebnavProcess.folder(["site/index.html": "<title>Site</title><p>from site</p>", "profile.json": "{\"titel\": 1}"])
        let after = try WebnavProcess.run(["preview", "--pages", "site", "--size", "30x8", "--color", "never"], in: folder)
        let before = try WebnavProcess.run(["--pages", "site", "--color", "never", "preview", "--size", "30x8"], in: folder)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(before.stdout, after.stdout)
        XCTAssertTrue(after.stdout.contains("from site"), after.stdout)
        let dump = try WebnavProcess.run(["--profile", "profile.json", "dump", "site/index.html"], in: folder)
        XCTAssertEqual(dump.status, 0)
        XCTAssertTrue(dump.stderr.contains("titel"), "dump reads the profile and reports its warnings: \(dump.stderr)")
        let malformed = try WebnavProcess.folder(["bad.json": "{", "p.html": "<p>x</p>"])
        XCTAssertEqual(try WebnavProcess.run(["dump", "--profile", "bad.json", "p.html"], in: malformed).status, 2)
    }

    func testPreviewAndRunWorkFromAnyFolder() throws {
        let empty = try WebnavProcess.folder([:])
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages")
        let preview = try WebnavProcess.run(["preview", pages.appendingPathComponent("detail.html").absoluteString, "--color", "never", "--size", "40x8"], in: empty)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.contains("Detail"), preview.stdout)
        let root = try WebnavProcess.run(["preview", "--color", "never", "--size", "40x8"])
        XCTAssertEqual(root.status, 0, root.stderr)
        XCTAssertTrue(root.stdout.contains("depth 1"), root.stdout)
        let flows = try WebnavProcess.folder(["f/a.flow": "open \(pages.appendingPathComponent("detail.html").path)\nexpect page \"Detail page\"\n"])
        let run = try WebnavProcess.run(["run", flows.appendingPathComponent("f/a.flow").path], in: empty)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let missing = try WebnavProcess.run(["preview", "--pages", "nowhere"], in: empty)
        XCTAssertEqual(missing.status, 2)
    }
}
