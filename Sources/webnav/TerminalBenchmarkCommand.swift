#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import Flows
import NavigatorCore
import Simulator
import TerminalApp
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// `webnav __bench-terminal PAGE` (hidden; `Scripts/bench.py` runs it): what the terminal UI
/// costs on a big page, drawn by `NcursesTerminal` into a pseudo-terminal whose output is counted.
///
/// Prints the time from the start to the first frame (load, parse, layout, render, draw), the
/// CPU time of one ↓ press and its frame (handle, render, diff, ncurses output) averaged over
/// 200 presses, and the bytes sent to the terminal for one line of scrolling, a page down and
/// the first, full frame.
enum TerminalBenchmarkCommand {
    static let name = "__bench-terminal"
    static let presses = 200

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.count == 1, let path = arguments.first else {
            throw UserError("usage: webnav \(name) PAGE")
        }
        let start = ContinuousClock.now
        let page = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: page.path) else { throw UserError("no such page", path: path) }
        let output = try PseudoTerminalOutput(columns: 80, rows: 24)
        var environment = ProcessInfo.processInfo.environment
        if (environment["TERM"] ?? "").isEmpty || environment["TERM"] == "dumb" { environment["TERM"] = "xterm-256color" }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(environment: environment, input: output.terminalSide, output: output.terminalSide)
        } catch {
            throw UserError("cannot start ncurses on a pseudo-terminal: \(error)")
        }
        defer { terminal.close() }

        let profile = AppProfile(root: AppProfile.RootPage(url: page.absoluteString))
        let host = AppHost(profile: profile, pagesBase: page.deletingLastPathComponent(),
                           store: PageStore(reader: LocalAndRemotePageReader(), revalidates: true), clock: .real,
                           makesScriptEngineAhead: true)
        var state = TerminalAppState(app: host.perform(.launch).app, size: terminal.size,
                                     parser: FlowParser { url in throw UserError("no files here", path: url.path) })
        terminal.draw(state.render(now: .now, clock: DeviceRenderer.fixedClock))
        let firstFrame = ContinuousClock.now - start
        let fullRedrawBytes = output.takeCount()

        var cpu = Duration.zero
        var wall = Duration.zero
        for _ in 0..<presses {
            let cpuBefore = threadCPUTime()
            let wallBefore = ContinuousClock.now
            _ = state.handle(.key(.down), now: .now)
            terminal.draw(state.render(now: .now, clock: DeviceRenderer.fixedClock))
            wall += ContinuousClock.now - wallBefore
            cpu += threadCPUTime() - cpuBefore
        }
        _ = output.takeCount()
        _ = state.handle(.key(.down), now: .now)
        terminal.draw(state.render(now: .now, clock: DeviceRenderer.fixedClock))
        let scrollBytes = output.takeCount()
        _ = state.handle(.key(.pageDown), now: .now)
        terminal.draw(state.render(now: .now, clock: DeviceRenderer.fixedClock))
        let pageBytes = output.takeCount()

        let lines = state.app.top.map { state.app.layout(of: $0.id, width: DeviceRenderer.webViewContentWidth(columns: 80)).lines.count } ?? 0
        print("page: \(path), \(lines) lines at 80x24 (\(terminal.terminalName), \(terminal.colorMode.rawValue))")
        print("first frame: \(milliseconds(firstFrame)) ms (load, parse, lay out, render, draw)")
        print("scroll key: \(milliseconds(cpu / presses, digits: 3)) ms CPU per frame (\(presses) presses; \(milliseconds(wall / presses, digits: 3)) ms wall)")
        print("bytes for one-line scroll: \(scrollBytes); page down: \(pageBytes); full redraw: \(fullRedrawBytes) (the first frame)")
        return 0
    }

    private static func milliseconds(_ duration: Duration, digits: Int = 1) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return FixedPoint.text(value, digits: digits)
    }

    /// The CPU time of the calling thread (the pseudo-terminal's reader runs on another).
    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// A pseudo-terminal whose output a thread reads and counts, as a terminal emulator would.
private final class PseudoTerminalOutput: @unchecked Sendable {
    /// The side a program draws on.
    let terminalSide: Int32
    private let controllerSide: Int32
    private let lock = Lock()
    private var count = 0

    init(columns: Int, rows: Int) throws(UserError) {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else {
            throw UserError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        controllerSide = controller
        terminalSide = terminal
        Threads.start { [self] in readUntilClosed() }
    }

    /// The bytes received since the last call, once the output has been quiet for 50 ms.
    func takeCount() -> Int {
        var last = -1
        while true {
            let current = lock.withLock { count }
            if current == last { break }
            last = current
            Threads.sleep(for: .milliseconds(50))
        }
        return lock.withLock {
            defer { count = 0 }
            return count
        }
    }

    private func readUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let received = buffer.withUnsafeMutableBytes { read(controllerSide, $0.baseAddress, $0.count) }
            if received <= 0 { return }
            lock.withLock { count += received }
        }
    }
}
