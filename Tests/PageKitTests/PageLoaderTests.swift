import Foundation
import XCTest
import PageKit
#if canImport(Glibc)
import Glibc
#endif

final class PageLoaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("PageLoaderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ html: String, to name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(html.utf8).write(to: url)
        return url
    }

    /// The dump of a loaded page, wide enough for long paths.
    private func dump(_ page: LoadedPage) -> String {
        PageDump.render(PageLayoutEngine.layout(page.document, baseURL: page.url, options: LayoutOptions(width: 300)))
    }

    private func assertErrorPage(_ page: LoadedPage, message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(page.isErrorPage, file: file, line: line)
        XCTAssertEqual(page.title, "Error", file: file, line: line)
        XCTAssertEqual(page.document.title, "Error", file: file, line: line)
        XCTAssertEqual(dump(page), "Error\n\n\(message)\n", file: file, line: line)
    }

    func testLoadsAFileIgnoringItsFragment() throws {
        let url = try write("<title>Products</title><p>All products</p>", to: "my page.html")
        let withFragment = URL(string: url.absoluteString + "#top")!
        let page = PageLoader.load(withFragment, reader: FilePageReader())
        XCTAssertFalse(page.isErrorPage)
        XCTAssertEqual(page.url, withFragment)
        XCTAssertEqual(page.title, "Products")
        XCTAssertEqual(dump(page), "All products\n")
    }

    func testMissingFile() {
        let url = directory.appendingPathComponent("missing.html")
        assertErrorPage(PageLoader.load(url, reader: FilePageReader()), message: "No such file: \(url.path)")
        let underAFile = directory.appendingPathComponent("missing.html/x.html")
        assertErrorPage(PageLoader.load(underAFile, reader: FilePageReader()), message: "No such file: \(underAFile.path)")
    }

    func testDirectory() {
        assertErrorPage(PageLoader.load(directory, reader: FilePageReader()), message: "Is a directory: \(directory.path)")
    }

    func testUnreadableFile() throws {
        var url = try write("<p>secret</p>", to: "secret.html")
        chmod(url.path, 0)
        if geteuid() == 0 {
            // Root reads any file; this one refuses reading even to root.
            url = URL(fileURLWithPath: "/proc/sys/vm/compact_memory")
            try XCTSkipUnless(FileManager.default.fileExists(atPath: url.path), "running as root without \(url.path)")
        }
        assertErrorPage(PageLoader.load(url, reader: FilePageReader()), message: "Permission denied: \(url.path)")
    }

    func testSpecialFile() throws {
        let fifo = directory.appendingPathComponent("pipe.html")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        assertErrorPage(PageLoader.load(fifo, reader: FilePageReader()), message: "Not a regular file: \(fifo.path)")
    }

    func testOversizedFile() throws {
        let url = try write(String(repeating: "x", count: 100), to: "big.html")
        assertErrorPage(PageLoader.load(url, reader: FilePageReader(sizeLimit: 64)),
                        message: "Too large (100 bytes, the limit is 64 bytes; the profile's pageSizeLimitMB sets it): \(url.path)")
        XCTAssertEqual(FilePageReader().sizeLimit, 1024 * 1024 * 1024)
    }

    func testOtherSchemes() {
        let url = URL(string: "https://example.com/index.html")!
        assertErrorPage(PageLoader.load(url, reader: FilePageReader()),
                        message: "Cannot read this kind of URL: https://example.com/index.html")
        XCTAssertThrowsError(try FilePageReader().read(url)) {
            XCTAssertEqual($0 as? PageReadError, .unsupportedScheme(url: "https://example.com/index.html"))
        }
    }

    func testReaderErrorsOfOtherTypes() {
        struct Offline: Error, CustomStringConvertible {
            var description: String { "The network is offline" }
        }
        struct FailingReader: PageReader {
            func read(_ url: URL) throws -> Data { throw Offline() }
            func canonicalPath(_ url: URL) -> String? { nil }
        }
        assertErrorPage(PageLoader.load(URL(string: "https://example.com/")!, reader: FailingReader()),
                        message: "The network is offline")
    }

    func testErrorMessagesAreTextNotMarkup() {
        let url = directory.appendingPathComponent("<b>&amp;.html")
        assertErrorPage(PageLoader.load(url, reader: FilePageReader()), message: "No such file: \(url.path)")
    }
}
