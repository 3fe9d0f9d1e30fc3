import TerminalUI

/// Every key of the terminal UI, by section, as the help shows them (the manual page lists them too).
public enum TerminalKeys {
    public static var sections: [HelpSection] { KeyBindings.help }
    public static var promptNote: String { KeyBindings.helpFootnote }
}

/// The keys as the footer hints and the help list them.
enum KeyBindings {
    static let hints = [
        KeyHint("Tab", "next"), KeyHint("Enter", "go"), KeyHint("←", "back"), KeyHint("x", "close"),
        KeyHint(":", "cmd"), KeyHint("s", "stack"), KeyHint("l", "log"), KeyHint("q", "quit"), KeyHint("?", "help"),
    ]

    static let stepHints = [
        KeyHint("n", "step"), KeyHint("Tab", "next"), KeyHint("Enter", "go"), KeyHint("←", "back"),
        KeyHint(":", "cmd"), KeyHint("f", "flow"), KeyHint("s", "stack"), KeyHint("q", "quit"), KeyHint("?", "help"),
    ]

    static let help = [
        HelpSection("Page", [
            KeyHint("↑ ↓ PgUp PgDn", "scroll (Space, b: a page down, up)"),
            KeyHint("Home End g G", "to the top, to the bottom"),
            KeyHint("< >", "wide lines (pre, tables) sideways"),
            KeyHint("Tab j", "next link, button or field"),
            KeyHint("Shift-Tab k", "previous link, button or field"),
            KeyHint("Enter →", "follow the link, press the button"),
            KeyHint("/ n N", "search the page; next, previous match"),
            KeyHint("mouse", "click a link, ‹ or ✕; the wheel scrolls"),
        ]),
        HelpSection("Screens", [
            KeyHint("← Backspace h", "back: web history, else pop"),
            KeyHint("x", "close the screen (what ✕ does)"),
            KeyHint("r", "reload the page; retry a failed launch"),
        ]),
        HelpSection("Simulator", [
            KeyHint(":", "a URL or a flow step: open, tap, expect…"),
            KeyHint("s l", "stack panel, event log"),
            KeyHint("PgUp PgDn", "scroll the open panel (Home End too)"),
            KeyHint("B", "deeplink builder (y copies, Enter opens)"),
            KeyHint("R", "record actions as a flow (R again stops)"),
            KeyHint("n Space, f", "next step, the flow (run --step)"),
            KeyHint("Esc", "close the panel, the command line"),
            KeyHint("Ctrl-L Ctrl-Z", "redraw; suspend (fg resumes)"),
            KeyHint("q Ctrl-C", "quit"),
        ]),
        HelpSection("App", [
            KeyHint("c", "notification banner, else the list"),
            KeyHint("H", "home: to the background and back"),
            KeyHint("Ctrl-R", "restart the app (stores kept)"),
            KeyHint("click banner", "tap the notification"),
        ]),
        HelpSection("Forms and dialogs", [
            KeyHint("Enter", "a text field: type in it; Enter Esc end"),
            KeyHint("Enter", "[ ] ( ) check; [▾] the options (↑ ↓)"),
            KeyHint("Enter Esc", "dialog: OK, Cancel (alert: OK)"),
            KeyHint("mouse", "click a field, a dialog's OK or Cancel"),
            KeyHint("Ctrl-N", "run --step: the next step in a dialog"),
        ]),
    ]

    static let helpFootnote = "At the : prompt: ↑ ↓ history, Ctrl-U clear, Esc cancel."

    /// The lines of the help: headings, keys, a blank line and the footnote.
    static let helpLineCount = help.reduce(2) { $0 + 1 + $1.keys.count }
}
