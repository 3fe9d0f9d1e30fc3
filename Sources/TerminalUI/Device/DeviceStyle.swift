import NavigatorCore

extension TerminalColor {
    /// The terminal colour of an app colour.
    init(_ color: RGBColor) {
        self = .rgb(color.red, color.green, color.blue)
    }
}

/// Colour decisions shared by the widgets.
enum DeviceStyle {
    /// Black or white, whichever contrasts more with `background` (WCAG contrast ratio).
    static func readableText(on background: RGBColor) -> RGBColor {
        let luminance = background.luminance
        let withBlack = (luminance + 0.05) / 0.05
        let withWhite = 1.05 / (luminance + 0.05)
        return withBlack >= withWhite ? .black : .white
    }

    /// A slightly darker (or, on dark colours, lighter) shade for the bar's bottom hairline.
    static func hairline(under background: RGBColor) -> RGBColor {
        func shade(_ channel: UInt8) -> UInt8 {
            background.luminance > 0.2 ? UInt8(Double(channel) * 0.8) : UInt8(min(255, Double(channel) + 48))
        }
        return RGBColor(red: shade(background.red), green: shade(background.green), blue: shade(background.blue))
    }
}

/// A rectangle of the screen, in cells.
public struct ScreenArea: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    var rows: Range<Int> { row..<(row + height) }
    var columns: Range<Int> { column..<(column + width) }
}
