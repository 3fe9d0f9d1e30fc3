import Foundation
import XCTest
@testable import ScriptRuntime

/// bridge.md §1–§4 on the engine: handlers, replies, serialisation, the `app` object,
/// evaluateJavaScript and callAsyncJavaScript, content worlds and user scripts.
final class BridgeTests: XCTestCase {
    private func bridgeEngine(_ handlers: [ScriptBridge.MessageHandler], intercepts: [ScriptBridge.Intercept] = [],
                              pushToken: String? = "push-token-1",
                              saved: DownloadLog? = nil) throws -> ScriptEngine {
        try makeEngine { configuration in
            configuration.bridge = ScriptBridge(handlers: handlers, intercepts: intercepts, bundleId: "com.example.seed",
                                                pushToken: pushToken)
            if let saved {
                configuration.bridge.saveDownload = { download in saved.save(download) }
            }
        }
    }

    /// Runs a page script, lets every task run, and returns the records and `window.out`.
    private func run(_ script: String, in page: ScriptPage, engine: ScriptEngine, world: String = "page") -> (records: [String], out: ScriptEvaluation) {
        _ = page.evaluate(script, world: world)
        let records = describe(engine.runUntilIdle())
        return (records, page.evaluate("window.out", world: world))
    }

    private static let plain = ScriptBridge.MessageHandler(name: "plain", kind: .script(source: "(function (body, app) { app.log('got ' + JSON.stringify(body)); return 'ignored'; })", sourceURL: "plain.js", replies: false))
    private static let fixed = ScriptBridge.MessageHandler(name: "testWithPromise", kind: .reply(.string("Return Data")))
    private static let failing = ScriptBridge.MessageHandler(name: "failing", kind: .error("oops! something wrong"))

    // MARK: - window.webkit (§1)

    func testWithoutHandlersThereIsNoWebkitNamespace() throws {
        let (page, _, _) = try load("<p>x</p>")
        XCTAssertEqual(page.evaluate("typeof window.webkit"), .value(.string("undefined")))
        XCTAssertEqual(page.evaluate("try { window.webkit.messageHandlers.foo.postMessage(1) } catch (e) { String(e) }"),
                       .value(.string("TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers')")))
    }

    func testHandlersAreNamedNonEnumerablePropertiesOfTheirWorldOnly() throws {
        let client = ScriptBridge.MessageHandler(name: "clientOnly", world: "defaultClient", kind: .reply(.null))
        let engine = try bridgeEngine([Self.fixed, client])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        XCTAssertEqual(page.evaluate("""
            [typeof webkit.messageHandlers.testWithPromise, typeof webkit.messageHandlers.clientOnly,
             JSON.stringify(Object.keys(webkit.messageHandlers)), 'testWithPromise' in webkit.messageHandlers,
             String(webkit.messageHandlers.testWithPromise), typeof webkit.messageHandlers.testWithPromise.postMessage].join('|')
            """), .value(.string("object|undefined|[]|true|[object UserMessageHandler]|function")))
        XCTAssertEqual(page.evaluate("try { webkit.messageHandlers.foo.postMessage(1) } catch (e) { String(e) }"),
                       .value(.string("TypeError: undefined is not an object (evaluating 'webkit.messageHandlers.foo.postMessage')")))
        XCTAssertEqual(page.evaluate("[typeof webkit.messageHandlers.clientOnly, typeof webkit.messageHandlers.testWithPromise].join('|')",
                                     world: "defaultClient"), .value(.string("object|undefined")))
        XCTAssertEqual(page.evaluate("typeof window.webkit", world: "named"), .value(.string("undefined")))
    }

    // MARK: - Replies (§1)

    func testPlainHandlerResolvesWithUndefinedAfterItRan() throws {
        let engine = try bridgeEngine([Self.plain])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let result = run("""
            window.out = 'pending';
            webkit.messageHandlers.plain.postMessage({a: 1}).then((value) => { window.out = 'resolved ' + typeof value; });
            window.out += ' sync';
            """, in: page, engine: engine)
        XCTAssertEqual(result.records, ["message plain: {\"a\":1}", "app log: got {\"a\":1}"])
        XCTAssertEqual(result.out, .value(.string("resolved undefined")))
    }

