import Foundation
import PageKit
import URLKit
import XCTest
@testable import ScriptRuntime

/// Pages and scripts served from memory under `file:///app/`, and an engine in virtual time.
struct TestSite {
    var files: [String: String]

    static let base = "file:///app/"

    var reader: ScriptResourceReader {
        let files = self.files
        return { request in
            if request.url.hasPrefix("data:"), case .success(let body) = DataURLBody.decode(request.url) {
                return .success(ScriptResourceResponse(url: request.url, headers: [("Content-Type", body.mediaType)], body: Data(body.bytes)))
            }
            guard request.url.hasPrefix(Self.base), let text = files[String(request.url.dropFirst(Self.base.count))] else {
                return .failure(ScriptResourceError("No such file: \(request.url)"))
            }
            return .success(ScriptResourceResponse(url: request.url, body: Data(text.utf8)))
        }
    }
}

/// The texts of the records, in the form the event log shows them.
func describe(_ records: [ScriptRecord]) -> [String] {
    records.map { record in
        switch record.output {
        case .console(let level, let text): return "console.\(level.rawValue): \(text)"
        case .error(let error): return "script error: \(error.location): \(error.message)"
        case .navigation(let url, let replace, let initiator):
            return "navigation: \(url)\(replace ? " (replace)" : "") by \(initiator.rawValue)"
        case .formPost(let url, let body): return "form post: \(url) \(body)"
        case .timeout: return "script timeout"
        case .taskBoundReached: return "task bound reached"
        case .titleChanged(let title): return "title: \(title)"
        case .history(let request): return "history: \(request)"
        case .dialogSkipped(let kind, let message): return "dialog skipped: \(kind.rawValue) \(message)"
        case .windowOpen(let url, let target): return "window.open: \(url) \(target)"
        case .scriptSkipped(let reason): return "script skipped: \(reason)"
        case .scriptLoadFailed(let url, let reason): return "script load failed: \(url): \(reason)"
        case .requestBlocked(let url, let reason): return "blocked: \(url): \(reason)"
        case .formNotSubmitted(let control, let message): return PageKit.ConstraintValidator.notSubmittedText(control: control, message: message)
        case .message, .reply, .app, .intercepted, .download, .downloadFailed: return record.output.bridgeEventText ?? ""
        }
    }
}

extension XCTestCase {
    func makeEngine(_ configure: (inout ScriptEngine.Configuration) -> Void = { _ in }) throws -> ScriptEngine {
        var configuration = ScriptEngine.Configuration()
        configure(&configuration)
        return try ScriptEngine(configuration: configuration)
    }

    /// Loads `index.html` of a site and returns the page and the records of the load.
    func load(_ html: String, files: [String: String] = [:], engine: ScriptEngine? = nil,
              userScripts: [UserScript] = []) throws -> (page: ScriptPage, records: [String], engine: ScriptEngine) {
        let engine = try engine ?? makeEngine()
        var site = TestSite(files: files)
        site.files["index.html"] = html
        let page = engine.loadPage(.text(html), url: TestSite.base + "index.html", resources: site.reader, userScripts: userScripts)
        addTeardownBlock { page.close() }  // the engine holds pages weakly: a test that ignores its page keeps it open
        return (page, describe(engine.runUntilIdle()), engine)
    }

    /// The page's `<body>` serialized.
    func bodyHTML(_ page: ScriptPage) -> String {
        guard case .value(.string(let html)) = page.evaluate("document.body.outerHTML") else { return "<no body>" }
        return html
    }
}
