#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One testharness.js test page of web-platform-tests, as the WPT server would serve it.
public struct WPTTest: Codable, Equatable, Sendable {
    /// How the page is made.
    public enum Kind: String, Codable, Equatable, Sendable {
        /// An `.html`/`.htm` file served as it is.
        case page
        /// A `.any.js` script in the window wrapper (`.any.html`).
        case anyScript
        /// A `.window.js` script in its wrapper (`.window.html`).
        case windowScript
    }

    /// The URL path without the leading slash, with the variant: `dom/abort/event.any.html`,
    /// `dom/idlharness.window.html?include=Node`.
    public var id: String
    /// The file the test comes from, relative to the WPT root.
    public var file: String
    public var kind: Kind
    /// `?…` or `#…` from a variant; empty without one.
    public var variant: String
    /// `timeout=long`: the harness waits 60 s instead of 10 s.
    public var isLong: Bool
    /// It loads `/resources/testdriver.js`, which needs a browser automation the engine lacks.
    public var needsTestdriver: Bool

    public init(id: String, file: String, kind: Kind, variant: String, isLong: Bool, needsTestdriver: Bool) {
        self.id = id
        self.file = file
        self.kind = kind
        self.variant = variant
        self.isLong = isLong
        self.needsTestdriver = needsTestdriver
    }

    /// The folder whose figures the test counts in: `dom/nodes`.
    public var folder: String {
        let path = file.split(separator: "/").dropLast().joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    /// The page's path on the server: `/dom/abort/event.any.html?variant`.
    public var urlPath: String { "/" + id }
}

/// A file under the folders searched that looks like a test but is not run, and why.
public struct WPTSkippedFile: Equatable, Sendable, Codable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
}

/// Finds the testharness.js tests under folders of a WPT checkout, with the manifest's rules.
public enum WPTSuite {
    /// Directory names that hold support files, never tests (WPT's `sourcefile.py`).
    static let supportDirectories: Set<String> = ["resources", "support", "tools"]

    /// The tests under `folders` (relative to `root`), sorted by id, and the files that are
    /// tests of a kind the engine cannot run (workers).
    public static func discover(root: String, folders: [String]) -> (tests: [WPTTest], skipped: [WPTSkippedFile]) {
        var tests: [WPTTest] = []
        var skipped: [WPTSkippedFile] = []
        for folder in folders {
            for file in files(under: folder, root: root) {
                guard let bytes = FileManager.default.contents(atPath: root + "/" + file) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                let found = classify(file: file, text: text)
                tests += found.tests
                if let skip = found.skipped { skipped.append(skip) }
            }
        }
        return (tests.sorted { $0.id < $1.id }, skipped.sorted { $0.file < $1.file })
    }

    /// What one file is: tests (one per variant), a skipped test, or nothing (support files,
    /// references, manual and crash tests, pages without testharness.js).
    public static func classify(file: String, text: String) -> (tests: [WPTTest], skipped: WPTSkippedFile?) {
        let name = String(file.split(separator: "/").last ?? "")
        if name.hasPrefix(".") || name.contains("-manual.") || name.contains("-ref.") || name.contains("-notref.") { return ([], nil) }
        if name.hasSuffix(".any.js") || name.hasSuffix(".window.js") {
            let meta = ScriptMetadata(text)
            let isAny = name.hasSuffix(".any.js")
            if isAny, !meta.globals.contains("window") {
                return ([], WPTSkippedFile(file: file, reason: "no window global (workers only)"))
            }
            let page = String(file.dropLast(3)) + ".html"
            let variants = meta.variants.isEmpty ? [""] : meta.variants
            let tests = variants.map { variant in
                WPTTest(id: page + variant, file: file, kind: isAny ? .anyScript : .windowScript, variant: variant,
                        isLong: meta.isLong, needsTestdriver: meta.scripts.contains { $0.hasSuffix("/testdriver.js") })
            }
            return (tests, nil)
        }
        if name.hasSuffix(".worker.js") {
            return ([], WPTSkippedFile(file: file, reason: "a worker test (the engine has no workers)"))
        }
        let isHTML = name.hasSuffix(".html") || name.hasSuffix(".htm")
        let isXML = [".xhtml", ".xht", ".svg", ".xml"].contains { name.hasSuffix($0) }
        guard isHTML || isXML, loadsTestharness(text) else { return ([], nil) }
        let variants = metaContents(named: "variant", in: text)
        let isLong = metaContents(named: "timeout", in: text).contains("long")
        let needsTestdriver = text.contains("/resources/testdriver.js")
        let tests = (variants.isEmpty ? [""] : variants).map { variant in
            WPTTest(id: file + variant, file: file, kind: .page, variant: variant, isLong: isLong, needsTestdriver: needsTestdriver)
        }
        return (tests, nil)
    }

