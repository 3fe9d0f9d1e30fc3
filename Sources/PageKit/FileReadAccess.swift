#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folders a web view may read `file:` URLs under, as WKWebView's
/// `loadFileURL(_:allowingReadAccessTo:)` grants them: nothing outside them.
///
/// Access is decided on the canonical path (percent-decoded, `.` and `..` applied, every
/// symbolic link resolved, through the reader that will read the file), never on the URL's
/// text: `%2e%2e/`, `..%2f` and a link from inside the folder to outside it all land where they
/// point, and are refused there.
public struct FileReadAccess: Hashable, Sendable {
    /// The canonical paths of the folders, without a trailing slash (`/` for the root).
    public private(set) var folders: [String] = []

    public init() {}

    /// Read access to a folder (a file URL or path, symbolic links resolved as `reader` sees them).
    public mutating func grant(folder: URL, reader: PageReader) {
        let path = reader.canonicalPath(folder) ?? Self.lexicalPath(folder.path)
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if !folders.contains(trimmed) { folders.append(trimmed) }
    }

    /// The file `url` names when it lies inside one of the folders, or why it may not be read.
    public func permit(_ url: URL, reader: PageReader) -> Result<PermittedFile, FileReadRefusal> {
        guard url.isFileURL else { return .failure(.notAFile(url: url.absoluteString)) }
        if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            return .failure(.otherHost(url: url.absoluteString, host: host))
        }
        let decoded = url.path
        guard !decoded.utf8.contains(0) else { return .failure(.outside(url: url.absoluteString)) }
        guard let canonical = reader.canonicalPath(url) else {
            // A file that does not exist: say so only inside the folders, or the answer would
            // tell a page which files exist outside them.
            guard contains(Self.lexicalPath(decoded)) else { return .failure(.outside(url: url.absoluteString)) }
            return .failure(.notFound(url: url.absoluteString, path: decoded))
        }
        guard contains(canonical) else { return .failure(.outside(url: url.absoluteString)) }
        return .success(PermittedFile(url: url, canonicalPath: canonical))
    }

    /// Whether a canonical path is one of the folders or lies under one.
    public func contains(_ path: String) -> Bool {
        folders.contains { folder in
            folder == "/" || path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
        }
    }

    /// A path with `.` and `..` segments applied and repeated slashes merged, without looking at
    /// the file system (for readers that have no symbolic links, and for files that do not exist).
    public static func lexicalPath(_ path: String) -> String {
        var kept: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !kept.isEmpty { kept.removeLast() }
            default: kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }
}

/// A file the access rules let a web view read: the URL as the page asked for it (the page's
/// own address, its links' base) and the canonical path that is read.
///
/// Only `FileReadAccess.permit` makes one, so a file is read only after its path was checked.
public struct PermittedFile: Hashable, Sendable {
    public let url: URL
    public let canonicalPath: String

    fileprivate init(url: URL, canonicalPath: String) {
        self.url = url
        self.canonicalPath = canonicalPath
    }

    /// The canonical path as a file URL, for the reader.
    public var canonicalURL: URL { URL(fileURLWithPath: canonicalPath) }
}

/// Why a web view may not read a `file:` URL.
public enum FileReadRefusal: Error, Equatable, Sendable {
    case notAFile(url: String)
    case otherHost(url: String, host: String)
    /// Outside every folder the app gave read access to (or a path no file can have).
    case outside(url: String)
    /// Inside a folder, but no such file.
    case notFound(url: String, path: String)

    /// A one-line explanation for the user.
    public var message: String {
        switch self {
        case .notAFile(let url): return "not a file URL: \(url)"
        case .otherHost(_, let host): return "a file URL on another host (\(host))"
        case .outside: return "the file is outside the folder the app gave the web view read access to"
        case .notFound(_, let path): return "No such file: \(path)"
        }
    }
}
