import URLKit
/// How the app's `UIColor(hexString:)` reads a colour parameter.
///
/// Non-alphanumeric characters are trimmed from both ends (so `#FFF` and `%23FFF` work), the
/// value is read as `Scanner.scanHexInt64` reads it (an optional `0x`, then hex digits up to
/// the first other character; nothing read is 0), and the length of the trimmed string picks
/// the format: 3 = RGB 12-bit, 6 = RRGGBB, 8 = AARRGGBB; any other length is black.
public struct HexColor: Equatable, Sendable {
    /// The colour as shown (alpha dropped).
    public var color: RGBColor
    public var alpha: UInt8
    /// The parameter after trimming, whose length picks the format.
    public var trimmed: String
    /// How many hex digits the scanner read.
    public var digitsRead: Int

    /// Whether the value is exactly 3, 6 or 8 hex digits (after an optional `#`).
    public var isWellFormed: Bool {
        let length = trimmed.count
        return (length == 3 || length == 6 || length == 8) && digitsRead == length
    }

    /// Reads a colour parameter the way the app does.
    public init(parameter: String) {
        trimmed = Self.trimmingNonAlphanumerics(parameter)
        let (value, digits) = Self.scanHex(trimmed)
        digitsRead = digits
        switch trimmed.count {
        case 3:
            alpha = 0xFF
            color = RGBColor(red: UInt8(value >> 8 & 0xF) * 17, green: UInt8(value >> 4 & 0xF) * 17, blue: UInt8(value & 0xF) * 17)
        case 6:
            alpha = 0xFF
            color = RGBColor(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        case 8:
            alpha = UInt8(value >> 24 & 0xFF)
            color = RGBColor(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        default:
            alpha = 0xFF
            color = .black
        }
    }

    /// `trimmingCharacters(in: CharacterSet.alphanumerics.inverted)`: letters, marks and numbers are kept.
    static func trimmingNonAlphanumerics(_ string: String) -> String {
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: isAlphanumeric) else { return "" }
        let last = scalars.lastIndex(where: isAlphanumeric)!
        return String(scalars[first...last])
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// `Scanner.scanHexInt64` from the start of the string: the value (saturating) and the digits read.
    static func scanHex(_ string: String) -> (value: UInt64, digits: Int) {
        var bytes = string.utf8[...]
        while let first = bytes.first, first == 0x20 || (0x09...0x0D).contains(first) { bytes = bytes.dropFirst() }
        if bytes.count >= 3, bytes.first == UInt8(ascii: "0"),
           bytes.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x"),
           PercentEncoding.isHexDigit(bytes.dropFirst(2).first!) {
            bytes = bytes.dropFirst(2)
        }
        var value: UInt64 = 0
        var digits = 0
        for byte in bytes {
            guard let digit = PercentEncoding.hexValue(byte) else { break }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
            value = overflow ? .max : (shifted | UInt64(digit))
            digits += 1
        }
        return (value, digits)
    }
}
