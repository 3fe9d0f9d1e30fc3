import Foundation
import XCTest

/// Asserts that work grows linearly: one run on an input ten times larger may take at most
/// `limit` times as long as ten runs on the small input (about 1 when linear, 10 when quadratic).
///
/// Both sides take about the same time, so a busy machine slows them alike; the two are timed
/// three times, interleaved, and the fastest of each counts. A ratio over the limit is measured
/// again, up to three attempts in all, and the best attempt counts: a burst of load from another
/// process can spoil one attempt, while quadratic work fails every one.
public func assertGrowsLinearly<Input>(
    _ label: String, size: Int, limit: Double = 4, file: StaticString = #filePath, line: UInt = #line,
    input: (Int) -> Input, work: (Input) -> Void
) {
    let small = input(size), large = input(size * 10)
    let clock = ContinuousClock()
    var best = (ratio: Double.infinity, tenSmall: Duration.zero, oneLarge: Duration.zero)
    for _ in 0..<3 where best.ratio >= limit {
        var tenSmall = Duration.seconds(1_000), oneLarge = Duration.seconds(1_000)
        for _ in 0..<3 {
            tenSmall = min(tenSmall, clock.measure { for _ in 0..<10 { work(small) } })
            oneLarge = min(oneLarge, clock.measure { work(large) })
        }
        let ratio = oneLarge / max(tenSmall, .microseconds(1))
        if ratio < best.ratio { best = (ratio, tenSmall, oneLarge) }
    }
    XCTAssertLessThan(best.ratio, limit, "\(label): the tenfold input took \(String(format: "%.1f", best.ratio)) times as long as ten small ones (\(best.tenSmall) → \(best.oneLarge))", file: file, line: line)
}
