import Foundation
import NavigatorCore
import XCTest
@testable import ScriptRuntime

/// Issue 23, items 2 and 3: no number or value a page hands the runtime traps, and the
/// prelude's bookkeeping does not use what a page can replace.
final class HostileValueTests: XCTestCase {
    // MARK: - Item 2: numbers from JavaScript

    func testAThrownObjectWithAHugeLineIsAnErrorWithoutALine() throws {
        for line in ["1e20", "-1e20", "NaN", "Infinity", "1.5", "2 ** 31"] {
            let (page, records, _) = try load("<title>t</title><script>throw {line: \(line), column: \(line)}</script><p>hi</p>")
            XCTAssertEqual(records, ["script error: file:///app/index.html: [object Object]"], line)
            XCTAssertEqual(page.evaluate("document.body.textContent"), .value(.string("hi")))
        }
        let (_, records, _) = try load("<script>throw {line: 7, column: 3}</script>")
        XCTAssertEqual(records, ["script error: file:///app/index.html:7:3: [object Object]"])
    }

    func testEvalThatThrowsAHugeLineInEveryWorld() throws {
        let (page, _, _) = try load("<p>x</p>")
        for world in ["page", "defaultClient", "named"] {
            XCTAssertEqual(page.evaluate("throw {line: 1e20, column: -1e300}", world: world),
                           .exception(ScriptError(sourceURL: "", line: nil, column: nil, message: "[object Object]")), world)
        }
    }

