import NavigatorCore

/// Renders a `Screen` as an SVG picture: a monospace grid in the frame's real colours, for
/// documentation and pull-request reviews (`preview --svg`, flow snapshots).
///
/// Each run of cells in one style becomes a background rectangle and a piece of text whose
/// length is fixed to its cells (`textLength`), so columns line up in any monospace font,
/// wide characters included. The terminal's default colours are a dark theme.
public struct SVGRenderer: Sendable {
    /// The default foreground, for cells that ask for the terminal's own.
    public var foreground = "#D8D8D8"
    /// The default background.
    public var background = "#1E1E1E"
    /// Pixels per cell.
    public var cellWidth = 8.4
    public var cellHeight = 18.0
    public var fontSize = 14.0

    public init() {}

    public func render(_ screen: Screen) -> String {
        let width = Double(screen.width) * cellWidth
        let height = Double(screen.height) * cellHeight
        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
        viewBox="0 0 \(number(width)) \(number(height))" font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" \
        font-size="\(number(fontSize))">
        <rect width="100%" height="100%" fill="\(background)"/>

        """
        for row in 0..<screen.height {
            for run in runs(ofRow: row, in: screen) {
                svg += draw(run, row: row)
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// Cells of one row that share a style, with their text.
    struct Run: Equatable {
        var column: Int
        var cells: Int
        var text: String
        var style: CellStyle
    }

    func runs(ofRow row: Int, in screen: Screen) -> [Run] {
        var runs: [Run] = []
        var column = 0
        while column < screen.width {
            let cell = screen[row, column]
            if cell.isContinuation, var last = runs.popLast() {
                last.cells += 1
                runs.append(last)
            } else if var last = runs.last, last.style == cell.style {
                last.cells += 1
                last.text += cell.character
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(column: column, cells: 1, text: cell.character, style: cell.style))
            }
            column += 1
        }
        return runs
    }

    private func draw(_ run: Run, row: Int) -> String {
        var foreground = color(run.style.foreground) ?? self.foreground
        var background = color(run.style.background)
        if run.style.reverse {
            let swapped = background ?? self.background
            background = foreground
            foreground = swapped
        }
        let x = Double(run.column) * cellWidth
        let y = Double(row) * cellHeight
        var output = ""
        if let background {
            output += "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(Double(run.cells) * cellWidth))\" "
                + "height=\"\(number(cellHeight))\" fill=\"\(background)\"/>\n"
        }
        let trimmed = run.style.underline || background != nil ? run.text : String(run.text.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, trimmed.contains(where: { $0 != " " }) || run.style.underline else { return output }
        let cells = run.style.underline || background != nil ? run.cells : run.cells - (run.text.count - trimmed.count)
        var attributes = "x=\"\(number(x))\" y=\"\(number(y + cellHeight * 0.75))\" fill=\"\(foreground)\""
        attributes += " textLength=\"\(number(Double(cells) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\""
        if run.style.bold { attributes += " font-weight=\"bold\"" }
        if run.style.dim { attributes += " opacity=\"0.6\"" }
        if run.style.underline { attributes += " text-decoration=\"underline\"" }
        output += "<text \(attributes)>\(Self.escaped(trimmed))</text>\n"
        return output
    }

    private func color(_ color: TerminalColor) -> String? {
        guard case .rgb = color else { return nil }
        return color.description
    }

    private func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text safe inside an XML element: controls, C1 and bidi overrides shown as escapes as on
    /// standard output (VisibleText), markup characters escaped, and the non-characters XML 1.0
    /// forbids replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in VisibleText.escaping(text, keepingLines: true).unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                output += "\u{FFFD}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
