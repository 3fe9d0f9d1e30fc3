#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// The tests under a conformance folder (`../shared/conformance`): the html5lib
/// tree-construction tests that apply with scripting on, and the WPT testharness pages under
/// `wpt/dom/` and `wpt/domparsing/`.
public struct ConformanceSuite: Sendable {
    /// The WPT folders measured.
    public static let wptFolders = ["dom", "domparsing"]

    public var root: String
    /// Scripting-on tests (marked `#script-on` or unmarked), by file then place.
    public var treeConstruction: [TreeConstructionTest]
    /// Tests marked `#script-off`, not run.
    public var scriptOffCount: Int
    public var wpt: [WPTTest]
    public var notRun: [WPTSkippedFile]

    /// Reads the suite; a folder without the two suites, or a malformed `.dat` file, is a `UserError`.
    public static func load(root: String) throws(UserError) -> ConformanceSuite {
        let treeFolder = root + "/html5lib-tests/tree-construction"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: treeFolder) else {
            throw UserError("no html5lib tree-construction tests here", path: treeFolder)
        }
        var tests: [TreeConstructionTest] = []
        var scriptOff = 0
        for name in names.sorted() where name.hasSuffix(".dat") {
            let path = treeFolder + "/" + name
            guard let bytes = FileManager.default.contents(atPath: path) else { throw UserError("cannot read the file", path: path) }
            for test in try TreeConstructionFile.parse(String(decoding: bytes, as: UTF8.self), name: name, path: path) {
                if test.runsWithScripting { tests.append(test) } else { scriptOff += 1 }
            }
        }
        let wptRoot = root + "/wpt"
        guard FileManager.default.fileExists(atPath: wptRoot + "/resources/testharness.js") else {
            throw UserError("no WPT checkout with resources/testharness.js here", path: wptRoot)
        }
        let found = WPTSuite.discover(root: wptRoot, folders: wptFolders)
        return ConformanceSuite(root: root, treeConstruction: tests, scriptOffCount: scriptOff, wpt: found.tests, notRun: found.skipped)
    }

    /// Every job: the html5lib tests, then the WPT pages.
    public var jobs: [ConformanceJob] {
        treeConstruction.map(ConformanceJob.treeConstruction) + wpt.map(ConformanceJob.wpt)
    }
}

/// The list of tests that must pass whole (`make test` checks it): one id a line
/// (`html5lib/tests1.dat#1`, `wpt/dom/nodes/Node-appendChild.html`), `#` comments, blank lines.
public struct MustPassList: Equatable, Sendable {
    public var ids: [String]

    public init(ids: [String]) { self.ids = ids }

    /// Reads the list; an id that appears twice is an error at its line.
    public init(text: String, path: String) throws(UserError) {
        var ids: [String] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: raw, as: UTF8.self).trimmedOfSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if let first = seen[line] {
                throw UserError("\(line) is listed twice (first at line \(first))", at: SourceLocation(path: path, line: index + 1, column: 1))
            }
            seen[line] = index + 1
            ids.append(line)
        }
        self.ids = ids
    }

    /// The ids a suite does not have, with their lines' place in the list.
    public func unknown(in suite: ConformanceSuite) -> [String] {
        let known = Set(suite.jobs.map(\.id))
        return ids.filter { !known.contains($0) }
    }

    /// The list's text with the header kept and the ids sorted.
    public static func text(_ ids: [String]) -> String {
        """
        # Conformance tests that pass whole today and must keep passing (`make test` runs them).
        # html5lib/FILE#N is the Nth test of html5lib-tests/tree-construction/FILE; wpt/PATH is a
        # WPT page under wpt/. `Scripts/conformance.sh --update-must-pass` adds what newly passes;
        # it never removes a line.

        """ + "\n" + ids.sorted().joined(separator: "\n") + "\n"
    }
}
