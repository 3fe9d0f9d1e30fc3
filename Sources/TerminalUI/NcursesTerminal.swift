#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import CNcursesw
import Glibc

/// A real terminal through ncursesw: the only place that reaches ncurses.
///
/// Input is raw: Ctrl-C arrives as `.key(.control("c"))` for the app loop to quit
/// through `close()`; signals and crashes are covered by `TerminalRestoration`.
/// `draw` sends ncurses only the cells that changed since the previous Screen.
///
/// Colour: 24-bit only where ncurses can send it (a terminfo entry with the `RGB`
/// flag or 2^24 colours). When `COLORTERM` says `truecolor`/`24bit` and `TERM` is a
/// palette entry, the `-direct` variant of the entry (`xterm-256color` →
/// `xterm-direct`, from the `ncurses-term` package) is tried first, and `TERM` is
/// used when it is not installed. Otherwise the nearest of 256, else of 8 colours;
/// `NO_COLOR` leaves attributes only.
public final class NcursesTerminal: Terminal {
    /// Why the terminal could not start, for a one-line error.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var size: TerminalSize
    public let colorMode: ColorMode
    /// The terminfo entry in use: `TERM` or its `-direct` variant.
    public let terminalName: String

    private let screenHandle: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private var previous: Screen?
    /// Events decoded but not returned yet (mouse reports that came together).
    private var queued: [InputEvent] = []
    private var needsClear = false
    /// Reads that ended without input although the input was readable (see `inputIsGone`).
    private var failedReads = 0
    private var isClosed = false
    private var pairs: [UInt64: Int32] = [:]
    private var nextPair: Int32 = 1
    private let pairLimit: Int32
    private var lastStyle: CellStyle?
    private var lastRendition: (attributes: attr_t, pair: Int32) = (0, 0)
    private let characters = UnsafeMutablePointer<wchar_t>.allocate(capacity: Int(CCHARW_MAX) + 1)

