/// A terminal without a screen: scripted input, recorded frames.
///
/// The flow runner and the tests drive the app through it exactly as a user would
/// through `NcursesTerminal`. A dequeued `.resize` event changes `size`, as a real
/// terminal's does.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: TerminalSize
    public let colorMode: ColorMode
    /// The last frame drawn, nil before the first.
    public private(set) var lastScreen: Screen?
    public private(set) var framesDrawn = 0
    /// Cells that `NcursesTerminal` would have rewritten, over all frames (after
    /// moving scrolled rows as a block).
    public private(set) var cellsWritten = 0
    public private(set) var bells = 0
    public private(set) var isClosed = false
    private var pending: [InputEvent]
    private var nextPending = 0

    public init(columns: Int = 80, rows: Int = 24, colorMode: ColorMode = .trueColor, events: [InputEvent] = []) {
        size = TerminalSize(columns: columns, rows: rows)
        self.colorMode = colorMode
        pending = events
    }

    /// Adds events after those already queued.
    public func enqueue(_ events: [InputEvent]) {
        pending.append(contentsOf: events)
    }

    /// The events not read yet.
    public var pendingEvents: [InputEvent] { Array(pending[nextPending...]) }

    public func draw(_ screen: Screen) {
        let shift = lastScreen.flatMap { screen.rowShift(since: $0) }
        screen.forEachChange(since: lastScreen, shift: shift) { _, _, _ in cellsWritten += 1 }
        lastScreen = screen
        framesDrawn += 1
    }

    /// The next queued event at once, or nil when the queue is empty; never waits.
    public func nextEvent(timeout: Duration?) -> InputEvent? {
        guard nextPending < pending.count else { return nil }
        let event = pending[nextPending]
        nextPending += 1
        if nextPending > 64, nextPending * 2 > pending.count {
            pending.removeFirst(nextPending)
            nextPending = 0
        }
        if case let .resize(columns, rows) = event {
            size = TerminalSize(columns: columns, rows: rows)
        }
        return event
    }

    public func bell() {
        bells += 1
    }

    /// What was copied to the clipboard, in order.
    public private(set) var clipboard: [String] = []

    public func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }

    public func close() {
        isClosed = true
    }
}
