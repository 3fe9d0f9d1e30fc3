/// The size of a terminal, in cells.
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The smallest size the simulator draws for (flows' `size`, `preview --size`).
    public static let smallest = TerminalSize(columns: 20, rows: 6)
    /// The largest size accepted from the user.
    public static let largest = TerminalSize(columns: 1000, rows: 1000)

    /// Reads `COLSxROWS` (`80x24`); nil when it is not two whole numbers around an `x`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// Whether the size is between `smallest` and `largest`.
    public var isSupported: Bool {
        (Self.smallest.columns...Self.largest.columns).contains(columns) && (Self.smallest.rows...Self.largest.rows).contains(rows)
    }
}

/// What the app loop draws to and reads from: a real terminal or a headless one.
public protocol Terminal: AnyObject {
    /// The current size; the app draws Screens of this size.
    var size: TerminalSize { get }
    /// How colours reach this terminal.
    var colorMode: ColorMode { get }
    /// Shows `screen`, sending only what changed since the previous frame.
    func draw(_ screen: Screen)
    /// The next input, waiting at most `timeout` (forever when nil); nil when none came.
    func nextEvent(timeout: Duration?) -> InputEvent?
    func bell()
    /// Puts text on the system clipboard through the terminal (OSC 52, which tmux, iTerm2,
    /// kitty and WezTerm understand).
    func copyToClipboard(_ text: String)
    /// Gives the terminal back as it was found; later calls do nothing.
    func close()
    /// Ctrl-Z: gives the terminal back, stops the process (job control), and takes the
    /// terminal again when the shell continues it.
    func suspend()
    /// Ctrl-L: the next `draw` repaints every cell.
    func redrawAll()
}

extension Terminal {
    public func suspend() {}
    public func redrawAll() {}
}

/// Whether an interactive terminal UI can start here.
public enum TerminalAvailability {
    /// The reason the terminal UI cannot run, or nil when it can: standard input
    /// must be a terminal and `TERM` set to something other than `dumb`.
    public static func check(environment: [String: String], stdinIsTTY: Bool) -> String? {
        if !stdinIsTTY { return "standard input is not a terminal" }
        guard let term = environment["TERM"], !term.isEmpty else { return "TERM is not set" }
        if term == "dumb" { return "TERM=dumb cannot show the terminal UI" }
        return nil
    }
}
