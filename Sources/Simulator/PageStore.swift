import Foundation
import PageKit

/// Loaded pages, shared by every app of a run so each page is read and parsed once.
///
/// Safe to use from several threads (the flow runner's `--jobs`): two threads asking for one
/// page at once wait for a single load. With `revalidates`, a page whose file changed on disk
/// since it was parsed is parsed again (the terminal UI's reload).
public final class PageStore: @unchecked Sendable {
    private let reader: PageReader
    private let revalidates: Bool
    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]
    private var loading: Set<String> = []

    private struct Entry {
        var content: PageContent
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

    /// The page at `url` (absolute, a fragment is ignored), loading it on first use; a failure
    /// is an error page.
    public func page(at requested: String) -> PageContent {
        let url = Self.removingFragment(requested)
        let stamp = revalidates ? Self.fileStamp(of: url) : nil
        condition.lock()
        while loading.contains(url) { condition.wait() }
        if let entry = entries[url], entry.fileStamp == stamp {
            condition.unlock()
            return entry.content
        }
        loading.insert(url)
        condition.unlock()
        let content = load(url)
        condition.lock()
        entries[url] = Entry(content: content, fileStamp: stamp)
        loading.remove(url)
        condition.broadcast()
        condition.unlock()
        return content
    }

    private func load(_ url: String) -> PageContent {
        if url == "about:blank" { return .blank() }
        guard let parsed = URL(string: url) else {
            return PageContent(PageLoader.load(URL(string: "about:invalid")!, reader: reader))
        }
        return PageContent(PageLoader.load(parsed, reader: reader))
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
