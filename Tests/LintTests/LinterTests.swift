import Foundation
import NavigatorCore
import PageKit
import TestSupport
import XCTest
@testable import Lint

/// Files held in memory: what the linter reads, and nothing else.
private struct MemoryFiles: LintFiles {
    var contents: [String: Data]
    /// Files that exist but cannot be read.
    var unreadable: Set<String> = []

    init(_ files: [String: String], unreadable: Set<String> = []) {
        contents = files.mapValues { Data($0.utf8) }
        self.unreadable = unreadable
    }

    struct Refused: LocalizedError {
        var errorDescription: String? { "Permission denied" }
    }

    func read(_ path: String) throws -> Data {
        if unreadable.contains(path) { throw Refused() }
        guard let data = contents[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return data
    }

    func kind(of path: String) -> LintFileKind? {
        if contents[path] != nil || unreadable.contains(path) { return .file }
        return (Array(contents.keys) + unreadable).contains { $0.hasPrefix(path + "/") } ? .folder : nil
    }

    func canonicalPath(_ path: String) -> String? {
        let path = FileReadAccess.lexicalPath(path)
        return kind(of: path) == nil ? nil : path
    }

    func files(under folder: String) -> [String] {
        (Array(contents.keys) + unreadable).filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
            .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
    }
}

final class LinterTests: XCTestCase {
    private func lint(_ files: MemoryFiles, paths: [String] = [], profile: AppProfile = .builtIn, profilePath: String? = nil) throws -> [String] {
        let linter = Linter(options: LintOptions(paths: paths, currentFolder: "/app", profile: profile, profilePath: profilePath,
                                                 pagesFolder: "/app/Pages"), files: files)
        let result = linter.run(try linter.inputs())
        return result.findings.map { LintReport.line($0, from: "/app") } + [LintReport.summary(result)]
    }

    func testAnUnreadableFileIsAFinding() throws {
        let files = MemoryFiles(["/app/Pages/index.html": "<a href=other.html>x</a>"], unreadable: ["/app/Pages/other.html"])
        XCTAssertEqual(try lint(files), [
            "Pages/other.html:1:1: error[read-error]: cannot read: Permission denied",
            "webnav lint: 1 error, 0 warnings in 1 file",
        ])
    }

    func testTheRootPageMustExist() throws {
        XCTAssertEqual(try lint(MemoryFiles(["/app/Pages/home.html": "<title>x</title>"])), [
            "Pages:1:1: error[missing-page]: the root page \"index.html\" does not exist (Pages/index.html)",
            "Pages/home.html:1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (index.html)",
            "webnav lint: 1 error, 1 warning in 1 file",
        ])
        let json = "{\n  \"root\": {\"url\": \"start.html\"}\n}\n"
        var profile = AppProfile.builtIn
        profile.root.url = "start.html"
        XCTAssertEqual(try lint(MemoryFiles(["/app/webnav.json": json, "/app/Pages/index.html": ""]), profile: profile, profilePath: "/app/webnav.json"), [
            "Pages/index.html:1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (start.html)",
            "webnav.json:2:19: error[missing-page]: the root page \"start.html\" does not exist (Pages/start.html)",
            "webnav lint: 1 error, 1 warning in 2 files",
        ])
    }

    /// A page reached only through a link a script builds: a flow that taps it reaches the page
    /// when lint runs the flow, so it is reachable (issue 24).
    func testAPageAFlowReachesIsReachable() throws {
        var pages = [
            "/app/Pages/index.html": "<button onclick=\"location.href = 'sec' + 'ret.html'\">Open</button>",
            "/app/Pages/secret.html": "<title>Secret</title>",
            "/app/Pages/other.html": "<title>Other</title>",
        ]
        let unreachable = { (page: String) in
            "Pages/\(page):1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (index.html)"
        }
        XCTAssertEqual(try lint(MemoryFiles(pages)), [unreachable("other.html"), unreachable("secret.html"), "webnav lint: 0 errors, 2 warnings in 3 files"])
        pages["/app/Pages/flows/open.flow"] = "tap \"Open\"\nexpect page \"Secret\"\n"
        XCTAssertEqual(try lint(MemoryFiles(pages)), [unreachable("other.html"), "webnav lint: 0 errors, 1 warning in 4 files"])
        // A flow that fails before the tap reaches nothing more.
        pages["/app/Pages/flows/open.flow"] = "expect depth 2\ntap \"Open\"\n"
        XCTAssertEqual(try lint(MemoryFiles(pages)), [unreachable("other.html"), unreachable("secret.html"), "webnav lint: 0 errors, 2 warnings in 4 files"])
    }

