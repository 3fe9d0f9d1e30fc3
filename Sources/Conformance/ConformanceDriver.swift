#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScriptRuntime

/// Runs conformance tests as pages of the real script engine, one at a time, on virtual time.
public final class ConformanceDriver {
    /// How long a test may run.
    public struct Limits: Sendable {
        /// Virtual time a WPT page gets beyond its harness timeout (10 s, or 60 s when long)
        /// before it counts as never completing.
        public var virtualMarginMs: Double = 5_000
        /// Real time one test may take; checked between tasks.
        public var realTimeCapSeconds: Double = 60
        /// One task (a script, a timer) running longer than this (real time, JavaScriptCore's
        /// watchdog) is stopped, as the app's `scriptTimeLimitMs` stops it. The range files run
        /// all their subtests in one `load` listener, about 4.5 s in a debug build on an idle
        /// machine: 20 s leaves a loaded CI machine room.
        public var taskTimeLimitMs = 20_000

        public init() {}
    }

    public let limits: Limits
    private let configuration: ScriptEngine.Configuration
    /// The engine of the html5lib tests (their dumps depend on neither the clock nor `Math.random`).
    private let engine: ScriptEngine

    public init(limits: Limits = Limits()) throws(ScriptEngineError) {
        self.limits = limits
        var configuration = ScriptEngine.Configuration()
        configuration.timeLimitMs = limits.taskTimeLimitMs
        configuration.hasUIDelegate = false
        self.configuration = configuration
        engine = try ScriptEngine(configuration: configuration)
    }

    // MARK: - html5lib

    /// Parses a test as a page (a document test) or through `innerHTML` on a context element
    /// of a blank no-quirks page (a fragment test), and compares the dump a script reads
    /// through the DOM with the test's, byte for byte.
    public func run(_ test: TreeConstructionTest) -> TreeConstructionResult {
        let source = test.fragmentContext == nil ? test.data : "<!DOCTYPE html>"
        let page = engine.loadPage(.text(source), url: WPTServer.origin + "/html5lib-tests/tree-construction/" + test.id,
                                   resources: { request in
                                       .success(ScriptResourceResponse(status: 404, statusText: "Not Found", url: request.url, body: Data()))
                                   })
        defer { page.close() }
        _ = engine.runUntilIdle()
        let program = test.fragmentContext.map { ConformanceScripts.fragmentDump(test.data, context: $0) } ?? ConformanceScripts.documentDump
        let actual: String
        switch page.evaluate(program) {
        case .value(.string(let dump)): actual = dump
        case .value(let other): actual = "#not a string: \(other)"
        case .exception(let error): actual = "#exception: \(error.message)"
        case .unsupportedType: actual = "#unsupported result type"
        case .timeout: actual = "#timeout"
        }
        _ = engine.takeRecords()
        let passed = Array(actual.utf8) == Array(test.expected.utf8)
        return TreeConstructionResult(id: test.id, passed: passed, fragment: test.fragmentContext != nil,
                                      expected: passed ? nil : test.expected, actual: passed ? nil : actual)
    }

    // MARK: - WPT