    func testFixedReplyAndErrorSettleThePromise() throws {
        let nullReply = ScriptBridge.MessageHandler(name: "nothing", kind: .reply(.null))
        let undefinedReply = ScriptBridge.MessageHandler(name: "nil", kind: .reply(.undefined))
        let engine = try bridgeEngine([Self.fixed, Self.failing, nullReply, undefinedReply])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let result = run("""
            window.out = [];
            (async () => {
                out.push(await webkit.messageHandlers.testWithPromise.postMessage('hi'));
                try { await webkit.messageHandlers.failing.postMessage(null); }
                catch (e) { out.push(e.constructor === Error, e.name, e.message, String(e)); }
                out.push(await webkit.messageHandlers.nothing.postMessage(1), typeof await webkit.messageHandlers.nil.postMessage(2));
            })();
            """, in: page, engine: engine)
        XCTAssertEqual(result.records, [
            "message testWithPromise: \"hi\"", "reply testWithPromise: \"Return Data\"",
            "message failing: null", "reply failing: error \"oops! something wrong\"",
            "message nothing: 1", "reply nothing: null", "message nil: 2", "reply nil: undefined",
        ])
        XCTAssertEqual(result.out, .value(.array([.string("Return Data"), .bool(true), .string("Error"), .string("oops! something wrong"),
                                                 .string("Error: oops! something wrong"), .null, .string("undefined")])))
    }

    func testBodiesCrossAsWebKitSerialisesThem() throws {
        let echo = ScriptBridge.MessageHandler(name: "echo", kind: .script(source: "(function (body) { return body; })", sourceURL: "echo.js", replies: true))
        let engine = try bridgeEngine([echo])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let result = run("""
            window.out = [];
            const bodies = ['s', 1.5, -0, true, null, undefined, NaN, new Date(86400000), [1, undefined, , 'x'],
                            {a: 1, skip: undefined, nested: {b: [true]}}];
            (async () => {
                for (const body of bodies) {
                    const back = await webkit.messageHandlers.echo.postMessage(body);
                    out.push(back instanceof Date ? 'date ' + back.getTime() : back);
                }
            })();
            """, in: page, engine: engine)
        XCTAssertEqual(result.records.filter { $0.hasPrefix("message") }, [
            "message echo: \"s\"", "message echo: 1.5", "message echo: 0", "message echo: true", "message echo: null",
            "message echo: undefined", "message echo: NaN", "message echo: Date(1970-01-02T00:00:00.000Z)",
            "message echo: [1,null,null,\"x\"]", "message echo: {\"a\":1,\"nested\":{\"b\":[true]}}",
        ])
        XCTAssertEqual(result.out, .value(.array([
            .string("s"), .number(1.5), .number(0), .bool(true), .null, .null, .number(.nan), .string("date 86400000"),
            .array([.number(1), .null, .null, .string("x")]),
            .dictionary([("a", .number(1)), ("nested", .dictionary([("b", .array([.bool(true)]))]))]),
        ])))
    }

    func testUnserialisableBodiesRejectWithDataCloneErrorAndNeverReachTheHandler() throws {
        let engine = try bridgeEngine([Self.plain])
        let (page, _, _) = try load("<p id=p>x</p>", engine: engine)
        let result = run("""
            window.out = [];
            const cyclic = {}; cyclic.self = cyclic;
            const bodies = [function f() {}, document.getElementById('p'), Promise.resolve(1), [1, () => 2], {a: Symbol('s')}, cyclic, window];
            for (const body of bodies) {
                webkit.messageHandlers.plain.postMessage(body).then(() => out.push('resolved'),
                    (e) => out.push([e instanceof DOMException, e.name, e.code, e.message].join(' ')));
            }
            webkit.messageHandlers.plain.postMessage().catch((e) => out.push(String(e)));
            """, in: page, engine: engine)
        XCTAssertEqual(result.records, [])
        let clone = ScriptResultValue.string("true DataCloneError 25 The object can not be cloned.")
        XCTAssertEqual(result.out, .value(.array(Array(repeating: clone, count: 7) + [.string("TypeError: Not enough arguments")])))
    }

