import PageKit

/// A titled, rounded box that panels and the help are drawn in.
enum PanelBox {
    /// Blanks `area`, draws the frame with `title` (and `info` at the right of the top
    /// edge) and returns the area inside. Too small for a frame, the title takes the
    /// first row in reverse video and the rest is the inside.
    static func draw(title: String, info: String = "", into screen: inout Screen, area: ScreenArea) -> ScreenArea {
        guard area.width > 0, area.height > 0 else { return area }
        screen.fill(rows: area.rows, columns: area.columns, style: .plain)
        guard area.width >= 8, area.height >= 3 else {
            let bar = CellStyle(bold: true, reverse: true)
            screen.fill(rows: area.row..<(area.row + 1), columns: area.columns, style: bar)
            var heading = StyledLine(" " + title, style: bar)
            if !info.isEmpty { heading.append(" " + info, style: bar) }
            heading.draw(into: &screen, row: area.row, column: area.column, width: area.width)
            return ScreenArea(row: area.row + 1, column: area.column, width: area.width, height: area.height - 1)
        }
        let right = area.column + area.width - 1
        let bottom = area.row + area.height - 1
        let edge = String(repeating: "─", count: area.width - 2)
        screen.write("╭" + edge + "╮", row: area.row, column: area.column, style: ChromeStyle.border)
        screen.write("╰" + edge + "╯", row: bottom, column: area.column, style: ChromeStyle.border)
        for row in (area.row + 1)..<bottom {
            screen.write("│", row: row, column: area.column, style: ChromeStyle.border)
            screen.write("│", row: row, column: right, style: ChromeStyle.border)
        }
        var infoWidth = info.isEmpty ? 0 : TerminalText.width(of: info) + 2
        if area.width - 4 - infoWidth - 1 < TerminalText.width(of: title) + 2 { infoWidth = 0 }
        let titleRoom = area.width - 4 - (infoWidth > 0 ? infoWidth + 1 : 0)
        if titleRoom > 2 {
            StyledLine(" " + title + " ", style: ChromeStyle.title)
                .draw(into: &screen, row: area.row, column: area.column + 2, width: titleRoom)
        }
        if infoWidth > 0, infoWidth <= area.width - 4 {
            screen.write(" " + info + " ", row: area.row, column: right - 1 - infoWidth, style: ChromeStyle.dim)
        }
        return ScreenArea(row: area.row + 1, column: area.column + 2, width: area.width - 4, height: area.height - 2)
    }

    /// The area inside the frame `draw` draws in `area`.
    static func inside(_ area: ScreenArea) -> ScreenArea {
        guard area.width > 0, area.height > 0 else { return area }
        guard area.width >= 8, area.height >= 3 else {
            return ScreenArea(row: area.row + 1, column: area.column, width: area.width, height: area.height - 1)
        }
        return ScreenArea(row: area.row + 1, column: area.column + 2, width: area.width - 4, height: area.height - 2)
    }

    /// The rows of a list of `count` to show in `height` rows: from `start` when the user
    /// scrolled (clamped), else so that row `anchor` is visible: from the top when it fits,
    /// else with the anchor a third of the way down.
    static func visibleRows(count: Int, height: Int, anchor: Int, start: Int? = nil) -> Range<Int> {
        guard count > height else { return 0..<count }
        guard height > 0 else { return 0..<0 }
        let first = min(max(0, start ?? (anchor - height / 3)), count - height)
        return first..<(first + height)
    }

    /// Draws `lines` inside `area`, from `start`, else the slice that keeps `anchor` in view.
    static func drawLines(_ lines: [StyledLine], anchor: Int, start: Int? = nil, into screen: inout Screen, area: ScreenArea) {
        let rows = visibleRows(count: lines.count, height: area.height, anchor: anchor, start: start)
        for (offset, index) in rows.enumerated() {
            lines[index].draw(into: &screen, row: area.row + offset, column: area.column, width: area.width)
        }
    }
}
