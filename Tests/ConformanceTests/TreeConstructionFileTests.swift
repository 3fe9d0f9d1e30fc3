import NavigatorCore
import XCTest
@testable import Conformance

/// html5lib `.dat` files read as the format's README says: sections, fragments, scripting
/// marks, LF-only lines, the blank separator, and malformed files as errors at their line.
final class TreeConstructionFileTests: XCTestCase {
    func testTestsOfAFileAsWholeValues() throws {
        let text = """
        #data
        <p>One<p>Two
        #errors
        (1,3): expected-doctype-but-got-start-tag
        #document
        | <html>
        |   <head>
        |   <body>
        |     <p>
        |       "One"
        |     <p>
        |       "Two"

        #data
        <path>\r
        x
        #errors
        #document-fragment
        svg g
        #script-on
        #document
        | <svg path>
        | "\r

        x"

        #data
        <noscript><p>
        #errors
        #new-errors
        (1:1) something
        #script-off
        #document
        | <html>

        #data
        <td>
        #errors
        #document-fragment
        math mi
        #document
        | "x"

        """
        let tests = try TreeConstructionFile.parse(text, name: "sample.dat", path: "dir/sample.dat")
        XCTAssertEqual(tests, [
            TreeConstructionTest(id: "sample.dat#1", line: 1, data: "<p>One<p>Two", fragmentContext: nil, scripting: .both,
                                 expected: "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\""),
            TreeConstructionTest(id: "sample.dat#2", line: 14, data: "<path>\r\nx", fragmentContext: FragmentContext(namespace: .svg, localName: "g"),
                                 scripting: .on, expected: "| <svg path>\n| \"\r\n\nx\""),
            TreeConstructionTest(id: "sample.dat#3", line: 27, data: "<noscript><p>", fragmentContext: nil, scripting: .off,
                                 expected: "| <html>"),
            TreeConstructionTest(id: "sample.dat#4", line: 36, data: "<td>", fragmentContext: FragmentContext(namespace: .math, localName: "mi"),
                                 scripting: .both, expected: "| \"x\""),
        ])
        XCTAssertEqual(tests.map(\.runsWithScripting), [true, true, false, true])
    }

    func testFragmentContextLines() {
        XCTAssertEqual(FragmentContext(line: "td"), FragmentContext(namespace: .html, localName: "td"))
        XCTAssertEqual(FragmentContext(line: "svg foreignObject"), FragmentContext(namespace: .svg, localName: "foreignObject"))
        XCTAssertEqual(FragmentContext(line: "math annotation-xml"), FragmentContext(namespace: .math, localName: "annotation-xml"))
        XCTAssertEqual(FragmentContext(line: "svgx"), FragmentContext(namespace: .html, localName: "svgx"))
        XCTAssertEqual(FragmentContext.Namespace.svg.uri, "http://www.w3.org/2000/svg")
    }

    func testMalformedFilesAreErrorsAtTheirLine() {
        func error(_ text: String) -> String {
            do {
                _ = try TreeConstructionFile.parse(text, name: "bad.dat", path: "t/bad.dat")
                return "no error"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error("oops\n#data\nx\n#errors\n#document\n| x\n"), "t/bad.dat:1:1: error: expected #data, got \"oops\"")
        XCTAssertEqual(error("#data\nx\n#errors\n\n#data\ny\n#errors\n#document\n| y\n"),
                       "t/bad.dat:1:1: error: the test that starts here has no #document")
        XCTAssertEqual(error("#data\nx\n#document\n| x\n"), "t/bad.dat:1:1: error: the test that starts here has no #errors")
        XCTAssertEqual(error("#data\nx\n#errors\n#errors\n#document\n"), "t/bad.dat:4:1: error: #errors appears twice in the test that starts at line 1")
        XCTAssertEqual(error("#data\nx\n#errors\n#document-fragment\n"),
                       "t/bad.dat:4:1: error: #document-fragment without a context element")
        XCTAssertEqual(error("#data\nx\n#errors\n#document-fragment\n#document\n| x\n"),
                       "t/bad.dat:4:1: error: #document-fragment without a context element")
        XCTAssertEqual(error(""), "no error")
    }

    func testMustPassListReadsIdsAndRefusesDuplicates() throws {
        let list = try MustPassList(text: "# header\n\nhtml5lib/a.dat#1\n  wpt/dom/x.html  \n# more\nwpt/dom/y.html", path: "list.txt")
        XCTAssertEqual(list.ids, ["html5lib/a.dat#1", "wpt/dom/x.html", "wpt/dom/y.html"])
        XCTAssertThrowsError(try MustPassList(text: "a\nb\na\n", path: "list.txt")) { error in
            XCTAssertEqual((error as? UserError)?.description, "list.txt:3:1: error: a is listed twice (first at line 1)")
        }
        XCTAssertEqual(MustPassList.text(["wpt/b", "html5lib/a"]), """
        # Conformance tests that pass whole today and must keep passing (`make test` runs them).
        # html5lib/FILE#N is the Nth test of html5lib-tests/tree-construction/FILE; wpt/PATH is a
        # WPT page under wpt/. `Scripts/conformance.sh --update-must-pass` adds what newly passes;
        # it never removes a line.

        html5lib/a
        wpt/b

        """)
    }

    func testJavaScriptStringsAreASCIILiterals() {
        XCTAssertEqual(ConformanceScripts.javaScriptString("a\"b\\c\n\r\t\u{0}é😀\u{2028}"),
                       "\"a\\\"b\\\\c\\u000A\\u000D\\u0009\\u0000\\u00E9\\uD83D\\uDE00\\u2028\"")
    }
}
