/// A colour as the app asks for it; each terminal maps it to what it can show.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    case rgb(UInt8, UInt8, UInt8)

    /// Parses `#RRGGBB` or `RRGGBB` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}

/// Colours and attributes of one cell.
///
/// Stored packed in one word, so that comparing two frames cell by cell stays cheap.
public struct CellStyle: Hashable, Sendable {
    private var bits: UInt64

    public init(
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        bold: Bool = false,
        underline: Bool = false,
        reverse: Bool = false,
        dim: Bool = false
    ) {
        bits = 0
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }

    /// The terminal's default colours, no attributes.
    public static let plain = CellStyle()

    public var foreground: TerminalColor {
        get { Self.color(bits & Self.colorMask) }
        set { bits = bits & ~Self.colorMask | Self.packed(newValue) }
    }

    public var background: TerminalColor {
        get { Self.color(bits >> 25 & Self.colorMask) }
        set { bits = bits & ~(Self.colorMask << 25) | Self.packed(newValue) << 25 }
    }

    public var bold: Bool {
        get { flag(50) }
        set { setFlag(50, newValue) }
    }

    public var underline: Bool {
        get { flag(51) }
        set { setFlag(51, newValue) }
    }

    public var reverse: Bool {
        get { flag(52) }
        set { setFlag(52, newValue) }
    }

    public var dim: Bool {
        get { flag(53) }
        set { setFlag(53, newValue) }
    }

    /// 24 bits of RGB and a bit that tells an RGB colour from the default.
    private static let colorMask: UInt64 = 1 << 25 - 1

    private static func packed(_ color: TerminalColor) -> UInt64 {
        guard case let .rgb(r, g, b) = color else { return 0 }
        return 1 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
    }

    private static func color(_ packed: UInt64) -> TerminalColor {
        guard packed & 1 << 24 != 0 else { return .default }
        return .rgb(UInt8(packed >> 16 & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF))
    }

    private func flag(_ bit: UInt64) -> Bool { bits & 1 << bit != 0 }

    private mutating func setFlag(_ bit: UInt64, _ on: Bool) {
        bits = on ? bits | 1 << bit : bits & ~(1 << bit)
    }
}

extension TerminalColor: CustomStringConvertible {
    public var description: String {
        switch self {
        case .default: return "default"
        case let .rgb(r, g, b): return "#" + [r, g, b].map(hexByte).joined()
        }
    }
}

extension CellStyle: CustomStringConvertible {
    /// A compact form for test diffs: `fg=#FFFFFF bg=#FF0000 bold`, or `plain`.
    public var description: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        if bold { parts.append("bold") }
        if dim { parts.append("dim") }
        if underline { parts.append("underline") }
        if reverse { parts.append("reverse") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