    /// Starts ncurses on the terminal open on `input` and `output` (both duplicated,
    /// never closed). `environment` gives `TERM`, `COLORTERM` and `NO_COLOR`.
    public init(environment: [String: String], input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty else { throw StartError(description: "TERM is not set") }
        guard let inputFile = fdopen(dup(input), "r") else {
            throw StartError(description: "cannot read the terminal: \(String(cString: strerror(errno)))")
        }
        guard let outputFile = fdopen(dup(output), "w") else {
            fclose(inputFile)
            throw StartError(description: "cannot write to the terminal: \(String(cString: strerror(errno)))")
        }
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            // Without a UTF-8 locale ncursesw cannot send wide characters at all.
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        TerminalRestoration.begin(descriptor: isatty(output) != 0 ? output : input)

        var screenHandle: OpaquePointer?
        var name = term
        if let variant = ColorMode.directVariant(of: term, environment: environment) {
            screenHandle = newterm(variant, outputFile, inputFile)
            if screenHandle != nil { name = variant }
        }
        if screenHandle == nil { screenHandle = newterm(term, outputFile, inputFile) }
        guard let screenHandle, let window = webnav_stdscr() else {
            TerminalRestoration.end()
            fclose(inputFile)
            fclose(outputFile)
            throw StartError(description: "unknown terminal type '\(term)'")
        }
        self.screenHandle = screenHandle
        self.window = window
        self.inputFile = inputFile
        self.outputFile = outputFile
        terminalName = name

        let directColor = tigetflag("RGB") > 0
        var paletteEnvironment = environment
        paletteEnvironment["COLORTERM"] = nil
        let colors = Int(tigetnum("colors"))
        var mode = ColorMode.detect(environment: paletteEnvironment,
                                    terminfoColors: directColor ? ColorMode.directColors : max(0, colors))
        if mode != .none, !has_colors() || start_color() == ERR { mode = .none }
        if mode != .none { use_default_colors() }
        colorMode = mode
        pairLimit = Int32(max(1, webnav_color_pairs()))

        raw()
        noecho()
        nonl()
        keypad(window, true)
        idlok(window, true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        mousemask(webnav_mouse_mask(), nil)
        TerminalRestoration.prepare(sequence: Self.restoreSequence())
        size = TerminalSize(columns: Int(webnav_columns(window)), rows: Int(webnav_rows(window)))
    }

    deinit {
        close()
        characters.deallocate()
    }

    public func draw(_ screen: Screen) {
        guard !isClosed else { return }
        if needsClear || previous.map({ $0.width != screen.width || $0.height != screen.height }) ?? true {
            werase(window)
            if needsClear { clearok(webnav_curscr(), true) }
            needsClear = false
            previous = nil
        }
        let shift = previous.flatMap { screen.rowShift(since: $0) }.flatMap(scroll)
        var exhausted = false
        screen.forEachChange(since: previous, shift: shift) { row, column, cell in
            if !put(cell, row: row, column: column) { exhausted = true }
        }
        if exhausted {
            // More colour pairs than the terminal has: start the allocation over.
            pairs.removeAll()
            nextPair = 1
            lastStyle = nil
            screen.forEachChange(since: nil) { row, column, cell in _ = put(cell, row: row, column: column) }
        }
        previous = screen
        wnoutrefresh(window)
        doupdate()
    }

    /// Moves rows inside ncurses' window as they moved in the Screen, so that only the
    /// rows scrolled in need writing; nil when the window cannot.
    private func scroll(_ shift: RowShift) -> RowShift? {
        let rows = webnav_rows(window)
        guard shift.rows.upperBound <= rows,
              wsetscrreg(window, Int32(shift.rows.lowerBound), Int32(shift.rows.upperBound - 1)) == OK else { return nil }
        scrollok(window, true)
        wscrl(window, Int32(shift.offset))
        scrollok(window, false)
        wsetscrreg(window, 0, rows - 1)
        return shift
    }

    /// The next input; keys ncurses reports but the app has no use for are skipped
    /// within the same `timeout`.
    public func nextEvent(timeout: Duration?) -> InputEvent? {
        guard !isClosed else { return nil }
        if !queued.isEmpty { return queued.removeFirst() }
        let deadline = timeout.map { Self.now() + Int64(Self.milliseconds($0)) }
        while true {
            let remaining = deadline.map { max(0, $0 - Self.now()) }
            wtimeout(window, remaining.map { Int32(clamping: $0) } ?? -1)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            var event: InputEvent?
            if status == KEY_CODE_YES { event = functionKeyEvent(Int32(bitPattern: value)) }
            else if status == OK { event = Self.characterEvent(value) }
            else {
                if inputIsGone() { return .hangup }
                return nil
            }
            failedReads = 0
            if let event { return event }
            if !queued.isEmpty { return queued.removeFirst() }
            if let remaining, remaining == 0 { return nil }
        }
    }

    public func bell() {
        guard !isClosed else { return }
        beep()
    }

    /// Sends OSC 52 with the text in base64, straight to the terminal after ncurses' output.
    public func copyToClipboard(_ text: String) {
        guard !isClosed else { return }
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        fflush(outputFile)
        _ = sequence.withCString { fputs($0, outputFile) }
        fflush(outputFile)
    }

    /// Whether the input has ended: ncurses reports EOF and EIO as it reports a timeout (ERR),
    /// so a failed read is checked with `poll`: a hang-up or error is the end, and so is input
    /// that stays "readable" while ncurses keeps reading nothing (EOF), three times in a row.
    private func inputIsGone() -> Bool {
        var descriptor = pollfd(fd: fileno(inputFile), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return errno != EINTR }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        guard descriptor.revents & Int16(POLLIN) != 0 else {
            failedReads = 0
            return false
        }
        failedReads += 1
        return failedReads >= 3
    }

    public func suspend() {
        guard !isClosed else { return }
        endwin()
        TerminalRestoration.restore()
        // The default action stops the whole job; SIGCONT resumes here.
        let stopAction = signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        signal(SIGTSTP, stopAction)
        TerminalRestoration.resume()
        needsClear = true
        previous = nil
        doupdate()
    }

    public func redrawAll() {
        needsClear = true
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        endwin()
        delscreen(screenHandle)
        fclose(inputFile)
        fclose(outputFile)
        TerminalRestoration.end()
    }

    // MARK: Output

    /// Writes one cell; false when no colour pair was left for its style.
    private func put(_ cell: Cell, row: Int, column: Int) -> Bool {
        var allocated = true
        if cell.style != lastStyle {
            let style = cell.style
            let attributes = webnav_attributes(style.bold ? 1 : 0, style.underline ? 1 : 0,
                                               style.reverse ? 1 : 0, style.dim ? 1 : 0)
            let pair = colorPair(for: style)
            allocated = pair != nil
            lastRendition = (attributes, pair ?? 0)
            lastStyle = allocated ? style : nil
        }
        let count = fillCharacters(cell.character)
        webnav_put_cell(window, Int32(row), Int32(column), characters, lastRendition.attributes, lastRendition.pair)
        if count == 2 {
            // ncurses (wcwidth) sees one cell where the Screen has two: keep both in step.
            characters[0] = 0x20
            characters[1] = 0
            webnav_put_cell(window, Int32(row), Int32(column + 1), characters,
                            lastRendition.attributes, lastRendition.pair)
        }
        return allocated
    }

    /// Copies a grapheme into `characters` as ncurses takes it: one spacing character
    /// and the zero-width ones after it, so ZWJ sequences keep their first emoji and
    /// flags their first letter. Returns 2 when the Screen gives the cell two columns
    /// but ncurses (the C library's `wcwidth`) counts one.
    private func fillCharacters(_ grapheme: String) -> Int {
        let utf8 = grapheme.utf8
        if utf8.count == 1, let byte = utf8.first {
            characters[0] = wchar_t(byte)
            characters[1] = 0
            return 1
        }
        var count = 0
        for scalar in grapheme.unicodeScalars where count < Int(CCHARW_MAX) {
            let character = wchar_t(bitPattern: scalar.value)
            if count > 0, webnav_wcwidth(character) != 0 { break }
            characters[count] = character
            count += 1
        }
        while count > 1, characters[count - 1] == 0x200D { count -= 1 }
        characters[count] = 0
        guard count > 0, TerminalText.width(of: Character(grapheme)) == 2 else { return 1 }
        return webnav_wcwidth(characters[0]) == 2 ? 1 : 2
    }

    private func colorPair(for style: CellStyle) -> Int32? {
        guard colorMode != .none else { return 0 }
        let foreground = colorNumber(style.foreground)
        let background = colorNumber(style.background)
        if foreground == -1, background == -1 { return 0 }
        let key = UInt64(UInt32(bitPattern: foreground)) << 32 | UInt64(UInt32(bitPattern: background))
        if let pair = pairs[key] { return pair }
        guard nextPair < pairLimit, init_extended_pair(nextPair, foreground, background) != ERR else { return nil }
        pairs[key] = nextPair
        nextPair += 1
        return nextPair - 1
    }

    /// The ncurses colour number: -1 for the default, else per `colorMode`.
    private func colorNumber(_ color: TerminalColor) -> Int32 {
        guard case let .rgb(r, g, b) = color else { return -1 }
        switch colorMode {
        case .trueColor:
            // Direct-colour entries send values below 8 as palette colours 0–7.
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        case .ansi256: return Int32(ColorQuantizer.nearest256(red: r, green: g, blue: b))
        case .ansi8: return Int32(ColorQuantizer.nearest8(red: r, green: g, blue: b))
        case .none: return -1
        }
    }

    /// What ncurses' `endwin` would send, for the signal handlers.
    private static func restoreSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["sgr0", "cnorm", "rmkx"] {
            if let value = webnav_string_capability(name) { bytes += Array(String(cString: value).utf8) }
        }
        if webnav_string_capability("kmous") != nil {
            bytes += Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
        }
        if let value = webnav_string_capability("rmcup") { bytes += Array(String(cString: value).utf8) }
        return bytes
    }

