#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// An opaque colour, reported as `#RRGGBB`.
public struct RGBColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// The app's default title and button colour.
    public static let defaultTint = RGBColor(red: 0x29, green: 0x2F, blue: 0x33)

    /// Upper-case `#RRGGBB`.
    public var hex: String {
        "#" + [red, green, blue].map { byte in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    public var description: String { hex }

    /// Parses exactly `#RRGGBB` (the form flows and reports use); nil otherwise.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : hex[...]
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Relative luminance (sRGB, 0…1), to choose black or white text over this colour.
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
