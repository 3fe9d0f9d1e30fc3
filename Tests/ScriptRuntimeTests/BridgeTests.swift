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
            "message echo: \"s\"", "message echo: 1.5", "message echo: -0", "message echo: true", "message echo: null",
            "message echo: undefined", "message echo: NaN", "message echo: Date(1970-01-02T00:00:00.000Z)",
            "message echo: [1,null,null,\"x\"]", "message echo: {\"a\":1,\"nested\":{\"b\":[true]}}",
        ])
        XCTAssertEqual(result.out, .value(.array([
            .string("s"), .number(1.5), .number(-0.0), .bool(true), .null, .null, .number(.nan), .string("date 86400000"),
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

/// Bad input on the bridge: runaway handlers, hostile bodies, many messages.
final class BridgeBadInputTests: XCTestCase {
    func testARunawayHandlerIsStoppedAndThePromiseRejects() throws {
        let loop = ScriptBridge.MessageHandler(name: "loop", kind: .script(source: "(function () { while (true) {} })", sourceURL: "loop.js", replies: true))
        let engine = try makeEngine {
            $0.timeLimitMs = 100
            $0.bridge = ScriptBridge(handlers: [loop])
        }
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("webkit.messageHandlers.loop.postMessage(1).catch((e) => { window.out = e.message; })")
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "message loop: 1", "script error: webnav-native.js: JavaScript execution terminated.",
            "reply loop: error \"WKWebView API client did not respond to this postMessage\"",
        ])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("WKWebView API client did not respond to this postMessage")))
    }

    func testHandlerScriptsThatAreNotFunctionsAnswerWithoutRunning() throws {
        let notFunction = ScriptBridge.MessageHandler(name: "n", kind: .script(source: "42", sourceURL: "n.js", replies: true))
        let broken = ScriptBridge.MessageHandler(name: "b", kind: .script(source: "function (", sourceURL: "b.js", replies: false))
        let engine = try makeEngine { $0.bridge = ScriptBridge(handlers: [notFunction, broken]) }
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("webkit.messageHandlers.n.postMessage(1).catch((e) => { window.out = e.message; }); webkit.messageHandlers.b.postMessage(2).then((v) => { window.out2 = typeof v; })")
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "message n: 1", "message b: 2", "script error: n.js: TypeError: the script's value is not a function",
            "script error: b.js:1:10: SyntaxError: Function statements must have a name.",
            "reply n: error \"WKWebView API client did not respond to this postMessage\"",
        ])
        XCTAssertEqual(page.evaluate("[window.out, window.out2]"),
                       .value(.array([.string("WKWebView API client did not respond to this postMessage"), .string("undefined")])))
    }

    func testGeneratedBodiesCrossOrRejectNeverCrash() throws {
        let echo = ScriptBridge.MessageHandler(name: "echo", kind: .script(source: "(function (body) { return body; })", sourceURL: "echo.js", replies: true))
        let engine = try makeEngine { $0.bridge = ScriptBridge(handlers: [echo]) }
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("""
            let seed = 7; const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
            const leaves = [() => 'é\\u0000\\ud800"\\\\', () => random() * 1e300, () => -0, () => null, () => undefined, () => true,
                () => new Date(random() * 1e12), () => () => 1, () => Symbol('x'), () => document.body, () => new Map([[1, 2]]), () => /re/g];
            function make(depth) {
                const r = random();
                if (depth > 4 || r < 0.4) return leaves[Math.floor(random() * leaves.length)]();
                if (r < 0.7) return Array.from({length: Math.floor(random() * 4)}, () => make(depth + 1));
                const o = {}; for (let i = 0; i < 3; i++) o['k' + Math.floor(random() * 5)] = make(depth + 1); return o;
            }
            window.outcomes = {same: 0, rejected: 0, other: 0};
            for (let i = 0; i < 300; i++) {
                const body = make(0);
                webkit.messageHandlers.echo.postMessage(body).then((back) => {
                    const ok = JSON.stringify(back) === JSON.stringify(body) || typeof body !== 'object'; outcomes[ok ? 'same' : 'other']++; if (!ok) (window.bad = window.bad || []).push(JSON.stringify(body) + ' => ' + JSON.stringify(back));
                }, (e) => { outcomes[e.name === 'DataCloneError' ? 'rejected' : 'other']++; });
            }
            """)
        _ = engine.runUntilIdle()
        guard case .value(.dictionary(let outcomes)) = page.evaluate("outcomes") else { return XCTFail("no outcomes") }
        XCTAssertEqual(page.evaluate("window.bad"), .value(.undefined))
        let counts = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.0, $0.1) })
        XCTAssertEqual(counts["other"], .number(0))
        guard case .number(let same)? = counts["same"], case .number(let rejected)? = counts["rejected"] else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(same + rejected, 300)
        XCTAssertGreaterThan(same, 50)
        XCTAssertGreaterThan(rejected, 50)
    }

    /// Messages cost the same each: 10x the messages take about 10x the engine's work.
    func testManyMessagesStayLinear() throws {
        let echo = ScriptBridge.MessageHandler(name: "echo", kind: .script(source: "(function (body) { return body; })", sourceURL: "echo.js", replies: true))
        func cpu(_ count: Int) throws -> Double {
            let engine = try makeEngine {
                $0.bridge = ScriptBridge(handlers: [echo])
                $0.taskBound = 1_000_000
            }
            let (page, _, _) = try load("<p>x</p>", engine: engine)
            let start = cpuMilliseconds()
            _ = page.evaluate("for (let i = 0; i < \(count); i++) webkit.messageHandlers.echo.postMessage({i, s: 'x'}).then(() => {})")
            XCTAssertEqual(engine.runUntilIdle().count, 2 * count)
            return cpuMilliseconds() - start
        }
        _ = try cpu(200)
        let small = try cpu(400), large = try cpu(4000)
        XCTAssertLessThan(large / small, 25, "400 messages: \(small) ms, 4000: \(large) ms")
    }
}

