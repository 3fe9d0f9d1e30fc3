#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import NavigatorCore

/// The bridge's benchmarks (issue 7), measured on this machine: `make bench` prints them.
public enum BridgeBenchmarks {
    /// One line per figure, with its goal and `ok` or `MISSED`.
    ///
    /// - a reply round-trip: `postMessage` from the page, the handler script in the native
    ///   context, the reply, the page's Promise resolved; 2,000 chained in one run, the mean;
    /// - a `callAsyncJavaScript`: the function built and called with one argument, its
    ///   Promise settled and the result converted; the median of 20 runs of 100 calls.
    public static func run() -> [String] {
        let echo = ScriptBridge.MessageHandler(name: "echo", kind: .script(source: "(function (body) { return body; })",
                                                                          sourceURL: "echo.js", replies: true))
        var configuration = ScriptEngine.Configuration()
        configuration.bridge = ScriptBridge(handlers: [echo])
        configuration.taskBound = 1_000_000
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine(configuration: configuration)
        } catch {
            return ["bridge benchmarks: \(error.message)"]
        }
        let page = engine.loadPage(.text(benchmarkPage), url: "file:///bench/bridge.html", resources: { _ in .failure(ScriptResourceError("none")) })
        defer { page.close() }
        _ = engine.runUntilIdle()

        let roundTrips = 2000
        _ = page.evaluate("roundTrips(50)")
        _ = engine.runUntilIdle()
        let cpuStart = cpuMilliseconds(), wallStart = monotonicMilliseconds()
        _ = page.evaluate("roundTrips(\(roundTrips))")
        _ = engine.runUntilIdle()
        let roundTripWall = (monotonicMilliseconds() - wallStart) / Double(roundTrips)
        let roundTripCPU = (cpuMilliseconds() - cpuStart) / Double(roundTrips)
        let completed = page.evaluate("done")

        var callWall: [Double] = [], callCPU: [Double] = []
        var settled = 0
        for run in 0..<21 {
            let cpu = cpuMilliseconds(), wall = monotonicMilliseconds()
            for index in 0..<100 {
                page.callAsyncJavaScript("return setLabelText(text)", arguments: [("text", .string("label \(index)"))]) { result in
                    if case .value(.number) = result { settled += 1 }
                }
                _ = engine.runUntilIdle()
            }
            if run > 0 {
                callWall.append((monotonicMilliseconds() - wall) / 100)
                callCPU.append((cpuMilliseconds() - cpu) / 100)
            }
        }
        let roundTripsDone = completed == .value(.number(Double(roundTrips)))
        let callWallMedian = callWall.sorted()[callWall.count / 2], callCPUMedian = callCPU.sorted()[callCPU.count / 2]
        return [
            "reply round-trip (postMessage → handler script → reply → resolved Promise): \(milliseconds(roundTripWall)) ms mean of "
                + "\(roundTrips), CPU \(milliseconds(roundTripCPU)) ms\(roundTripsDone ? "" : ", NOT ALL COMPLETED") (goal ≤ 0.2 ms)   "
                + benchmarkVerdict(roundTripsDone && roundTripCPU <= 0.2),
            "callAsyncJavaScript (one argument, awaited, result converted): \(milliseconds(callWallMedian)) ms median, CPU "
                + "\(milliseconds(callCPUMedian)) ms, \(settled) settled (goal ≤ 0.5 ms)   " + benchmarkVerdict(settled == 2100 && callCPUMedian <= 0.5),
        ]
    }

    /// `%.3f`.
    private static func milliseconds(_ value: Double) -> String { FixedPoint.text(value, digits: 3) }

    static let benchmarkPage = """
    <!DOCTYPE html><title>Bridge</title><p id="label">x</p>
    <script>
    var done = 0;
    function roundTrips(count) {
      done = 0;
      function next() {
        return webkit.messageHandlers.echo.postMessage({n: done}).then(function (reply) {
          done = reply.n + 1;
          if (done < count) next();
        });
      }
      next();
    }
    function setLabelText(text) { document.getElementById('label').textContent = text; return text.length; }
    </script>
    """

    private static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
