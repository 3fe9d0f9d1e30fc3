import NavigatorCore

/// The device's status bar: one row in `statusBarColor`, a clock at the left and the stack depth
/// at the right, after the app's badge when it has one.
enum StatusBarWidget {
    static func draw(into screen: inout Screen, area: ScreenArea, appearance: BarAppearance, clock: String, depth: Int, badge: Int = 0) {
        guard area.height > 0, area.width > 0 else { return }
        let background = appearance.statusBarColor
        let style = CellStyle(foreground: TerminalColor(DeviceStyle.readableText(on: background)), background: TerminalColor(background))
        screen.fill(rows: area.row..<(area.row + 1), columns: area.columns, style: style)
        let depthText = (badge > 0 ? "badge \(badge)  " : "") + "depth \(depth)"
        let left = " " + clock
        screen.write(left, row: area.row, column: area.column, style: CellStyle(
            foreground: style.foreground, background: style.background, bold: true), maxWidth: area.width)
        let depthColumn = area.column + area.width - depthText.count - 1
        if depthColumn > area.column + left.count + 1 {
            screen.write(depthText, row: area.row, column: depthColumn, style: style)
        }
    }
}