/// The tagged JSON values cross in, and the event log's wording of them.
final class ResultValueCodingTests: XCTestCase {
    func testTaggedJSONRoundTrips() {
        let values: [ScriptResultValue] = [
            .undefined, .null, .bool(false), .number(-0.5), .number(3), .number(.infinity), .number(-.infinity), .number(1e300),
            .number(-0.0), .string("é\"\\\n\u{1}\u{2028}😀"), .date(86_400_000), .date(.nan), .array([.null, .array([])]),
            .dictionary([("b", .number(1)), ("a", .dictionary([("__proto__", .string("x"))]))]),
        ]
        XCTAssertEqual(values.map { ScriptResultValue(taggedJSON: $0.taggedJSON) }, values.map { Optional($0) })
        XCTAssertEqual(ScriptResultValue(taggedJSON: #"{"t":"x","v":"NaN"}"#)?.description, "NaN")
        XCTAssertEqual(values.map(\.taggedJSON), [
            #"{"t":"u"}"#, "null", "false", "-0.5", "3", #"{"t":"x","v":"Infinity"}"#, #"{"t":"x","v":"-Infinity"}"#, "1e+300",
            #"{"t":"x","v":"-0"}"#, #""é\"\\\n\u0001\u2028😀""#, #"{"t":"D","v":86400000}"#, #"{"t":"D","v":"NaN"}"#,
            "[null,[]]", #"{"t":"o","v":[["b",1],["a",{"t":"o","v":[["__proto__","x"]]}]]}"#,
        ])
        XCTAssertEqual(values.map(\.description), [
            "undefined", "null", "false", "-0.5", "3", "Infinity", "-Infinity", "1e+300", "-0", #""é\"\\\n\u0001\u2028😀""#,
            "Date(1970-01-02T00:00:00.000Z)", "Date(Invalid Date)", "[null,[]]", #"{"b":1,"a":{"__proto__":"x"}}"#,
        ])
    }

    func testLoneSurrogatesReadAsReplacementCharacters() {
        XCTAssertEqual(ScriptResultValue(taggedJSON: #""a\ud800b\udc00\ud83d\ude00""#), .string("a\u{FFFD}b\u{FFFD}😀"))
        XCTAssertEqual(ScriptResultValue(taggedJSON: #""\\ud800 \ud800\ud800\udc00 \n""#), .string("\\ud800 \u{FFFD}\u{10000} \n"))
        for bad in ["", "{", #"[{"t":"q"}]"#, #"{"t":"o","v":[[1,null]]}"#, "[1", #"{"t":"D","v":"x"}"#] {
            XCTAssertNil(ScriptResultValue(taggedJSON: bad), bad)
        }
    }
}

/// `expect js` and `expect message` compare as bridge.md §3 says.
final class ResultValueMatchingTests: XCTestCase {
    func testJSONReading() {
        XCTAssertEqual(ScriptResultValue(json: #" {"a": [1, -2.5e1, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#),
                       .dictionary([("a", .array([.number(1), .number(-25), .bool(true), .bool(false), .null, .string("x\né😀")])),
                                    ("b", .dictionary([]))]))
        for bad in ["", "01", "1.", "[1,]", "{\"a\"}", "tru", "\"a", "\"\u{1}\"", "[1] 2", "{'a': 1}", "NaN", String(repeating: "[", count: 600) + String(repeating: "]", count: 600)] {
            XCTAssertNil(ScriptResultValue(json: bad), bad)
        }
    }

    func testMatching() {
        let cases: [(ScriptResultValue, String, Bool)] = [
            (.string("success"), "success", true), (.string("success"), "\"success\"", true), (.string("3"), "3", true),
            (.number(3), "3", true), (.number(3), "3.0", true), (.number(3), "\"3\"", false), (.bool(true), "true", true),
            (.bool(true), "1", false), (.null, "null", true), (.undefined, "null", false), (.undefined, "undefined", false),
            (.dictionary([("a", .number(1)), ("b", .array([]))]), #"{"b": [], "a": 1}"#, true),
            (.dictionary([("a", .number(1))]), #"{"a": 1, "b": 2}"#, false), (.array([.string("a")]), #"["a"]"#, true),
        ]
        XCTAssertEqual(cases.map { $0.0.matches($0.1) }, cases.map(\.2))
    }
}

/// Issue 23, item 7: a message's cost is its characters (no object per element), and one too
/// large to cross is refused with a clear error before it is made.
final class BridgeMessageSizeTests: XCTestCase {
    private func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Double(text.split(separator: " ")[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    private func engine() throws -> ScriptEngine {
        let count = ScriptBridge.MessageHandler(name: "count", kind: .script(
            source: "(function (body) { return Array.isArray(body) ? body.length + ' ' + body[body.length - 1] : body.length; })",
            sourceURL: "count.js", replies: true))
        let echo = ScriptBridge.MessageHandler(name: "echo", kind: .script(source: "(function (body) { return body; })",
                                                                          sourceURL: "echo.js", replies: true))
        return try makeEngine {
            $0.timeLimitMs = 60_000  // debug builds; the point is memory and the reply
            $0.bridge = ScriptBridge(handlers: [count, echo])
        }
    }

    func testThreeMillionElementsCrossAndTheReplyArrives() throws {
        let engine = try engine()
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let before = residentMegabytes()
        _ = page.evaluate("webkit.messageHandlers.count.postMessage(new Array(3e6).fill('x')).then((v) => { window.out = v; })")
        let records = describe(engine.runUntilIdle())
        let grown = residentMegabytes() - before
        XCTAssertEqual(records.count, 2)
        XCTAssertTrue(records[0].hasPrefix("message count: [\"x\",\"x\","), records[0].prefix(40).description)
        XCTAssertEqual(records[1], "reply count: \"3000000 x\"")
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("3000000 x")))
        XCTAssertLessThan(grown, 300, "resident memory grew \(grown) MB")
    }

    func testAFiftyMegabyteStringCrosses() throws {
        let engine = try engine()
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        let before = residentMegabytes()
        _ = page.evaluate("webkit.messageHandlers.count.postMessage('x'.repeat(50 * 1048576)).then((v) => { window.out = v; })")
        _ = engine.runUntilIdle()
        let grown = residentMegabytes() - before
        XCTAssertEqual(page.evaluate("window.out"), .value(.number(52_428_800)))
        XCTAssertLessThan(grown, 400, "resident memory grew \(grown) MB")
    }

    func testAMessageLongerThanTheLimitIsRefusedBeforeItIsMade() throws {
        let count = ScriptBridge.MessageHandler(name: "count", kind: .script(source: "(function (body) { return body.length; })",
                                                                            sourceURL: "count.js", replies: true))
        let engine = try makeEngine {
            $0.bridge = ScriptBridge(handlers: [count])
            $0.messageLimit = 1_048_576
        }
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("""
            const big = 'x'.repeat(1048576);
            webkit.messageHandlers.count.postMessage([big]).catch((e) => { window.out = [e.name, e.code, e.message]; });
            webkit.messageHandlers.count.postMessage(new Array(600000).fill(1)).catch((e) => { window.wide = e.message; });
            webkit.messageHandlers.count.postMessage(big.slice(2)).then((v) => { window.fits = v; });
            """)
        XCTAssertEqual(describe(engine.runUntilIdle()).map { String($0.prefix(22)) }, ["message count: \"xxxxxx", "reply count: 1048574"])
        XCTAssertEqual(page.evaluate("window.out"), .value(.array([
            .string("DataCloneError"), .number(25),
            .string("The message is too large to send to the app: longer than 1 MB once serialised."),
        ])))
        XCTAssertEqual(page.evaluate("window.wide"), .value(.string("The message is too large to send to the app: longer than 1 MB once serialised.")))
        XCTAssertEqual(page.evaluate("window.fits"), .value(.number(1_048_574)))
    }

    func testAReplyLongerThanTheLimitIsAnErrorReply() throws {
        let big = ScriptBridge.MessageHandler(name: "big", kind: .script(source: "(function () { return 'y'.repeat(1048577); })",
                                                                        sourceURL: "big.js", replies: true))
        let engine = try makeEngine {
            $0.bridge = ScriptBridge(handlers: [big])
            $0.messageLimit = 1_048_576
        }
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("webkit.messageHandlers.big.postMessage(1).catch((e) => { window.out = e.message; })")
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "message big: 1", "reply big: error \"The reply is too large to send to the page: longer than 1 MB once serialised\"",
        ])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("The reply is too large to send to the page: longer than 1 MB once serialised")))
    }

    func testTheEventLogShowsTheStartOfALongBody() throws {
        let engine = try engine()
        let (page, _, _) = try load("<p>x</p>", engine: engine)
        _ = page.evaluate("webkit.messageHandlers.echo.postMessage({list: new Array(1000).fill('ab'), text: 'z'.repeat(5000)})")
        let records = describe(engine.runUntilIdle())
        let body = "{\"list\":[" + Array(repeating: "\"ab\"", count: 1000).joined(separator: ",")
        XCTAssertEqual(records, ["message echo: " + body.prefix(1000) + "…", "reply echo: " + body.prefix(1000) + "…"])
    }
}
