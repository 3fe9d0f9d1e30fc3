/// Numbers with a fixed count of decimals, exactly as `%.Nf` prints them: the binary value
/// rounded half to even (FoundationEssentials has no `String(format:)`).
public enum FixedPoint {
    public static func text(_ value: Double, digits: Int) -> String {
        guard value.isFinite, abs(value) < 0x1p53 else { return "\(value)" }
        let digits = max(0, min(digits, 9))
        var scale: UInt128 = 1
        for _ in 0..<digits { scale *= 10 }
        // |value| * 10^digits = significand * 10^digits * 2^exponent, rounded exactly.
        let significand = UInt128(value.significandBitPattern | (value.isNormal ? 1 << 52 : 0))
        let exponent = Int(value.exponentBitPattern == 0 ? -1074 : Int(value.exponentBitPattern) - 1075)
        var units = significand * scale
        if exponent >= 0 {
            units <<= UInt128(exponent)
        } else if exponent <= -120 {
            units = 0
        } else {
            let shift = UInt128(-exponent)
            let remainder = units & ((1 << shift) - 1)
            let half: UInt128 = 1 << (shift - 1)
            units >>= shift
            if remainder > half || (remainder == half && units & 1 == 1) { units += 1 }
        }
        var text = (value.sign == .minus ? "-" : "") + String(units / scale)
        if digits > 0 {
            let fraction = String(units % scale)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
