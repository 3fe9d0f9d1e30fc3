import XCTest
@testable import ScriptRuntime

/// Virtual time: timers in order, the flow epoch, a seeded Math.random, the same run twice.
final class TimeTests: XCTestCase {
    func testTimersRunInOrderAsTheClockAdvances() throws {
        let (_, records, engine) = try load("""
        <script>
        var start = Date.now();
        function note(what) { console.log(what, Date.now() - start, performance.now()); }
        setTimeout(function () { note('t300'); }, 300);
        setTimeout(function () { note('t100'); setTimeout(function () { note('t100+50'); }, 50); }, 100);
        var n = 0, id = setInterval(function () { note('interval'); if (++n === 3) clearInterval(id); }, 120);
        requestAnimationFrame(function (time) { note('frame ' + time); });
        setTimeout(function () { note('zero'); }, 0);
        console.log(new Date(start).toISOString(), start === new Date().getTime());
        </script>
        """)
        XCTAssertEqual(records, ["console.log: 2026-01-01T09:41:00.000Z true", "console.log: zero 0 0"])
        XCTAssertEqual(engine.nextTimerDate, ScriptClock.flowEpoch + 16)
        XCTAssertEqual(describe(engine.advance(by: 250)), [
            "console.log: frame 16 16 16", "console.log: t100 100 100", "console.log: interval 120 120",
            "console.log: t100+50 150 150", "console.log: interval 240 240",
        ])
        XCTAssertEqual(describe(engine.advance(by: 1000)), ["console.log: t300 300 300", "console.log: interval 360 360"])
        XCTAssertNil(engine.nextTimerDate)
        XCTAssertEqual(engine.now, ScriptClock.flowEpoch + 1250,
                       "the microseconds of the last task's clock reads do not move the clock off its milliseconds")
    }

    /// WebKit's clock moves while a script runs: a busy-wait ends after the time it asks for,
    /// a timer set after it counts from its end, and every run reads the same times.
    func testTimeMovesWithinATaskAsItIsRead() throws {
        let html = """
        <script>
        var t0 = Date.now(), p0 = performance.now(), reads = 0;
        while (Date.now() - t0 < 50) reads++;
        console.log('waited', Date.now() - t0, performance.now() - p0, reads);
        setTimeout(function () { console.log('timer', Date.now() - t0); }, 10);
        </script>
        <script>console.log('next script', Date.now() - t0)</script>
        """
        let (_, records, engine) = try load(html)
        // The loop's condition read the clock 2 µs after t0 first, and 50 ms = 50,000 reads.
        XCTAssertEqual(records, ["console.log: waited 50 50 49998", "console.log: next script 50"])
        XCTAssertEqual(describe(engine.advance(to: ScriptClock.flowEpoch + 59)), [], "the timer counts from the end of the wait")
        XCTAssertEqual(describe(engine.advance(to: ScriptClock.flowEpoch + 61)), ["console.log: timer 60"])
        XCTAssertEqual(try load(html).records, records, "the same on every run")
    }

    func testNestedZeroTimersAreClampedAsWebKitDoes() throws {
        let (_, records, engine) = try load("""
        <script>
        var start = Date.now(), times = [];
        function again() { times.push(Date.now() - start); if (times.length < 14) setTimeout(again, 0); else console.log(times.join(' ')); }
        setTimeout(again, 0);
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(describe(engine.advance(by: 100)), ["console.log: 0 0 0 0 0 0 0 0 0 0 4 8 12 16"])
    }

    func testAWarmedUpEngineRunsPagesAsAFreshOneDoes() throws {
        let html = "<script>console.log(Math.random(), crypto.randomUUID(), typeof document.body, performance.now())</script>"
        let fresh = try makeEngine { $0.seed = 7 }
        let warmed = try makeEngine { $0.seed = 7 }
        warmed.warmUp()
        XCTAssertEqual(describe(warmed.runUntilIdle()), [], "the warm-up page records nothing")
        let expected = try load(html, engine: fresh)
        let got = try load(html, engine: warmed)
        XCTAssertEqual(got.records, expected.records, "same page number, so the same seed")
        XCTAssertEqual(got.page.id, expected.page.id)
        XCTAssertEqual(got.page.id.rawValue, 1)
    }

    func testMathRandomIsSeededInVirtualTime() throws {
        func numbers(seed: UInt64) throws -> [String] {
            let engine = try makeEngine { $0.seed = seed }
            return try load("<script>console.log(Math.random(), Math.random(), crypto.randomUUID())</script>", engine: engine).records
        }
        let first = try numbers(seed: 1)
        XCTAssertEqual(first, try numbers(seed: 1))
        XCTAssertNotEqual(first, try numbers(seed: 2))
        XCTAssertEqual(first.count, 1)
        let parts = first[0].split(separator: " ")
        XCTAssertEqual(parts.count, 4)
        for part in parts[1...2] {
            let value = try XCTUnwrap(Double(part))
            XCTAssertTrue(value >= 0 && value < 1, "\(value)")
        }
        XCTAssertTrue(parts[3].range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
                                     options: .regularExpression) != nil, String(parts[3]))
    }

    func testTheSamePageGivesTheSameRecordsTwice() throws {
        let html = """
        <html><body><ul id="l"></ul><script>
        var n = 0;
        setInterval(function () {
          var li = document.createElement('li'); li.textContent = n++ + ':' + Math.floor(Math.random() * 1000) + ':' + Date.now();
          document.getElementById('l').appendChild(li);
          if (n % 3 === 0) console.log(document.getElementById('l').innerHTML);
        }, 250);
        </script></body></html>
        """
        func run() throws -> [String] {
            let (_, records, engine) = try load(html, engine: try makeEngine { $0.seed = 7 })
            return records + describe(engine.advance(by: 2000))
        }
        let first = try run()
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(first, try run())
    }

    func testRealClockMovesByItself() throws {
        let engine = try makeEngine { $0.clock = .real }
        let before = Date().timeIntervalSince1970 * 1000
        let (page, _, _) = try load("<script>var t = Date.now()</script>", engine: engine)
        guard case .value(.number(let t)) = page.evaluate("t") else { return XCTFail("no time") }
        XCTAssertGreaterThanOrEqual(t, before.rounded(.down))
        XCTAssertLessThan(t, before + 60_000)
    }
}
