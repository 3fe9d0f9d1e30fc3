import AppShell
import NavigatorCore
import Foundation
import TestSupport
import XCTest

final class WebStorageTests: XCTestCase {
    func testOriginsFilePagesShareOne() {
        XCTAssertEqual(WebStorage.origin(of: "file:///app/Pages/index.html"), "file://")
        XCTAssertEqual(WebStorage.origin(of: "file:///other/page.html"), "file://")
        XCTAssertEqual(WebStorage.origin(of: "HTTPS://Example.com:443/a?b"), "https://example.com")
        XCTAssertEqual(WebStorage.origin(of: "http://example.com:8080/"), "http://example.com:8080")
        XCTAssertEqual(WebStorage.origin(of: "data:text/html,hi"), nil)
        XCTAssertEqual(WebStorage.origin(of: "about:blank"), nil)
    }

    func testItemsKeysAndQuotaCountedAsWebKitDoes() {
        var storage = WebStorage(quota: 20)
        XCTAssertEqual(storage.setItem("a", "12345", origin: "file://"), nil)
        XCTAssertEqual(storage.setItem("b", "é", origin: "file://"), nil)
        XCTAssertEqual(storage.area(for: "file://").usedBytes, 8)
        XCTAssertEqual(storage.setItem("c", "한", origin: "file://"), nil)
        XCTAssertEqual(storage.area(for: "file://").usedBytes, 11)
        XCTAssertEqual(storage.setItem("d", String(repeating: "x", count: 9), origin: "file://"), StorageQuotaExceeded(quota: 20))
        XCTAssertEqual(storage.setItem("a", String(repeating: "x", count: 13), origin: "file://"), nil)
        XCTAssertEqual(storage.area(for: "file://").usedBytes, 19)
        XCTAssertEqual(storage.setItem("z", "", origin: "http://other"), nil)
        let area = storage.area(for: "file://")
        XCTAssertEqual(area.keys, ["a", "b", "c"])
        XCTAssertEqual((0..<4).map { area.key(at: $0) }, ["a", "b", "c", nil])
        XCTAssertEqual(area.getItem("c"), "한")
        storage.removeItem("b", origin: "file://")
        XCTAssertEqual(storage.area(for: "file://").keys, ["a", "c"])
        XCTAssertEqual(storage.area(for: "file://").usedBytes, 17)
        storage.clear(origin: "file://")
        XCTAssertEqual(storage.areas.keys.sorted(), ["http://other"])
        XCTAssertEqual(WebStorage().quota, 5_242_880)
        XCTAssertEqual("\(StorageQuotaExceeded(quota: 1))", "QuotaExceededError: The quota has been exceeded.")
    }

    func testDataDirectoryKeepsPersistentCookiesAndLocalStorage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = 1_800_000_000.0
        var store = WebsiteDataStore(cookies: CookieJar(publicSuffixes: PublicSuffixList(text: "com")), isPersistent: true)
        store.cookies.receive(setCookie: ["keep=1; Max-Age=600", "session=1", "also=2; Max-Age=600; Path=/x"], from: "https://example.com/", now: now)
        _ = store.localStorage.setItem("k", "v", origin: "file://")
        _ = store.localStorage.setItem("a", "b", origin: "https://example.com")
        let directory = DataDirectory(path: folder)
        try directory.save(store, now: now)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["cookies.json", "localStorage.json"])
        let loaded = try directory.load(policy: CookiePolicy(), now: now + 1)
        XCTAssertEqual(loaded.cookies.cookies.map { "\($0.name)=\($0.value) \($0.path) \($0.expires.map { String($0 - now) } ?? "")" },
                       ["keep=1 / 600.0", "also=2 /x 600.0"])
        XCTAssertEqual(loaded.localStorage, store.localStorage)
        XCTAssertEqual(try directory.load(policy: CookiePolicy(), now: now + 601).cookies.cookies, [])

        try Data("{".utf8).write(to: URL(fileURLWithPath: directory.cookiesPath))
        XCTAssertThrowsError(try directory.load(policy: CookiePolicy(), now: now)) { error in
            XCTAssertEqual("\(error)", "\(folder)/cookies.json: not a webnav cookies file")
        }
        try directory.save(WebsiteDataStore(isPersistent: false), now: now)
        XCTAssertEqual(try String(contentsOfFile: directory.cookiesPath, encoding: .utf8), "{")
        XCTAssertEqual(WebsiteDataStore.forNewScreen(mode: .shared, policy: CookiePolicy()), nil)
        XCTAssertEqual(WebsiteDataStore.forNewScreen(mode: .perScreen, policy: CookiePolicy())?.isPersistent, false)
    }
}

