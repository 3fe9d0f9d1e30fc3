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
