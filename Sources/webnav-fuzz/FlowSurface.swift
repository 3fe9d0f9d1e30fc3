import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import WebEngine

/// Flow files: generated steps (valid, nearly valid and broken: quotes, escapes, huge numbers
/// and durations, includes that recurse, controls and bidi overrides), parsed as `webnav run`
/// parses them, and run against a small app in memory when they parse.
struct FlowSurface: FuzzSurface {
    let name = "flow"

    static let folder = URL(fileURLWithPath: "/app/", isDirectory: true)

    private static let pages: [String: String] = [
        "/app/Pages/index.html": """
            <title>Home</title><a href="mkwebview://webview?url=detail.html&amp;title=Detail&amp;leftBtn=true">Detail</a>
            <a href="other.html">Other</a><form action="other.html"><label for=q>Query</label><input id=q name=q>
            <select name=s><option>one<option>two</select><input type=checkbox name=c><button>Go</button></form>
            <button onclick="alert('hi \\u202e'); webkit.messageHandlers.echo.postMessage(1)">Alert</button>
            <button onclick="(async () => { for (;;) await 0; })()">Spin</button>
            <script>setTimeout(() => { document.title = 'Later'; }, 500)</script>
            """,
        "/app/Pages/detail.html": "<title>Detail</title><p>Details</p><a href=\"mkwebview://pop\">Pop</a>",
        "/app/Pages/other.html": "<title>Other</title><p>\u{1B}[31mred\u{7}</p><a href=index.html>Home</a>",
        "/app/_loop.flow": "include _loop.flow\n",
        "/app/_steps.flow": "tap \"Detail\"\nexpect depth 2\nback\n",
    ]

    private static let steps = [
        "open \"mkwebview://webview?url=detail.html&title=T&removeStack=true\"", "open \"mkwebview://popToRoot\"", "open \"other.html\"",
        "open \"javascript:1\"", "open \"tel:123\"", "open \"%ZZ\"", "open \"data:text/html,<p>d</p>\"", "tap \"Detail\"", "tap \"Other\"",
        "tap #1", "tap #0", "tap #99999999999999999999", "tap css \"a\"", "tap css \"[\"", "tap left", "tap right", "tap \"Alert\"", "tap \"Spin\"",
        "back", "close", "reload", "size 20x6", "size 1000x1000", "size 0x0", "size 99999999999999999999x5", "snapshot", "wait 500ms",
        "wait 1e300s", "wait 999999999m", "wait -1s", "wait until text \"Later\" timeout 2s", "wait until text \"never\" timeout 1s",
        "fill \"Query\" \"typed \\\"text\\\"\"", "fill #1 \"x\"", "fill css \"#q\" \"\u{202E}rtl\"", "select \"s\" \"two\"", "check \"c\"",
        "uncheck #3", "accept", "dismiss", "answer \"a\"", "clear data", "background", "foreground", "restart", "eval \"1/0\"",
        "eval \"-0\" in defaultClient", "eval \"new Date(NaN)\"", "call \"return a + 1\" a 1e400", "call \"return x\" x \"s\\\\\"",
        "expect depth 1", "expect depth 99999999999999999999", "expect title \"Detail\"", "expect bar visible", "expect left hidden",
        "expect color nav \"#FFF\"", "expect color tint \"#zzz\"", "expect url ~ \"detail\"", "expect page \"Home\"", "expect text \"Details\"",
        "expect no text \"x\"", "expect stack \"Home\" \"Detail\"", "expect event \"alert\"", "expect warning plus-in-value",
        "expect js \"1 + 1\" 2", "expect message echo 1", "expect download \"x\" 1", "expect dialog alert \"hi\"", "expect no dialog",
        "expect console \"x\"", "expect no script errors", "include _steps.flow", "include _loop.flow", "include missing.flow",
        "include /etc/passwd", "tap \"unterminated", "expect", "bogus step", "# a comment", "", "tap \"a\\x\"", "\u{FEFF}back",
        "expect text \"\u{7}\u{1B}\"", "tap notification", "expect launch ready",
    ]

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        var lines: [String] = []
        for _ in 0..<(1 + random.below(18)) { lines.append(random.pick(Self.steps)) }
        var text = lines.joined(separator: random.chance(10) ? "\r\n" : "\n") + (random.chance(80) ? "\n" : "")
        if random.chance(15) { text = String(decoding: random.mutate(Array(text.utf8)), as: UTF8.self) }
        return Array(text.utf8)
    }

    func run(_ input: [UInt8]) {
        let parser = FlowParser { url in
            if url.path == "/app/fuzz.flow" { return Data(input) }
            guard let text = Self.pages[url.path] else { throw PageReadError.notFound(path: url.path) }
            return Data(text.utf8)
        }
        guard let flow = try? parser.parse(path: "/app/fuzz.flow") else { return }
        var profile = AppProfile.builtIn
        // An `await` loop is given up on after three limits of CPU: kept short here.
        profile.scriptTimeLimitMs = 100
        let place = SourceLocation(path: "webnav.json", line: 1)
        profile.messageHandlers = [AppProfile.MessageHandler(name: "echo", behaviour: .script(.inline("function (body) { return body; }", location: place), replies: true), location: place)]
        let runner = FlowRunner(profile: profile, pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true),
                                store: PageStore(reader: MemoryPages(files: Self.pages)))
        _ = runner.run(flow)
    }
}

/// Pages served from memory by path (the fuzz target reaches no pages on disk).
struct MemoryPages: PageReader {
    let files: [String: String]

    func canonicalPath(_ url: URL) -> String? {
        guard url.isFileURL else { return nil }
        let path = FileReadAccess.lexicalPath(url.path)
        return files.keys.contains { $0 == path || $0.hasPrefix(path == "/" ? "/" : path + "/") } ? path : nil
    }

    func read(_ url: URL) throws -> Data {
        guard let text = files[url.path] else { throw PageReadError.notFound(path: url.path) }
        return Data(text.utf8)
    }
}
