#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import struct ScriptRuntime.ContentSecurityPolicy
import URLKit

/// Attributes whose value is a URL a page loads as a resource (not a navigation).
private let resourceAttributes: [String: Set<String>] = [
    "script": ["src"], "img": ["src"], "source": ["src"], "video": ["src", "poster"], "audio": ["src"],
    "embed": ["src"], "track": ["src"], "input": ["src"], "link": ["href"], "object": ["data"],
]

/// The `type` values that make a `<script>` JavaScript (HTML's JavaScript MIME type essence
/// match, plus `module`; none or empty is JavaScript too).
private let javaScriptTypes: Set<String> = [
    "", "module", "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
    "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
    "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
    "text/x-ecmascript", "text/x-javascript",
]

extension LintRun {
    /// Lints a page: every URL attribute, handler attribute and script where it is written,
    /// form submissions as the layout engine builds them, and `data-webnav-lint` ignores.
    mutating func lintPage(_ path: String) {
        guard let data = read(path) else { return }
        let page = PageSource(bytes: data)
        var lines: LineTable?
        func site(_ offset: Int, tag: Int) -> Site {
            if lines == nil { lines = LineTable(page.text) }
            let location = lines!.location(of: offset)
            return Site(path: path, line: location.line, column: location.column, scopes: [.element(path: path, tag: tag)])
        }
        let fileURL = URL(fileURLWithPath: path).absoluteString
        // The document's base URL: the first <base href>, wherever it stands (HTML's "frozen base URL").
        var base = fileURL
        if let tag = page.tags.first(where: { !$0.isEndTag && $0.name == "base" && $0.attribute("href") != nil }),
           let href = tag.attribute("href"), let resolved = WebURL(fileURL).resolving(URLClassifier.webKitEncoded(href.value)) {
            base = resolved
        }
        var pageScopes: [IgnoreScope] = []
        var formTags: [Int] = []
        var openScript: (tag: Int, start: Int)?
        // The page's own policy (`<meta http-equiv>` in the head; a file: page has no headers).
        var policy = ContentSecurityPolicy()
        var inBody = false
        func checkPolicy(_ action: ContentSecurityPolicy.Action, at offset: Int, tag: Int) {
            guard !policy.isEmpty, let violation = policy.violations(action, pageURL: fileURL).first else { return }
            report(LintCode.cspBlocked, "blocked on a device: " + violation.consoleMessage, at: site(offset, tag: tag))
        }
        for (index, tag) in page.tags.enumerated() {
            if tag.isEndTag {
                if tag.name == "script", let open = openScript {
                    let range = open.start..<max(open.start, tag.range.lowerBound)
                    checkPolicy(.inlineScript(text: String(decoding: page.text[range], as: UTF8.self),
                                              nonce: page.tags[open.tag].attribute("nonce")?.value),
                                at: page.tags[open.tag].range.lowerBound, tag: open.tag)
                    lintInlineScript(page, range, tag: open.tag, path: path, base: base, site: site)
                    openScript = nil
                }
                continue
            }
            if tag.name == "body" { inBody = true }
            if tag.name == "meta", !inBody, tag.attribute("http-equiv")?.value.lowercased() == "content-security-policy",
               let content = tag.attribute("content") {
                policy.add(content.value)
            }
            if tag.name == "html" || tag.name == "body" { pageScopes.append(.element(path: path, tag: index)) }
            if let directive = tag.attribute("data-webnav-lint") {
                addIgnore(IgnoreDirective.parse(directive.value), scope: .element(path: path, tag: index),
                          at: site(directive.valueRange.lowerBound, tag: index))
            }
            for attribute in tag.attributes {
                let at = { (inner: Int) -> Int in Self.offset(of: inner, in: attribute) }
                if attribute.name.count > 2, attribute.name.hasPrefix("on") {
                    checkPolicy(.inlineHandler(text: attribute.value), at: attribute.valueRange.lowerBound, tag: index)
                    let facts = ScriptFacts(source: Array(attribute.value.utf8))
                    checkScript(facts, page: path, base: base, world: .page, registersIgnores: false) { site(at($0), tag: index) }
                    continue
                }
                let value = attribute.value
                if ["href", "src", "action", "formaction"].contains(attribute.name), value.trimmingSpaces.lowercased().hasPrefix("javascript:") {
                    checkPolicy(.javascriptURL(text: value), at: attribute.valueRange.lowerBound, tag: index)
                    lintJavaScriptURL(value, attribute: attribute, page: path, base: base) { site($0, tag: index) }
                    continue
                }
                switch (tag.name, attribute.name) {
                case ("a", "href"), ("area", "href"):
                    check(value, use: .navigation(fromPage: path, target: tag.attribute("target")?.value), base: base,
                          at: site(attribute.valueRange.lowerBound, tag: index))
                case ("iframe", "src"), ("frame", "src"):
                    check(value, use: .navigation(fromPage: path, target: nil), base: base, at: site(attribute.valueRange.lowerBound, tag: index))
                case ("form", "action"), ("button", "formaction"), ("input", "formaction"):
                    formTags.append(index)
                case ("meta", "content") where tag.attribute("http-equiv")?.value.lowercased() == "refresh":
                    if let (url, inner) = Self.refreshURL(value) {
                        check(url, use: .navigation(fromPage: path, target: nil), base: base, at: site(at(inner), tag: index))
                    }
                default:
                    guard resourceAttributes[tag.name]?.contains(attribute.name) ?? false, !value.trimmingSpaces.isEmpty else { continue }
                    if tag.name == "link", !Self.linkLoadsResource(tag) { continue }
                    check(value, use: .resource, base: base, at: site(attribute.valueRange.lowerBound, tag: index))
                    if tag.name == "script", let file = localPath(of: value, against: base), exists(file) {
                        lintScriptFile(file, page: path, base: base)
                    }
                }
            }
            if tag.name == "script", tag.attribute("src") == nil,
               javaScriptTypes.contains((tag.attribute("type")?.value ?? "").trimmingSpaces.lowercased()) {
                openScript = (index, tag.range.upperBound)
            }
        }
        if let open = openScript {
            lintInlineScript(page, open.start..<max(open.start, page.text.count), tag: open.tag, path: path, base: base, site: site)
        }
        if !formTags.isEmpty { lintForms(page, formTags: formTags, path: path, base: base, site: site) }
        notePageScopes(path, pageScopes)
    }

