import XCTest
@testable import NavigatorCore

/// `LocalPath` reads paths as `NSString`'s path methods do on Darwin. (swift-corelibs-foundation
/// 6.3 traps on a one-letter last component, such as `r` or `///a//`, so it cannot be the
/// reference; `webnav run --junit r` crashed on it.)
final class LocalPathTests: XCTestCase {
    func testAsNSStringReadsThem() {
        // path, lastPathComponent, pathExtension, deletingLastPathComponent
        let cases: [(String, String, String, String)] = [
            ("", "", "", ""),
            ("/", "/", "", "/"),
            ("//", "/", "", "/"),
            ("r", "r", "", ""),
            ("a/", "a", "", ""),
            ("/a", "a", "", "/"),
            ("///a//", "a", "", "/"),
            ("/a/b.html", "b.html", "html", "/a"),
            ("a/b/", "b", "", "a"),
            ("a//b//", "b", "", "a"),
            ("pages/index.HTML", "index.HTML", "HTML", "pages"),
            (".profile", ".profile", "", ""),
            ("dir/.flow", ".flow", "", "dir"),
            ("a.", "a.", "", ""),
            ("a.b/c", "c", "", "a.b"),
            ("f.g.h", "f.g.h", "h", ""),
            ("x/_y.flow", "_y.flow", "flow", "x"),
            ("../x", "x", "", ".."),
            ("//é", "é", "", "/"),
            ("한국/페이지.html", "페이지.html", "html", "한국"),
        ]
        for (path, last, pathExtension, parent) in cases {
            XCTAssertEqual(LocalPath.lastComponent(path), last, path)
            XCTAssertEqual(LocalPath.extensionName(path), pathExtension, path)
            XCTAssertEqual(LocalPath.parent(path), parent, path)
        }
    }
}
