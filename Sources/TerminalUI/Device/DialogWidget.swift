import PageKit
import Simulator

/// A JavaScript dialog as the device shows it: the dialog, and for a `prompt` the text in its
/// field and where the cursor is.
public struct DialogBox: Equatable, Sendable {
    public var dialog: OpenDialog
    /// The text in a `prompt`'s field (its default text until the user types).
    public var text: String
    /// The cursor, in characters into `text`; nil draws no cursor (flow pictures).
    public var cursor: Int?

    public init(dialog: OpenDialog, text: String? = nil, cursor: Int? = nil) {
        self.dialog = dialog
        self.text = text ?? dialog.defaultText ?? ""
        self.cursor = cursor
    }
}

/// The app's alert controller over the device (scripts.md section 5): the page behind it
/// dimmed; the message wrapped and centred; a `prompt`'s text field; the buttons under a rule,
/// Cancel at the left and OK (the preferred action, in bold) at the right, as UIKit lays out
/// an alert with two actions; an `alert` has OK alone.
enum DialogWidget {
    /// The box's background and text, UIKit's alert colours.
    static let background = CellStyle(foreground: .rgb(0x1C, 0x1C, 0x1E), background: .rgb(0xF2, 0xF2, 0xF7))
    static let edge = CellStyle(foreground: .rgb(0x8E, 0x8E, 0x93), background: .rgb(0xF2, 0xF2, 0xF7))
    static let button = CellStyle(foreground: .rgb(0x00, 0x7A, 0xFF), background: .rgb(0xF2, 0xF2, 0xF7))
    static let preferredButton = CellStyle(foreground: .rgb(0x00, 0x7A, 0xFF), background: .rgb(0xF2, 0xF2, 0xF7), bold: true)
    static let field = CellStyle(foreground: .rgb(0x1C, 0x1C, 0x1E), background: .rgb(0xFF, 0xFF, 0xFF), underline: true)
    /// The widest the box gets (UIKit's alerts are 270 pt of a 390 pt screen).
    static let maximumWidth = 44
    /// Message characters looked at: a 10 MB `alert` costs no more than a short one.
    static let messageLimit = 4_000

    /// Where a dialog's buttons landed, for mouse clicks.
    struct Buttons {
        var ok: ScreenArea?
        var cancel: ScreenArea?
    }

    /// Draws the dialog centred in `area` (the device), dimming what is under it; returns where
    /// its buttons are.
    @discardableResult
    static func draw(_ box: DialogBox, into screen: inout Screen, area: ScreenArea) -> Buttons {
        var buttons = Buttons()
        guard area.width > 0, area.height > 0 else { return buttons }
        dim(area, in: &screen)
        let hasField = box.dialog.kind == .prompt
        let framed = area.width >= 8 && area.height >= (hasField ? 5 : 4)
        let width = framed ? min(area.width - 2, maximumWidth) : area.width
        let inner = framed ? width - 4 : width
        var message: [StyledLine] = []
        for paragraph in String(box.dialog.message.prefix(messageLimit)).split(separator: "\n", omittingEmptySubsequences: false) {
            message += StyledLine(String(paragraph), style: background).wrapped(toWidth: inner)
        }
        let fixedRows = (framed ? 4 : 1) + (hasField ? 1 : 0)
        let messageRows = max(0, min(message.count, area.height - fixedRows))
        if messageRows < message.count, messageRows > 0 {
            message[messageRows - 1] = StyledLine(message[messageRows - 1].text + " …", style: background)
        }
        let height = min(area.height, fixedRows + messageRows)
        let top = area.row + (area.height - height) / 2
        let left = area.column + (area.width - width) / 2
        screen.fill(rows: top..<(top + height), columns: left..<(left + width), style: background)
        var row = top
        let right = left + width - 1
        if framed {
            screen.write("╭" + String(repeating: "─", count: width - 2) + "╮", row: row, column: left, style: edge)
            row += 1
        }
        let textColumn = framed ? left + 2 : left
        for line in message.prefix(messageRows) {
            line.draw(into: &screen, row: row, column: textColumn + max(0, (inner - min(line.width, inner)) / 2), width: inner)
            row += 1
        }
        if hasField, row < top + height {
            drawField(box, into: &screen, row: row, column: textColumn, width: inner)
            row += 1
        }
        if framed {
            let buttonsRow = row + 1
            let half = (width - 2) / 2
            let twoButtons = box.dialog.kind != .alert
            var rule = String(repeating: "─", count: width - 2)
            if twoButtons { rule = String(rule.prefix(half)) + "┬" + String(rule.dropFirst(half + 1)) }
            screen.write("├" + rule + "┤", row: row, column: left, style: edge)
            screen.write("╰" + String(repeating: "─", count: width - 2) + "╯", row: buttonsRow + 1, column: left, style: edge)
            for side in [left, right] { for edgeRow in (top + 1)..<(buttonsRow + 1) where edgeRow != row {
                screen.write("│", row: edgeRow, column: side, style: edge)
            } }
            if twoButtons {
                screen.write("│", row: buttonsRow, column: left + 1 + half, style: edge)
                centre("Cancel", style: button, into: &screen, row: buttonsRow, columns: (left + 1)..<(left + 1 + half))
                centre("OK", style: preferredButton, into: &screen, row: buttonsRow, columns: (left + 2 + half)..<right)
                buttons.cancel = ScreenArea(row: buttonsRow, column: left + 1, width: half, height: 1)
                buttons.ok = ScreenArea(row: buttonsRow, column: left + 2 + half, width: right - left - 2 - half, height: 1)
            } else {
                centre("OK", style: preferredButton, into: &screen, row: buttonsRow, columns: (left + 1)..<right)
                buttons.ok = ScreenArea(row: buttonsRow, column: left + 1, width: width - 2, height: 1)
            }
        } else if row < top + height {
            let labels = box.dialog.kind == .alert ? "OK" : "Cancel  OK"
            centre(labels, style: preferredButton, into: &screen, row: row, columns: left..<(left + width))
        }
        return buttons
    }

    /// A prompt's field: the text (scrolled to keep the cursor in view) on white, the cursor reversed.
    private static func drawField(_ box: DialogBox, into screen: inout Screen, row: Int, column: Int, width: Int) {
        let characters = Array(box.text)
        let cursor = min(box.cursor ?? characters.count, characters.count)
        var start = 0
        var before = characters[..<cursor].reduce(0) { $0 + TerminalText.width(of: $1) }
        while before > width - 1, start < cursor {
            before -= TerminalText.width(of: characters[start])
            start += 1
        }
        screen.fill(rows: row..<(row + 1), columns: column..<(column + width), style: field)
        screen.write(String(characters[start...]), row: row, column: column, style: field, maxWidth: width)
        if box.cursor != nil {
            var style = field
            style.reverse = true
            screen.setStyle(style, row: row, column: column + before)
        }
    }

    private static func centre(_ text: String, style: CellStyle, into screen: inout Screen, row: Int, columns: Range<Int>) {
        let shown = TerminalText.truncate(text, toWidth: columns.count)
        let column = columns.lowerBound + max(0, (columns.count - TerminalText.width(of: shown)) / 2)
        screen.write(shown, row: row, column: column, style: style, maxWidth: columns.upperBound - column)
    }

    /// Dims the cells of `area` (the page behind a modal).
    static func dim(_ area: ScreenArea, in screen: inout Screen) {
        for row in area.rows {
            for column in area.columns where screen.contains(row: row, column: column) {
                var style = screen[row, column].style
                style.dim = true
                screen.setStyle(style, row: row, column: column)
            }
        }
    }
}
