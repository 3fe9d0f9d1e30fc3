/// Tables: rows whose cells each fit on one line are drawn as aligned columns, even when
/// the row is wider than the page (the line is then wider than the layout and the UI
/// scrolls sideways, as a phone scrolls a wide table); rows with a cell of several lines,
/// or one wider than the page, are drawn cell after cell, each cell a block.
///
/// Only an outermost table is aligned; tables inside it are drawn cell after cell, so the
/// cost stays linear however deep tables nest.
extension LayoutPass {
    /// Cells between columns.
    static let columnGap = 2
    /// How many page widths an aligned table may span.
    static let maximumTableWidths = 4

    private struct Cell {
        var node: Int32
        var span: Int
    }

    /// Lays out an outermost table: measures every cell unwrapped, then draws the rows.
    mutating func layoutTable(_ table: Int32) {
        writer.requestBlankLine()
        tableDepth += 1
        var child = document.nodes[Int(table)].firstChild
        while child != HTMLDocument.none {
            if document.nodes[Int(child)].name == KnownName.caption.rawValue { walkElement(child) }
            child = document.nodes[Int(child)].next
        }
        let rows = self.rows(of: table)

        let itemCount = items.count
        let referencesBefore = referenceCount
        let listsBefore = lists
        let measured = rows.map { row in row.map { measure($0.node) } }
        items.removeSubrange(itemCount...)
        referenceCount = referencesBefore
        lists = listsBefore

        var widths: [Int] = []
        var aligned = [Bool](repeating: false, count: rows.count)
        let available = writer.availableWidth
        for (index, row) in rows.enumerated()
            where !row.isEmpty && measured[index].allSatisfy({ $0.lines <= 1 && $0.width <= available }) {
            let candidate = columnWidths(widths, adding: row, measured[index])
            if candidate.reduce(0, +) + Self.columnGap * (candidate.count - 1) <= available * Self.maximumTableWidths {
                widths = candidate
                aligned[index] = true
            }
        }

        for (index, row) in rows.enumerated() {
            if writer.isOverBudget { break }
            if aligned[index] {
                layoutAlignedRow(row, widths: widths)
            } else {
                for cell in row { walkElement(cell.node) }
            }
        }
        tableDepth -= 1
        writer.requestBlankLine()
    }

    /// Column widths grown to hold a row's cells (a spanning cell grows its last column).
    private func columnWidths(_ widths: [Int], adding row: [Cell], _ sizes: [(lines: Int, width: Int)]) -> [Int] {
        var result = widths
        var column = 0
        for (cell, size) in zip(row, sizes) {
            if result.count < column + cell.span { result += repeatElement(0, count: column + cell.span - result.count) }
            if cell.span == 1 { result[column] = max(result[column], size.width) }
            column += cell.span
        }
        column = 0
        for (cell, size) in zip(row, sizes) {
            if cell.span > 1 {
                let spanned = result[column..<(column + cell.span)].reduce(0, +) + Self.columnGap * (cell.span - 1)
                if size.width > spanned { result[column + cell.span - 1] += size.width - spanned }
            }
            column += cell.span
        }
        return result
    }

    private mutating func layoutAlignedRow(_ row: [Cell], widths: [Int]) {
        var text: [UInt8] = []
        var runs: [StyledRun] = []
        var textWidth = 0
        var column = 0
        for cell in row {
            let x = widths[..<column].reduce(0, +) + Self.columnGap * column
            let laidOut = layoutAlone(cell.node)
            for anchor in laidOut.anchors { writer.markAnchor(anchor.name, isName: anchor.isName) }
            if let line = laidOut.lines.first, laidOut.widths[0] > 0 {
                text += repeatElement(0x20, count: x - textWidth)
                text += line.text.utf8
                for run in line.runs {
                    runs.append(StyledRun(columns: (run.columns.lowerBound + x)..<(run.columns.upperBound + x), style: run.style))
                }
                textWidth = x + laidOut.widths[0]
            }
            column += cell.span
        }
        if textWidth > 0 { writer.appendComposedLine(text, width: textWidth, runs: runs) }
    }

    /// How many lines a cell takes unwrapped, and its widest line (its lines are not kept).
    private mutating func measure(_ cell: Int32) -> (lines: Int, width: Int) {
        var cellWriter = LineWriter(width: writer.width, wraps: false)
        cellWriter.preformatted = writer.preformatted
        swap(&writer, &cellWriter)
        walkElement(cell)
        let size = writer.finishMeasuring()
        swap(&writer, &cellWriter)
        return size
    }

    /// Lays out an element on its own, unwrapped, as a table cell is before it is placed.
    private mutating func layoutAlone(_ node: Int32)
        -> (lines: [LayoutLine], widths: [Int], anchors: [(name: String, isName: Bool, line: Int)]) {
        var cellWriter = LineWriter(width: writer.width, wraps: false)
        cellWriter.preformatted = writer.preformatted
        swap(&writer, &cellWriter)
        walkElement(node)
        let anchors = writer.anchors
        let result = writer.finish()
        swap(&writer, &cellWriter)
        return (result.lines, result.widths, anchors)
    }

    /// The rows of a table (inside `thead`, `tbody`, `tfoot` or any wrapper, not inside a
    /// nested table), each with its visible cells.
    private mutating func rows(of table: Int32) -> [[Cell]] {
        var rows: [[Cell]] = []
        var node = document.nodes[Int(table)].firstChild
        while node != HTMLDocument.none {
            var descend = false
            if document.nodes[Int(node)].kind == .element && isDisplayed(node) {
                switch KnownName(rawValue: document.nodes[Int(node)].name) {
                case .tr: rows.append(cells(of: node))
                case .table, .caption, .td, .th: break
                default: descend = true
                }
            }
            node = document.following(node, within: table, descending: descend)
        }
        return rows
    }

    private mutating func cells(of row: Int32) -> [Cell] {
        var cells: [Cell] = []
        var node = document.nodes[Int(row)].firstChild
        while node != HTMLDocument.none {
            var descend = false
            if document.nodes[Int(node)].kind == .element && isDisplayed(node) {
                switch KnownName(rawValue: document.nodes[Int(node)].name) {
                case .td, .th:
                    let span = integer(document.attribute(.colspan, of: node)) ?? 1
                    cells.append(Cell(node: node, span: min(max(span, 1), 1000)))
                case .table, .tr: break
                default: descend = true
                }
            }
            node = document.following(node, within: row, descending: descend)
        }
        return cells
    }
}
