import Foundation
import XCTest
@testable import ScriptRuntime

/// bridge.md §2 (the `app` object), §3 (app → page), §4 (worlds, user scripts), §5 (intercepts).
final class BridgeAppTests: XCTestCase {
    private func engine(handlers: [ScriptBridge.MessageHandler] = [], intercepts: [ScriptBridge.Intercept] = [],
                        saved: DownloadLog? = nil) throws -> ScriptEngine {
        try makeEngine { configuration in
            configuration.bridge = ScriptBridge(handlers: handlers, intercepts: intercepts, bundleId: "com.example.seed",
                                                pushToken: "push-token-1")
            if let saved { configuration.bridge.saveDownload = { saved.save($0) } }
        }
    }

    private func handler(_ name: String, _ source: String, replies: Bool = true) -> ScriptBridge.MessageHandler {
        ScriptBridge.MessageHandler(name: name, kind: .script(source: "(" + source + ")", sourceURL: name + ".js", replies: replies))
    }

    private func post(_ name: String, _ body: String, page: ScriptPage, engine: ScriptEngine) -> (records: [String], out: ScriptEvaluation) {
        _ = page.evaluate("window.out = undefined; webkit.messageHandlers.\(name).postMessage(\(body)).then((v) => { window.out = v; }, (e) => { window.out = 'rejected: ' + e.message; })")
        let records = describe(engine.runUntilIdle())
        return (records, page.evaluate("window.out"))
    }

    // MARK: - The app object, member by member

    func testValuesOfTheApp() throws {
        let engine = try engine(handlers: [handler("values", "function (body, app) { return [app.bundleId, app.pushToken, typeof app.uuid(), Object.keys(app).sort().join()]; }")])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        XCTAssertEqual(post("values", "1", page: page, engine: engine).out, .value(.array([
            .string("com.example.seed"), .string("push-token-1"), .string("string"),
            .string("alert,bundleId,callAsync,evaluate,log,notify,open,openStore,pushToken,restart,saveDownload,toast,uuid"),
        ])))
    }

    func testRequestsToTheAppBecomeRecords() throws {
        let engine = try engine(handlers: [handler("Alert", "function (body, app) { app.alert(body.title, body.message); }", replies: false),
                                           handler("Update", "function (body, app) { app.openStore(body); }", replies: false),
                                           handler("misc", """
                                               function (body, app) {
                                                   app.open('mkwebview://webview?url=detail.html'); app.toast('Saved'); app.log('hello');
                                                   app.notify({aps: {alert: 'Hi'}, link: 'x'}, {afterMs: 1500}); app.notify('now');
                                               }
                                               """, replies: false)])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        XCTAssertEqual(post("Alert", "{title: 'Title', message: 'Body'}", page: page, engine: engine).records,
                       ["message Alert: {\"title\":\"Title\",\"message\":\"Body\"}", "app alert: \"Title\" \"Body\""])
        XCTAssertEqual(post("Update", "'itms-apps://itunes.apple.com/app/id1'", page: page, engine: engine).records,
                       ["message Update: \"itms-apps://itunes.apple.com/app/id1\"", "app store sheet: itms-apps://itunes.apple.com/app/id1"])
        XCTAssertEqual(post("misc", "null", page: page, engine: engine).records, [
            "message misc: null", "app open: mkwebview://webview?url=detail.html", "toast: Saved", "app log: hello",
            "app notification: {\"aps\":{\"alert\":\"Hi\"},\"link\":\"x\"} after 1500 ms", "app notification: \"now\"",
        ])
    }

    func testRestartDropsTheNativeContextsState() throws {
        let engine = try engine(handlers: [handler("count", "(() => { var n = 0; return function (body, app) { n += 1; if (body === 'restart') app.restart(); return n; }; })()")])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        XCTAssertEqual(post("count", "'a'", page: page, engine: engine).out, .value(.number(1)))
        XCTAssertEqual(post("count", "'restart'", page: page, engine: engine).records,
                       ["message count: \"restart\"", "app restart", "reply count: 2"])
        XCTAssertEqual(post("count", "'b'", page: page, engine: engine).out, .value(.number(1)))
    }

