#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where `app.saveDownload` files go (`--downloads DIR`, default `webnav-downloads/`), bridge.md §5:
/// names are sanitised so nothing is written outside the folder, and nothing is overwritten
/// (`report.txt`, then `report (1).txt`, `report (2).txt`…).
public struct DownloadFolder: Sendable {
    /// The default folder, relative to the working directory.
    public static let defaultPath = "webnav-downloads"
    /// The most numbered names tried before giving up.
    static let maximumCopies = 10_000

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Why a download was not saved.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// Saves bytes under the sanitised name (numbered if taken); returns the name used.
    ///
    /// The file is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so an existing file or a
    /// symbolic link planted under the name is never written through.
    public func save(_ data: Data, suggestedName: String) -> Result<String, Failure> {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            return .failure(Failure(message: "cannot create \(path)"))
        }
        let name = Self.sanitisedName(suggestedName)
        let (stem, suffix) = Self.split(name)
        for copy in 0...Self.maximumCopies {
            let candidate = copy == 0 ? name : "\(stem) (\(copy))\(suffix)"
            let full = Self.joined(path, candidate)
            let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST || errno == ELOOP { continue }
                return .failure(Failure(message: "cannot write \(full): \(String(cString: strerror(errno)))"))
            }
            defer { close(descriptor) }
            let written = data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let count = write(descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += count
                }
                return true
            }
            guard written else { return .failure(Failure(message: "cannot write \(full): \(String(cString: strerror(errno)))")) }
            return .success(candidate)
        }
        return .failure(Failure(message: "too many files named \(name) in \(path)"))
    }

    /// A file name that stays in the folder: path separators become `_`, `.` and `..`
    /// components and control characters go, leading dots and spaces are dropped, the name is
    /// cut to 200 UTF-8 bytes (keeping its extension); an empty result is `download`.
    public static func sanitisedName(_ name: String) -> String {
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            .map { String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }) }
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
