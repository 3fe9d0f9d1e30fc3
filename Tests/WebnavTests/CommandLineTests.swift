import Foundation
import XCTest

/// The command line as a user meets it: help, versions, usage errors and exit codes.
final class CommandLineTests: XCTestCase {
    func testVersionAndHelp() throws {
        XCTAssertEqual(try WebnavProcess.run(["--version"]).stdout, "webnav 0.1.0\n")
        let help = try WebnavProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("webnav resolve URL... [--json]"))
        for command in ["open", "preview", "resolve", "run", "dump"] {
            let output = try WebnavProcess.run(["help", command])
            XCTAssertEqual(output.status, 0, command)
            XCTAssertTrue(output.stdout.hasPrefix("usage: webnav \(command)"), output.stdout)
            XCTAssertEqual(try WebnavProcess.run([command, "--help"]).stdout, output.stdout)
        }
    }

    func testUsageErrorsAreOneLineAndExitTwo() throws {
        let cases: [([String], String)] = [
            (["fly"], "webnav: error: unknown command 'fly'; commands: completion, dump, lint, open, preview, push, record, report, resolve, run, help\n"),
            (["rn"], "webnav: error: unknown command 'rn' (did you mean 'run'?); commands: completion, dump, lint, open, preview, push, record, report, resolve, run, help\n"),
            (["resolve"], "webnav: error: 'webnav resolve' needs at least one URL (usage: webnav resolve URL... [--json])\n"),
            (["resolve", "--jsno", "x"], "webnav: error: unknown option --jsno for 'webnav resolve' (did you mean --json?)\n"),
            (["dump", "a.html", "--width"], "webnav: error: --width needs a value (N)\n"),
            (["dump", "a.html", "--width", "0"], "webnav: error: --width takes a whole number from 1 to 10000, got \"0\"\n"),
            (["dump", "a.html", "b.html"], "webnav: error: 'webnav dump' takes only a PAGE (a file path or URL), got \"b.html\" (usage: webnav dump PAGE [--width N] [--no-scripts])\n"),
            (["run", "nowhere.flow"], "webnav: error: nowhere.flow: no such flow file or folder\n"),
            (["preview", "x", "--size", "10x5"], "webnav: error: --size must be between 20x6 and 1000x1000, got 10x5\n"),
            (["preview", "x", "--color", "sometimes"], "webnav: error: --color takes auto, always or never, got \"sometimes\"\n"),
            (["resolve", "-j", "x"], "webnav: error: unknown option -j for 'webnav resolve' (options start with --; see webnav help resolve)\n"),
        ]
        for (arguments, message) in cases {
            let output = try WebnavProcess.run(arguments)
            XCTAssertEqual(output.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(output.stderr, message, arguments.joined(separator: " "))
            XCTAssertEqual(output.stdout, "", arguments.joined(separator: " "))
        }
    }

    func testInteractiveCommandsNeedATerminal() throws {
        for arguments in [[], ["open", "index.html"]] {
            let output = try WebnavProcess.run(arguments)
            XCTAssertEqual(output.status, 2)
            XCTAssertEqual(output.stderr, "webnav: error: the terminal UI needs a terminal: standard input is not a terminal\n")
        }
        let dumb = try WebnavProcess.run([], environment: ["TERM": "dumb"])
        XCTAssertEqual(dumb.status, 2)
    }

    func testMalformedProfileIsLocated() throws {
        let folder = try WebnavProcess.folder(["webnav.json": "{\n  \"schemes\": \"myapp\"\n}\n"])
        let output = try WebnavProcess.run(["resolve", "myapp://webview"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav.json:2:14: error: \"schemes\" must be an array of strings, found a string\n")
        let missing = try WebnavProcess.run(["resolve", "x", "--profile", "none.json"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "webnav: error: none.json: cannot read profile: No such file\n")
    }

    func testFilesTheProfileNamesMustExist() throws {
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"messageHandlers": {"a": {"scriptFile": "native/a.js"}}, "userScripts": [{"file": "native"}]}"#,
            "native/b.js": "function (body, app) {}",
        ])
        let output = try WebnavProcess.run(["resolve", "mkwebview://webview"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav.json:1:42: error: \"messageHandlers.a.scriptFile\": no such file: \(folder.resolvingSymlinksInPath().path)/native/a.js\n")
        try Data("function (body, app) {}".utf8).write(to: folder.appendingPathComponent("native/a.js"))
        let folderNotFile = try WebnavProcess.run(["resolve", "mkwebview://webview"], in: folder)
        XCTAssertEqual(folderNotFile.status, 2)
        XCTAssertEqual(folderNotFile.stderr, "webnav.json:1:84: error: \"userScripts[0].file\": no such file: \(folder.resolvingSymlinksInPath().path)/native\n")
    }

    func testManyUnknownKeysGiveTwentyOneWarnings() throws {
        let keys = (0..<5_000).map { "\"k\($0)\": 0" }.joined(separator: ",\n")
        let folder = try WebnavProcess.folder(["webnav.json": "{" + keys + "}"])
        let output = try WebnavProcess.run(["resolve", "mkwebview://webview"], in: folder)
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stderr, ((0..<20).map { "webnav.json:\($0 + 1):\($0 == 0 ? 2 : 1): warning: unknown key \"k\($0)\" ignored\n" }
            + ["webnav.json:21:1: warning: … and 4,980 more unknown keys\n"]).joined())
    }

    func testProfileChangesTheApp() throws {
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"schemes": ["shop"], "routes": {"open": "push"}, "root": {"url": "home.html", "title": "Shop"}, "pages": "site", "extra": 1}"#,
            "site/home.html": "<title>Home</title><a href='shop://open?url=item.html&title=Item'>Item</a>",
            "site/item.html": "<title>Item page</title><p>An item</p>",
            "item.flow": "expect stack \"Shop\"\ntap Item\nexpect stack \"Shop\" \"Item\"\nexpect text \"An item\"\n",
        ])
        let output = try WebnavProcess.run(["run", "item.flow"], in: folder)
        XCTAssertEqual(output.stdout, "PASS item.flow (4 steps)\n1 passed, 0 failed\n")
        XCTAssertEqual(output.stderr, "webnav.json:1:115: warning: unknown key \"extra\" ignored\n")
        XCTAssertEqual(output.status, 0)
    }
}