    func testSaveDownloadDecodesBase64AndDataURLs() throws {
        let saved = DownloadLog()
        let engine = try engine(handlers: [handler("save", "function (body, app) { return app.saveDownload(body); }")], saved: saved)
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        XCTAssertEqual(post("save", "{data: 'aGVsbG8gd29ybGQh', name: 'report.txt', type: 'text/plain'}", page: page, engine: engine).records,
                       ["message save: {\"data\":\"aGVsbG8gd29ybGQh\",\"name\":\"report.txt\",\"type\":\"text/plain\"}",
                        "download: saved-report.txt (12 B, text/plain)", "reply save: \"saved-report.txt\""])
        XCTAssertEqual(post("save", "{data: 'data:image/png;base64,AAEC', name: 'a.png'}", page: page, engine: engine).out,
                       .value(.string("saved-a.png")))
        // Issue 23, item 10: what is not saved reaches the page as an error reply, not a silent null.
        let invalid = post("save", "{data: 'not base64!', name: 'x.bin'}", page: page, engine: engine)
        XCTAssertEqual(invalid.records, ["message save: {\"data\":\"not base64!\",\"name\":\"x.bin\"}",
                                         "download failed: invalid base64 data for x.bin",
                                         "reply save: error \"download failed: invalid base64 data for x.bin\""])
        XCTAssertEqual(invalid.out, .value(.string("rejected: download failed: invalid base64 data for x.bin")))
        XCTAssertEqual(post("save", "{data: 'data:text/plain,plain', name: 'y.txt'}", page: page, engine: engine).out,
                       .value(.string("rejected: download failed: the data URL is not base64 (no ;base64)")))
        XCTAssertEqual(saved.downloads, [ScriptDownload(name: "report.txt", data: Data("hello world!".utf8), type: "text/plain"),
                                         ScriptDownload(name: "a.png", data: Data([0, 1, 2]), type: "image/png")])
    }

    func testEvaluateAndCallAsyncFromTheNativeSide() throws {
        let engine = try engine(handlers: [handler("ask", """
            async function (body, app) {
                const results = [];
                results.push(await app.evaluate('document.title + " " + pageValue'));
                results.push(await app.evaluate('typeof pageValue', {world: 'defaultClient'}));
                results.push(await app.callAsync('return a + b', {a: 2, b: 3}));
                for (const source of ['document.body', 'throw new Error("bad")']) {
                    try { await app.evaluate(source); } catch (e) { results.push([e.code, e.message, e.exceptionMessage ?? null]); }
                }
                return results;
            }
            """)])
        let (page, _, _) = try load("<title>T</title><script>var pageValue = 7;</script>", engine: engine)
        XCTAssertEqual(post("ask", "0", page: page, engine: engine).out, .value(.array([
            .string("T 7"), .string("undefined"), .number(5),
            .array([.number(5), .string("JavaScript execution returned a result of an unsupported type"), .null]),
            .array([.number(4), .string("A JavaScript exception occurred"), .string("Error: bad")]),
        ])))
    }

    // MARK: - App → page (§3)

    func testEvaluateJavaScriptResultsAndErrors() throws {
        let (page, _, _) = try load("<p id=p>x</p>")
        XCTAssertEqual(page.evaluate("[1, 'a', true, null, {b: [2]}]"),
                       .value(.array([.number(1), .string("a"), .bool(true), .null, .dictionary([("b", .array([.number(2)]))])])))
        XCTAssertEqual(page.evaluate("undefined"), .value(.undefined))
        for unsupported in ["Promise.resolve(1)", "document.body", "[document.body]", "({a: document.body})", "(function () {})", "Symbol('s')", "window"] {
            XCTAssertEqual(page.evaluate(unsupported), .unsupportedType, unsupported)
        }
        XCTAssertEqual(page.evaluate("\n\nthrow 'something bad'"),
                       .exception(ScriptError(sourceURL: "", line: nil, column: nil, message: "something bad")))
        XCTAssertEqual(page.evaluate("\nfoo"),
                       .exception(ScriptError(sourceURL: "", line: 2, column: 4, message: "ReferenceError: Can't find variable: foo")))
    }

