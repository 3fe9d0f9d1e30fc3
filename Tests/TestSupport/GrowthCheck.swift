import Foundation
import XCTest

/// Asserts that work grows linearly: one run on an input ten times larger may take at most
/// `limit` times as long as ten runs on the small input (about 1 when linear, 10 when quadratic).
///
/// Both sides take about the same time, so a busy machine slows them alike; the two are timed
/// three times, interleaved, and the fastest of each counts.
public func assertGrowsLinearly<Input>(
    _ label: String, size: Int, limit: Double = 4, file: StaticString = #filePath, line: UInt = #line,
    input: (Int) -> Input, work: (Input) -> Void
) {
    let small = input(size), large = input(size * 10)
    var tenSmall = Duration.seconds(1_000), oneLarge = Duration.seconds(1_000)
    let clock = ContinuousClock()
    for _ in 0..<3 {
        tenSmall = min(tenSmall, clock.measure { for _ in 0..<10 { work(small) } })
        oneLarge = min(oneLarge, clock.measure { work(large) })
    }
    let ratio = oneLarge / max(tenSmall, .microseconds(1))
    XCTAssertLessThan(ratio, limit, "\(label): the tenfold input took \(String(format: "%.1f", ratio)) times as long as ten small ones (\(tenSmall) → \(oneLarge))", file: file, line: line)
}
