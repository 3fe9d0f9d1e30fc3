import XCTest
@testable import ScriptRuntime

final class AdapterTests: XCTestCase {
    func testEvaluates() throws {
        let machine = try JavaScriptMachine()
        let context = machine.makeContext(name: "t")
        XCTAssertEqual(try context.evaluate("1 + 2", sourceURL: "t.js").get(), .number(3))
    }

    /// Hosts let engines and pages go in any order; nothing crashes and dropped pages stop.
    func testEnginesAndPagesGoInAnyOrder() throws {
        let reader: ScriptResourceReader = { _ in .failure(ScriptResourceError("none")) }
        var engine: ScriptEngine? = try ScriptEngine()
        var page: ScriptPage? = engine?.loadPage(.text("<script>var kept = {a: [1]}; setTimeout(function () {}, 10)</script>"),
                                                 url: "file:///a.html", resources: reader)
        XCTAssertEqual(page?.evaluate("kept"), .value(.dictionary([("a", .array([.number(1)]))])))
        engine = nil
        XCTAssertEqual(page?.evaluate("kept.a[0] + 1"), .value(.number(2)))
        page = nil

        let other = try ScriptEngine()
        var dropped: ScriptPage? = other.loadPage(.text("<script>setInterval(function () { console.log('tick') }, 1)</script>"),
                                                  url: "file:///b.html", resources: reader)
        dropped?.close()
        dropped?.close()
        dropped = nil
        _ = other.loadPage(.text("<script>setInterval(function () { console.log('tick') }, 1)</script>"),
                           url: "file:///c.html", resources: reader)
        XCTAssertEqual(other.advance(by: 100).count, 0)
    }
}

/// The values made for a call survive a collection before the call: only a Swift array holds
/// them, which JavaScriptCore's stack scan does not see (unprotected, the first array's cell is
/// reused by the second and the function reads garbage).
final class CallArgumentTests: XCTestCase {
    func testArgumentsMadeForACallSurviveACollectionBetweenThem() throws {
        let machine = try JavaScriptMachine()
        let context = machine.makeContext(name: "t")
        let function = try context.evaluateFunction(JavaScriptSource("(function (a, b, c) { return JSON.stringify([a, b, c]) + ' ' + (a === b) })", reused: false),
                                                    sourceURL: "t.js").get()
        let arguments: [ScriptValue] = [.array([.string("first"), .number(1)]), .array([.string("second"), .array([.null])]), .string("third")]
        for _ in 0..<3 {
            let result = context.call(function, arguments, betweenArguments: { machine.collectGarbage(in: context) })
            XCTAssertEqual(try result.get(), .string(#"[["first",1],["second",[null]],"third"] false"#))
        }
    }
}