    /// The seed app's app://downloadFile reads `window.result` with `app.evaluate`; a getter that
    /// throws a huge line makes that an error reply, not a crash.
    func testAThrowingResultGetterReadByTheNativeSide() throws {
        let saved = DownloadLog()
        let download = ScriptBridge.Intercept(prefix: "app://downloadFile", source: """
            (function (url, app) {
                return app.evaluate("window.result").then(function (result) { app.saveDownload({data: result, name: "r.txt"}); },
                    function (error) { app.log("evaluate failed: " + error.code + " " + error.exceptionMessage + " " + error.exceptionLine); });
            })
            """, sourceURL: "downloadFile.js")
        let engine = try makeEngine { configuration in
            configuration.bridge = ScriptBridge(intercepts: [download], bundleId: "com.example.seed")
            configuration.bridge.saveDownload = { saved.save($0) }
        }
        let (page, _, _) = try load("""
            <script>Object.defineProperty(window, "result", {get() { throw {line: 1e20, column: NaN}; }});</script>
            """, engine: engine)
        _ = page.evaluate("location.href = 'app://downloadFile?name=r.txt'")
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "intercepted: app://downloadFile?name=r.txt (app://downloadFile)",
            "app log: evaluate failed: 4 [object Object] undefined",
        ])
        XCTAssertEqual(saved.downloads, [])
    }

    // MARK: - Item 3: the node sweep and the natives

    /// A page that replaces the Map iterator before making 6,000 elements once handed NaN to
    /// `NodeMemory.release` (SIGILL). The sweep now uses the intrinsics captured at the
    /// prelude's start, so it frees the nodes as it would for any page.
    func testAReplacedMapIteratorDoesNotReachTheNodeSweep() throws {
        let (page, records, _) = try load("""
            <body><script>
            Map.prototype[Symbol.iterator] = function* () { yield [NaN, { deref() { return undefined; } }]; yield [1e300, { deref() { return undefined; } }]; };
            Map.prototype.entries = Map.prototype[Symbol.iterator];
            Object.getPrototypeOf(new Map().entries()).next = function () { return { done: false, value: [NaN, null] }; };
            WeakRef.prototype.deref = function () { return undefined; };
            const kept = document.createElement("p");
            kept.id = "kept";
            kept.expando = 42;
            document.body.appendChild(kept);
            for (let i = 0; i < 6000; i++) {
                const div = document.createElement("div");
                document.body.appendChild(div);
                document.body.removeChild(div);
            }
            console.log(document.body.children.length, document.getElementById("kept").expando);
            </script></body>
            """)
        XCTAssertEqual(records, ["console.log: 2 42"])
        XCTAssertLessThan(page.document.liveNodeCount, 2500)
        XCTAssertEqual(page.evaluate("document.getElementById('kept') === document.body.lastElementChild"), .value(.bool(true)))
    }

    /// Every native the prelude is given, called straight with hostile values: NaN, infinities,
    /// fractions, huge and negative numbers, objects whose conversions throw, Proxies, foreign
    /// and detached node IDs. None traps; each returns or throws a clean error.
    func testEveryNativeTakesHostileValues() throws {
        let (page, _, engine) = try load("<body><p id=p>x</p><form><input><select><option>a</select></form></body>")
        let world = page.pageWorld
        let context = world.context
        let installer = try XCTUnwrap(try? context.evaluateFunction(JavaScriptSource("""
            (function (N) {
                const hostile = [NaN, Infinity, -Infinity, -1, 1.5, 1e300, -1e300, 2 ** 31, 2 ** 53 + 2, -0, 4294967296,
                    undefined, null, true, "", "x".repeat(1000), {}, [], [NaN, 1e300], { valueOf() { throw 1; } },
                    { toString() { throw 2; } }, new Proxy({}, { get() { throw 3; } }), Symbol("s"), 0, 1, 2, 3];
                return function () {
                    let calls = 0, thrown = 0;
                    const names = Object.keys(N);
                    for (let round = 0; round < 3; round++) {
                        for (const name of names) {
                            for (let i = 0; i < hostile.length; i++) {
                                const a = hostile[(i + round) % hostile.length], b = hostile[(i * 7 + 3) % hostile.length];
                                const c = hostile[(i * 13 + round) % hostile.length];
                                try { N[name](a, b, c, a, b, c); } catch (e) { thrown++; }
                                calls++;
                            }
                        }
                    }
                    return [names.length, calls, hostile.length];
                };
            })
            """), sourceURL: "hostile-natives.js").get())
        let natives = NativeDOM.natives(page: page, world: world)
        guard case .success(.kept(let run))? = Optional(context.install(natives: natives, configuration: .null, into: installer)) else {
            return XCTFail("the installer gave no function")
        }
        guard case .success(.kept(let counts)) = context.call(run, []), let values = context.elements(of: counts),
              case .number(let named) = values[0], case .number(let calls) = values[1], case .number(let kinds) = values[2] else {
            return XCTFail("the run gave no counts")
        }
        XCTAssertGreaterThan(named, 100)
        XCTAssertEqual(calls, named * 3 * kinds)
        _ = engine.runUntilIdle()
        XCTAssertEqual(page.evaluate("typeof document.createElement('p').textContent"), .value(.string("string")))
    }

    // MARK: - Item 8: what another world reads about an event

    /// A page that redefines `Event.prototype`'s getters (and the event's own properties) and
    /// dispatches a synthetic event: a listener in another world sees the event's real state
    /// (untrusted, its real type and flags, its real class) and never an object of the page's realm.
    func testAnotherWorldNeverReadsPageWritableEventProperties() throws {
        let client = UserScript(source: """
            var seen = [];
            document.addEventListener('ping', (e) => {
                seen.push([e.type, e.isTrusted, typeof e.isTrusted, e.bubbles, e.cancelable, e.defaultPrevented,
                    e.constructor.name, e.target === document.body, e instanceof Event].join(' '));
                e.preventDefault();
            });
            """, injectionTime: .documentStart, world: "defaultClient")
        let (page, records, _) = try load("""
            <body id=body><script>
            const realm = { from: 'page' };
            for (const name of ['isTrusted', 'type', 'bubbles', 'cancelable', 'defaultPrevented', 'target']) {
                Object.defineProperty(Event.prototype, name, { get() { return realm; }, configurable: true });
            }
            Event.prototype.preventDefault = function () {};
            class Ping extends CustomEvent {}
            Object.defineProperty(Ping.prototype, 'constructor', { value: { name: 'MouseEvent' } });
            const event = new Ping('ping', { bubbles: true, cancelable: true });
            Object.defineProperty(event, 'isTrusted', { value: true });
            window.notCancelled = document.body.dispatchEvent(event);
            </script></body>
            """, userScripts: [client])
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("seen", world: "defaultClient"), .value(.array([
            .string("ping false boolean true true false CustomEvent true true"),
        ])))
        XCTAssertEqual(page.evaluate("notCancelled"), .value(.bool(false)))
        // A trusted tap still reads as trusted over there.
        XCTAssertEqual(page.evaluate("""
            document.addEventListener('click', (e) => seen.push('click ' + e.isTrusted + ' ' + e.constructor.name)); 1
            """, world: "defaultClient"), .value(.number(1)))
        _ = page.click(try XCTUnwrap(page.document.element(withID: "body")))
        XCTAssertEqual(page.evaluate("seen[1]", world: "defaultClient"), .value(.string("click true MouseEvent")))
    }

    // MARK: - Item 12: results that lost their value

    /// `new Date(NaN)` came back from `eval` as 1970 and `-0` as `0`; WebKit's NSDate and
    /// NSNumber keep both.
    func testInvalidDatesAndNegativeZeroKeepTheirValue() throws {
        let (page, _, _) = try load("<p>x</p>")
        let cases: [(String, String)] = [
            ("new Date(NaN)", "Date(Invalid Date)"), ("-0", "-0"), ("[-0, 0, new Date(NaN)]", "[-0,0,Date(Invalid Date)]"),
            ("({z: -0, d: new Date('nope')})", "{\"z\":-0,\"d\":Date(Invalid Date)}"), ("new Date(0)", "Date(1970-01-01T00:00:00.000Z)"),
        ]
        for world in ["page", "defaultClient"] {
            XCTAssertEqual(cases.map { page.evaluate($0.0, world: world).resultText }, cases.map(\.1), world)
        }
        XCTAssertEqual(page.evaluate("new Date(NaN)"), .value(.date(.nan)))
    }
}
