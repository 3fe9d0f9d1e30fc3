import Foundation
import PageKit

/// A loaded page as the store handed it out: the page and the load it came from.
public struct StoredPage: Sendable {
    /// The URL the page was loaded for, without its fragment.
    public var url: String
    public var page: LoadedPage
    /// Distinguishes two loads of the same URL (a file changed on disk in between).
    public var generation: Int
}

/// Loaded pages and their layouts, shared by every app of a run so each page is parsed once.
///
/// Safe to use from several threads (the flow runner's `--jobs`). With `revalidates`, a page
/// whose file changed on disk since it was parsed is parsed again (the terminal UI's reload).
public final class PageStore: @unchecked Sendable {
    private let reader: PageReader
    private let revalidates: Bool
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var nextGeneration = 1

    private struct Entry {
        var stored: StoredPage
        var fileStamp: FileStamp?
        var layouts: [LayoutOptions: PageLayout] = [:]
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
        let loaded = load(url)
        lock.lock()
        defer { lock.unlock() }
        let stored = StoredPage(url: url, page: loaded, generation: nextGeneration)
        nextGeneration += 1
        entries[url] = Entry(stored: stored, fileStamp: stamp)
        return stored
    }

    /// The page laid out with `options`, computed once per load and options.
    public func layout(of stored: StoredPage, options: LayoutOptions) -> PageLayout {
        let key = stored.url
        lock.lock()
        if let entry = entries[key], entry.stored.generation == stored.generation, let layout = entry.layouts[options] {
            lock.unlock()
            return layout
        }
        lock.unlock()
        let layout = PageLayoutEngine.layout(stored.page.document, baseURL: stored.page.url, options: options)
        lock.lock()
        if entries[key]?.stored.generation == stored.generation { entries[key]?.layouts[options] = layout }
        lock.unlock()
        return layout
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