extension WebStorageTests {
    /// Issue 23, item 11: a page's bidi override, C1 control and DEL in a stored value are written
    /// as JSON escapes, never raw, and read back as they were.
    func testStoredTextIsEscapedInTheDataFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var store = WebsiteDataStore(isPersistent: true)
        let value = "invoice\u{202E}txt\u{9B}31m\u{7F}\u{1B}"
        _ = store.localStorage.setItem("k\u{2066}", value, origin: "file://")
        let directory = DataDirectory(path: folder)
        try directory.save(store, now: 0)
        let text = try String(contentsOfFile: directory.localStoragePath, encoding: .utf8)
        XCTAssertTrue(text.contains(#""k\u2066""#), text)
        XCTAssertTrue(text.contains(#""invoice\u202etxt\u009b31m\u007f\u001b""#) || text.contains(#""invoice\u202etxt\u009b31m\u007f\u001B""#), text)
        XCTAssertFalse(text.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" }, text)
        XCTAssertEqual(try directory.load(policy: CookiePolicy(), now: 0).localStorage.area(for: "file://").getItem("k\u{2066}"), value)
    }
}

final class FileLoadingTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-pages-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("<p>hello</p>".utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/sub/a page.css"))
        try Data(count: 3 << 20).write(to: URL(fileURLWithPath: folder + "/big.html"))
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: folder + "/passwd", withDestinationPath: "/etc/passwd")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func load(_ path: String, readAccess: String? = nil) -> LoadResult {
        ResourceLoader(configuration: LoaderConfiguration(
            identity: WebViewIdentity(userAgent: "ua"), sizeLimit: 2 << 20, readAccessFolder: readAccess ?? folder, ats: ATSPolicy()),
                       cookies: nil)
            .load(LoadRequest(url: "file://" + path))
    }

    func testFilesInsideTheFolderAreRead() throws {
        var response = try XCTUnwrap(load(folder + "/index.html").response)
        response.milliseconds = 0
        XCTAssertEqual(response, LoadResponse(url: "file://\(folder!)/index.html", finalURL: "file://\(folder!)/index.html", status: nil,
                                              headers: ["Content-Length": "12", "Content-Type": "text/html"], body: Array("<p>hello</p>".utf8)))
        XCTAssertEqual(try XCTUnwrap(load(folder + "/sub/a%20page.css").response).body, Array("x".utf8))
        XCTAssertTrue(response.mayBeReused)
    }

    func testEverythingElseIsAPlainOneLineFailure() throws {
        let cases: [(String, URLErrorCode, String)] = [
            ("/missing.html", .fileDoesNotExist, "no such file: \(folder!)/missing.html"),
            ("/sub", .fileIsDirectory, "a folder, not a page: \(folder!)/sub"),
            ("/fifo", .resourceUnavailable, "a FIFO, not a page: \(folder!)/fifo"),
            ("/loop", .resourceUnavailable, "symbolic link loop: \(folder!)/loop"),
            ("/zero", .noPermissionsToReadFile, "outside the pages folder \(folder!): \(folder!)/zero"),
            ("/passwd", .noPermissionsToReadFile, "outside the pages folder \(folder!): \(folder!)/passwd"),
            ("/../../etc/passwd", .noPermissionsToReadFile, "outside the pages folder \(folder!): \(folder!)/../../etc/passwd"),
            ("/big.html", .dataLengthExceedsMaximum, "too large, 3 MB, limit 2 MB"),
        ]
        for (path, code, detail) in cases {
            XCTAssertEqual(load(folder + path).failure, LoadFailure(url: "file://" + folder + path, code: code, detail: detail), path)
        }
        XCTAssertEqual(load("/dev/zero", readAccess: "/dev").failure?.detail, "a device, not a page: /dev/zero")
        XCTAssertEqual(ResourceLoader(configuration: LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), readAccessFolder: nil, ats: ATSPolicy()),
                                      cookies: nil).load(LoadRequest(url: "file://\(folder!)/index.html")).failure?.detail,
                       "no folder may be read")
        let failure = try XCTUnwrap(load(folder + "/fifo").failure)
        XCTAssertEqual(LoadEvent.events(for: .failure(failure), request: LoadRequest(url: failure.url)).map { $0.text() },
                       ["load failed: file://\(folder!)/fifo (error -1008: resource unavailable (a FIFO, not a page: \(folder!)/fifo))"])
    }

    func testDataAndAboutBlank() throws {
        let loader = ResourceLoader(configuration: LoaderConfiguration(identity: WebViewIdentity(userAgent: "ua"), readAccessFolder: nil, ats: ATSPolicy()), cookies: nil)
        let plain = try XCTUnwrap(loader.load(LoadRequest(url: "data:,Hello%2C%20World%21")).response)
        XCTAssertEqual(plain.body, Array("Hello, World!".utf8))
        XCTAssertEqual(plain.headers, ["Content-Type": "text/plain;charset=US-ASCII"])
        let base64 = try XCTUnwrap(loader.load(LoadRequest(url: "data:text/html;base64,PGgxPmhpPC9oMT4=")).response)
        XCTAssertEqual(base64.body, Array("<h1>hi</h1>".utf8))
        XCTAssertEqual(base64.mimeType, "text/html")
        XCTAssertEqual(loader.load(LoadRequest(url: "data:text/html;base64,!!!")).failure?.code, .cannotDecodeRawData)
        XCTAssertEqual(loader.load(LoadRequest(url: "about:blank")).response?.body, [])
    }
}
