import Foundation
import XCTest

/// Asserts that work grows linearly: on an input ten times larger it may take at most `limit`
/// times as long (a quadratic stage takes about 100 times). Each size is timed three times,
/// interleaved, and the fastest run counts, so a busy machine slows both sides alike.
func assertGrowsLinearly<Input>(
    _ label: String, size: Int, limit: Double = 30, file: StaticString = #filePath, line: UInt = #line,
    input: (Int) -> Input, work: (Input) -> Void
) {
    let small = input(size), large = input(size * 10)
    var fastestSmall = Duration.seconds(1_000), fastestLarge = Duration.seconds(1_000)
    let clock = ContinuousClock()
    for _ in 0..<3 {
        fastestSmall = min(fastestSmall, clock.measure { work(small) })
        fastestLarge = min(fastestLarge, clock.measure { work(large) })
    }
    let ratio = fastestLarge / max(fastestSmall, .microseconds(1))
    XCTAssertLessThan(ratio, limit, "\(label): ten times the input took \(String(format: "%.1f", ratio)) times as long (\(fastestSmall) → \(fastestLarge))", file: file, line: line)
}