    /// Seed 001: the handler upper-cases strings, answers `success`, and fails on the array.
    func testScriptHandlerRepliesKeepsStateAndTurnsThrowsIntoErrors() throws {
        let myTopic = ScriptBridge.MessageHandler(name: "myTopic", kind: .script(source: """
            var count = 0;
            (function (body, app, message) {
                count += 1;
                if (Array.isArray(body)) throw new Error('oops! something wrong');
                if (body === 'later') return new Promise((resolve) => resolve('success ' + count));
                if (body === 'fn') return () => 1;
                if (body === 'reject') return Promise.reject('nope');
                return [String(body).toUpperCase(), count, message.name, message.world, message.frameURL].join(' ');
            })
            """, sourceURL: "native/myTopic.js", replies: true))
        let engine = try bridgeEngine([myTopic])
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let result = run("""
            window.out = [];
            (async () => {
                for (const body of ['Hello, World!', 'later', ['a', 1], 'fn', 'reject']) {
                    try { out.push(await webkit.messageHandlers.myTopic.postMessage(body)); }
                    catch (e) { out.push('error: ' + e.message); }
                }
            })();
            """, in: page, engine: engine)
        XCTAssertEqual(result.records, [
            "message myTopic: \"Hello, World!\"", "reply myTopic: \"HELLO, WORLD! 1 myTopic page file:///app/index.html\"",
            "message myTopic: \"later\"", "reply myTopic: \"success 2\"",
            "message myTopic: [\"a\",1]", "reply myTopic: error \"oops! something wrong\"",
            "message myTopic: \"fn\"",
            "reply myTopic: error \"The result value passed back from the WKWebView API client was unable to be serialized\"",
            "message myTopic: \"reject\"", "reply myTopic: error \"nope\"",
        ])
        XCTAssertEqual(result.out, .value(.array([
            .string("HELLO, WORLD! 1 myTopic page file:///app/index.html"), .string("success 2"),
            .string("error: oops! something wrong"),
            .string("error: The result value passed back from the WKWebView API client was unable to be serialized"),
            .string("error: nope"),
        ])))
    }

    /// Seed 003's old style: the handler answers by evaluating JavaScript in the page.
    func testHandlerEvaluatesInThePageWithASeededUUID() throws {
        let getToken = ScriptBridge.MessageHandler(name: "getToken", kind: .script(source: "function (body, app) { app.evaluate('setToken(' + JSON.stringify({token: app.uuid()}) + ')') }".wrappedAsExpression,
                                                                                   sourceURL: "getToken", replies: false))
        let engine = try bridgeEngine([getToken])
        let (page, _, _) = try load("<script>function setToken(t) { window.out = t.token; }</script>", engine: engine)
        let result = run("webkit.messageHandlers.getToken.postMessage('')", in: page, engine: engine)
        XCTAssertEqual(result.records, ["message getToken: \"\""])
        guard case .value(.string(let token)) = result.out else { return XCTFail("no token: \(result.out)") }
        XCTAssertEqual(token.count, 36)
        XCTAssertTrue(token.range(of: "^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$", options: .regularExpression) != nil, token)
        // The same seed gives the same UUIDs.
        let again = try bridgeEngine([getToken])
        let (second, _, _) = try load("<script>function setToken(t) { window.out = t.token; }</script>", engine: again)
        XCTAssertEqual(run("webkit.messageHandlers.getToken.postMessage('')", in: second, engine: again).out, .value(.string(token)))
    }
}

/// Downloads a test's saver received.
final class DownloadLog: @unchecked Sendable {
    private(set) var downloads: [ScriptDownload] = []

    func save(_ download: ScriptDownload) -> Result<String, ScriptResourceError> {
        downloads.append(download)
        return .success("saved-" + download.name)
    }
}

extension String {
    /// A function expression as a program whose value is the function.
    var wrappedAsExpression: String { "(" + self + ")" }
}
