/// Whole numbers from Doubles that come from outside: JavaScript values, JSON, property lists.
///
/// `Int(_: Double)` traps on NaN, on infinities and beyond `Int`'s range, so a number a page,
/// a payload or a file chose never goes through it: every such conversion is one of these two
/// (issue 23: `throw {line: 1e20}` and a NaN node ID each stopped webnav with SIGILL).
public enum WholeNumber {
    /// JavaScript's safe integers, ±(2^53 − 1): every whole Double in it is exact.
    public static let safeRange = -9_007_199_254_740_991...9_007_199_254_740_991

    /// The number truncated toward zero and clamped into `range`; nil for NaN. Infinities clamp
    /// to the ends of the range.
    public static func truncating(_ number: Double, clampedTo range: ClosedRange<Int> = safeRange) -> Int? {
        guard !number.isNaN else { return nil }
        if number <= Double(range.lowerBound) { return range.lowerBound }
        if number >= Double(range.upperBound) { return range.upperBound }
        // Strictly inside two Doubles that Int holds, so the truncation fits an Int.
        return Swift.min(Swift.max(Int(number.rounded(.towardZero)), range.lowerBound), range.upperBound)
    }

    /// The number when it is whole and inside `range` (what an ID, an index or a count must be);
    /// nil for fractions, NaN, infinities and numbers outside it.
    public static func exactly(_ number: Double, in range: ClosedRange<Int> = safeRange) -> Int? {
        guard number.isFinite, number == number.rounded(.towardZero),
              number >= Double(range.lowerBound), number <= Double(range.upperBound),
              let whole = truncating(number, clampedTo: range), Double(whole) == number else { return nil }
        return whole
    }
}