    // MARK: Input

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// Milliseconds on the monotonic clock.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    private func functionKeyEvent(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_F0 + 1...KEY_F0 + 63: return .key(.function(Int(code - KEY_F0)))
        case KEY_RESIZE:
            size = TerminalSize(columns: Int(webnav_columns(window)), rows: Int(webnav_rows(window)))
            needsClear = true
            return .resize(columns: size.columns, rows: size.rows)
        case KEY_MOUSE:
            // Reports that arrive together are queued inside ncurses, newest first.
            var reports: [InputEvent] = []
            var event = MEVENT()
            while getmouse(&event) == OK {
                let kinds: [Int32: MouseEvent.Kind] = [1: .press, 2: .release, 3: .wheelUp, 4: .wheelDown]
                if let kind = kinds[webnav_mouse_kind(event.bstate)] {
                    reports.append(.mouse(MouseEvent(row: Int(event.y), column: Int(event.x), kind: kind)))
                }
            }
            queued.append(contentsOf: reports.reversed())
            return queued.isEmpty ? nil : queued.removeFirst()
        default: return nil
        }
    }

    private static func characterEvent(_ value: wint_t) -> InputEvent? {
        switch value {
        case 13, 10: return .key(.enter)
        case 9: return .key(.tab)
        case 127, 8: return .key(.backspace)
        case 27: return .key(.escape)
        case 0: return .key(.control("@"))
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(96 + value)))))
        case 28...31: return .key(.control(Character(Unicode.Scalar(UInt8(64 + value)))))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
