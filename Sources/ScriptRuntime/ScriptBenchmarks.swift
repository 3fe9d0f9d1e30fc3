#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
#if canImport(Glibc)
import Glibc
#endif

/// The page-script benchmarks of scripts.md §8, measured on this machine (run them from a
/// release build: `make bench` prints them).
public enum ScriptBenchmarks {
    /// Runs every benchmark and returns one line per figure, with its goal.
    ///
    /// - a page load with jQuery: parse, run jQuery's 290 KB, the ready handlers, `load`
    ///   (layout excluded: it is the host's); the median of 20 loads after 3 warm-ups;
    /// - a new page's script context: a fresh global object with the DOM prelude installed and
    ///   an empty document loaded into it (its load events fired); the median of 50;
    /// - a click on a jQuery-scripted page: dispatch to a `.on('click')` handler, the mean of 1,000;
    /// - memory per page with jQuery: resident memory grown over 20 open pages, divided by 20.
    ///
    /// Times are wall-clock, with this thread's CPU time beside them: on a machine shared with
    /// other work the CPU time is the steadier figure.
    public static func run(jqueryPath: String = "/usr/share/javascript/jquery/jquery.js") -> [String] {
        guard let jquery = FileManager.default.contents(atPath: jqueryPath) else {
            return ["script benchmarks: \(jqueryPath) is missing (run Scripts/install-deps.sh)"]
        }
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine()
        } catch {
            return ["script benchmarks: \(error.message)"]
        }
        let reader: ScriptResourceReader = { request in
            request.url.hasSuffix("/jquery.js")
                ? .success(ScriptResourceResponse(url: request.url, body: jquery))
                : .failure(ScriptResourceError("not found"))
        }
        let page = Data(benchmarkPage.utf8)
        func loadPage() -> ScriptPage {
            let loaded = engine.loadPage(.bytes(page), url: "file:///bench/index.html", resources: reader)
            _ = engine.runUntilIdle()
            return loaded
        }

        for _ in 0..<3 { loadPage().close() }
        var loads = Timings()
        for _ in 0..<20 {
            let loaded = loads.measure { loadPage() }
            loaded.close()
        }

        var contexts = Timings()
        for _ in 0..<50 {
            let empty = contexts.measure { engine.loadPage(.text(""), url: "file:///bench/empty.html", resources: reader) }
            empty.close()
        }

        let clicked = loadPage()
        var clickTime = Timings()
        let clicks = 1000
        if let button = clicked.document.element(withID: "go") {
            for _ in 0..<10 { clicked.click(button) }
            clickTime.measure { for _ in 0..<clicks { clicked.click(button) } }
        }
        let handled = clicked.evaluate("window.clicks")
        clicked.close()
        _ = engine.takeRecords()

        var open: [ScriptPage] = [loadPage()]
        let before = residentBytes()
        for _ in 0..<20 { open.append(loadPage()) }
        let perPage = Double(residentBytes() - before) / 20 / 1_048_576
        for page in open { page.close() }

        var handledCount: Int?
        if case .value(.number(let count)) = handled { handledCount = Int(count) }
        let handledText = handledCount.map { "\($0) handled" } ?? "not handled"
        return [
            "page load with jQuery (parse, 290 KB of script, ready, load; no layout): \(fixed(loads.medianWall, 1)) ms median, "
                + "CPU \(fixed(loads.medianCPU, 1)) ms (goal ≤ 30 ms)   " + benchmarkVerdict(loads.medianCPU <= 30),
            "new page script context (global object + DOM prelude + empty document): \(fixed(contexts.medianWall, 2)) ms median, "
                + "CPU \(fixed(contexts.medianCPU, 2)) ms (goal ≤ 2 ms)   " + benchmarkVerdict(contexts.medianCPU <= 2),
            "click on a jQuery page (dispatch to a .on('click') handler): \(fixed(clickTime.medianWall / Double(clicks), 3)) ms mean of \(clicks), "
                + "CPU \(fixed(clickTime.medianCPU / Double(clicks), 3)) ms, " + handledText + " (goal ≤ 1 ms)   "
                + benchmarkVerdict(handledCount != nil && clickTime.medianCPU / Double(clicks) <= 1),
            "memory per page with jQuery: \(fixed(perPage, 1)) MB (resident growth over 20 open pages; goal ≤ 8 MB)   " + benchmarkVerdict(perPage <= 8),
        ]
    }

    static let benchmarkPage = """
    <!DOCTYPE html><html><head><title>Benchmark</title><script src="jquery.js"></script></head><body>
    <div id="app"><h1>Orders</h1><ul id="list"></ul><button id="go">Go</button><p class="status">idle</p></div>
    <script>
    window.clicks = 0;
    $(function () {
      var items = [];
      for (var i = 0; i < 50; i++) items.push('<li class="item">Order ' + i + '</li>');
      $('#list').html(items.join(''));
      $('#go').on('click', function () { window.clicks++; $('.status').text('clicked ' + window.clicks); });
      $('#list').on('click', 'li', function () { $(this).toggleClass('selected'); });
    });
    </script></body></html>
    """

    /// Wall-clock and CPU times of repeated runs.
    private struct Timings {
        var wall: [Double] = []
        var cpu: [Double] = []

        mutating func measure<T>(_ body: () -> T) -> T {
            let wallStart = monotonicMilliseconds(), cpuStart = cpuMilliseconds()
            let result = body()
            cpu.append(cpuMilliseconds() - cpuStart)
            wall.append(monotonicMilliseconds() - wallStart)
            return result
        }

        var medianWall: Double { Self.median(wall) }
        var medianCPU: Double { Self.median(cpu) }

        private static func median(_ values: [Double]) -> Double {
            guard !values.isEmpty else { return 0 }
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
    }

    private static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// Resident memory of this process (`/proc/self/statm`).
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

private func fixed(_ value: Double, _ digits: Int) -> String { FixedPoint.text(value, digits: digits) }

/// A benchmark line's last word: `ok` when its goal is met, `MISSED` when not.
func benchmarkVerdict(_ met: Bool) -> String { met ? "ok" : "MISSED" }