    /// Loads a test page from the server and runs it until the harness completes: posted tasks,
    /// then the timers in time order (virtual time jumps to the next one), until the harness
    /// timeout plus the margin has passed or the real-time cap is reached.
    ///
    /// Each page gets an engine of its own, so that its clock starts at the same instant and its
    /// `Math.random` from the same seed whichever tests ran before it in the worker.
    public func run(_ test: WPTTest, server: WPTServer) -> WPTFileResult {
        let url = server.url(of: test)
        func result(_ outcome: WPTOutcome, _ message: String, stack: String = "", _ subtests: [WPTSubtest] = [], errors: [String] = []) -> WPTFileResult {
            WPTFileResult(id: test.id, folder: test.folder, outcome: outcome, message: message, stack: stack, subtests: subtests,
                          needsTestdriver: test.needsTestdriver, scriptErrors: errors)
        }
        guard case .success(let response) = server.respond(to: url), response.status == 200 else {
            return result(.notFound, "the server has no page \(url)")
        }
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine(configuration: configuration)
        } catch {
            return result(.crash, "the script engine did not start: \(error.message)")
        }
        let started = ContinuousClock.now
        // An XML page (`.xhtml`, `.svg`, `.xml` as wptserve types them) is parsed as XML.
        let essence = response.headers.first { $0.name.lowercased() == "content-type" }?.value
            .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "text/html"
        let page = engine.loadPage(.bytes(response.body), url: url, resources: { server.respond(to: $0.url) },
                                   response: PageResponse(xmlContentType: PageResponse.isXMLType(essence) ? essence : nil))
        defer { page.close() }
        let deadline = engine.now + (test.isLong ? 60_000 : 10_000) + limits.virtualMarginMs
        var errors = ErrorLog()
        errors.add(engine.runUntilIdle())
        while true {
            if let results = collect(page) {
                return result(results.outcome, results.message, stack: results.stack, results.subtests, errors: errors.lines)
            }
            let elapsed = ContinuousClock.now - started
            if elapsed > .seconds(limits.realTimeCapSeconds) {
                return result(.realTimeCap, "stopped after \(limits.realTimeCapSeconds) s of real time", errors: errors.lines)
            }
            if engine.hasReadyTasks {
                errors.add(engine.runUntilIdle())
                continue
            }
            guard let next = engine.nextTimerDate, next <= deadline else {
                let reason = engine.nextTimerDate == nil ? "nothing left to run" : "the virtual-time budget ran out"
                return result(.noCompletion, "the harness never completed (\(reason))", errors: errors.lines)
            }
            errors.add(engine.advance(to: max(next, engine.now)))
        }
    }

    /// The harness's results once it has completed (our testharnessreport.js keeps them).
    private func collect(_ page: ScriptPage) -> (outcome: WPTOutcome, message: String, stack: String, subtests: [WPTSubtest])? {
        guard case .value(.dictionary(let fields)) = page.evaluate(ConformanceScripts.collectResults) else { return nil }
        var outcome = WPTOutcome.error
        var message = ""
        var stack = ""
        var subtests: [WPTSubtest] = []
        for (key, value) in fields {
            switch (key, value) {
            case ("status", .number(let status)): outcome = WPTOutcome(harnessStatus: Int(status))
            case ("message", .string(let text)): message = text
            case ("stack", .string(let text)): stack = text.split(separator: "\n").prefix(Self.stackLines).joined(separator: "\n")
            case ("tests", .array(let tests)):
                for case .array(let test) in tests where test.count == 3 {
                    guard case .string(let name) = test[0], case .number(let status) = test[1], case .string(let text) = test[2] else { continue }
                    subtests.append(WPTSubtest(name: name, status: Self.subtestStatus(Int(status)), message: text))
                }
            default: break
            }
        }
        return (outcome, message, stack, subtests)
    }

    /// Lines of a harness error's stack kept.
    static let stackLines = 3

    /// Testharness's subtest status numbers.
    static func subtestStatus(_ number: Int) -> String {
        switch number {
        case 0: return "PASS"
        case 1: return "FAIL"
        case 2: return "TIMEOUT"
        case 3: return "NOTRUN"
        case 4: return "PRECONDITION_FAILED"
        default: return "UNKNOWN \(number)"
        }
    }

    /// The first few uncaught errors and failed script loads of a page.
    private struct ErrorLog {
        static let kept = 5
        var lines: [String] = []

        mutating func add(_ records: [ScriptRecord]) {
            for record in records where lines.count < Self.kept {
                switch record.output {
                case .error(let error): lines.append(error.description)
                case .scriptLoadFailed(let url, let reason): lines.append("script load failed: \(url): \(reason)")
                case .timeout: lines.append("a task ran over the time limit and was stopped")
                default: break
                }
            }
        }
    }
}
