import Foundation
import XCTest
@testable import ScriptRuntime

/// An engine made after another has gone runs on its machine: the DOM prelude and the scripts
/// the first one ran are not parsed again, and nothing of the first engine's pages is seen.
final class MachineReuseTests: XCTestCase {
    private let library = "var libraryLoads = (window.libraryLoads || 0) + 1; function shared() { return 'from the library'; }"

    private func page(_ engine: ScriptEngine, _ body: String) -> ScriptPage {
        let site = TestSite(files: ["lib.js": library])
        let page = engine.loadPage(.text("<p>page</p><script src=lib.js></script><script>\(body)</script>"),
                                   url: TestSite.base + "index.html", resources: site.reader)
        _ = engine.runUntilIdle()
        return page
    }

    func testTheNextEngineTakesTheMachineAndItsParsedScripts() throws {
        var first: ScriptEngine? = try makeEngine()
        let machine = try XCTUnwrap(first?.machine)
        var firstPage: ScriptPage? = page(first!, "window.leftBehind = 'first engine';")
        XCTAssertEqual(firstPage?.evaluate("shared() + ' ' + libraryLoads"), .value(.string("from the library 1")))
        let parsed = machine.scriptsParsed
        XCTAssertGreaterThanOrEqual(parsed, 2, "the prelude and the library are parsed once")
        firstPage?.close()
        firstPage = nil
        first = nil

        let second = try makeEngine()
        XCTAssertTrue(second.machine === machine, "the engine made next runs on the machine given back")
        let secondPage = page(second, "")
        defer { secondPage.close() }
        XCTAssertEqual(secondPage.evaluate("shared() + ' ' + libraryLoads + ' ' + typeof leftBehind"),
                       .value(.string("from the library 1 undefined")))
        XCTAssertEqual(machine.scriptsParsed, parsed, "nothing was parsed again for the second engine's page")
    }

    func testEachEngineKeepsItsOwnTimeLimitOnAReusedMachine() throws {
        var patient: ScriptEngine? = try makeEngine { $0.timeLimitMs = 5_000 }
        let machine = try XCTUnwrap(patient?.machine)
        do {
            let calm = page(patient!, "var total = 0; for (var i = 0; i < 100000; i++) total += i;")
            XCTAssertEqual(calm.evaluate("total"), .value(.number(4_999_950_000)))
            calm.close()
        }
        patient = nil

        let strict = try makeEngine { $0.timeLimitMs = 20 }
        XCTAssertTrue(strict.machine === machine)
        let busy = strict.loadPage(.text("<script>var spins = 0; while (true) spins++;</script><p>after</p>"),
                                   url: TestSite.base + "busy.html", resources: TestSite(files: [:]).reader)
        defer { busy.close() }
        XCTAssertEqual(describe(strict.runUntilIdle()), ["script timeout"])
        XCTAssertEqual(busy.evaluate("document.body.textContent"), .value(.string("after")))
    }

    /// A pool is bounded: engines given back beyond its limit are released.
    func testThePoolKeepsAtMostItsLimit() throws {
        let pool = MachinePool()
        let machines = try (0..<(pool.limit + 2)).map { _ in try JavaScriptMachine() }
        for machine in machines { pool.giveBack(machine) }
        var taken: [ObjectIdentifier] = []
        for _ in 0..<pool.limit { taken.append(ObjectIdentifier(try pool.take())) }
        XCTAssertEqual(Set(taken), Set(machines.prefix(pool.limit).map(ObjectIdentifier.init)))
        let fresh = try pool.take()
        XCTAssertFalse(machines.contains { $0 === fresh }, "an empty pool makes a new machine")
    }
}
