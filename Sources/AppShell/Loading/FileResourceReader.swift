#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import URLKit

/// Reads `file:` URLs inside one folder, as `loadFileURL(_:allowingReadAccessTo:)` lets a
/// WKWebView read only under the folder it names.
struct FileResourceReader: Sendable {
    /// The folder the web view may read (symbolic links resolved); nil refuses every file.
    let folder: String?
    let sizeLimit: Int

    init(folder: String?, sizeLimit: Int) {
        self.folder = folder.flatMap(Self.realPath) ?? folder
        self.sizeLimit = sizeLimit
    }

    /// The file's bytes as a response (no status), or why it cannot be read.
    func read(_ url: String) -> Result<LoadResponse, LoadFailure> {
        func failure(_ code: URLErrorCode, _ detail: String) -> Result<LoadResponse, LoadFailure> {
            .failure(LoadFailure(url: url, code: code, detail: detail))
        }
        let parsed = WebURL(url)
        if let host = parsed.host, !host.isEmpty, host.lowercased() != "localhost" {
            return failure(.unsupportedURL, "a file URL on another host (\(host))")
        }
        guard let path = PercentEncoding.decode(Array(parsed.path.utf8)), path.hasPrefix("/") else {
            return failure(.badURL, "not a file path")
        }
        guard let folder else { return failure(.noPermissionsToReadFile, "no folder may be read") }
        guard !path.utf8.contains(0) else { return failure(.fileDoesNotExist, "no such file: \(path)") }
        let resolved: String
        switch Self.resolve(path) {
        case .success(let real): resolved = real
        case .failure(let error):
            let code = error.code
            switch code {
            case ENOENT, ENOTDIR: return failure(.fileDoesNotExist, "no such file: \(path)")
            case ELOOP: return failure(.resourceUnavailable, "symbolic link loop: \(path)")
            case EACCES, EPERM: return failure(.noPermissionsToReadFile, "permission denied: \(path)")
            default: return failure(.resourceUnavailable, "\(String(cString: strerror(code))): \(path)")
            }
        }
        guard resolved == folder || resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            return failure(.noPermissionsToReadFile, "outside the pages folder \(folder): \(path)")
        }
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { return failure(.noPermissionsToReadFile, "permission denied: \(path)") }
            return failure(.resourceUnavailable, "\(String(cString: strerror(code))): \(path)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failure(.resourceUnavailable, "cannot read: \(path)") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failure(.fileIsDirectory, "a folder, not a page: \(path)")
        case S_IFIFO: return failure(.resourceUnavailable, "a FIFO, not a page: \(path)")
        case S_IFCHR: return failure(.resourceUnavailable, "a device, not a page: \(path)")
        case S_IFSOCK: return failure(.resourceUnavailable, "a socket, not a page: \(path)")
        default: return failure(.resourceUnavailable, "not a regular file: \(path)")
        }
        let size = Int(status.st_size)
        if size > sizeLimit { return failure(.dataLengthExceedsMaximum, Self.tooLarge(size, limit: sizeLimit)) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return failure(.resourceUnavailable, "\(String(cString: strerror(errno))): \(path)")
            }
            if count == 0 { break }
            total += count
            if total > sizeLimit { return failure(.dataLengthExceedsMaximum, Self.tooLarge(total, limit: sizeLimit)) }
        }
        bytes.removeSubrange(total...)
        var headers: HTTPHeaders = ["Content-Length": String(total)]
        if let type = Self.mimeType(forPath: resolved) { headers.set("Content-Type", type) }
        return .success(LoadResponse(url: url, finalURL: url, status: nil, headers: headers, body: bytes))
    }

    /// `too large, 100 MB, limit 64 MB`.
    static func tooLarge(_ size: Int, limit: Int) -> String {
        "too large, \(megabytes(size)), limit \(megabytes(limit))"
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : LoadEvent.formatSize(bytes)
    }

    /// The type WebKit gives a file by its extension (the common ones).
    static func mimeType(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html"
        case "xhtml": return "application/xhtml+xml"
        case "css": return "text/css"
        case "js", "mjs": return "text/javascript"
        case "json": return "application/json"
        case "txt": return "text/plain"
        case "xml": return "text/xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        default: return nil
        }
    }

    static func realPath(_ path: String) -> String? {
        if case .success(let resolved) = resolve(path) { return resolved }
        return nil
    }

    private struct SystemError: Error {
        let code: Int32
    }

    private static func resolve(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(SystemError(code: errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}
