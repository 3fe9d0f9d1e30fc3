#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// The style sheets a page links to (`<link rel=stylesheet>`) and imports (`@import`), read
/// once when the page loads and parsed, by absolute URL.
///
/// Reading goes through a closure, so the loader decides what may be read (local files now,
/// http later). A sheet that cannot be read is left out, as a browser leaves out one that
/// fails to load.
public struct LinkedStyleSheets: Sendable {
    /// The most style sheets read for one page.
    public static let maximumCount = 64
    /// How deep `@import` chains are followed.
    public static let maximumImportDepth = 8

    var sheets: [String: StyleSheet] = [:]
    /// The sheets' texts, for cascades that keep more properties than the parsed `sheets`.
    var texts: [String: String] = [:]

    public init() {}

    /// Reads every style sheet the document links to, and those they import, through
    /// `read` (which returns a sheet's bytes, or nil when it cannot be read).
    public init(document: HTMLDocument, pageURL: String?, read: (URL) -> Data?) {
        let base = document.baseURL(pageURL: pageURL)
        let resolver = URLResolver(base: base)
        var pending: [(url: String, depth: Int)] = []
        for link in StyleCascade.sheetElementsOfEveryTree(of: document) {
            switch link {
            case .linked(let href, _):
                if let url = resolver.resolve(href) { pending.append((url, 0)) }
            case .embedded(let text, _):
                for imported in Self.imports(in: StyleSheetParser.parse(text)) {
                    if let url = resolver.resolve(imported) { pending.append((url, 1)) }
                }
            }
        }
        var attempted: Set<String> = []
        while !pending.isEmpty && attempted.count < Self.maximumCount {
            let (url, depth) = pending.removeFirst()
            let key = Self.withoutFragment(url)
            guard !attempted.contains(key) else { continue }
            attempted.insert(key)
            guard let parsed = URL(string: key), let data = read(parsed) else { continue }
            let text = Self.decode(data)
            let sheet = StyleSheetParser.parse(text)
            sheets[key] = sheet
            texts[key] = text
            guard depth < Self.maximumImportDepth else { continue }
            let sheetResolver = URLResolver(base: key)
            for imported in Self.imports(in: sheet) {
                if let url = sheetResolver.resolve(imported) { pending.append((url, depth + 1)) }
            }
        }
    }

    /// Adds a style sheet read some other way (a loader, a test).
    public mutating func add(_ text: String, at url: String) {
        sheets[Self.withoutFragment(url)] = StyleSheetParser.parse(text)
        texts[Self.withoutFragment(url)] = text
    }

    /// The URLs of the sheets read, sorted.
    public var urls: [String] { sheets.keys.sorted() }

    func sheet(at url: String) -> StyleSheet? { sheets[Self.withoutFragment(url)] }

    /// The text of the sheet read for `url`, if it was read.
    public func text(at url: String) -> String? { texts[Self.withoutFragment(url)] }

    /// The sheet at `url` parsed keeping `kept` too (the kept sheet when that is empty).
    func sheet(at url: String, keeping kept: Set<String>) -> StyleSheet? {
        guard !kept.isEmpty else { return sheet(at: url) }
        return texts[Self.withoutFragment(url)].map { StyleSheetParser.parse($0, keeping: kept) }
    }

    static func withoutFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }

    /// The URLs a sheet imports, at any depth of its conditional and layer rules.
    static func imports(in sheet: StyleSheet) -> [String] {
        var urls: [String] = []
        func walk(_ items: [StyleSheetItem]) {
            for item in items {
                switch item {
                case .importRule(let url, _, _): urls.append(url)
                case .media(_, let inner), .layerBlock(_, let inner): walk(inner)
                default: break
                }
            }
        }
        walk(sheet.items)
        return urls
    }

    /// A style sheet's text: UTF-8 (a byte order mark of UTF-16 or UTF-8 is honoured, and an
    /// `@charset` naming another encoding is followed), bad bytes replaced.
    static func decode(_ data: Data) -> String {
        data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var encoding = TextEncoding.utf8
            var start = 0
            if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
                encoding = .utf16BE
                start = 2
            } else if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
                encoding = .utf16LE
                start = 2
            } else if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                start = 3
            } else if bytes.starts(with: Array("@charset \"".utf8)), let close = bytes.dropFirst(10).prefix(40).firstIndex(of: 0x22),
                      bytes.count > close + 1, bytes[close + 1] == 0x3B,
                      let declared = TextEncoding(label: String(decoding: bytes[10..<close], as: UTF8.self)) {
                // A style sheet cannot declare itself UTF-16 in ASCII (CSS Syntax §3.2).
                encoding = declared == .utf16BE || declared == .utf16LE ? .utf8 : declared
            }
            let utf8 = CharsetDecoder.utf8(from: UnsafeBufferPointer(rebasing: bytes[start...]), encoding: encoding)
            return String(decoding: utf8, as: UTF8.self)
        }
    }
}

extension HTMLDocument {
    /// The URL relative references resolve against: the first `<base href>`, resolved
    /// against the page's URL, else the page's URL. A document that never held a `<base>`
    /// answers without walking the tree.
    public func baseURL(pageURL: String?) -> String? {
        guard mayContainBase else { return pageURL }
        var node = nodes[0].firstChild
        while node != HTMLDocument.none {
            if nodes[Int(node)].name == KnownName.base.rawValue, let href = attribute(.href, of: node) {
                return URLResolver(base: pageURL).resolve(href) ?? pageURL
            }
            node = following(node, within: 0)
        }
        return pageURL
    }
}
