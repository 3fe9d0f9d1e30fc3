import PageKit

/// A `<select>`'s options as a menu under the field (over it when there is no room below),
/// as WKWebView shows a select's menu on iOS: each option a row, the chosen one marked `✓`,
/// the one under the cursor reversed, disabled ones dim.
public enum OptionMenuWidget {
    /// One row of the menu.
    public struct Row: Equatable, Sendable {
        public var label: String
        public var isSelected: Bool
        public var isDisabled: Bool

        public init(label: String, isSelected: Bool, isDisabled: Bool = false) {
            self.label = label
            self.isSelected = isSelected
            self.isDisabled = isDisabled
        }
    }

    /// Draws the menu for a field drawn at (`row`, `column`), inside `area` (the web view);
    /// `highlighted` is the row under the cursor. Long lists scroll to keep it in view.
    public static func draw(_ rows: [Row], highlighted: Int, anchorRow: Int, anchorColumn: Int,
                            into screen: inout Screen, area: ScreenArea) {
        guard area.width >= 6, area.height >= 3, !rows.isEmpty else { return }
        let labelWidth = rows.prefix(200).map { TerminalText.width(of: $0.label) }.max() ?? 0
        let width = min(area.width, max(12, labelWidth + 6))
        let below = area.row + area.height - (anchorRow + 1)
        let above = anchorRow - area.row
        let wanted = rows.count + 2
        let placeBelow = below >= min(wanted, 3) || below >= above
        let height = min(wanted, placeBelow ? below : above)
        guard height >= 3 else { return }
        let top = placeBelow ? anchorRow + 1 : anchorRow - height
        let left = min(max(area.column, anchorColumn), area.column + area.width - width)
        let edge = String(repeating: "─", count: width - 2)
        screen.fill(rows: top..<(top + height), columns: left..<(left + width), style: .plain)
        screen.write("╭" + edge + "╮", row: top, column: left, style: ChromeStyle.border)
        screen.write("╰" + edge + "╯", row: top + height - 1, column: left, style: ChromeStyle.border)
        for row in (top + 1)..<(top + height - 1) {
            screen.write("│", row: row, column: left, style: ChromeStyle.border)
            screen.write("│", row: row, column: left + width - 1, style: ChromeStyle.border)
        }
        let inside = ScreenArea(row: top + 1, column: left + 1, width: width - 2, height: height - 2)
        let visible = PanelBox.visibleRows(count: rows.count, height: inside.height, anchor: highlighted)
        for (offset, index) in visible.enumerated() {
            let option = rows[index]
            var style = option.isDisabled ? ChromeStyle.dim : CellStyle.plain
            if index == highlighted { style.reverse = true }
            let line = StyledLine((option.isSelected ? "✓ " : "  ") + option.label, style: style)
            screen.fill(rows: (inside.row + offset)..<(inside.row + offset + 1), columns: inside.columns, style: style)
            line.draw(into: &screen, row: inside.row + offset, column: inside.column, width: inside.width)
        }
    }
}
