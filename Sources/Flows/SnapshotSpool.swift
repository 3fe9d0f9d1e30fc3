import Glibc

/// The screens a flow's `snapshot` steps took, kept on disk as they are taken, so that a flow
/// of many large snapshots holds one in memory at a time (a 1000x1000 screen is megabytes).
///
/// The spool is an unlinked temporary file (`tmpfile`), gone when the spool is; where no
/// temporary file can be made, the snapshots stay in memory.
public final class SnapshotSpool: @unchecked Sendable {
    private var file: UnsafeMutablePointer<FILE>?
    /// Each snapshot's byte range in the file, or its lines when the file failed.
    private var entries: [Entry] = []
    private var end = 0

    private enum Entry {
        case stored(offset: Int, length: Int)
        case inMemory([String])
    }

    public init() {}

    deinit {
        if let file { fclose(file) }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Keeps a snapshot.
    public func append(_ lines: [String]) {
        if file == nil, entries.isEmpty { file = tmpfile() }
        guard let file else { entries.append(.inMemory(lines)); return }
        var text = lines.joined(separator: "\n")
        let written = text.withUTF8 { bytes -> Int in
            guard fseek(file, end, SEEK_SET) == 0 else { return -1 }
            return bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, file)
        }
        guard written == text.utf8.count else { entries.append(.inMemory(lines)); return }
        entries.append(.stored(offset: end, length: written))
        end += written
    }

    /// The snapshot at `index` (0-based), read back from the spool.
    public func snapshot(at index: Int) -> [String] {
        switch entries[index] {
        case .inMemory(let lines): return lines
        case .stored(let offset, let length):
            guard let file, fflush(file) == 0, fseek(file, offset, SEEK_SET) == 0 else { return ["(the snapshot could not be read back)"] }
            var bytes = [UInt8](repeating: 0, count: length)
            let read = length == 0 ? 0 : bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, length, file) }
            guard read == length else { return ["(the snapshot could not be read back)"] }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
