#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore

/// A report file (`--junit`, `--sarif`) written safely: checked before any flow runs, written to a
/// temporary file beside it and renamed over it, so that a reader never sees half a report,
/// a FIFO never blocks the run, and a failed write leaves the old file as it was.
struct ReportFile {
    let path: String
    private let folder: String
    /// What the report is, for messages: `JUnit report`, `SARIF report`.
    private let kind: String

    /// Checks that `path` can be written and is none of `inputs` (a flow given by mistake).
    init(path: String, inputs: [String], kind: String = "JUnit report") throws(UserError) {
        self.path = path
        self.kind = kind
        let parent = LocalPath.parent(path)
        folder = parent.isEmpty ? "." : parent
        if let target = Self.identity(of: path) {
            if inputs.contains(where: { Self.identity(of: $0) == target }) {
                throw UserError("refusing to write the \(kind) over an input file", path: path)
            }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw UserError("cannot write \(kind): Is a directory", path: path)
            }
        }
        // A trial file in the same folder proves that the rename at the end can happen.
        let trial = try makeTemporary()
        close(trial.descriptor)
        unlink(trial.path)
    }

    /// Writes `text` to a temporary file and renames it to `path`.
    func write(_ text: String) throws(UserError) {
        let temporary = try makeTemporary()
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(temporary.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return fsync(temporary.descriptor) == 0 || errno == EINVAL ? nil : errno
        }
        close(temporary.descriptor)
        if let failure {
            unlink(temporary.path)
            throw failed(failure)
        }
        guard rename(temporary.path, path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw failed(code)
        }
    }

    private func makeTemporary() throws(UserError) -> (descriptor: Int32, path: String) {
        var template = Array("\(folder)/.webnav-report-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failed(errno) }
        fchmod(descriptor, 0o644)
        return (descriptor, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private func failed(_ code: Int32) -> UserError {
        UserError("cannot write \(kind): \(String(cString: strerror(code)))", path: path)
    }

    /// The device and inode of an existing file, links followed.
    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
