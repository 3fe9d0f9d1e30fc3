import NavigatorCore
import XCTest

/// `WholeNumber`: Doubles from outside become Ints without trapping (issue 23, item 2).
final class WholeNumberTests: XCTestCase {
    func testTruncatingClampsAndRefusesNaN() {
        let cases: [(Double, Int?)] = [
            (0, 0), (-0.0, 0), (1.9, 1), (-1.9, -1), (1e20, WholeNumber.safeRange.upperBound),
            (-1e20, WholeNumber.safeRange.lowerBound), (.infinity, WholeNumber.safeRange.upperBound),
            (-.infinity, WholeNumber.safeRange.lowerBound), (.nan, nil), (9_007_199_254_740_991, 9_007_199_254_740_991),
        ]
        for (number, expected) in cases {
            XCTAssertEqual(WholeNumber.truncating(number), expected, "\(number)")
        }
        XCTAssertEqual(WholeNumber.truncating(1e300, clampedTo: Int.min...Int.max), Int.max)
        XCTAssertEqual(WholeNumber.truncating(-1e300, clampedTo: Int.min...Int.max), Int.min)
        XCTAssertEqual(WholeNumber.truncating(9.2233720368547748e18, clampedTo: Int.min...Int.max), 9_223_372_036_854_774_784)
        XCTAssertEqual(WholeNumber.truncating(250.7, clampedTo: 0...100), 100)
        XCTAssertEqual(WholeNumber.truncating(-3, clampedTo: 0...100), 0)
    }

    func testExactlyTakesOnlyWholeNumbersInTheRange() {
        let range = 0...Int(Int32.max)
        let cases: [(Double, Int?)] = [
            (0, 0), (-0.0, 0), (7, 7), (1.5, nil), (-1, nil), (.nan, nil), (.infinity, nil), (-.infinity, nil),
            (1e20, nil), (2_147_483_647, 2_147_483_647), (2_147_483_648, nil), (.leastNonzeroMagnitude, nil),
        ]
        for (number, expected) in cases {
            XCTAssertEqual(WholeNumber.exactly(number, in: range), expected, "\(number)")
        }
        XCTAssertEqual(WholeNumber.exactly(-9_007_199_254_740_991), -9_007_199_254_740_991)
        XCTAssertNil(WholeNumber.exactly(9_007_199_254_740_992))
    }
}
