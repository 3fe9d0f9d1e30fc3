import NavigatorCore

/// One html5lib tree-construction test (html5lib-tests' `tree-construction/README.md`).
public struct TreeConstructionTest: Codable, Equatable, Sendable {
    /// Which scripting modes a test is for.
    public enum Scripting: String, Codable, Equatable, Sendable {
        /// No `#script-on` or `#script-off` line: both.
        case both
        case on
        case off
    }

    /// `FILE#N`: the file's name and the test's 1-based place in it (every test counted).
    public var id: String
    /// The line of `#data` in the file.
    public var line: Int
    /// The markup, without its final newline.
    public var data: String
    /// The context element of a fragment test; nil for a whole document.
    public var fragmentContext: FragmentContext?
    public var scripting: Scripting
    /// The `#document` dump, without the blank line that separates tests.
    public var expected: String

    public init(id: String, line: Int, data: String, fragmentContext: FragmentContext?, scripting: Scripting, expected: String) {
        self.id = id
        self.line = line
        self.data = data
        self.fragmentContext = fragmentContext
        self.scripting = scripting
        self.expected = expected
    }

    /// Whether the test applies with scripting enabled (as in every web view that runs scripts).
    public var runsWithScripting: Bool { scripting != .off }
}

/// The context element of a fragment test: `td`, `svg path`, `math mi`.
public struct FragmentContext: Codable, Equatable, Sendable {
    public enum Namespace: String, Codable, Equatable, Sendable {
        case html, svg, math

        /// The namespace's URI.
        public var uri: String {
            switch self {
            case .html: return "http://www.w3.org/1999/xhtml"
            case .svg: return "http://www.w3.org/2000/svg"
            case .math: return "http://www.w3.org/1998/Math/MathML"
            }
        }
    }

    public var namespace: Namespace
    public var localName: String

    public init(namespace: Namespace, localName: String) {
        self.namespace = namespace
        self.localName = localName
    }

    /// Reads the line after `#document-fragment`.
    public init(line: String) {
        if line.hasPrefix("svg ") {
            self.init(namespace: .svg, localName: String(line.dropFirst(4)))
        } else if line.hasPrefix("math ") {
            self.init(namespace: .math, localName: String(line.dropFirst(5)))
        } else {
            self.init(namespace: .html, localName: line)
        }
    }
}

/// Reads html5lib `.dat` files.
public enum TreeConstructionFile {
    private static let headings: Set<String> = ["#data", "#errors", "#new-errors", "#document-fragment", "#script-off", "#script-on", "#document"]

    /// The tests of one file, in order. `name` is the file's name (it begins each test's id);
    /// `path` is where errors point.
    ///
    /// Lines are split at LF only: a CR belongs to the test's data. A malformed file (text
    /// before the first `#data`, a test without `#errors` or `#document`, a heading twice, a
    /// `#document-fragment` with no context line) is a `UserError` at its line.
    public static func parse(_ text: String, name: String, path: String) throws(UserError) -> [TreeConstructionTest] {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var tests: [TreeConstructionTest] = []
        var current: TestBuilder?
        var section: String?
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if section == "#document-fragment", headings.contains(line) || line.isEmpty, let builder = current {
                throw UserError("#document-fragment without a context element",
                                at: SourceLocation(path: path, line: builder.headingLines["#document-fragment"] ?? number, column: 1))
            }
            let isHeading = headings.contains(line)
            if line == "#data", isHeading {
                if let current { tests.append(try current.test(name: name, index: tests.count + 1, path: path)) }
                current = TestBuilder(line: number)
                section = "#data"
                continue
            }
            guard var builder = current else {
                if line.isEmpty && index == lines.count - 1 { continue }
                throw UserError("expected #data, got \"\(line)\"", at: SourceLocation(path: path, line: number, column: 1))
            }
            if isHeading {
                guard !builder.seen.contains(line) else {
                    throw UserError("\(line) appears twice in the test that starts at line \(builder.line)",
                                    at: SourceLocation(path: path, line: number, column: 1))
                }
                builder.seen.insert(line)
                switch line {
                case "#script-on": builder.scripting = .on
                case "#script-off": builder.scripting = .off
                default: break
                }
                builder.headingLines[line] = number
                section = line
                current = builder
                continue
            }
            switch section {
            case "#data": builder.data.append(line)
            case "#document": builder.document.append(line)
            case "#document-fragment":
                builder.context = FragmentContext(line: line)
                section = nil
            default: break
            }
            current = builder
        }
        if let current { tests.append(try current.test(name: name, index: tests.count + 1, path: path)) }
        return tests
    }

    private struct TestBuilder {
        var line: Int
        var data: [String] = []
        var document: [String] = []
        var context: FragmentContext?
        var scripting = TreeConstructionTest.Scripting.both
        var seen: Set<String> = []
        var headingLines: [String: Int] = [:]

        func test(name: String, index: Int, path: String) throws(UserError) -> TreeConstructionTest {
            if seen.contains("#document-fragment"), context == nil {
                throw UserError("#document-fragment without a context element",
                                at: SourceLocation(path: path, line: headingLines["#document-fragment"] ?? line, column: 1))
            }
            guard seen.contains("#errors") else {
                throw UserError("the test that starts here has no #errors", at: SourceLocation(path: path, line: line, column: 1))
            }
            guard seen.contains("#document") else {
                throw UserError("the test that starts here has no #document", at: SourceLocation(path: path, line: line, column: 1))
            }
            var dump = document[...]
            while dump.last?.isEmpty == true { dump.removeLast() }
            return TreeConstructionTest(id: "\(name)#\(index)", line: line, data: data.joined(separator: "\n"),
                                        fragmentContext: context, scripting: scripting, expected: dump.joined(separator: "\n"))
        }
    }
}
