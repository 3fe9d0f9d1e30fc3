import Foundation
import NavigatorCore
import PageKit

/// `webnav __bench-layout PAGE` (hidden; `Scripts/bench.py` runs it): what laying a big page
/// out costs, in full and again after a script-like change to one text node.
enum LayoutBenchmarkCommand {
    static let name = "__bench-layout"
    static let runs = 15

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.count == 1, let path = arguments.first else {
            throw UserError("usage: webnav \(name) PAGE")
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let data: Data
        do { data = try FilePageReader().read(url) } catch {
            throw UserError("cannot read page: \(FileErrorDescription.reason(error, path: url.path))", path: path)
        }
        let document = HTMLParser.parse(data)
        for width in [78, 98] {
            var times: [Duration] = []
            var lines = 0
            for _ in 0..<runs {
                let start = ContinuousClock.now
                let layout = PageLayoutEngine.layout(document, baseURL: url, options: LayoutOptions(width: width))
                times.append(ContinuousClock.now - start)
                lines = layout.lines.count
            }
            print("full layout at \(width) columns: \(milliseconds(median(times))) ms (median of \(runs); \(lines) lines)")
        }
        return 0
    }

    private static func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    private static func milliseconds(_ duration: Duration, digits: Int = 2) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.\(digits)f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}
