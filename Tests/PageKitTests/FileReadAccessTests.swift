import Foundation
@testable import PageKit
import XCTest

/// Read access decided on canonical paths: a folder's neighbours with a longer name, dot
/// segments, missing files and symbolic links.
final class FileReadAccessTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-read-\(UUID().uuidString)", isDirectory: true)
        for folder in ["site", "site-2", "other"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("a".utf8).write(to: root.appendingPathComponent("site/a.html"))
        try Data("b".utf8).write(to: root.appendingPathComponent("site-2/b.html"))
        try Data("c".utf8).write(to: root.appendingPathComponent("other/c.html"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("site/c.html").path, withDestinationPath: "../other/c.html")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func verdict(_ access: FileReadAccess, _ url: String) -> String {
        switch access.permit(URL(string: url)!, reader: FilePageReader()) {
        case .success(let file): return "read " + String(file.canonicalPath.dropFirst(FilePageReader().canonicalPath(root)!.count))
        case .failure(.outside): return "outside"
        case .failure(.notFound(_, let path)): return "missing " + String(path.dropFirst(root.path.count))
        case .failure(let refusal): return refusal.message
        }
    }

    func testOnlyFilesUnderTheFolderAreRead() {
        var access = FileReadAccess()
        access.grant(folder: root.appendingPathComponent("site", isDirectory: true), reader: FilePageReader())
        let site = "file://" + root.path + "/site"
        XCTAssertEqual(verdict(access, site + "/a.html"), "read /site/a.html")
        XCTAssertEqual(verdict(access, site + "/./x/../a.html"), "missing /site/./x/../a.html", "x does not exist, so the path does not resolve")
        XCTAssertEqual(verdict(access, site + "/%2e%2e/site-2/b.html"), "outside", "a neighbour whose name starts the same")
        XCTAssertEqual(verdict(access, site + "/../other/c.html"), "outside")
        XCTAssertEqual(verdict(access, site + "/c.html"), "outside", "a link out of the folder")
        XCTAssertEqual(verdict(access, site + "/gone.html"), "missing /site/gone.html")
        XCTAssertEqual(verdict(access, site + "/../other/gone.html"), "outside", "no answer about files outside")
        XCTAssertEqual(verdict(access, site + "/a.html%00.png"), "missing /site/a.html%00.png", "Foundation leaves %00 encoded: a name, not an end")
        XCTAssertEqual(verdict(access, "file://example.com/etc/passwd"), "a file URL on another host (example.com)")
        XCTAssertEqual(verdict(access, "http://example.com/a.html"), "not a file URL: http://example.com/a.html")
        XCTAssertEqual(verdict(FileReadAccess(), site + "/a.html"), "outside", "no folder, no file")
    }

    func testLexicalPaths() {
        XCTAssertEqual(FileReadAccess.lexicalPath("/a/./b/../c//d/"), "/a/c/d")
        XCTAssertEqual(FileReadAccess.lexicalPath("/../../etc"), "/etc")
        XCTAssertEqual(FileReadAccess.lexicalPath(""), "/")
        var access = FileReadAccess()
        access.grant(folder: URL(fileURLWithPath: "/nowhere-\(UUID().uuidString)/pages/"), reader: FilePageReader())
        XCTAssertEqual(access.folders.count, 1)
        XCTAssertTrue(access.contains(access.folders[0] + "/x.html"))
        XCTAssertFalse(access.contains(access.folders[0] + "x.html"))
    }
}