    func testCallAsyncJavaScriptAwaitsWithNamedArguments() throws {
        let (page, _, engine) = try load("<p id=p>x</p><script>function setLabelText(t) { document.getElementById('p').textContent = t; return t.length; }</script>")
        func call(_ body: String, _ arguments: [(String, ScriptResultValue)] = [], world: String = "page") -> ScriptEvaluation? {
            var result: ScriptEvaluation?
            page.callAsyncJavaScript(body, arguments: arguments, world: world) { result = $0 }
            _ = engine.advance(by: 1000)
            return result
        }
        XCTAssertEqual(call("return setLabelText(text)", [("text", .string("Hello"))]), .value(.number(5)))
        XCTAssertEqual(bodyHTML(page), "<body><p id=\"p\">Hello</p><script>function setLabelText(t) { document.getElementById('p').textContent = t; return t.length; }</script></body>")
        XCTAssertEqual(call("await new Promise((r) => setTimeout(r, 500)); return [a, b, this === window, typeof text]",
                            [("a", .array([.number(1)])), ("b", .dictionary([("c", .null)]))]),
                       .value(.array([.array([.number(1)]), .dictionary([("c", .null)]), .bool(true), .string("undefined")])))
        XCTAssertEqual(call("return missing"), .exception(ScriptError(sourceURL: "", line: nil, column: nil, message: "ReferenceError: Can't find variable: missing")))
        XCTAssertEqual(call("throw 'Rejected!'"), .exception(ScriptError(sourceURL: "", line: nil, column: nil, message: "Rejected!")))
        XCTAssertEqual(call("return document.body"), .unsupportedType)
        XCTAssertEqual(call("return Promise.resolve(4)"), .value(.number(4)))
        XCTAssertEqual(call("retunr null"), .exception(ScriptError(sourceURL: "", line: 1, column: nil, message: "SyntaxError: Unexpected keyword 'null'")))
        XCTAssertEqual(call("return typeof setLabelText", world: "defaultClient"), .value(.string("undefined")))
    }

    // MARK: - Worlds (§4)

    func testWorldsHaveTheirOwnGlobalsOverOneDocument() throws {
        let (page, _, _) = try load("<p id=p>x</p>")
        _ = page.evaluate("var pageGlobal = 1; Array.prototype.first = function () { return this[0]; }; document.getElementById('p').expando = 42; document.getElementById('p').textContent = 'changed by page'")
        XCTAssertEqual(page.evaluate("[typeof pageGlobal, typeof [].first, typeof document.getElementById('p').expando, document.getElementById('p').textContent].join('|')", world: "defaultClient"),
                       .value(.string("undefined|undefined|undefined|changed by page")))
        _ = page.evaluate("document.body.append(document.createElement('em')); var clientGlobal = 2", world: "myWorld")
        XCTAssertEqual(page.evaluate("[typeof clientGlobal, document.body.innerHTML].join('|')"),
                       .value(.string("undefined|<p id=\"p\">changed by page</p><em></em>")))
        XCTAssertEqual(page.evaluate("typeof clientGlobal", world: "myWorld"), .value(.string("number")))
        XCTAssertEqual(page.evaluate("typeof clientGlobal", world: "defaultClient"), .value(.string("undefined")))
    }

    func testListenersOfEveryWorldHearTheOneDispatch() throws {
        let html = """
            <div id=outer><input type=checkbox id=box><button id=b onclick="log('page onclick')">Go</button></div>
            <script>
            function log(t) { (window.lines = window.lines || []).push(t); }
            document.getElementById('b').addEventListener('click', () => log('page button'));
            document.getElementById('outer').addEventListener('click', (e) => log('page outer ' + e.target.id));
            document.addEventListener('DOMContentLoaded', () => log('page DOMContentLoaded'));
            </script>
            """
        let client = UserScript(source: """
            var seen = [];
            document.addEventListener('DOMContentLoaded', (e) => seen.push('client DOMContentLoaded ' + e.isTrusted));
            window.addEventListener('load', () => seen.push('client load'));
            document.addEventListener('click', (e) => {
                seen.push('client ' + e.type + ' ' + e.target.id + ' ' + e.constructor.name + ' ' + e.isTrusted);
                if (e.target.id === 'box') e.preventDefault();
                if (e.target.id === 'b') e.stopPropagation();
            }, true);
            """, injectionTime: .documentStart, world: "defaultClient")
        let (page, records, _) = try load(html, userScripts: [client])
        XCTAssertEqual(records, [])
        page.click(try XCTUnwrap(page.document.element(withID: "b")))
        page.click(try XCTUnwrap(page.document.element(withID: "box")))
        // The client world's capturing listener stopped the tap on the button before the page's
        // listeners (and its onclick) and cancelled the checkbox's change.
        XCTAssertEqual(page.evaluate("window.lines"), .value(.array(["page DOMContentLoaded", "page outer box"].map(ScriptResultValue.string))))
        XCTAssertEqual(page.evaluate("seen", world: "defaultClient"), .value(.array([
            "client DOMContentLoaded true", "client load", "client click b MouseEvent true", "client click box MouseEvent true",
        ].map(ScriptResultValue.string))))
        XCTAssertEqual(page.isChecked(try XCTUnwrap(page.document.element(withID: "box"))), false)
        _ = page.evaluate("document.getElementById('b').click()", world: "named")
        XCTAssertEqual(page.evaluate("window.lines"), .value(.array(["page DOMContentLoaded", "page outer box"].map(ScriptResultValue.string))))
        XCTAssertEqual(page.evaluate("seen.length", world: "defaultClient"), .value(.number(5)))
    }

