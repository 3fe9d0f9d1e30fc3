import PageKit

/// The web view: the visible slice of a laid-out page, links underlined, the focused item reversed.
enum WebViewWidget {
    /// Columns left of the page text.
    static let margin = 1

    /// The page text width for a web view `width` cells wide: a margin at each side.
    static func contentWidth(forWidth width: Int) -> Int {
        max(1, width - 2 * margin)
    }

    /// Draws lines `scrollOffset…` of `layout` into the area, from column `horizontalOffset`;
    /// only the visible lines are touched. A line cut at an edge shows `…` there.
    /// The focused field is reversed too; a field being edited shows the text typed so far.
    static func draw(into screen: inout Screen, area: ScreenArea, layout: PageLayout, scrollOffset: Int, focusedItem: Int?,
                     focusedField: Int? = nil, horizontalOffset: Int = 0, editing: FieldEditing? = nil) {
        guard area.height > 0, area.width > 0 else { return }
        screen.fill(rows: area.rows, columns: area.columns, style: .plain)
        // An anchor near the end cannot be brought to the top: the last screenful shows, as in a browser.
        let scrollOffset = max(0, min(scrollOffset, layout.lines.count - area.height))
        let contentWidth = area.width - margin
        let visibleWidth = Self.contentWidth(forWidth: area.width)
        let shift = max(0, horizontalOffset)
        let textColumn = area.column + margin
        for row in 0..<area.height {
            let lineIndex = scrollOffset + row
            guard lineIndex >= 0, lineIndex < layout.lines.count else { break }
            let line = layout.lines[lineIndex]
            let screenRow = area.row + row
            let text = shift == 0 ? line.text : dropping(columns: shift, from: line.text)
            screen.write(text, row: screenRow, column: textColumn, maxWidth: min(contentWidth, visibleWidth))
            for run in line.runs {
                let focused = isFocused(run.style, focusedItem) || (focusedField != nil && run.style.field == focusedField)
                let style = style(for: run.style, focused: focused)
                guard style != .plain else { continue }
                restyle(&screen, row: screenRow,
                        columns: (textColumn + run.columns.lowerBound - shift)..<(textColumn + run.columns.upperBound - shift),
                        clippedTo: textColumn..<(area.column + area.width), style: style)
            }
            let width = line.width
            if shift > 0, width > 0, visibleWidth >= 2 {
                screen.write("…", row: screenRow, column: textColumn, style: CellStyle(dim: true))
            }
            if width > shift + visibleWidth, visibleWidth >= 2 {
                screen.write("…", row: screenRow, column: textColumn + visibleWidth - 1, style: CellStyle(dim: true))
            }
        }
        if let editing, layout.fields.indices.contains(editing.field), let region = layout.fields[editing.field].regions.first {
            let row = area.row + region.line - scrollOffset
            let column = textColumn + region.columns.lowerBound - shift
            if row >= area.row, row < area.row + area.height {
                drawEditing(editing, into: &screen, row: row, column: column, width: region.columns.count,
                            clippedTo: textColumn..<(area.column + area.width))
            }
        }
        drawScrollIndicator(into: &screen, area: area, lineCount: layout.lines.count, scrollOffset: scrollOffset)
    }

    /// A field being edited: `[typed text___]` (the placeholder, dim, while it is empty), scrolled to keep the cursor in view, the cursor's cell reversed.
    private static func drawEditing(_ editing: FieldEditing, into screen: inout Screen, row: Int, column: Int, width: Int,
                                    clippedTo bounds: Range<Int>) {
        let inner = max(1, width - 2)
        let characters = editing.isSecure ? Array(repeating: Character("•"), count: editing.text.count) : Array(editing.text)
        let cursor = min(max(0, editing.cursor), characters.count)
        var start = 0
        var before = characters[..<cursor].reduce(0) { $0 + TerminalText.width(of: $1) }
        while before > inner - 1, start < cursor {
            before -= TerminalText.width(of: characters[start])
            start += 1
        }
        let shown = TerminalText.truncate(String(characters[start...]), toWidth: inner)
        let padding = String(repeating: "_", count: max(0, inner - TerminalText.width(of: shown)))
        let style = CellStyle(underline: true)
        var cells = Screen(width: width, height: 1)
        cells.write("[" + shown + padding + "]", row: 0, column: 0, style: style)
        if characters.isEmpty, let placeholder = editing.placeholder, !placeholder.isEmpty {
            cells.write(TerminalText.truncate(placeholder, toWidth: inner), row: 0, column: 1, style: CellStyle(underline: true, dim: true))
        }
        for offset in 0..<width where bounds.contains(column + offset) && screen.contains(row: row, column: column + offset) {
            let cell = cells[0, offset]
            guard !cell.isContinuation else { continue }
            screen.write(cell.character, row: row, column: column + offset, style: cell.style)
        }
        screen.setStyle(CellStyle(underline: true, reverse: true), row: row, column: column + 1 + before)
    }

    /// The text after its first `columns` cells (a wide character cut in half becomes a space).
    static func dropping(columns: Int, from text: String) -> String {
        var skipped = 0
        var index = text.startIndex
        while index < text.endIndex, skipped < columns {
            skipped += TerminalText.width(of: text[index])
            index = text.index(after: index)
        }
        return (skipped > columns ? " " : "") + text[index...]
    }

    private static func isFocused(_ style: TextStyle, _ focusedItem: Int?) -> Bool {
        guard let focusedItem, let item = style.item else { return false }
        switch item {
        case .link(let index), .button(let index): return index == focusedItem
        }
    }

    static func style(for textStyle: TextStyle, focused: Bool) -> CellStyle {
        var style = CellStyle.plain
        if textStyle.isStrong || textStyle.headingLevel != nil { style.bold = true }
        if textStyle.item != nil { style.underline = true }
        if focused { style.reverse = true }
        return style
    }

    /// Applies `style` to the cells of a run without changing their characters.
    private static func restyle(_ screen: inout Screen, row: Int, columns: Range<Int>, clippedTo bounds: Range<Int>, style: CellStyle) {
        let columns = columns.clamped(to: bounds)
        for column in columns where screen.contains(row: row, column: column) {
            screen.setStyle(style, row: row, column: column)
        }
    }

    /// A one-column thumb at the right edge when the page is taller than the view.
    private static func drawScrollIndicator(into screen: inout Screen, area: ScreenArea, lineCount: Int, scrollOffset: Int) {
        guard lineCount > area.height, area.height >= 2, area.width >= 3 else { return }
        let thumbHeight = max(1, area.height * area.height / lineCount)
        let maxOffset = max(1, lineCount - area.height)
        let thumbTop = (area.height - thumbHeight) * min(scrollOffset, maxOffset) / maxOffset
        let column = area.column + area.width - 1
        for row in 0..<area.height {
            let inThumb = row >= thumbTop && row < thumbTop + thumbHeight
            screen.write(inThumb ? "┃" : "│", row: area.row + row, column: column, style: CellStyle(dim: !inThumb))
        }
    }
}
