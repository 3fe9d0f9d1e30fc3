import PageKit

/// One position of the grid: a grapheme cluster and its style.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster; empty for the right half of a wide character.
    public var character: String
    public var style: CellStyle

    public init(_ character: String = " ", style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }

    public static let blank = Cell()

    /// True for the second cell of a wide character.
    public var isContinuation: Bool { character.isEmpty }
}

/// A frame: `width × height` cells, drawn by widgets and shown by a `Terminal`.
///
/// A wide character (CJK, Hangul, emoji) takes its cell and a continuation cell to
/// its right; writing over either half blanks the other, so the grid never holds
/// half a wide character.
public struct Screen: Equatable, Sendable {
    public let width: Int
    public let height: Int
    private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Plain cells, one row per line; the width is that of the widest line, in cells.
    public init(lines: [String]) {
        self.init(width: lines.map { TerminalText.width(of: $0) }.max() ?? 0, height: lines.count)
        for (row, line) in lines.enumerated() {
            write(line, row: row, column: 0)
        }
    }

    public subscript(row: Int, column: Int) -> Cell {
        precondition(contains(row: row, column: column), "cell \(row),\(column) outside \(width)x\(height)")
        return cells[row * width + column]
    }

    /// True when (`row`, `column`) is inside the grid.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Writes `text` from (`row`, `column`) and returns the number of cells used.
    ///
    /// Stops at the right edge or after `maxWidth` cells. A wide character that does
    /// not fit is replaced by one blank cell in `style`. Zero-width clusters
    /// (lone controls and marks) are skipped.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, style: CellStyle = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard contains(row: row, column: column) else { return 0 }
        let limit = min(width, maxWidth.map { column + max(0, $0) } ?? width)
        var current = column
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex, current < limit {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte < 0x80, next == utf8.endIndex || utf8[next] < 0x80 {
                // A lone ASCII byte is a whole grapheme unless a combining mark follows.
                if byte >= 0x20, byte != 0x7F {
                    put(Self.asciiCharacters[Int(byte)], cellWidth: 1, style: style, row: row, column: current)
                    current += 1
                }
                index = next
                continue
            }
            let character = text[index]
            index = text.index(after: index)
            let cellWidth = TerminalText.width(of: character)
            if cellWidth == 0 { continue }
            if current + cellWidth > limit {
                put(" ", cellWidth: 1, style: style, row: row, column: current)
                current += 1
                break
            }
            put(String(character), cellWidth: cellWidth, style: style, row: row, column: current)
            current += cellWidth
        }
        return current - column
    }

    private static let asciiCharacters: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Blanks the given rows and columns (all columns when nil) in `style`.
    public mutating func fill(rows: Range<Int>, columns: Range<Int>? = nil, style: CellStyle) {
        let rows = rows.clamped(to: 0..<height)
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        for row in rows {
            for column in columns {
                put(" ", cellWidth: 1, style: style, row: row, column: column)
            }
        }
    }

    /// Gives the cell at (`row`, `column`) a new style, keeping its character; both
    /// halves of a wide character change together. Outside the grid it does nothing.
    public mutating func setStyle(_ style: CellStyle, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        let index = row * width + column
        cells[index].style = style
        if cells[index].isContinuation, column > 0 { cells[index - 1].style = style }
        if column + 1 < width, cells[index + 1].isContinuation { cells[index + 1].style = style }
    }

    /// The text of each row, wide characters once, trailing spaces trimmed.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for cell in cells[row * width..<(row + 1) * width] where !cell.isContinuation {
                line += cell.character
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Style runs of every row that is not all plain, one row per line:
    /// `1: 0..<5 bg=#FF0000 bold; 5..<20 plain`.
    public var styleDescription: String {
        var rows: [String] = []
        for row in 0..<height {
            let rowCells = cells[row * width..<(row + 1) * width]
            guard rowCells.contains(where: { $0.style != .plain }) else { continue }
            var runs: [String] = []
            var start = 0
            while start < width {
                let style = rowCells[row * width + start].style
                var end = start + 1
                while end < width, rowCells[row * width + end].style == style { end += 1 }
                runs.append("\(start)..<\(end) \(style)")
                start = end
            }
            rows.append("\(row): " + runs.joined(separator: "; "))
        }
        return rows.joined(separator: "\n")
    }

    /// Calls `body` with each non-continuation cell that differs from `previous`
    /// (every one when there is no previous frame or its size differs). With a
    /// `shift`, `previous` is taken as if its rows had been moved first, the rows
    /// left behind blank, as ncurses' `wscrl` leaves them.
    func forEachChange(
        since previous: Screen?, shift: RowShift? = nil, _ body: (_ row: Int, _ column: Int, _ cell: Cell) -> Void
    ) {
        let width = width
        cells.withUnsafeBufferPointer { new in
            guard let previous, previous.width == width, previous.height == height else {
                for index in new.indices where !new[index].isContinuation {
                    body(index / width, index % width, new[index])
                }
                return
            }
            previous.cells.withUnsafeBufferPointer { old in
                for row in 0..<height {
                    let start = row * width
                    var source = row
                    if let shift, shift.rows.contains(row) {
                        source = row + shift.offset
                        if !shift.rows.contains(source) {
                            for column in 0..<width where !Self.isBlank(new[start + column]) {
                                if !new[start + column].isContinuation { body(row, column, new[start + column]) }
                            }
                            continue
                        }
                    }
                    let oldStart = source * width
                    for column in 0..<width where !Self.equal(new[start + column], old[oldStart + column]) {
                        if !new[start + column].isContinuation { body(row, column, new[start + column]) }
                    }
                }
            }
        }
    }

    /// The block of rows that moved as a whole since `previous`, as after a scroll:
    /// nil unless moving it leaves at most half of the changed rows to redraw.
    func rowShift(since previous: Screen) -> RowShift? {
        guard previous.width == width, previous.height == height, height >= 3 else { return nil }
        let width = width, height = height
        return cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                func same(_ row: Int, _ oldRow: Int) -> Bool {
                    let start = row * width, oldStart = oldRow * width
                    for column in 0..<width where !Self.equal(new[start + column], old[oldStart + column]) {
                        return false
                    }
                    return true
                }
                guard let top = (0..<height).first(where: { !same($0, $0) }),
                      let bottom = (top..<height).last(where: { !same($0, $0) }),
                      bottom - top >= 2 else { return nil }
                let changed = bottom - top + 1
                var best: RowShift?
                var bestMatches = 0
                for distance in 1..<changed {
                    for offset in [distance, -distance] {
                        let probe = offset > 0 ? top : bottom
                        guard same(probe, probe + offset) else { continue }
                        let moved = offset > 0 ? top...(bottom - offset) : (top - offset)...bottom
                        let matches = moved.count { same($0, $0 + offset) }
                        if matches > bestMatches {
                            best = RowShift(rows: top..<bottom + 1, offset: offset)
                            bestMatches = matches
                        }
                    }
                    if bestMatches >= changed - distance { break }
                }
                return bestMatches * 2 >= changed ? best : nil
            }
        }
    }

    @inline(__always)
    private static func equal(_ a: Cell, _ b: Cell) -> Bool {
        a.style == b.style && a.character == b.character
    }

    @inline(__always)
    private static func isBlank(_ cell: Cell) -> Bool {
        cell.style == .plain && cell.character == " "
    }

    private mutating func put(_ character: String, cellWidth: Int, style: CellStyle, row: Int, column: Int) {
        let index = row * width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1].character = " "
        }
        let end = column + cellWidth
        if end < width, cells[index + cellWidth].isContinuation {
            cells[index + cellWidth].character = " "
        }
        cells[index] = Cell(character, style: style)
        if cellWidth == 2 {
            cells[index + 1] = Cell("", style: style)
        }
    }
}

/// Rows of a Screen that moved together by `offset` (up when positive).
struct RowShift: Equatable {
    var rows: Range<Int>
    var offset: Int
}

extension Screen: CustomStringConvertible, CustomDebugStringConvertible {
    /// The plain lines, one per row.
    public var description: String { lines.joined(separator: "\n") }

    /// The size, the plain lines between bars, then the style runs.
    public var debugDescription: String {
        let body = lines.map { "|" + $0 }.joined(separator: "\n")
        let styles = styleDescription
        return "Screen \(width)x\(height)\n\(body)" + (styles.isEmpty ? "" : "\nstyles:\n\(styles)")
    }
}