    func testPartsOfTheAppSkipTheWholeAppChecks() throws {
        var profile = AppProfile.builtIn
        profile.messageHandlers = [.init(name: "unused", behaviour: .reply(.null), location: SourceLocation(path: "/app/webnav.json", line: 1, column: 2))]
        let files = MemoryFiles(["/app/webnav.json": "{}", "/app/Pages/index.html": "", "/app/Pages/lonely.html": "<a href='mkwebview://x'>x</a>"])
        // One page: neither reachability nor unused handlers can be judged.
        XCTAssertEqual(try lint(files, paths: ["Pages/lonely.html"], profile: profile, profilePath: "/app/webnav.json"), [
            "Pages/lonely.html:1:10: warning[unhandled-host]: no route for host \"x\": the app ignores this deeplink (routes: close-webview, pop, popToRoot, push, reload, reload-webview, webview)",
            "webnav lint: 0 errors, 1 warning in 1 file",
        ])
        // The whole folder with the profile: both are.
        XCTAssertEqual(try lint(files, profile: profile, profilePath: "/app/webnav.json"), [
            "Pages/lonely.html:1:1: warning[unreachable-page]: no link, deeplink, form, flow or notification reaches this page from the root (index.html)",
            "Pages/lonely.html:1:10: warning[unhandled-host]: no route for host \"x\": the app ignores this deeplink (routes: close-webview, pop, popToRoot, push, reload, reload-webview, webview)",
            "webnav.json:1:2: warning[unused-handler]: the handler \"unused\" (page world) is registered but no page script uses messageHandlers.unused",
            "webnav lint: 0 errors, 3 warnings in 3 files",
        ])
    }

