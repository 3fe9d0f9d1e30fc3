import Glibc
import NavigatorCore

/// Standard output or standard error, written with `write(2)` so that every failure is seen.
///
/// All of webnav's output goes through here: text is passed through `VisibleText.escaping`
/// (newlines and tabs kept), so no control character or bidi override from input reaches the
/// terminal; a failed write is a `UserError`, which `Webnav.main` turns into exit 2.
struct StandardStream {
    let descriptor: Int32
    let name: String

    static let output = StandardStream(descriptor: STDOUT_FILENO, name: "standard output")
    static let error = StandardStream(descriptor: STDERR_FILENO, name: "standard error")

    /// Writes `text` and a newline, with unsafe characters escaped.
    func line(_ text: String) throws(UserError) {
        try raw(VisibleText.escaping(text, keepingLines: true) + "\n")
    }

    /// Writes text that is already safe as it is (escape sequences made by the ANSI renderer).
    func raw(_ text: String) throws(UserError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            throw UserError("cannot write to \(name): \(String(cString: strerror(failure)))")
        }
    }

    /// Prepares the process: SIGPIPE is ignored (a closed pipe is a write error like any other),
    /// and a standard descriptor that is closed is held by a read-only `/dev/null`, so files
    /// opened later never take its number and writes to it fail.
    static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// Numbers with a fixed count of decimals, exactly as `%.Nf` prints them: the binary value
/// rounded half to even (FoundationEssentials has no `String(format:)`).
enum FixedPoint {
    static func text(_ value: Double, digits: Int) -> String {
        guard value.isFinite, abs(value) < 0x1p53 else { return "\(value)" }
        let digits = max(0, min(digits, 9))
        var scale: UInt128 = 1
        for _ in 0..<digits { scale *= 10 }
        // |value| * 10^digits = significand * 10^digits * 2^exponent, rounded exactly.
        let significand = UInt128(value.significandBitPattern | (value.isNormal ? 1 << 52 : 0))
        let exponent = Int(value.exponentBitPattern == 0 ? -1074 : Int(value.exponentBitPattern) - 1075)
        var units = significand * scale
        if exponent >= 0 {
            units <<= UInt128(exponent)
        } else if exponent <= -120 {
            units = 0
        } else {
            let shift = UInt128(-exponent)
            let remainder = units & ((1 << shift) - 1)
            let half: UInt128 = 1 << (shift - 1)
            units >>= shift
            if remainder > half || (remainder == half && units & 1 == 1) { units += 1 }
        }
        var text = (value.sign == .minus ? "-" : "") + String(units / scale)
        if digits > 0 {
            let fraction = String(units % scale)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
