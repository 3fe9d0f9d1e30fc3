#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the bytes of a page.
public protocol PageReader: Sendable {
    /// The bytes at a URL; throws `PageReadError` (or another error) when they cannot be read.
    func read(_ url: URL) throws -> Data
    /// The path a `file:` URL names, percent-decoded, with `.` and `..` applied and every
    /// symbolic link resolved (`realpath`); nil when no such file or folder exists. Read access
    /// is decided on it (`FileReadAccess`).
    func canonicalPath(_ url: URL) -> String?
}

/// Why a page could not be read.
public enum PageReadError: Error, Equatable, Sendable {
    case notFound(path: String)
    case permissionDenied(path: String)
    case isDirectory(path: String)
    case tooLarge(path: String, size: Int, limit: Int)
    case notARegularFile(path: String)
    case unsupportedScheme(url: String)
    case unreadable(path: String, reason: String)

    /// A one-line explanation for the user.
    public var message: String {
        switch self {
        case .notFound(let path): return "No such file: \(path)"
        case .permissionDenied(let path): return "Permission denied: \(path)"
        case .isDirectory(let path): return "Is a directory: \(path)"
        case .tooLarge(let path, let size, let limit):
            return "Too large (\(size) bytes, the limit is \(limit) bytes; the profile's pageSizeLimitMB sets it): \(path)"
        case .notARegularFile(let path): return "Not a regular file: \(path)"
        case .unsupportedScheme(let url): return "Cannot read this kind of URL: \(url)"
        case .unreadable(let path, let reason): return "\(reason): \(path)"
        }
    }
}

/// Reads `file:` URLs from the local file system, ignoring any query or fragment.
public struct FilePageReader: PageReader {
    /// The largest page read, in bytes.
    public var sizeLimit: Int

    public init(sizeLimit: Int = PageLoader.sizeLimit) {
        self.sizeLimit = sizeLimit
    }

    public func read(_ url: URL) throws -> Data {
        guard url.isFileURL else { throw PageReadError.unsupportedScheme(url: url.absoluteString) }
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Self.error(errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(errno, path: path) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw PageReadError.isDirectory(path: path)
        default: throw PageReadError.notARegularFile(path: path)
        }
        let size = Int(status.st_size)
        guard size <= sizeLimit else { throw PageReadError.tooLarge(path: path, size: size, limit: sizeLimit) }
        var data = Data(count: size)
        var total = 0
        try data.withUnsafeMutableBytes { buffer in
            while total < size {
                let count = systemRead(descriptor, buffer.baseAddress! + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Self.error(errno, path: path)
                }
                if count == 0 { break }
                total += count
            }
        }
        if total < size { data.removeSubrange(total...) }
        return data
    }

    public func canonicalPath(_ url: URL) -> String? {
        guard url.isFileURL, !url.path.utf8.contains(0), let resolved = realpath(url.path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func error(_ code: Int32, path: String) -> PageReadError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EISDIR: return .isDirectory(path: path)
        default: return .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}

/// A page ready to lay out: its document, or an error page when it could not be read.
public struct LoadedPage: Sendable {
    public var url: URL
    public var document: HTMLDocument
    public var title: String?
    public var isErrorPage: Bool
    /// What the user should know about how the page was read, one line each
    /// (`unknown charset "foo" in <meta>: read as UTF-8`).
    public var warnings: [String]
    /// The style sheets it links to, read when it loaded.
    public var styleSheets: LinkedStyleSheets

    public init(url: URL, document: HTMLDocument, title: String?, isErrorPage: Bool, warnings: [String] = [],
                styleSheets: LinkedStyleSheets = LinkedStyleSheets()) {
        self.url = url
        self.document = document
        self.title = title
        self.isErrorPage = isErrorPage
        self.warnings = warnings
        self.styleSheets = styleSheets
    }
}

/// Loads pages; never fails: what cannot be read becomes an error page.
public enum PageLoader {
    /// The largest page loaded by default, in bytes (1 GB; a profile's `pageSizeLimitMB` sets
    /// another). It was 64 MB, which refused pages lynx dumps (issue 21).
    public static let sizeLimit = 1 << 30

    /// The largest style sheet read, in bytes (8 MB).
    public static let styleSheetSizeLimit = 8 << 20

    /// Reads and parses the page at a URL, or makes an error page saying why it could not.
    /// Style sheets it links to are read through `readStyleSheet`, by default the same
    /// reader for local files (http sheets will come through the network loader).
    /// `file` is where the bytes are read when that is not `url` itself (a permitted file's
    /// canonical path); the page keeps `url` as its address.
    public static func load(_ url: URL, readingFrom file: URL? = nil, reader: PageReader,
                            readStyleSheet: ((URL) -> Data?)? = nil) -> LoadedPage {
        let data: Data
        do {
            data = try reader.read(file ?? url)
        } catch let error as PageReadError {
            return errorPage(url, message: error.message)
        } catch {
            return errorPage(url, message: "\(error)")
        }
        guard data.count <= sizeLimit else {
            let location = url.isFileURL ? url.path : url.absoluteString
            return errorPage(url, message: PageReadError.tooLarge(path: location, size: data.count, limit: sizeLimit).message)
        }
        let (document, warnings) = HTMLParser.parseWithWarnings(data)
        let readSheet = readStyleSheet ?? { sheet in localStyleSheet(sheet, reader: reader) }
        let styleSheets = LinkedStyleSheets(document: document, pageURL: url.absoluteString, read: readSheet)
        return LoadedPage(url: url, document: document, title: document.title, isErrorPage: false, warnings: warnings,
                          styleSheets: styleSheets)
    }

    /// A linked style sheet that is a local file, read through the page's reader.
    public static func localStyleSheet(_ url: URL, reader: PageReader) -> Data? {
        guard url.isFileURL, let data = try? reader.read(url), data.count <= styleSheetSizeLimit else { return nil }
        return data
    }

    /// A page titled `Error` showing a message.
    public static func errorPage(_ url: URL, message: String) -> LoadedPage {
        var document = HTMLDocument()
        func element(_ name: String, in parent: NodeID, text: String? = nil) -> NodeID {
            let node = document.createElement(name)
            try? document.appendChild(node, to: parent)
            if let text { try? document.appendChild(document.createText(text), to: node) }
            return node
        }
        let html = element("html", in: document.root)
        let head = element("head", in: html)
        _ = element("title", in: head, text: "Error")
        let body = element("body", in: html)
        _ = element("h1", in: body, text: "Error")
        _ = element("p", in: body, text: message)
        return LoadedPage(url: url, document: document, title: document.title, isErrorPage: true)
    }
}