    func testUsageErrorsComeBeforeAnyReading() {
        let files = MemoryFiles(["/app/Pages/index.html": "", "/app/notes.txt": "", "/app/other.json": "{}"])
        func error(_ paths: [String], pages: String = "/app/Pages") -> String {
            let linter = Linter(options: LintOptions(paths: paths, currentFolder: "/app", profile: .builtIn, profilePath: nil, pagesFolder: pages), files: files)
            do {
                _ = try linter.inputs()
                return "no error"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(["nowhere"]), "webnav: error: nowhere: no such file or folder")
        XCTAssertEqual(error(["notes.txt"]), "webnav: error: notes.txt: not something webnav lint reads (pages .html, scripts .js, flows .flow, the profile, Info.plist .plist, payloads .apns)")
        XCTAssertEqual(error(["other.json"]), "webnav: error: other.json: not the profile in use: lint a profile by giving it with --profile")
        XCTAssertEqual(error([], pages: "/app/Site"), "webnav: error: pages folder not found: /app/Site (give files or folders to lint, or --pages DIR)")
        XCTAssertEqual(error(["Pages"]), "no error")
    }

    func testABinaryPlistIsPlacedAtItsFirstLine() throws {
        let ats: [String: Any] = ["NSAppTransportSecurity": ["NSExceptionDomains": ["10.0.0.1:80": [String: Any]()]]]
        let binary = try PropertyListSerialization.data(fromPropertyList: ats, format: .binary, options: 0)
        var files = MemoryFiles(["/app/Pages/index.html": ""])
        files.contents["/app/Pages/Info.plist"] = binary
        XCTAssertEqual(try lint(files), [
            "Pages/Info.plist:1:1: warning[ats-domain-port]: NSAppTransportSecurity.NSExceptionDomains.10.0.0.1:80: this exception never matches: it has a port; write \"10.0.0.1\"",
            "webnav lint: 0 errors, 1 warning in 2 files",
        ])
    }

    /// Issue 23, item 4: 10,000 nested arrays once crashed `lint` (SIGSEGV); the finding is the
    /// depth bound, at the array that goes too deep.
    func testDeeplyNestedPlistIsAFindingAtTheArrayTooDeep() throws {
        var files = MemoryFiles(["/app/Pages/index.html": ""])
        files.contents["/app/Pages/Info.plist"] = Data(("<?xml version=\"1.0\"?>\n<plist><array>\n" + String(repeating: "<array>", count: 10_000)
            + String(repeating: "</array>", count: 10_001) + "</plist>").utf8)
        XCTAssertEqual(try lint(files), [
            "Pages/Info.plist:3:\(511 * 7 + 1): error[plist-error]: not a property list: nesting deeper than 512 levels",
            "webnav lint: 1 error, 0 warnings in 2 files",
        ])
    }

    /// Flows run offline (an http page fails at once, SimulatorTests checks how), and the stack still counts.
    func testFlowsRunWithoutTheNetwork() throws {
        let files = MemoryFiles([
            "/app/Pages/index.html": "",
            "/app/t.flow": "open \"https://example.com/\"\nopen \"mkwebview://webview?url=index.html&removeStack=true\"\n",
        ])
        XCTAssertEqual(try lint(files, paths: ["t.flow"]), [
            "t.flow:2:1: warning[removeStack-noop]: removeStack=true but the stack holds 2 screens after the push: the app removes screens only when there are 3 or more (open \"mkwebview://webview?url=index.html&removeStack=true\")",
            "webnav lint: 0 errors, 1 warning in 1 file",
        ])
    }

    func testWhatIsNoFinding() throws {
        // Empty links reach their own page; the browser, javascript: and data: URLs, fragments,
        // related-page <link>s and intercepted URLs are not the app's to open.
        var profile = AppProfile.builtIn
        profile.intercepts = [.init(prefix: "app://home", script: .inline("function () {}", location: SourceLocation(path: "/app/webnav.json", line: 1)))]
        let page = """
        <a href="">self</a><a href="  ">self</a><a href="#top">top</a><a href="javascript:void(0)">js</a>
        <a href="data:text/html,x">data</a><a href="https://example.com/" target="_blank">browser</a>
        <a href="app://home">intercepted</a><link rel="canonical" href="gone.html"><img src="">
        <a href="mkwebview://webview?url=gone.html" target="_blank">opens the browser</a>
        """
        XCTAssertEqual(try lint(MemoryFiles(["/app/Pages/index.html": page]), profile: profile), ["webnav lint: no findings in 1 file"])
    }

    /// The web's rules on a file: page (issue 18): its fetch and XHR of files need the app's
    /// `allowFileAccessFromFileURLs`, its requests to http(s) carry `Origin: null`, and its own
    /// Content-Security-Policy blocks inline scripts, handlers and javascript: URLs it does not allow.
    func testAFilePagesRequestsAndItsPolicy() throws {
        let page = """
        <meta http-equiv="Content-Security-Policy" content="script-src 'self' 'nonce-n'">
        <button onclick="go()">Go</button><a href="javascript:go()">js</a>
        <script nonce="n">fetch("data.json"); var x = new XMLHttpRequest(); x.open("GET", "https://api.example.com/a");
        other.fetch("skip.json"); window.fetch("/etc/passwd");</script>
        <script>go()</script>
        """
        let files = MemoryFiles(["/app/Pages/index.html": page])
        XCTAssertEqual(try lint(files), [
            "Pages/index.html:2:18: warning[csp-blocked]: blocked on a device: Refused to execute a script for an inline event handler because 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "Pages/index.html:2:44: warning[csp-blocked]: blocked on a device: Refused to execute a script because its hash or 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "Pages/index.html:3:26: warning[file-fetch]: \"data.json\" from a file: page fails on a device (Cross origin requests are only supported for HTTP.): the app must turn on WKPreferences' allowFileAccessFromFileURLs; in webnav, \"allowFileAccessFromFileURLs\": true in the profile",
            "Pages/index.html:3:84: warning[null-origin]: \"https://api.example.com/a\" from a file: page is a cross-origin request with Origin: null: it fails on a device unless the server answers Access-Control-Allow-Origin: * (or null)",
            "Pages/index.html:4:41: warning[file-fetch]: \"/etc/passwd\" from a file: page fails on a device (Cross origin requests are only supported for HTTP.): the app must turn on WKPreferences' allowFileAccessFromFileURLs; in webnav, \"allowFileAccessFromFileURLs\": true in the profile",
            "Pages/index.html:5:1: warning[csp-blocked]: blocked on a device: Refused to execute a script because its hash, its nonce, or 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "webnav lint: 0 errors, 6 warnings in 1 file",
        ])
        var allowed = AppProfile.builtIn
        allowed.allowFileAccessFromFileURLs = true
        XCTAssertEqual(try lint(MemoryFiles(["/app/Pages/index.html": "<script>fetch('data.json')</script>"]), profile: allowed),
                       ["webnav lint: no findings in 1 file"])
    }

    func testManyFindingsOnOneLongLine() throws {
        // One line of 2,000 links: columns counted on from the previous finding.
        let links = (0..<2_000).map { "<a href='mkwebview://webview?url=index.html&titel=\($0)'>x</a>" }.joined()
        let findings = try lint(MemoryFiles(["/app/Pages/index.html": links]))
        XCTAssertEqual(findings.count, 2_001)
        let first = "<a href='mkwebview://webview?url=index.html&titel=0'>x</a>".utf8.count
        XCTAssertEqual(findings[1], "Pages/index.html:1:\(first + 10): warning[unknown-parameter]: unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)")
    }

    /// Linting is linear in the number of pages (each links to the next, with a warning and a script).
    func testLintingIsLinear() {
        func site(_ count: Int) -> MemoryFiles {
            var files: [String: String] = [:]
            for index in 0..<count {
                let name = index == 0 ? "index.html" : "p\(index).html"
                files["/app/Pages/\(name)"] = """
                <title>\(index)</title><a href="p\(index + 1).html">next</a>
                <a href="mkwebview://webview?url=p\(index + 1).html&amp;title=A+B" data-webnav-lint="ignore plus-in-value: on purpose">push</a>
                <script>location.href = 'mkwebview://webview?url=index.html&titel=x'; // \(index)</script>
                """
            }
            return MemoryFiles(files)
        }
        assertGrowsLinearly("lint of a site", size: 40, input: site) { files in
            let linter = Linter(options: LintOptions(paths: [], currentFolder: "/app", profile: .builtIn, profilePath: nil, pagesFolder: "/app/Pages"), files: files)
            _ = try? linter.run(linter.inputs())
        }
    }
}