    // MARK: - User scripts (§4)

    func testUserScriptsRunInWebKitsOrder() throws {
        let html = """
            <script>log('page script ' + (typeof fromStart));
            document.addEventListener('DOMContentLoaded', () => log('DOMContentLoaded'));
            window.addEventListener('load', () => log('load'));</script><p>x</p>
            """
        let start = UserScript(source: "var fromStart = 1; function log(t) { (window.lines = window.lines || []).push(t); } log('start 1 ' + document.documentElement.tagName + ' ' + document.body + ' ' + document.readyState)", injectionTime: .documentStart)
        let start2 = UserScript(source: "log('start 2')", injectionTime: .documentStart)
        let end = UserScript(source: "log('end 1 ' + document.readyState + ' ' + document.querySelectorAll('p').length)", injectionTime: .documentEnd)
        let end2 = UserScript(source: "log('end 2')", injectionTime: .documentEnd)
        let client = UserScript(source: "var seen = typeof fromStart; document.documentElement.setAttribute('data-client', seen)", injectionTime: .documentEnd, world: "defaultClient")
        let (page, records, _) = try load(html, userScripts: [end, start, client, start2, end2])
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.lines"), .value(.array([
            "start 1 HTML null loading", "start 2", "page script number", "DOMContentLoaded", "end 1 interactive 1", "end 2", "load",
        ].map(ScriptResultValue.string))))
        XCTAssertEqual(page.evaluate("document.documentElement.getAttribute('data-client')"), .value(.string("undefined")))
    }

    // MARK: - Intercepts (§5)

    func testInterceptedNavigationsStayOnThePageAndRunTheirScript() throws {
        let home = ScriptBridge.Intercept(prefix: "app://home", source: """
            var registered = false;
            (function (url, app) {
                if (registered) return;
                registered = true;
                app.evaluate('window.pushTokenRegistry(' + JSON.stringify({appId: app.bundleId, token: app.pushToken}) + ')');
            })
            """, sourceURL: "intercepts.app://home.script")
        let engine = try makeEngine { configuration in
            configuration.bridge = ScriptBridge(intercepts: [home], bundleId: "com.example.seed", pushToken: "tok")
        }
        let (page, _, _) = try load("""
            <script>var registered = 'page'; window.pushTokenRegistry = (o) => { (window.out = window.out || []).push(JSON.stringify(o)); };</script>
            """, engine: engine)
        // A world named "native" is a page world like any other: the native context stays out of reach.
        XCTAssertEqual(page.evaluate("typeof registered", world: "native"), .value(.string("undefined")))
        _ = page.evaluate("location.href = 'app://home?x=1'; location.href = 'APP://HOME/'; location.href = 'app://other'")
        let records = describe(engine.runUntilIdle())
        XCTAssertEqual(records, ["intercepted: app://home?x=1 (app://home)", "intercepted: APP://HOME/ (app://home)",
                                 "navigation: app://other by location"])
        XCTAssertEqual(page.evaluate("window.out"), .value(.array([.string("{\"appId\":\"com.example.seed\",\"token\":\"tok\"}")])))
        XCTAssertEqual(page.url, "file:///app/index.html")
        XCTAssertTrue(engine.interceptNavigation(to: "app://home/again", from: page))
        XCTAssertFalse(engine.interceptNavigation(to: "app://homes", from: page))
    }

    func testInterceptPrefixMatching() {
        let cases: [(String, String, Bool)] = [
            ("app://home", "app://home", true), ("app://home?a=1", "app://home", true), ("App://Home/x", "app://home", true),
            ("app://homes", "app://home", false), ("other://home", "app://home", false), ("app://download/file", "app://download/file", true),
            ("app://download/other", "app://download/file", false), ("not a url", "app://home", false),
        ]
        XCTAssertEqual(cases.map { NativeApp.matches($0.0, prefix: $0.1) }, cases.map(\.2))
    }
}
