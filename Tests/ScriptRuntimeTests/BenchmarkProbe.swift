import XCTest
@testable import ScriptRuntime

final class BenchmarkProbe: XCTestCase {
    func testPrintBenchmarks() throws {
        guard ProcessInfo.processInfo.environment["WEBNAV_BENCH"] != nil else { return }
        for line in ScriptBenchmarks.run() { print("BENCH", line) }
    }

    func testProbeWorld() throws {
        guard let rounds = ProcessInfo.processInfo.environment["WEBNAV_PROBE"].flatMap(Int.init) else { return }
        let engine = try ScriptEngine()
        let page = engine.loadPage(.text("<p>x</p>"), url: "file:///x.html", resources: { _ in .failure(ScriptResourceError("x")) })
        func now() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6 }
        var times: [Double] = []
        for round in 0..<rounds {
            let t0 = now()
            _ = page.world(named: "w\(round)")
            times.append(now() - t0)
        }
        times.sort()
        print("PROBE worlds median", times[times.count / 2], "min", times[0])
    }
}

extension BenchmarkProbe {
    func testProbePages() throws {
        guard let rounds = ProcessInfo.processInfo.environment["WEBNAV_PAGES"].flatMap(Int.init) else { return }
        let engine = try ScriptEngine()
        func now() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6 }
        var times: [Double] = []
        for _ in 0..<rounds {
            let t0 = now()
            let page = engine.loadPage(.text(""), url: "file:///x.html", resources: { _ in .failure(ScriptResourceError("x")) })
            times.append(now() - t0)
            page.close()
        }
        times.sort()
        print("PROBE pages median", times[times.count / 2], "min", times[0])
    }
}
