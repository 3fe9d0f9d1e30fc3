import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import ScriptRuntime
import Simulator
#if canImport(Glibc)
import Glibc
#endif

/// `webnav __bench-scripts PAGES [BOOK]` (hidden; `Scripts/bench.py` runs it): the page-script
/// benchmarks of scripts.md §8. The engine's own (ScriptBenchmarks: a jQuery page load, a new
/// page context, a click, memory per page) and the host's: a flow step on the jQuery demo page,
/// re-layout of the 1.9 MB page after a script changed one node, memory per screen with jQuery.
/// Each line ends with its goal and `ok` or `MISSED`.
enum ScriptBenchmarkCommand {
    static let name = "__bench-scripts"

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard (1...2).contains(arguments.count) else { throw UserError("usage: webnav \(name) PAGES_FOLDER [BOOK]") }
        let pages = URL(fileURLWithPath: arguments[0], isDirectory: true).standardizedFileURL
        guard FileManager.default.fileExists(atPath: pages.appendingPathComponent("script-jquery.html").path) else {
            throw UserError("no script-jquery.html in \(pages.path)")
        }
        // Before anything opens JavaScriptCore.
        let plain = plainPage()
        // First, while the process has freed nothing that new screens could reuse.
        let memory = memoryPerScreen(pages: pages)
        print(plain)
        for line in ScriptBenchmarks.run() { print(line) }
        print(flowStep(pages: pages))
        print(memory)
        if arguments.count == 2 { print(try relayout(book: arguments[1])) }
        return 0
    }

    private static func verdict(_ value: Double, _ goal: Double) -> String { value <= goal ? "ok" : "MISSED" }

    /// 1,000 steps that re-render the jQuery page's list (check/uncheck a box whose `change`
    /// handler rebuilds it), each found by its label on the laid-out page, after the page loaded.
    private static func flowStep(pages: URL) -> String {
        let text = "tap \"A jQuery page\"\n" + String(repeating: "check \"Show bought items\"\nuncheck \"Show bought items\"\n", count: 500)
        guard let steps = try? FlowParser(readFile: { _ in Data() }).parse(text: text, path: "bench.flow", folder: pages) else {
            return "flow step: the flow did not parse"
        }
        let host = AppHost(profile: .builtIn, pagesBase: pages, store: PageStore(reader: FilePageReader()))
        host.perform(.launch)
        var context = FlowContext()
        _ = StepExecutor.perform(steps[0], host: host, context: &context)
        let start = ContinuousClock.now
        var failed = 0
        for step in steps.dropFirst() {
            if case .failed = StepExecutor.perform(step, host: host, context: &context) { failed += 1 }
        }
        let average = milliseconds(ContinuousClock.now - start) / Double(steps.count - 1)
        return "flow step on a scripted page (check/uncheck re-rendering a jQuery list, layout included): "
            + "\(FixedPoint.text(average, digits: 3)) ms mean of \(steps.count - 1)\(failed == 0 ? "" : ", \(failed) failed") "
            + "(goal ≤ 1 ms) \(verdict(average, 1))"
    }

    /// What a page without scripts costs a flow: a screen pushed with it, read, parsed and laid
    /// out at 80 columns (a fresh page store each time), and whether JavaScriptCore was opened.
    private static func plainPage() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-plain-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var html = "<!doctype html><title>Plain</title><h1>A page without scripts</h1>"
        for index in 0..<200 { html += "<p>Paragraph \(index) with <a href=\"p\(index).html\">a link</a> and <b>bold</b> text.</p>" }
        guard (try? Data(html.utf8).write(to: folder.appendingPathComponent("index.html"))) != nil else {
            return "page without scripts: not measured (cannot write \(folder.path))"
        }
        let rounds = 50
        let start = ContinuousClock.now
        for _ in 0..<rounds {
            let host = AppHost(profile: .builtIn, pagesBase: folder, store: PageStore(reader: FilePageReader()))
            let snapshot = host.perform(.launch)
            _ = snapshot.app.top.map { snapshot.app.layout(of: $0.id, width: 80) }
        }
        let average = milliseconds(ContinuousClock.now - start) / Double(rounds)
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let opened = maps.contains("javascriptcoregtk")
        return "page without scripts (an app launched on a \(html.utf8.count / 1024) KB page: read, parsed, laid out at 80 columns): "
            + "\(FixedPoint.text(average, digits: 2)) ms mean of \(rounds); JavaScriptCore opened: \(opened ? "yes" : "no") "
            + (opened ? "MISSED" : "ok")
    }

    /// Resident memory grown over 20 pushed screens showing the jQuery page, per screen.
    private static func memoryPerScreen(pages: URL) -> String {
        let host = AppHost(profile: .builtIn, pagesBase: pages, store: PageStore(reader: FilePageReader()))
        host.perform(.launch)
        let push = "mkwebview://webview?url=script-jquery.html&title=jQuery&leftBtn=true"
        host.perform(.navigator(.urlOpened(push, base: nil)))
        let before = residentBytes()
        for _ in 0..<20 { host.perform(.navigator(.urlOpened(push, base: nil))) }
        let depth = host.snapshot.app.navigator.screens.count
        let perScreen = Double(residentBytes() - before) / 20 / 1_048_576
        return "memory per screen with jQuery (resident growth over 20 pushed screens, \(depth) deep): "
            + "\(FixedPoint.text(perScreen, digits: 1)) MB (goal ≤ 8 MB) \(verdict(perScreen, 8))"
    }

    /// The 1.9 MB page loaded with scripts on; a script changes one paragraph's text, then the
    /// host's re-layout: the document handed to the screen's content and laid out at 78 columns.
    private static func relayout(book path: String) throws(UserError) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard let bytes = FileManager.default.contents(atPath: url.path) else { throw UserError("cannot read page", path: path) }
        let times: [Double]
        do {
            times = try EngineBenchmarks.relayoutTimes(bytes: bytes, url: url.absoluteString, width: 78, rounds: 21)
        } catch {
            throw UserError("script engine: \(error.message)")
        }
        let median = times.sorted()[times.count / 2]
        return "re-layout after a script changed one node of the \(FixedPoint.text(Double(bytes.count) / 1_048_576, digits: 1)) MB page "
            + "(document handed over + layout at 78 columns): \(FixedPoint.text(median, digits: 1)) ms median of 21 (goal ≤ 20 ms) "
            + verdict(median, 20)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
