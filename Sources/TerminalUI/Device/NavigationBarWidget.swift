import NavigatorCore
import PageKit

/// The app's navigation bar: three rows in `navigationColor`, `‹` and `✕` when shown, the title centred.
///
/// The title is centred on the whole bar, as UIKit centres it, and cut with `…` before it
/// would reach a button's space; the last row is a hairline that marks the bar's edge even
/// without colour.
enum NavigationBarWidget {
    static let height = 3
    /// Columns kept free at each side for a button: a margin, the button, two spaces.
    static let buttonReserve = 4

    /// Where the bar's buttons are, for mouse clicks.
    struct ButtonZones: Equatable {
        var left: ScreenArea?
        var right: ScreenArea?
    }

    @discardableResult
    static func draw(into screen: inout Screen, area: ScreenArea, appearance: BarAppearance) -> ButtonZones {
        guard appearance.barVisible, area.height > 0, area.width > 0 else { return ButtonZones() }
        let background = TerminalColor(appearance.navigationColor)
        let tint = TerminalColor(appearance.tintColor)
        let plain = CellStyle(foreground: tint, background: background)
        screen.fill(rows: area.rows, columns: area.columns, style: plain)
        let contentRow = area.row + min(1, area.height - 1)
        var zones = ButtonZones()
        if appearance.leftButton {
            screen.write("‹", row: contentRow, column: area.column + 1, style: CellStyle(foreground: tint, background: background, bold: true))
            zones.left = ScreenArea(row: area.row, column: area.column, width: min(buttonReserve, area.width), height: area.height)
        }
        if appearance.rightButton, area.width >= 3 {
            screen.write("✕", row: contentRow, column: area.column + area.width - 2, style: CellStyle(foreground: tint, background: background, bold: true))
            zones.right = ScreenArea(row: area.row, column: area.column + area.width - min(buttonReserve, area.width),
                                     width: min(buttonReserve, area.width), height: area.height)
        }
        let reserve = appearance.leftButton || appearance.rightButton ? buttonReserve : 1
        let available = area.width - 2 * reserve
        if available > 0, !appearance.title.isEmpty {
            let title = TerminalText.truncate(appearance.title, toWidth: available)
            let titleWidth = TerminalText.width(of: title)
            let column = area.column + reserve + (available - titleWidth) / 2
            screen.write(title, row: contentRow, column: column, style: CellStyle(foreground: tint, background: background, bold: true), maxWidth: available)
        }
        if area.height >= 3 {
            let hairline = CellStyle(foreground: TerminalColor(DeviceStyle.hairline(under: appearance.navigationColor)), background: background)
            screen.write(String(repeating: "─", count: area.width), row: area.row + area.height - 1, column: area.column, style: hairline)
        }
        return zones
    }
}