    /// Files under a folder (relative to the root), sorted, outside support directories.
    static func files(under folder: String, root: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) else { return [] }
        var found: [String] = []
        for name in names.sorted() {
            let path = folder + "/" + name
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                if !supportDirectories.contains(name) { found += files(under: path, root: root) }
            } else {
                found.append(path)
            }
        }
        return found
    }

    /// Whether a page has a `<script src>` ending in `/resources/testharness.js`.
    static func loadsTestharness(_ text: String) -> Bool {
        scriptSources(in: text).contains { $0.hasSuffix("/resources/testharness.js") || $0 == "/resources/testharness.js" }
    }

    /// The `src` values of the page's `<script>` tags (a plain scan: attribute values in quotes or bare).
    static func scriptSources(in text: String) -> [String] {
        // `h:script`: the XHTML scripts of WPT's SVG pages.
        (tags(named: "script", in: text) + tags(named: "h:script", in: text)).compactMap { attribute("src", in: $0) }
    }

    /// The `content` of each `<meta name=NAME>`.
    static func metaContents(named wanted: String, in text: String) -> [String] {
        tags(named: "meta", in: text).compactMap { tag in
            attribute("name", in: tag)?.lowercased() == wanted ? attribute("content", in: tag) : nil
        }
    }

    /// The insides of each `<NAME …>` start tag, lower-cased names matched.
    static func tags(named name: String, in text: String) -> [Substring] {
        var found: [Substring] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        let opening = Array(("<" + name).unicodeScalars)
        while index < scalars.endIndex {
            guard scalars[index] == "<" else {
                index = scalars.index(after: index)
                continue
            }
            var probe = index
            var matched = true
            for expected in opening {
                guard probe < scalars.endIndex, Character(scalars[probe]).lowercased() == Character(expected).lowercased() else {
                    matched = false
                    break
                }
                probe = scalars.index(after: probe)
            }
            guard matched, probe < scalars.endIndex, [" ", "\t", "\n", "\r", "/", ">"].contains(scalars[probe]) else {
                index = scalars.index(after: index)
                continue
            }
            var end = probe
            var quote: Unicode.Scalar?
            while end < scalars.endIndex {
                let scalar = scalars[end]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    break
                }
                end = scalars.index(after: end)
            }
            found.append(Substring(scalars[probe..<end]))
            index = end
        }
        return found
    }

    /// An attribute's value in a start tag's insides (quoted or bare; names compared without case).
    static func attribute(_ wanted: String, in tag: Substring) -> String? {
        let scalars = Array(tag.unicodeScalars)
        var index = 0
        func skipSpace() { while index < scalars.count, [" ", "\t", "\n", "\r", "/"].contains(scalars[index]) { index += 1 } }
        while index < scalars.count {
            skipSpace()
            var name = ""
            while index < scalars.count, ![" ", "\t", "\n", "\r", "/", "="].contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    while index < scalars.count, scalars[index] != quote {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                } else {
                    while index < scalars.count, ![" ", "\t", "\n", "\r"].contains(scalars[index]) {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
            }
            if name.isEmpty { index += 1 } else if name.lowercased() == wanted { return value }
        }
        return nil
    }
}

/// The `// META: key=value` lines at the top of a `.any.js` or `.window.js` test.
public struct ScriptMetadata: Equatable, Sendable {
    /// `global=`: the scopes the test runs in (`window` and `dedicatedworker` by default).
    public var globals: Set<String> = ["window", "dedicatedworker"]
    /// `script=`: scripts loaded before the test, in order.
    public var scripts: [String] = []
    /// `variant=`: one test per variant (`?…` or `#…`).
    public var variants: [String] = []
    public var title: String?
    public var isLong = false

    public init(_ text: String) {
        var globals: Set<String>?
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let trimmed = String(decoding: line, as: UTF8.self).trimmedOfSpaces
            guard trimmed.hasPrefix("//") else {
                if trimmed.isEmpty { continue }
                break
            }
            let body = trimmed.dropFirst(2).drop { $0 == " " }
            guard body.hasPrefix("META:") else { continue }
            let item = body.dropFirst(5).trimmedOfSpaces
            guard let equals = item.firstIndex(of: "=") else { continue }
            let key = item[..<equals].trimmedOfSpaces
            let value = item[item.index(after: equals)...].trimmedOfSpaces
            switch key {
            case "global":
                var set = globals ?? []
                for scope in value.split(separator: ",") {
                    let name = scope.trimmedOfSpaces
                    // `default` is WPT's name for window and dedicatedworker.
                    if name == "default" { set.formUnion(["window", "dedicatedworker"]) } else { set.insert(name) }
                }
                globals = set
            case "script": scripts.append(value)
            case "variant": variants.append(value)
            case "title": title = value
            case "timeout": isLong = value == "long"
            default: break
            }
        }
        if let globals { self.globals = globals }
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and CRs at either end.
    var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }
}
