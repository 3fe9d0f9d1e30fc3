import Foundation
import XCTest

/// Bad bridge profiles: one line naming the place and key, and exit 2 (issue 7).
final class BridgeProfileTests: XCTestCase {
    private func failure(_ profile: String, files: [String: String] = [:]) throws -> WebnavProcess.Output {
        var all = files
        all["webnav.json"] = profile
        all["Pages/index.html"] = "<p>x</p>"
        let folder = try WebnavProcess.folder(all)
        defer { try? FileManager.default.removeItem(at: folder) }
        var output = try WebnavProcess.run(["resolve", "mkwebview://webview?url=index.html", "--profile", "webnav.json"], in: folder)
        output.stderr = output.stderr.replacingOccurrences(of: folder.standardizedFileURL.path, with: "DIR")
        return output
    }

    func testUnknownWorld() throws {
        let output = try failure(#"{"messageHandlers": {"a": {"world": "Page", "reply": 1}}}"#)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav.json:1:37: error: \"messageHandlers.a.world\": unknown world \"Page\" (did you mean \"page\"? Other names are worlds of their own)\n")
        let script = try failure("{\"userScripts\": [\n  {\"source\": \"1\", \"world\": \"defaultclient\"}]}")
        XCTAssertEqual(script.stderr, "webnav.json:2:28: error: \"userScripts[0].world\": unknown world \"defaultclient\" (did you mean \"defaultClient\"? Other names are worlds of their own)\n")
    }

    func testHandlerThatIsNotAFunction() throws {
        let output = try failure(#"{"messageHandlers": {"a": {"script": "var x = 1; 'text'"}}}"#)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav.json:1:38: error: \"messageHandlers.a.script\": its value is a string, not a function\n")
        let object = try failure(#"{"intercepts": {"app://home": {"script": "({})"}}}"#)
        XCTAssertEqual(object.stderr, "webnav.json:1:42: error: \"intercepts.app://home.script\": its value is an object, not a function\n")
    }

    func testMissingScriptFile() throws {
        let output = try failure(#"{"messageHandlers": {"myTopic": {"replies": true, "scriptFile": "native/myTopic.js"}}}"#)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav.json:1:65: error: \"messageHandlers.myTopic.scriptFile\": no such file: DIR/native/myTopic.js\n")
    }

    func testSyntaxErrorsWithTheirLineAndColumn() throws {
        let file = try failure(#"{"messageHandlers": {"myTopic": {"scriptFile": "native/myTopic.js"}}}"#,
                               files: ["native/myTopic.js": "var n = 0;\n(function (body, app) {\n  return n +;\n})\n"])
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(file.stderr, "webnav.json:1:48: error: \"messageHandlers.myTopic.scriptFile\": DIR/native/myTopic.js:3:13: SyntaxError: Unexpected token ';'\n")
        let inline = try failure(#"{"userScripts": [{"source": "let a = 1;\nlet a = 2;", "injectionTime": "documentStart"}]}"#)
        XCTAssertEqual(inline.stderr, "webnav.json:1:29: error: \"userScripts[0].source\": line 2, column 5 of the script: SyntaxError: Cannot declare a let variable twice: 'a'.\n")
    }

    /// A bare `function (…) {…}` is a handler's usual form: its error is the one inside it, not
    /// "Function statements must have a name", which parsing it as a program gives (issue 24).
    func testABareFunctionsSyntaxErrorIsTheOneInsideIt() throws {
        let bare = try failure(#"{"messageHandlers": {"a": {"script": "function (b) { return b +; }"}}}"#)
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.stderr, "webnav.json:1:38: error: \"messageHandlers.a.script\": line 1, column 26 of the script: SyntaxError: Unexpected token ';'\n")
        let lines = try failure(#"{"intercepts": {"app://home": {"script": "\n  function (url, app) {\n    return app.open(url +);\n  }"}}}"#)
        XCTAssertEqual(lines.stderr, "webnav.json:1:42: error: \"intercepts.app://home.script\": line 3, column 26 of the script: SyntaxError: Unexpected token ')'\n")
        let keyword = try failure(#"{"messageHandlers": {"a": {"script": "function (b) { retunr null }"}}}"#)
        XCTAssertEqual(keyword.stderr, "webnav.json:1:38: error: \"messageHandlers.a.script\": line 1, column 23 of the script: SyntaxError: Unexpected keyword 'null'\n")
        // A program with a mistake before its function keeps the program's error.
        let program = try failure(#"{"messageHandlers": {"a": {"script": "var n = ; (function (b) { return b })"}}}"#)
        XCTAssertEqual(program.stderr, "webnav.json:1:38: error: \"messageHandlers.a.script\": line 1, column 9 of the script: SyntaxError: Unexpected token ';'\n")
        let file = try failure(#"{"messageHandlers": {"a": {"scriptFile": "a.js"}}}"#, files: ["a.js": "// the handler\nfunction (body) {\n  return body.x.;\n}\n"])
        XCTAssertEqual(file.stderr, "webnav.json:1:42: error: \"messageHandlers.a.scriptFile\": DIR/a.js:3:17: SyntaxError: Unexpected token ';'. Expected a property name after '.'.\n")
    }

    /// Issue 23, item 12: a scriptFile naming a system file (by absolute path or through a link)
    /// echoed its first token in the syntax error; a script file must be a .js file, and
    /// anything else is refused unread.
    func testAScriptFileThatIsNotJavaScriptIsRefusedUnread() throws {
        let absolute = try failure(#"{"messageHandlers": {"a": {"scriptFile": "/etc/passwd"}}}"#)
        XCTAssertEqual(absolute.status, 2)
        XCTAssertEqual(absolute.stderr, "webnav.json:1:42: error: \"messageHandlers.a.scriptFile\": /etc/passwd is not a JavaScript file (a script file's name, links resolved, ends in .js)\n")
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"intercepts": {"app://x": {"scriptFile": "native/x.js"}}}"#, "Pages/index.html": "<p>x</p>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("native"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("native/x.js").path, withDestinationPath: "/etc/passwd")
        let linked = try WebnavProcess.run(["resolve", "mkwebview://webview?url=index.html", "--profile", "webnav.json"], in: folder)
        XCTAssertEqual(linked.status, 2)
        XCTAssertEqual(linked.stderr.replacingOccurrences(of: folder.standardizedFileURL.path, with: "DIR"),
                       "webnav.json:1:43: error: \"intercepts.app://x.scriptFile\": DIR/native/x.js is not a JavaScript file (a script file's name, links resolved, ends in .js)\n")
        XCTAssertFalse(linked.stderr.contains("root"))
    }

    /// User scripts are parsed, never run, by the check; a handler's script runs once, under a time limit.
    func testTheCheckRunsNoUserScriptAndStopsARunawayHandler() throws {
        let user = try failure(#"{"userScripts": [{"source": "while (true) {}"}]}"#)
        XCTAssertEqual(user.stderr, "")
        XCTAssertEqual(user.status, 0)
        let handler = try failure(#"{"messageHandlers": {"loop": {"script": "while (true) {}"}}}"#)
        XCTAssertEqual(handler.status, 2)
        XCTAssertEqual(handler.stderr, "webnav.json:1:41: error: \"messageHandlers.loop.script\": JavaScript execution terminated.\n")
    }

    func testGoodScriptsPass() throws {
        let output = try failure(#"{"messageHandlers": {"getToken": {"script": "function (body, app) { app.log(1) }"}, "n": {"script": "var n = 0; (function () { n += 1 })"}}, "userScripts": [{"source": "window.x = 1"}]}"#)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.status, 0)
    }
}
