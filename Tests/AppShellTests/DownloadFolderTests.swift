@testable import AppShell
import Foundation
import Glibc
import TestSupport
import XCTest

/// bridge.md §5: downloads stay in their folder, under sanitised names, never overwriting.
final class DownloadFolderTests: XCTestCase {
    private func makeFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-downloads-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    /// Every file under a folder, relative, sorted.
    private func files(under root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String { found.append(path) }
        return found.sorted()
    }

    func testSanitisedNames() {
        let cases: [(String, String)] = [
            ("report.txt", "report.txt"), ("../../etc/passwd", "etc_passwd"), ("a/b", "a_b"), ("a\\b.txt", "a_b.txt"),
            ("..", "download"), ("", "download"), ("/", "download"), (".hidden", "hidden"), ("tab\there\u{7F}.txt", "tabhere.txt"),
            ("line\nbreak", "linebreak"), ("  spaced  .txt", "spaced  .txt"), ("dir/./x", "dir_x"), ("..\\..\\win.ini", "win.ini"),
            ("résumé 2026.pdf", "résumé 2026.pdf"),
        ]
        XCTAssertEqual(cases.map { DownloadFolder.sanitisedName($0.0) }, cases.map(\.1))
        let long = DownloadFolder.sanitisedName(String(repeating: "é", count: 300) + ".txt")
        XCTAssertEqual(long, String(repeating: "é", count: 98) + ".txt")
    }

    /// Names are trimmed of `CharacterSet.whitespaces` (Core Foundation's list) and joined to the
    /// folder as `NSString.appendingPathComponent` joins them.
    func testWhitespaceTrimmingAndJoining() {
        let names: [(String, String)] = [
            ("\u{3000}a b\u{A0}\t.txt\u{3000}", "a b\u{A0}.txt"), ("\u{200B}x\u{202F}/\u{2003}y\u{205F}", "x_y"),
            ("\u{85}z\u{1680}", "z"), ("\u{FEFF}w\u{180E}", "\u{FEFF}w\u{180E}"), ("\u{2000}\u{200A}/.", "download"),
        ]
        XCTAssertEqual(names.map { DownloadFolder.sanitisedName($0.0) }, names.map(\.1))
        let folders = ["dir", "dir/", "dir//", "/", "//", "", "a//b", "./x"]
        XCTAssertEqual(folders.map { DownloadFolder.joined($0, "r.txt") },
                       ["dir/r.txt", "dir/r.txt", "dir//r.txt", "/r.txt", "//r.txt", "r.txt", "a//b/r.txt", "./x/r.txt"])
    }

    /// Issue 23, item 11: bidi controls go (`invoice\u{202E}txt.exe` showed as `invoiceexe.txt`),
    /// and the NFC and NFD spellings of a name are one name, as on APFS.
    func testBidiControlsGoAndComposedFormsAreOneName() throws {
        let cases: [(String, String)] = [
            ("invoice\u{202E}txt.exe", "invoicetxt.exe"), ("\u{2066}a\u{2069}\u{202A}b\u{202C}.pdf", "ab.pdf"),
            ("c1\u{9B}31m.txt", "c131m.txt"), ("cafe\u{301}.txt", "caf\u{E9}.txt"),
        ]
        XCTAssertEqual(cases.map { Array(DownloadFolder.sanitisedName($0.0).unicodeScalars) }, cases.map { Array($0.1.unicodeScalars) })
        let root = try makeFolder()
        let folder = DownloadFolder(path: root.path)
        XCTAssertEqual(folder.save(Data("1".utf8), suggestedName: "caf\u{E9}.txt"), .success("caf\u{E9}.txt"))
        XCTAssertEqual(folder.save(Data("2".utf8), suggestedName: "cafe\u{301}.txt"), .success("caf\u{E9} (1).txt"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                       [Array("caf\u{E9} (1).txt".utf8), Array("caf\u{E9}.txt".utf8)])
    }

    /// Issue 23, item 10: a disk that fills after 65,536 bytes of a 200 KB download left the
    /// truncated file, and the next save became `big (1).bin`. Now nothing is left.
    func testAFullDiskLeavesNeitherAFileNorATakenName() throws {
        let root = try makeFolder()
        let full = DownloadFolder(path: root.path, writer: { descriptor, bytes, count in
            let offset = Int(lseek(descriptor, 0, SEEK_CUR))
            guard offset < 65_536 else {
                errno = ENOSPC
                return -1
            }
            return Glibc.write(descriptor, bytes, min(count, 65_536 - offset))
        })
        let big = Data(repeating: 7, count: 200 * 1024)
        XCTAssertEqual(full.save(big, suggestedName: "big.bin"), .failure(DownloadFolder.Failure(message: "cannot write big.bin: No space left on device")))
        XCTAssertEqual(files(under: root), [])
        XCTAssertEqual(DownloadFolder(path: root.path).save(big, suggestedName: "big.bin"), .success("big.bin"))
        XCTAssertEqual(files(under: root), ["big.bin"])
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("big.bin")), big)
    }

    func testHostileNamesNeverWriteOutsideTheFolder() throws {
        let root = try makeFolder()
        let folder = DownloadFolder(path: root.appendingPathComponent("downloads").path)
        let names = ["../../etc/passwd", "a/b", "../escape.txt", "/abs/path.txt", "..", "nested/../../up.txt"]
        let saved = names.map { folder.save(Data("x".utf8), suggestedName: $0) }
        XCTAssertEqual(saved, [.success("etc_passwd"), .success("a_b"), .success("escape.txt"), .success("abs_path.txt"),
                               .success("download"), .success("nested_up.txt")])
        XCTAssertEqual(files(under: root), ["downloads", "downloads/a_b", "downloads/abs_path.txt", "downloads/download",
                                            "downloads/escape.txt", "downloads/etc_passwd", "downloads/nested_up.txt"])
    }

    func testNeverOverwritesAndNeverFollowsLinks() throws {
        let root = try makeFolder()
        let folder = DownloadFolder(path: root.path)
        XCTAssertEqual((0..<3).map { folder.save(Data("copy \($0)".utf8), suggestedName: "report.txt") },
                       [.success("report.txt"), .success("report (1).txt"), .success("report (2).txt")])
        XCTAssertEqual(folder.save(Data(), suggestedName: "README"), .success("README"))
        XCTAssertEqual(folder.save(Data(), suggestedName: "README"), .success("README (1)"))
        let outside = root.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        let inner = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("link.txt").path, withDestinationPath: outside.path)
        XCTAssertEqual(DownloadFolder(path: inner.path).save(Data("evil".utf8), suggestedName: "link.txt"), .success("link (1).txt"))
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("report (2).txt"), encoding: .utf8), "copy 2")
    }

    func testGeneratedNamesStayInside() throws {
        let root = try makeFolder()
        let folder = DownloadFolder(path: root.appendingPathComponent("d").path)
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("./\\..a b\u{0}\u{1}\n~é")
        for _ in 0..<300 {
            let length = Int.random(in: 0..<12, using: &generator)
            let name = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            guard case .success(let saved) = folder.save(Data(), suggestedName: name) else { return XCTFail("not saved: \(name)") }
            XCTAssertFalse(saved.contains("/") || saved == "." || saved == ".." || saved.isEmpty, saved)
        }
        XCTAssertEqual(files(under: root).filter { !$0.hasPrefix("d") }, [])
        XCTAssertEqual(files(under: root).filter { $0.dropFirst(2).contains("/") }, [])
    }
}
