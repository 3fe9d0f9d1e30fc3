#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit

/// `webnav __bench-layout PAGE [RUNS]` (hidden; `Scripts/bench.py` runs it): what laying a big
/// page out costs, in full at 80 and 100 columns, and again after a script-like change to
/// one text node (what a page's runtime does after a task changed the tree).
enum LayoutBenchmarkCommand {
    static let name = "__bench-layout"

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard (1...2).contains(arguments.count), let path = arguments.first,
              let runs = arguments.count == 2 ? Int(arguments[1]) : 21, runs > 0 else {
            throw UserError("usage: webnav \(name) PAGE [RUNS]")
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let page = PageLoader.load(url, reader: FilePageReader())
        if page.isErrorPage { throw UserError("cannot read page", path: path) }
        var document = page.document
        for width in [80, 100] {
            var lines = 0
            let time = median(runs) {
                lines = PageLayoutEngine.layout(document, baseURL: url, options: LayoutOptions(width: width),
                                                styleSheets: page.styleSheets).lines.count
            }
            print("full layout at \(width) columns: \(milliseconds(time)) ms (median of \(runs); \(lines) lines)")
        }
        guard let changed = middleTextNode(of: document) else { throw UserError("the page has no text", path: path) }
        let original = document.text(of: changed) ?? ""
        var round = 0
        let time = median(runs) {
            round += 1
            document.setText(round.isMultiple(of: 2) ? original : original + " (changed)", of: changed)
            _ = PageLayoutEngine.layout(document, baseURL: url, options: LayoutOptions(width: 78, scriptsEnabled: true),
                                        styleSheets: page.styleSheets)
        }
        print("re-layout after a one-node change at 80 columns: \(milliseconds(time)) ms (median of \(runs); goal <= 20 ms)")
        return 0
    }

    /// The text node halfway through the document.
    private static func middleTextNode(of document: HTMLDocument) -> NodeID? {
        let texts = document.elements(named: "p").compactMap { document.firstChild(of: $0) }.filter { document.kind(of: $0) == .text }
        return texts.isEmpty ? nil : texts[texts.count / 2]
    }

    private static func median(_ runs: Int, _ body: () -> Void) -> Duration {
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            body()
            times.append(ContinuousClock.now - start)
        }
        return times.sorted()[times.count / 2]
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return FixedPoint.text(Double(seconds) * 1000 + Double(attoseconds) / 1e15, digits: 2)
    }
}
