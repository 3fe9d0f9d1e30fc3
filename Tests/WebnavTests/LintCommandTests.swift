import Foundation
import XCTest
import TestSupport

/// `webnav lint` as CI runs it: the fixture app with one instance of every finding and its ignored
/// twin (whole text, whole JSON, valid SARIF), exit codes, `--max-warnings`, bad input, and Pages/.
final class LintCommandTests: XCTestCase {
    static let fixtures = WebnavProcess.packageRoot.appendingPathComponent("Tests/WebnavTests/Fixtures")
    static let app = fixtures.appendingPathComponent("lint-app")

    /// Every finding of the fixture, as `webnav lint .` prints it from inside the fixture.
    static let expected = [
        "Info.plist:11:13: warning[plist-warning]: URL scheme $(APP_SCHEME) is a build setting, not a value; ignored",
        "Info.plist:24:9: warning[ats-domain-port]: NSAppTransportSecurity.NSExceptionDomains.10.0.0.1:8080: this exception never matches: it has a port; write \"10.0.0.1\"",
        "flows/_fragment.flow:1:1: warning[unknown-parameter]: unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)",
        "flows/broken.flow:2:5: error[flow-error]: unterminated string",
        "flows/main.flow:2:1: warning[suspicious-bool]: leftBtn \"ture\" is read as true (NSString.boolValue looks at the first significant character); write true or false",
        "flows/main.flow:8:1: warning[removeStack-noop]: removeStack=true but the stack holds 2 screens after the push: the app removes screens only when there are 3 or more (open \"mkwebview://webview?url=detail.html&removeStack=true\")",
        "flows/main.flow:13:1: error[missing-page]: \"gone-from-flow.html\" does not exist (flows/gone-from-flow.html)",
        "flows/main.flow:16:1: error[missing-page]: \"no-such-page.html\" does not exist (pages/no-such-page.html)",
        "flows/main.flow:17:1: warning[unused-ignore]: this ignore silences no plus-in-value finding: no step follows it",
        "flows/main.flow:19:1: warning[bad-ignore]: unknown code \"whatever\"",
        "pages/index.html:10:14: warning[missing-resource]: \"js/nowhere.js\" does not exist (pages/js/nowhere.js)",
        "pages/index.html:15:14: warning[unknown-parameter]: unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)",
        "pages/index.html:17:14: warning[plus-in-value]: title \"A+B\" contains \"+\": Foundation does not turn it into a space; use %20",
        "pages/index.html:19:14: warning[unencoded-url]: \"y=2\" looks like part of the nested url \"https://example.com/a?x=1\": the app reads it as separate parameters; percent-encode the nested url (? → %3F, & → %26, = → %3D)",
        "pages/index.html:21:14: warning[suspicious-bool]: leftBtn \"ture\" is read as true (NSString.boolValue looks at the first significant character); write true or false",
        "pages/index.html:23:14: warning[invalid-color]: tintColor \"#12\" is not 3, 6 or 8 hex digits: \"12\" has 2 characters, not 3, 6 or 8; it resolves to #000000",
        "pages/index.html:25:14: warning[alpha-dropped]: tintColor \"#80FFFFFF\" has alpha 80 (AARRGGBB, alpha first): the simulator shows #FFFFFF opaque",
        "pages/index.html:27:14: warning[duplicate-parameter]: title is given 2 times: the last one wins, \"B\"",
        "pages/index.html:29:14: warning[valueless-parameter]: rightBtn has no \"=\": it has no value and counts as absent",
        "pages/index.html:31:14: warning[host-case]: host \"Push\" matches the route \"push\" only when case is ignored; the app compares hosts exactly, so this deeplink is unhandled",
        "pages/index.html:33:14: warning[unhandled-host]: no route for host \"share\": the app ignores this deeplink (routes: close-webview, pop, popToRoot, push, reload, reload-webview, webview)",
        "pages/index.html:35:14: warning[missing-url]: a push without a url: the new screen shows a blank page",
        "pages/index.html:37:14: warning[ignored-removeStack]: removeStack is ignored on pop: only a push removes screens",
        "pages/index.html:39:14: warning[fragment]: everything after \"#\" (\"FFF\") is a fragment the app never reads; write # as %23 (navigationColor=%23FF0000)",
        "pages/index.html:39:14: warning[invalid-color]: navigationColor \"\" is not 3, 6 or 8 hex digits: \"\" has 0 characters, not 3, 6 or 8; it resolves to #000000",
        "pages/index.html:41:14: warning[undecodable-value]: title has %-escapes that are not UTF-8: Foundation gives no value, so it counts as absent",
        "pages/index.html:43:14: warning[malformed-query]: the query holds a \"%\" that starts no %-escape, so Foundation re-encodes the whole query and decodes none of its %-escapes; write a literal % as %25",
        "pages/index.html:45:14: warning[invalid-url]: the app cannot open \"ftp://example.com/file\": unsupported scheme \"ftp\"",
        "pages/index.html:47:14: error[missing-page]: \"gone.html\" does not exist (pages/gone.html)",
        "pages/index.html:49:14: error[missing-page]: the deeplink's url \"vanished.html\" does not exist (pages/vanished.html)",
        "pages/index.html:50:15: warning[missing-resource]: \"photo.png\" does not exist (pages/photo.png)",
        "pages/index.html:51:14: warning[unqueried-scheme]: sms: is not in LSApplicationQueriesSchemes (tel, mailto): canOpenURL answers false for it",
        "pages/index.html:53:69: warning[unused-ignore]: this ignore silences no plus-in-value finding",
        "pages/index.html:54:45: warning[bad-ignore]: a webnav-lint directive starts with \"ignore\" (ignore CODE: reason)",
        "pages/index.html:54:121: warning[bad-ignore]: unknown code \"plus-in-valeu\" (did you mean \"plus-in-value\"?)",
        "pages/index.html:55:14: warning[plus-in-value]: title \"A+B\" contains \"+\": Foundation does not turn it into a space; use %20",
        "pages/index.html:56:52: error[unregistered-handler]: messageHandlers.trak is not registered in the profile (did you mean \"track\"?): it is undefined in the page world, so calling postMessage throws a TypeError",
        "pages/index.html:58:45: error[unregistered-handler]: messageHandlers.save is registered for the defaultClient world, not page: it is undefined in the page world, so calling postMessage throws a TypeError",
        "pages/index.html:60:15: warning[plus-in-value]: title \"Two+words\" contains \"+\": Foundation does not turn it into a space; use %20",
        "pages/index.html:74:14: warning[unknown-parameter]: unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)",
        "pages/index.html:76:18: warning[suspicious-bool]: rightBtn \"on\" is read as false (NSString.boolValue looks at the first significant character); write true or false",
        "pages/js/app.js:3:16: warning[suspicious-bool]: leftBtn \"ture\" is read as true (NSString.boolValue looks at the first significant character); write true or false",
        "pages/js/app.js:6:20: error[missing-page]: \"gone-from-script.html\" does not exist (pages/gone-from-script.html)",
        "pages/js/app.js:10:13: warning[unqueried-scheme]: sms: is not in LSApplicationQueriesSchemes (tel, mailto): canOpenURL answers false for it",
        "pages/orphan.html:1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (index.html)",
        "payloads/alert.apns:1:19: error[payload-alert-type]: \"aps.alert\" must be a string or an object, found a number",
        "payloads/aps.apns:1:9: error[payload-aps-not-object]: \"aps\" must be an object, found a string",
        "payloads/array.apns:1:1: error[payload-not-object]: the payload must be a JSON object, found an array",
        "payloads/bundle.apns:1:29: error[payload-bundle-mismatch]: \"Simulator Target Bundle\" is com.example.other, but the app is com.example.lintapp: simctl would deliver it to another app",
        "payloads/category.apns:1:37: warning[payload-category-unregistered]: category \"CHAT\" is not registered by the app: the notification shows without actions",
        "payloads/large.apns:1:1: error[payload-too-large]: the payload is 4123 bytes; APNs accepts at most 4096",
        "payloads/link.apns:1:38: warning[suspicious-bool]: leftBtn \"ture\" is read as true (NSString.boolValue looks at the first significant character); write true or false",
        "payloads/mutable.apns:1:44: warning[payload-mutable-content-no-extension]: \"mutable-content\" is set but the app declares no notification service extension: it is shown unmodified",
        "payloads/no-aps.apns:1:1: error[payload-no-aps]: the payload has no \"aps\" dictionary",
        "payloads/not-json.apns:2:1: error[payload-not-json]: the payload is not JSON",
        "payloads/types.apns:1:34: warning[payload-badge-type]: \"aps.badge\" must be a number, found a string; the badge is left alone",
        "payloads/types.apns:1:48: warning[payload-link-type]: \"link\" must be a URL string; tapping the notification opens nothing",
        "plists/Build.plist:4:7: warning[plist-warning]: CFBundleIdentifier is a build setting ($(PRODUCT_BUNDLE_IDENTIFIER)), not a value; set bundleId in the profile",
        "plists/broken.plist:2:65: error[plist-error]: not a property list: <string> is not closed",
        "webnav.json:9:5: warning[unused-handler]: the handler \"spare\" (page world) is registered but no page script uses messageHandlers.spare",
        "webnav.json:12:81: warning[ats-domain-uppercase]: NSAppTransportSecurity.NSExceptionDomains.EXAMPLE.org: this exception never matches: it is not lower case; write \"example.org\"",
        "webnav.json:15:3: warning[profile-warning]: unknown key \"titel\" ignored",
    ]

