import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair for driving `NcursesTerminal` in-process: the terminal
/// opens the slave side; the test types into and reads everything sent to the master.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var readerDone = false

    init(columns: Int, rows: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw NSError(domain: "PseudoTerminal", code: Int(errno))
        }
        self.master = master
        self.slave = slave
        let reader = Thread { [self] in readUntilClosed() }
        reader.start()
    }

    /// Types `text` as if on the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the window size (the caller raises SIGWINCH: the test process does not
    /// have this terminal as its controlling terminal).
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Everything sent to the terminal since the last call, once output has been
    /// quiet for `quiet` seconds.
    func takeOutput(quiet: TimeInterval = 0.05) -> [UInt8] {
        var last = -1
        while true {
            let count = lock.withLock { received.count }
            if count == last { break }
            last = count
            Thread.sleep(forTimeInterval: quiet)
        }
        return lock.withLock {
            defer { received.removeAll() }
            return received
        }
    }

    func takeText(quiet: TimeInterval = 0.05) -> String {
        String(decoding: takeOutput(quiet: quiet), as: UTF8.self)
    }

    /// The slave's current line-discipline flags.
    func localModes() -> tcflag_t {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes.c_lflag
    }

    func close() {
        Glibc.close(slave)
        for _ in 0..<100 where !lock.withLock({ readerDone }) { Thread.sleep(forTimeInterval: 0.01) }
        Glibc.close(master)
    }

    private func readUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            lock.withLock { received.append(contentsOf: buffer[0..<count]) }
        }
        lock.withLock { readerDone = true }
    }
}
