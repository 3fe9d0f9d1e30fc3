import Foundation
import TestSupport
import XCTest
@testable import webnav
import NavigatorCore

/// `FixedPoint` prints as `String(format: "%.Nf")` does.
final class FixedPointTests: XCTestCase {
    func testAgreesWithStringFormat() {
        var generator = SeededGenerator(seed: 5)
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.005, 1e6, 123.456, -3.14159, 0.0001]
        for _ in 0..<2_000 {
            values.append(Double(Int64(bitPattern: generator.next()) % 10_000_000) / Double([1, 10, 100, 1_000, 10_000][Int(generator.next() % 5)]))
        }
        for value in values {
            for digits in 0...3 {
                XCTAssertEqual(FixedPoint.text(value, digits: digits), String(format: "%.\(digits)f", value), "\(value) \(digits)")
            }
        }
    }
}