    func testTheWholeTextOutput() throws {
        let output = try WebnavProcess.run(["lint", "."], in: Self.app)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout, (Self.expected + ["webnav lint: 16 errors, 46 warnings in 37 files (44 ignored)"]).joined(separator: "\n") + "\n")
    }

    /// No path: the pages folder, the profile and its Info.plist; a page only a payload's link
    /// reaches is then unreachable, as the payloads were not read.
    func testWithoutAPathThePagesAndTheProfile() throws {
        let output = try WebnavProcess.run(["lint"], in: Self.app)
        XCTAssertEqual(output.status, 1, output.stderr)
        var expected = Self.expected.filter { ["pages/", "Info.plist:", "webnav.json:"].contains(where: $0.hasPrefix) }
        let firstPage = try XCTUnwrap(expected.firstIndex { $0.hasPrefix("pages/") })
        expected.insert("pages/from-push.html:1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (index.html)", at: firstPage)
        XCTAssertEqual(output.stdout, (expected + ["webnav lint: 5 errors, 36 warnings in 11 files (30 ignored)"]).joined(separator: "\n") + "\n")
    }

    func testTheWholeJSONOutput() throws {
        let output = try WebnavProcess.run(["lint", "--json", "."], in: Self.app)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(output.stderr, "webnav lint: 16 errors, 46 warnings in 37 files (44 ignored)" + "\n")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // The members, in this order, on one line per finding.
        XCTAssertEqual(lines.first, #"{"path":"Info.plist","line":11,"column":13,"code":"plist-warning","severity":"warning","message":"URL scheme $(APP_SCHEME) is a build setting, not a value; ignored"}"#)
        // Each object says exactly what its text line says.
        let expected = Self.expected.map { line -> [String: String] in
            let parts = line.split(separator: ":", maxSplits: 3).map(String.init)
            let kind = parts[3].dropFirst().prefix { $0 != "[" }
            let code = parts[3].drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
            let message = parts[3].drop { $0 != "]" }.dropFirst(3)
            return ["path": parts[0], "line": parts[1], "column": parts[2], "code": String(code), "severity": String(kind), "message": String(message)]
        }
        let found = try lines.map { line -> [String: String] in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object.keys.sorted(), ["code", "column", "line", "message", "path", "severity"])
            return object.mapValues { "\($0)" }
        }
        XCTAssertEqual(found, expected)
    }

    func testTheSARIFReportIsValid() throws {
        let folder = try WebnavProcess.folder([:])
        let report = folder.appendingPathComponent("lint.sarif")
        let output = try WebnavProcess.run(["lint", ".", "--sarif", report.path], in: Self.app)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(output.stdout, (Self.expected + ["webnav lint: 16 errors, 46 warnings in 37 files (44 ignored)"]).joined(separator: "\n") + "\n")
        XCTAssertEqual(try Self.validate(report), "valid")
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        // Every finding, then every silenced one with its reason as an in-source suppression.
        XCTAssertEqual(results.count, Self.expected.count + 44)
        XCTAssertEqual(results.filter { $0["suppressions"] != nil }.count, 44)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }
        let first = try XCTUnwrap((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual(first["artifactLocation"] as? [String: String], ["uri": "Info.plist", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual(first["region"] as? [String: Int], ["startLine": 11, "startColumn": 13])
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
        XCTAssertEqual(base, Self.app.resolvingSymlinksInPath().absoluteString)

        // The schema check can fail: a log with a wrong level and no version is refused.
        var broken = log
        broken["version"] = nil
        var brokenRun = run
        brokenRun["results"] = [["ruleId": "x", "level": "fatal", "message": ["text": "m"]]]
        broken["runs"] = [brokenRun]
        let brokenFile = folder.appendingPathComponent("broken.sarif")
        try JSONSerialization.data(withJSONObject: broken).write(to: brokenFile)
        XCTAssertNotEqual(try Self.validate(brokenFile), "valid")
    }

    /// Validates a SARIF file against the vendored OASIS schema with Debian's python3-jsonschema.
    static func validate(_ file: URL) throws -> String {
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(open(sys.argv[2]))
        errors = list(jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).iter_errors(log))
        print("valid" if not errors else "; ".join(e.message for e in errors[:3]))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path, file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = ProcessExit.status(of: process)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testExitCodesAndMaxWarnings() throws {
        let folder = try WebnavProcess.folder([
            "Pages/index.html": "<a href='mkwebview://webview?url=index.html&amp;titel=a'>a</a> <a href='mkwebview://webview?url=index.html&amp;title=a+b'>b</a>",
            "clean/index.html": "<a href='index.html'>home</a>",
            "broken/index.html": "<a href='gone.html'>gone</a>",
        ])
        func status(_ arguments: [String]) throws -> Int32 { try WebnavProcess.run(["lint"] + arguments, in: folder).status }
        XCTAssertEqual(try status([]), 1)
        XCTAssertEqual(try status(["--max-warnings", "1"]), 1)
        XCTAssertEqual(try status(["--max-warnings", "2"]), 0)
        XCTAssertEqual(try status(["--max-warnings=5", "Pages"]), 0)
        XCTAssertEqual(try status(["clean"]), 0)
        // Errors fail whatever the number of warnings allowed.
        XCTAssertEqual(try status(["broken", "--max-warnings", "100"]), 1)
        let clean = try WebnavProcess.run(["lint", "--pages", "clean"], in: folder)
        XCTAssertEqual(clean.stdout, "webnav lint: no findings in 1 file\n")
        XCTAssertEqual(clean.status, 0)
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let folder = try WebnavProcess.folder(["Pages/index.html": "<a href='gone.html'>x</a>", "notes.txt": "x", "out/keep": ""])
        let cases: [([String], String)] = [
            (["lint", "missing"], "webnav: error: missing: no such file or folder\n"),
            (["lint", "Pages", "--sarif", "/nonexistent/folder/lint.sarif"], "webnav: error: /nonexistent/folder/lint.sarif: cannot write SARIF report: No such file or directory\n"),
            (["lint", "Pages", "--sarif", "out"], "webnav: error: out: cannot write SARIF report: Is a directory\n"),
            (["lint", "Pages/index.html", "--sarif", "Pages/index.html"], "webnav: error: Pages/index.html: refusing to write the SARIF report over an input file\n"),
            (["lint", "notes.txt"], "webnav: error: notes.txt: not something webnav lint reads (pages .html, scripts .js, flows .flow, the profile, Info.plist .plist, payloads .apns)\n"),
            (["lint", "--max-warnings", "many"], "webnav: error: --max-warnings takes a whole number from 0 to 2147483647, got \"many\"\n"),
            (["lint", "--pages", "site"], "webnav: error: pages folder not found: \(folder.resolvingSymlinksInPath().path)/site (give files or folders to lint, or --pages DIR)\n"),
        ]
        for (arguments, message) in cases {
            let output = try WebnavProcess.run(arguments, in: folder)
            XCTAssertEqual(output.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(output.stdout, "", arguments.joined(separator: " "))
            XCTAssertEqual(output.stderr, message, arguments.joined(separator: " "))
        }
        // Nothing was written for the report that could not be.
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Pages/index.html"), encoding: .utf8), "<a href='gone.html'>x</a>")
    }

    /// `make test` lints Pages/ with the demo app's profile: every deliberate mistake is marked.
    func testPagesKeepTheirMistakesMarked() throws {
        let output = try WebnavProcess.run(["lint", "--profile", "Pages/webnav.json", "Pages"])
        XCTAssertEqual(output.status, 0, output.stdout)
        XCTAssertEqual(output.stdout, "webnav lint: no findings in 84 files (39 ignored)\n")
        // Without its ignores, each mistake is found again.
        let copy = try WebnavProcess.folder([:]).appendingPathComponent("Pages")
        try FileManager.default.copyItem(at: WebnavProcess.packageRoot.appendingPathComponent("Pages"), to: copy)
        let marks = try NSRegularExpression(pattern: #"( data-webnav-lint="[^"]*")|(^\s*(#|<!--) webnav-lint:.*\n)"#, options: [.anchorsMatchLines])
        for name in try FileManager.default.subpathsOfDirectory(atPath: copy.path) where [".html", ".flow", ".plist"].contains(where: name.hasSuffix) {
            let file = copy.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            try marks.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "").write(to: file, atomically: true, encoding: .utf8)
        }
        let unmarked = try WebnavProcess.run(["lint", "--profile", "Pages/webnav.json", "Pages"], in: copy.deletingLastPathComponent())
        XCTAssertEqual(unmarked.status, 1)
        XCTAssertEqual(unmarked.stdout.split(separator: "\n").last, "webnav lint: 14 errors, 23 warnings in 84 files (2 ignored)")
        XCTAssertEqual(unmarked.stdout.split(separator: "\n").count, 38, unmarked.stdout)
    }
}
