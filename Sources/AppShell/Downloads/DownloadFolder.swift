#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import NavigatorCore

/// Where `app.saveDownload` files go (`--downloads DIR`, default `webnav-downloads/`), bridge.md §5:
/// names are sanitised so nothing is written outside the folder, and nothing is overwritten
/// (`report.txt`, then `report (1).txt`, `report (2).txt`…).
public struct DownloadFolder: Sendable {
    /// The default folder, relative to the working directory.
    public static let defaultPath = "webnav-downloads"
    /// The most numbered names tried before giving up.
    static let maximumCopies = 10_000

    /// Writes bytes to a descriptor as `write(2)` does (tests inject a full disk).
    public typealias Writer = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    public let path: String
    private let writer: Writer

    public init(path: String, writer: @escaping Writer = { descriptor, bytes, count in Glibc.write(descriptor, bytes, count) }) {
        self.path = path
        self.writer = writer
    }

    /// Why a download was not saved.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// Saves bytes under the sanitised name (numbered if taken); returns the name used.
    ///
    /// The bytes go to a hidden temporary file in the folder first (`mkstemp`, so a planted
    /// name is never written through); only when all of them are written is the file linked
    /// under its name, which fails rather than replaces when the name is taken (an existing
    /// file or a symbolic link). A failed write (a full disk) removes the temporary file, so
    /// it leaves neither a truncated file nor a taken name behind.
    public func save(_ data: Data, suggestedName: String) -> Result<String, Failure> {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return .failure(Failure(message: "cannot create \(path)"))
        }
        let name = Self.sanitisedName(suggestedName)
        var template = Array(Self.joined(path, ".webnav-download-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(Failure(message: "cannot write in \(path): \(String(cString: strerror(errno)))")) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        let failure = write(data, to: descriptor)
        close(descriptor)
        if let failure { return .failure(Failure(message: "cannot write \(name): \(failure)")) }
        let (stem, suffix) = Self.split(name)
        for copy in 0...Self.maximumCopies {
            let candidate = copy == 0 ? name : "\(stem) (\(copy))\(suffix)"
            if link(temporary, Self.joined(path, candidate)) == 0 { return .success(candidate) }
            if errno == EEXIST { continue }
            return .failure(Failure(message: "cannot write \(Self.joined(path, candidate)): \(String(cString: strerror(errno)))"))
        }
        return .failure(Failure(message: "too many files named \(name) in \(path)"))
    }

    /// Writes every byte and makes them durable; the reason when that fails.
    private func write(_ data: Data, to descriptor: Int32) -> String? {
        guard fchmod(descriptor, 0o644) == 0 else { return String(cString: strerror(errno)) }
        let failed = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = writer(descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                if count == 0 {
                    errno = ENOSPC
                    return true
                }
                offset += count
            }
            return false
        }
        if failed || fsync(descriptor) != 0 { return String(cString: strerror(errno)) }
        return nil
    }

    /// A file name that stays in the folder and shows what it is: path separators become `_`,
    /// `.` and `..` components go, and so do control characters and bidi embeddings, overrides
    /// and isolates (`VisibleText.isUnsafe`: `invoice\u{202E}txt.exe` would show as
    /// `invoiceexe.txt`); the name is in Unicode's composed form (NFC), as APFS compares names,
    /// so `café` typed two ways is one name; leading dots and spaces are dropped, the name is
    /// cut to 200 UTF-8 bytes (keeping its extension); an empty result is `download`.
    public static func sanitisedName(_ name: String) -> String {
        let composed = String(decoding: name._nfcCodeUnits, as: UTF8.self)
        let components = composed.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            .map { String($0.unicodeScalars.filter { !VisibleText.isUnsafe($0) }) }
            .map(trimmingSpaces)
            .filter { !$0.isEmpty && $0 != "." && $0 != ".." }
        var result = components.joined(separator: "_")
        while result.hasPrefix(".") || result.hasPrefix(" ") { result.removeFirst() }
        if result.utf8.count > 200 {
            let (stem, suffix) = split(result)
            let keptSuffix = suffix.utf8.count <= 20 ? suffix : ""
            var cut = ""
            for character in stem {
                guard cut.utf8.count + character.utf8.count + keptSuffix.utf8.count <= 200 else { break }
                cut.append(character)
            }
            result = cut + keptSuffix
        }
        return result.isEmpty ? "download" : result
    }

    /// `folder` and `name` as `NSString.appendingPathComponent` joins them: a `/` between unless
    /// the folder is empty or already ends in one.
    static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The text without `CharacterSet.whitespaces` at either end: tab, space, U+00A0, U+1680,
    /// U+2000–U+200B, U+202F, U+205F, U+3000 (Core Foundation's list, which keeps U+200B).
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
            default: return false
            }
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }

    /// `report.txt` → (`report`, `.txt`); a name without an extension has an empty suffix.
    static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
