import Foundation
import PageKit

/// One load of a page, as the store hands it out, with its layouts computed once per options.
///
/// A class, so that every web view showing the page shares it: copying a web view costs one
/// reference, and two loads of the same URL (a file changed on disk in between) are two objects.
public final class StoredPage: @unchecked Sendable {
    /// The URL the page was loaded for, without its fragment.
    public let url: String
    public let page: LoadedPage
    private let lock = NSLock()
    private var layouts: [LayoutOptions: PageLayout] = [:]

    init(url: String, page: LoadedPage) {
        self.url = url
        self.page = page
    }

    /// The page laid out with `options`, computed on first use.
    public func layout(_ options: LayoutOptions) -> PageLayout {
        lock.lock()
        if let layout = layouts[options] {
            lock.unlock()
            return layout
        }
        lock.unlock()
        let layout = PageLayoutEngine.layout(page.document, baseURL: page.url, options: options)
        lock.lock()
        layouts[options] = layout
        lock.unlock()
        return layout
    }
}

/// Loaded pages, shared by every app of a run so each page is parsed once.
///
/// Safe to use from several threads (the flow runner's `--jobs`). With `revalidates`, a page
/// whose file changed on disk since it was parsed is parsed again (the terminal UI's reload).
public final class PageStore: @unchecked Sendable {
    private let reader: PageReader
    private let revalidates: Bool
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    private struct Entry {
        var stored: StoredPage
        var fileStamp: FileStamp?
    }

    private struct FileStamp: Equatable {
        var modified: Date
        var size: Int
    }

    public init(reader: PageReader, revalidates: Bool = false) {
        self.reader = reader
        self.revalidates = revalidates
    }

    /// The page at `url` (absolute), loading it on first use; a failure is an error page.
    public func page(at requested: String) -> StoredPage {
        let url = Self.removingFragment(requested)
        let stamp = revalidates ? Self.fileStamp(of: url) : nil
        lock.lock()
        if let entry = entries[url], entry.fileStamp == stamp {
            lock.unlock()
            return entry.stored
        }
        lock.unlock()
        let stored = StoredPage(url: url, page: load(url))
        lock.lock()
        defer { lock.unlock() }
        entries[url] = Entry(stored: stored, fileStamp: stamp)
        return stored
    }

    /// The page laid out with `options`, computed once per load and options.
    public func layout(of stored: StoredPage, options: LayoutOptions) -> PageLayout {
        stored.layout(options)
    }

    private func load(_ url: String) -> LoadedPage {
        if url == "about:blank" {
            return LoadedPage(url: URL(string: url)!, document: HTMLParser.parse(""), title: nil, isErrorPage: false)
        }
        guard let parsed = URL(string: url) else {
            return PageLoader.load(URL(string: "about:invalid")!, reader: reader)
        }
        return PageLoader.load(parsed, reader: reader)
    }

    private static func removingFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }

    private static func fileStamp(of url: String) -> FileStamp? {
        guard let parsed = URL(string: url), parsed.isFileURL,
              let attributes = try? FileManager.default.attributesOfItem(atPath: parsed.path),
              let modified = attributes[.modificationDate] as? Date,
              let size = (attributes[.size] as? NSNumber)?.intValue else { return nil }
        return FileStamp(modified: modified, size: size)
    }
}
