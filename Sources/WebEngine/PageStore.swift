#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Threading
import PageKit

/// Loaded pages, shared by every app of a run so each page is read and parsed once.
///
/// Safe to use from several threads (the flow runner's `--jobs`): two threads asking for one
/// page at once wait for a single load. With `revalidates`, a page whose file changed on disk
/// since it was parsed is parsed again (the terminal UI's reload).
public final class PageStore: @unchecked Sendable {
    private let reader: PageReader
    private let revalidates: Bool
    private let condition = Condition()
    private var entries: [String: Entry] = [:]
    private var loading: Set<String> = []

    private struct Entry {
        var content: PageContent
        var fileStamp: FileStamp?
    }


    /// Whether http(s) pages are fetched; without, each such load fails at once, as on a device
    /// with no server to answer (the linter runs flows this way, never reaching the network).
    public let loadsRemotePages: Bool

    /// The largest page read, in bytes: a larger one becomes an error page.
    public let sizeLimit: Int

    public init(reader: PageReader, revalidates: Bool = false, loadsRemotePages: Bool = true, sizeLimit: Int = PageLoader.sizeLimit) {
        self.reader = reader
        self.sizeLimit = sizeLimit
        self.revalidates = revalidates
        self.loadsRemotePages = loadsRemotePages
    }

    /// The page at `url` (absolute, a fragment is ignored), loading it on first use; a failure
    /// is an error page. A `file:` page, and every style sheet it links to, is read only inside
    /// the folders of `access`, decided on its canonical path; a page outside them is refused.
    /// `mode` says how it is parsed (scripting, and where the script engine takes over).
    public func page(at requested: String, access: FileReadAccess, mode: ParseMode = .plain) -> Result<PageContent, FileReadRefusal> {
        let url = Self.removingFragment(requested)
        let modeKey = "\u{0}\(mode.scriptingEnabled ? 1 : 0)\(mode.runsUserScripts ? 1 : 0)"
        guard let parsed = URL(string: url), parsed.isFileURL else { return .success(cached(url + modeKey) { load(url, mode: mode) }) }
        switch access.permit(parsed, reader: reader) {
        case .success(let file):
            // The same page under other folders may link to other style sheets it can read.
            let key = ([url] + access.folders).joined(separator: "\u{0}") + modeKey
            return .success(cached(key, stampURL: url) { load(file, access: access, mode: mode) })
        case .failure(.notFound(_, let path)):
            return .success(PageContent(PageLoader.errorPage(parsed, message: PageReadError.notFound(path: path).message)))
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    private func cached(_ key: String, stampURL: String? = nil, load: () -> PageContent) -> PageContent {
        let stamp = revalidates ? FileStamp(fileURL: stampURL ?? key) : nil
        condition.lock()
        while loading.contains(key) { condition.wait() }
        if let entry = entries[key], entry.fileStamp == stamp {
            condition.unlock()
            return entry.content
        }
        loading.insert(key)
        condition.unlock()
        let fileStamp = stamp ?? FileStamp(fileURL: stampURL ?? key)
        var content = load()
        content.fileStamp = fileStamp
        condition.lock()
        entries[key] = Entry(content: content, fileStamp: stamp)
        loading.remove(key)
        condition.broadcast()
        condition.unlock()
        return content
    }

    /// A page loaded by `load` (over the network), shared by every app of the run when `load`
    /// says it may be: two threads asking at once wait for one load, and later requests get
    /// the same page until a `reload`.
    public func sharedPage(for url: String, reload: Bool, load: () -> (PageContent, reusable: Bool)) -> PageContent {
        let key = "remote " + url
        condition.lock()
        while loading.contains(key) { condition.wait() }
        if !reload, let entry = entries[key] {
            condition.unlock()
            return entry.content
        }
        loading.insert(key)
        condition.unlock()
        let (content, reusable) = load()
        condition.lock()
        entries[key] = reusable ? Entry(content: content, fileStamp: nil) : nil
        loading.remove(key)
        condition.broadcast()
        condition.unlock()
        return content
    }

    private func load(_ url: String, mode: ParseMode) -> PageContent {
        if url == "about:blank" { return .blank() }
        guard let parsed = URL(string: url) else {
            return PageContent(PageLoader.errorPage(URL(string: "about:invalid")!, message: PageReadError.unsupportedScheme(url: url).message))
        }
        return read(parsed, readingFrom: parsed, mode: mode) { _ in nil }
    }

    private func load(_ file: PermittedFile, access: FileReadAccess, mode: ParseMode) -> PageContent {
        read(file.url, readingFrom: file.canonicalURL, mode: mode) { sheet in
            guard case .success(let permitted) = access.permit(sheet, reader: self.reader) else { return nil }
            return PageLoader.localStyleSheet(permitted.canonicalURL, reader: self.reader)
        }
    }

    /// A page read through the reader and parsed; what cannot be read becomes an error page.
    private func read(_ url: URL, readingFrom file: URL, mode: ParseMode, readStyleSheet: (URL) -> Data?) -> PageContent {
        let data: Data
        do {
            data = try reader.read(file)
        } catch let error as PageReadError {
            return PageContent(PageLoader.errorPage(url, message: error.message))
        } catch {
            return PageContent(PageLoader.errorPage(url, message: "\(error)"))
        }
        guard data.count <= sizeLimit else {
            let location = url.isFileURL ? url.path : url.absoluteString
            return PageContent(PageLoader.errorPage(url, message: PageReadError.tooLarge(path: location, size: data.count, limit: sizeLimit).message))
        }
        return PageContent.parsing(data, url: url.absoluteString, mode: mode, readStyleSheet: readStyleSheet)
    }

    /// The bytes of a file a page's script asks for (`<script src>`, `fetch`, `XMLHttpRequest`),
    /// once the access rules permitted it, read at its canonical path.
    public func read(_ file: PermittedFile) throws -> Data {
        try reader.read(file.canonicalURL)
    }

    /// Whether `url` may be read under `access`, through this store's reader.
    public func permit(_ url: URL, access: FileReadAccess) -> Result<PermittedFile, FileReadRefusal> {
        access.permit(url, reader: reader)
    }

    /// Read access to a folder, as this store's reader resolves it.
    public func grant(folder: URL, to access: inout FileReadAccess) {
        access.grant(folder: folder, reader: reader)
    }

    private static func removingFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }

}

/// What a file looked like when it was looked at: modification time, size and inode, so a
/// save by renaming a new file into place counts as a change too.
public struct FileStamp: Equatable, Sendable {
    public var seconds: Int
    public var nanoseconds: Int
    public var size: Int
    public var inode: UInt

    /// The file's stamp; nil when it does not exist.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        seconds = Int(status.st_mtim.tv_sec)
        nanoseconds = Int(status.st_mtim.tv_nsec)
        size = Int(status.st_size)
        inode = UInt(status.st_ino)
    }

    /// The stamp of a `file:` URL's file; nil for other URLs.
    public init?(fileURL url: String) {
        guard let parsed = URL(string: url), parsed.isFileURL else { return nil }
        self.init(path: parsed.path)
    }
}
