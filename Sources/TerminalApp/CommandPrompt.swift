import PageKit

/// The `:` command line being edited: its text, the cursor, and a walk through earlier lines.
struct CommandPrompt: Equatable {
    private(set) var text: [Character] = []
    /// The cursor, as an index into `text`.
    private(set) var cursor = 0
    /// The index into the history being shown, nil when editing a new line.
    private var historyIndex: Int?
    /// The new line, kept while earlier ones are shown.
    private var draft: [Character] = []

    var line: String { String(text) }

    mutating func insert(_ character: Character) {
        text.insert(character, at: cursor)
        cursor += 1
    }

    /// Deletes the character before the cursor; false when there was none.
    mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        cursor -= 1
        text.remove(at: cursor)
        return true
    }

    mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: cursor)
    }

    /// Ctrl-U: deletes everything before the cursor.
    mutating func deleteToStart() {
        text.removeFirst(cursor)
        cursor = 0
    }

    /// Ctrl-W: deletes the word before the cursor.
    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, text[start - 1] == " " { start -= 1 }
        while start > 0, text[start - 1] != " " { start -= 1 }
        text.removeSubrange(start..<cursor)
        cursor = start
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = text.count }

    /// Shows the previous line of `history` (oldest first); false at the oldest.
    mutating func showOlder(in history: [String]) -> Bool {
        let index = (historyIndex ?? history.count) - 1
        guard index >= 0 else { return false }
        if historyIndex == nil { draft = text }
        show(Array(history[index]), index: index)
        return true
    }

    /// Shows the next line of `history`, then the line being written; false past it.
    mutating func showNewer(in history: [String]) -> Bool {
        guard let historyIndex else { return false }
        if historyIndex + 1 < history.count {
            show(Array(history[historyIndex + 1]), index: historyIndex + 1)
        } else {
            show(draft, index: nil)
        }
        return true
    }

    private mutating func show(_ line: [Character], index: Int?) {
        text = line
        cursor = line.count
        historyIndex = index
    }

    /// The prompt as it fits in `width` cells: the visible text after `:`, and the
    /// column of the cursor in it. Long lines scroll to keep the cursor in view.
    func visible(width: Int, prefix: String = ":") -> (text: String, cursorColumn: Int) {
        let room = max(1, width - 2)
        var start = 0
        var widthBeforeCursor = text[..<cursor].reduce(0) { $0 + TerminalText.width(of: $1) }
        while widthBeforeCursor > room, start < cursor {
            widthBeforeCursor -= TerminalText.width(of: text[start])
            start += 1
        }
        return (prefix + String(text[start...]), 1 + widthBeforeCursor)
    }
}

/// The lines run at the `:` prompt, oldest first, without repeats in a row.
struct CommandHistory: Equatable {
    static let limit = 100
    private(set) var lines: [String] = []

    mutating func add(_ line: String) {
        guard lines.last != line else { return }
        lines.append(line)
        if lines.count > Self.limit { lines.removeFirst(lines.count - Self.limit) }
    }
}
