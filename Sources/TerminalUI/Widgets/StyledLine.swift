import PageKit

/// A line of panel text made of runs in different styles.
struct StyledLine: Equatable {
    struct Span: Equatable {
        var text: String
        var style: CellStyle
    }

    var spans: [Span] = []

    init() {}

    init(_ text: String, style: CellStyle = .plain) {
        spans = [Span(text: text, style: style)]
    }

    var text: String { spans.map(\.text).joined() }

    var width: Int { spans.reduce(0) { $0 + TerminalText.width(of: $1.text) } }

    mutating func append(_ text: String, style: CellStyle = .plain) {
        spans.append(Span(text: text, style: style))
    }

    func appending(_ text: String, style: CellStyle = .plain) -> StyledLine {
        var line = self
        line.append(text, style: style)
        return line
    }

    /// Writes the line from (`row`, `column`), cut with `…` when wider than `width`.
    func draw(into screen: inout Screen, row: Int, column: Int, width: Int) {
        guard width > 0 else { return }
        let overflows = self.width > width
        var remaining = overflows ? width - 1 : width
        var current = column
        for span in spans where remaining > 0 {
            let text = TerminalText.width(of: span.text) > remaining ? Self.prefix(of: span.text, width: remaining) : span.text
            let used = screen.write(text, row: row, column: current, style: span.style, maxWidth: remaining)
            current += used
            remaining -= used
        }
        if overflows {
            screen.write("…", row: row, column: current, style: spans.last?.style ?? .plain)
        }
    }

    /// The line broken at spaces into lines at most `width` cells wide; lines after the
    /// first start with `indent` spaces in the style the line starts with.
    func wrapped(toWidth width: Int, indent: Int = 0) -> [StyledLine] {
        guard width > indent, self.width > width else { return [self] }
        var cells: [(character: Character, style: CellStyle, width: Int)] = []
        for span in spans {
            for character in span.text {
                cells.append((character, span.style, TerminalText.width(of: character)))
            }
        }
        var lines: [StyledLine] = []
        var start = 0
        var lineIndent = 0
        while start < cells.count {
            var used = lineIndent
            var end = start
            var lastSpace: Int?
            while end < cells.count, used + cells[end].width <= width {
                if cells[end].character == " " { lastSpace = end }
                used += cells[end].width
                end += 1
            }
            if end < cells.count, let lastSpace, lastSpace > start {
                end = lastSpace
            }
            end = max(end, start + 1)
            var line = StyledLine()
            if lineIndent > 0 { line.append(String(repeating: " ", count: lineIndent), style: spans.first?.style ?? .plain) }
            for cell in cells[start..<end] {
                if let last = line.spans.last, last.style == cell.style {
                    line.spans[line.spans.count - 1].text.append(cell.character)
                } else {
                    line.append(String(cell.character), style: cell.style)
                }
            }
            lines.append(line)
            start = end
            while start < cells.count, cells[start].character == " " { start += 1 }
            lineIndent = indent
        }
        return lines
    }

    private static func prefix(of text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let cells = TerminalText.width(of: character)
            if used + cells > width { break }
            result.append(character)
            used += cells
        }
        return result
    }
}