    private mutating func lintInlineScript(_ page: PageSource, _ range: Range<Int>, tag: Int, path: String, base: String,
                                           site: (Int, Int) -> Site) {
        let facts = ScriptFacts(source: Array(page.text[range]))
        checkScript(facts, page: path, base: base, world: .page, registersIgnores: true) { offset in
            var placed = site(range.lowerBound + offset, tag)
            placed.scopes.append(.line(path: path, line: placed.line))
            return placed
        }
    }

    /// `javascript:` URLs run their (percent-decoded) text as a script.
    private mutating func lintJavaScriptURL(_ value: String, attribute: SourceAttribute, page: String, base: String, site: (Int) -> Site) {
        let trimmed = value.trimmingSpaces
        let prefixLength = value.utf8.count - value.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.utf8.count + "javascript:".utf8.count
        let body = String(trimmed.dropFirst("javascript:".count))
        let decoded = PercentEncoding.decode(Array(body.utf8)) ?? body
        let exact = decoded.utf8.count == body.utf8.count
        let facts = ScriptFacts(source: Array(decoded.utf8))
        checkScript(facts, page: page, base: base, world: .page, registersIgnores: false) { offset in
            site(exact ? Self.offset(of: prefixLength + offset, in: attribute) : attribute.valueRange.lowerBound)
        }
    }

    /// Forms: each submit button's submission as the layout engine builds it (GET: the action
    /// with the form's fields as the query), checked at the `formaction` or `action` that
    /// decided it; a form no button submits is checked by its `action` alone.
    private mutating func lintForms(_ page: PageSource, formTags: [Int], path: String, base: String, site: (Int, Int) -> Site) {
        let layout = PageLayoutEngine.layout(page.document, baseURL: URL(string: base), options: LayoutOptions(width: 80))
        var covered: Set<Int> = []
        for item in layout.items where item.kind == .button {
            guard let url = item.url, let submitter = page.tagIndex(of: item.node) else { continue }
            var decidingTag = submitter
            var decidingAttribute = page.tags[submitter].attribute("formaction")
            if decidingAttribute == nil {
                var node = page.document.parent(of: item.node)
                while let current = node, page.document.name(of: current) != "form" { node = page.document.parent(of: current) }
                guard let form = node, let formTag = page.tagIndex(of: form) else { continue }
                decidingTag = formTag
                decidingAttribute = page.tags[formTag].attribute("action")
            }
            covered.insert(decidingTag)
            let offset = decidingAttribute?.valueRange.lowerBound ?? page.tags[decidingTag].range.lowerBound
            let target = page.tags[submitter].attribute("formtarget")?.value ?? formTarget(page, decidingTag)
            check(url, use: .navigation(fromPage: path, target: target), base: base, at: site(offset, decidingTag))
        }
        for index in formTags where !covered.contains(index) {
            let tag = page.tags[index]
            guard let action = tag.attribute("action") ?? tag.attribute("formaction"), !action.value.trimmingSpaces.isEmpty else { continue }
            check(action.value, use: .navigation(fromPage: path, target: tag.attribute("target")?.value), base: base,
                  at: site(action.valueRange.lowerBound, index))
        }
    }

    private func formTarget(_ page: PageSource, _ tag: Int) -> String? {
        page.tags[tag].name == "form" ? page.tags[tag].attribute("target")?.value : nil
    }

    /// The offset in the page of a character of an attribute's decoded value: exact when the
    /// value is written as it reads (no character reference, no CR), else the value's start.
    static func offset(of inner: Int, in attribute: SourceAttribute) -> Int {
        attribute.valueRange.count == attribute.value.utf8.count ? attribute.valueRange.lowerBound + inner : attribute.valueRange.lowerBound
    }

    /// `<meta http-equiv=refresh content="5; url=next.html">`: the URL and its offset in the value.
    static func refreshURL(_ content: String) -> (String, Int)? {
        let bytes = Array(content.utf8)
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ",") { index += 1 }
        guard index < bytes.count else { return nil }
        index += 1
        func skipSpaces() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpaces()
        if index + 3 <= bytes.count, String(decoding: bytes[index..<(index + 3)], as: UTF8.self).lowercased() == "url" {
            var after = index + 3
            while after < bytes.count, bytes[after] == 0x20 { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: "=") {
                index = after + 1
                skipSpaces()
            }
        }
        var end = bytes.count
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") {
            let quote = bytes[index]
            index += 1
            end = bytes[index...].firstIndex(of: quote) ?? bytes.count
        }
        let url = String(decoding: bytes[index..<end], as: UTF8.self).trimmingSpaces
        return url.isEmpty ? nil : (url, index)
    }

    /// Whether a `<link>` loads its `href` (a stylesheet, an icon, a preload), rather than
    /// naming a related page (`canonical`, `alternate`, `next`), which is no file to check.
    static func linkLoadsResource(_ tag: SourceTag) -> Bool {
        let relations = (tag.attribute("rel")?.value ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        return relations.contains { ["stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"].contains($0) }
    }
}
