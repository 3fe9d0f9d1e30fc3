/// Something the user did: a key, a mouse action, or a change of terminal size.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(columns: Int, rows: Int)
    /// The terminal is gone (its input ended, or reads fail with EIO): the program must end.
    case hangup
}

/// A key press, with the terminal's escape sequences already decoded.
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    case pageUp, pageDown, home, end, delete
    /// A control chord, by the lowercase letter or the symbol: Ctrl-C is `control("c")`.
    case control(Character)
    /// F1 is `function(1)`.
    case function(Int)
}

/// A mouse action at a cell, 0-based from the top-left corner.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, release, wheelUp, wheelDown
    }

    public var row: Int
    public var column: Int
    public var kind: Kind

    public init(row: Int, column: Int, kind: Kind) {
        self.row = row
        self.column = column
        self.kind = kind
    }
}
