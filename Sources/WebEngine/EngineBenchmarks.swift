#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import ScriptRuntime

/// Measurements of the engine's own work for `make bench`.
public enum EngineBenchmarks {
    /// A page loaded with scripts on; each round a script changes one paragraph's text, then the
    /// host's re-layout is timed: the document handed to the screen's content and laid out at
    /// `width` columns. The times in milliseconds, one per round.
    public static func relayoutTimes(bytes: Data, url: String, width: Int, rounds: Int) throws(ScriptEngineError) -> [Double] {
        let engine = try ScriptEngine()
        let page = engine.loadPage(.bytes(bytes), url: url, resources: { _ in .failure(ScriptResourceError("none")) })
        _ = engine.runUntilIdle()
        var content = PageContent(url: url, document: page.document, title: page.title)
        content.scriptsEnabled = true
        let options = LayoutOptions(width: width)
        _ = content.layout(options)
        var times: [Double] = []
        for round in 0..<rounds {
            _ = page.evaluate("var p = document.getElementsByTagName('p'); p[p.length >> 1].textContent = 'changed \(round)'")
            let start = ContinuousClock.now
            content.replaceDocument(page.document, title: page.title, state: page.documentState)
            _ = content.layout(options)
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }
        page.close()
        return times
    }
}
