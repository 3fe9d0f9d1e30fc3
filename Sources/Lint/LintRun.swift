import AppShell
import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import URLKit

/// Which ignore comments may silence a finding.
enum IgnoreScope: Hashable, Sendable {
    /// `data-webnav-lint` on the element made by the tag at this index of the page's tags.
    case element(path: String, tag: Int)
    /// A comment above a flow step, a script line or a plist key, or at the end of its line.
    case line(path: String, line: Int)
    /// A JSON file's `"webnav-lint"` list (the profile, a payload).
    case file(path: String)
}

/// Where a finding is: a file, a line and column, and the ignore scopes that reach it.
struct Site: Sendable {
    var path: String
    var line: Int
    var column: Int
    var scopes: [IgnoreScope]
}

/// How a URL is used where it is written, which decides what is checked.
enum URLUse: Equatable, Sendable {
    /// Followed by the web view or the app: a link, a form, a frame, a script's navigation, a
    /// flow's `open`, a notification's link. `fromPage` is the page it leads away from (nil for
    /// flows and notifications, which start from the root); `target` is a link's `target`.
    case navigation(fromPage: String?, target: String?)
    /// Loaded by a page: a script, an image, a stylesheet.
    case resource
    /// A string in a script that starts with a scheme: only deeplinks and external links count.
    case literal(fromPage: String?)
    /// A flow's `expect url`: a page that must exist.
    case expectation
}

/// One lint: every input read once, findings gathered with their ignore scopes, then silenced.
struct LintRun {
    let options: LintOptions
    let files: LintFiles
    let inputs: LintInputs
    let profile: AppProfile
    let classifier: URLClassifier
    /// The pages folder as a file URL ending in `/`.
    let pagesBase: String

    private var pending: [(finding: LintFinding, scopes: [IgnoreScope])] = []
    private var ignores: [IgnoreEntry] = []
    private var existing: [String: Bool] = [:]
    /// Page → the local pages its links, forms and deeplinks lead to.
    private(set) var edges: [String: Set<String>] = [:]
    /// Pages reached from outside any page: the root, flows' `open`s, notifications' links.
    private(set) var roots: Set<String> = []
    /// Handler names page and user scripts use, by world.
    private var usedHandlers: [AppProfile.ContentWorld: Set<String>] = [:]
    private var readCount = 0
    /// Scripts loaded by pages, read once: their facts and line table (nil when unreadable).
    private var scriptFiles: [String: (facts: ScriptFacts, lines: LineTable)?] = [:]
    /// Each page's `<html>` and `<body>` tags, whose ignores reach page-wide findings.
    private var pageScopes: [String: [IgnoreScope]] = [:]

    /// An ignore comment's code, its scope, and whether it silenced a finding yet.
    struct IgnoreEntry {
        var code: String
        var scope: IgnoreScope?
        var site: Site
        var reason: String
        var used = false
    }

    init(options: LintOptions, files: LintFiles, inputs: LintInputs) {
        self.options = options
        self.files = files
        self.inputs = inputs
        profile = options.profile
        classifier = URLClassifier(profile: options.profile)
        pagesBase = URL(fileURLWithPath: options.pagesFolder, isDirectory: true).absoluteString
    }

    mutating func lint() -> LintResult {
        if inputs.profileIncluded {
            lintProfile()
        } else if options.profilePath == nil, inputs.wholePagesFolder {
            checkRoot(at: Site(path: options.pagesFolder, line: 1, column: 1, scopes: []))
        }
        for path in inputs.plists { lintPlist(path) }
        for path in inputs.pages { lintPage(path) }
        for path in inputs.scripts { lintScriptFile(path, page: nil, base: URL(fileURLWithPath: path).absoluteString) }
        lintFlows(inputs.flows)
        for path in inputs.payloads { lintPayload(path) }
        if inputs.wholePagesFolder {
            checkReachability()
            if inputs.profileIncluded { checkHandlersUsed() }
        }
        return finish()
    }

    // MARK: - Findings

    /// Records a finding; its severity is the rule's unless given.
    mutating func report(_ code: String, _ message: String, at site: Site, severity: LintFinding.Severity? = nil) {
        let finding = LintFinding(path: site.path, line: site.line, column: site.column, code: code,
                                  severity: severity ?? LintCode.rule(for: code).severity, message: message)
        pending.append((finding, site.scopes))
    }

    /// Records an ignore directive (`ignore CODE…: reason`) for `scope`; a malformed one is a finding.
    mutating func addIgnore(_ parsed: Result<IgnoreDirective, IgnoreDirective.Problem>, scope: IgnoreScope?, at site: Site) {
        switch parsed {
        case .failure(let problem):
            report(LintCode.badIgnore, problem.message, at: Site(path: site.path, line: site.line, column: site.column, scopes: []))
        case .success(let directive):
            for code in directive.codes {
                ignores.append(IgnoreEntry(code: code, scope: scope, site: site, reason: directive.reason))
            }
        }
    }

    /// Silences findings with the ignores that reach them, reports unused ignores, and sorts.
    private mutating func finish() -> LintResult {
        var seen: Set<LintFinding> = []
        var findings: [LintFinding] = []
        var silenced: [SilencedFinding] = []
        // Ignores are matched in a stable order: by finding place, then code.
        let ordered = pending.sorted { Self.precedes($0.finding, $1.finding) }
        var entriesByKey: [String: [Int]] = [:]
        for (index, entry) in ignores.enumerated() {
            guard let scope = entry.scope else { continue }
            entriesByKey[Self.key(scope, entry.code), default: []].append(index)
        }
        // Reversed, so that popping takes them in the order they were written.
        entriesByKey = entriesByKey.mapValues { $0.reversed() }
        for (finding, scopes) in ordered {
            // The same place and code reached twice (a script two pages load, an included flow) counts once.
            let identity = LintFinding(path: finding.path, line: finding.line, column: finding.column, code: finding.code,
                                       severity: finding.severity, message: finding.code == "removeStack-noop" ? "" : finding.message)
            guard seen.insert(identity).inserted else { continue }
            var reason: String?
            for scope in scopes {
                // Ignores of one scope and code are used in order: the next unused is the first left.
                let key = Self.key(scope, finding.code)
                guard var candidates = entriesByKey[key], let index = candidates.popLast() else { continue }
                entriesByKey[key] = candidates
                ignores[index].used = true
                reason = ignores[index].reason
                break
            }
            if let reason { silenced.append(SilencedFinding(finding: finding, reason: reason)) } else { findings.append(finding) }
        }
        for entry in ignores where !entry.used {
            findings.append(LintFinding(
                path: entry.site.path, line: entry.site.line, column: entry.site.column, code: LintCode.unusedIgnore,
                severity: .warning, message: "this ignore silences no \(entry.code) finding\(entry.scope == nil ? ": no step follows it" : "")"))
        }
        findings.sort(by: Self.precedes)
        silenced.sort { Self.precedes($0.finding, $1.finding) }
        return LintResult(findings: findings, silenced: silenced, fileCount: readCount)
    }

    private static func key(_ scope: IgnoreScope, _ code: String) -> String {
        switch scope {
        case .element(let path, let tag): return "e\u{0}\(path)\u{0}\(tag)\u{0}\(code)"
        case .line(let path, let line): return "l\u{0}\(path)\u{0}\(line)\u{0}\(code)"
        case .file(let path): return "f\u{0}\(path)\u{0}\(code)"
        }
    }

    static func precedes(_ a: LintFinding, _ b: LintFinding) -> Bool {
        (a.path, a.line, a.column, a.code, a.message) < (b.path, b.line, b.column, b.code, b.message)
    }

    // MARK: - Files

    /// Counts a file read by someone else (the flow parser).
    mutating func noteRead() {
        readCount += 1
    }

    /// A file's bytes; an unreadable file is a finding at its first line.
    mutating func read(_ path: String) -> Data? {
        do {
            let data = try files.read(path)
            readCount += 1
            return data
        } catch {
            report(LintCode.readError, "cannot read: \(ReadFailure.reason(error))", at: Site(path: path, line: 1, column: 1, scopes: []))
            return nil
        }
    }

    /// Whether a regular file exists at `path` (asked once per path).
    mutating func exists(_ path: String) -> Bool {
        if let known = existing[path] { return known }
        let found = files.kind(of: path) == .file
        existing[path] = found
        return found
    }

    // MARK: - URLs

    /// Checks a URL where it is used: the deeplink's warnings, a missing local page, a link the
    /// app cannot open, an external scheme the app may not query; and notes where it leads.
    mutating func check(_ written: String, use: URLUse, base: String, at site: Site) {
        let trimmed = written.trimmingSpaces
        if case .navigation(_, let target) = use, target?.lowercased() == "_blank" { return }
        // An empty link resolves to its own page (WebKit hands the app the page's URL, not "").
        if trimmed.isEmpty, use != .resource { return }
        if profile.intercepts.contains(where: { trimmed.hasPrefix($0.prefix) }) { return }
        if use == .resource {
            guard let path = localPath(of: trimmed, against: base), !exists(path) else { return }
            report(LintCode.missingResource, "\(JSONText.quote(trimmed)) does not exist (\(display(path)))", at: site)
            return
        }
        let classification = classifier.classify(trimmed)
        switch classification.kind {
        case .deeplink:
            guard let deeplink = classification.deeplink else { return }
            for warning in deeplink.warnings { report(warning.code.rawValue, warning.message, at: site) }
            if use == .expectation { return }
            guard deeplink.action == .push, let url = deeplink.configuration.urlString, !url.isEmpty,
                  let path = localPath(of: url, against: pagesBase) else { return }
            if exists(path) {
                lead(from: use, to: path)
            } else {
                report(LintCode.missingPage, "the deeplink's url \(JSONText.quote(url)) does not exist (\(display(path)))", at: site)
            }
        case .page:
            if case .literal = use { return }
            let relativeBase = use == .expectation ? pagesBase : base
            guard let path = localPath(of: classification.url, against: relativeBase) else { return }
            if exists(path) {
                if use != .expectation { lead(from: use, to: path) }
            } else {
                report(LintCode.missingPage, "\(JSONText.quote(trimmed)) does not exist (\(display(path)))", at: site)
            }
        case .external:
            guard let queried = profile.queriesSchemes, use != .expectation else { return }
            if case .navigation(nil, _) = use, site.path.hasSuffix(".flow") { return }
            let scheme = WebURL(classification.url).normalizedScheme ?? ""
            if !queried.contains(where: { $0.lowercased() == scheme }) {
                report(LintCode.unqueriedScheme,
                       "\(scheme): is not in LSApplicationQueriesSchemes (\(queried.joined(separator: ", "))): canOpenURL answers false for it",
                       at: site)
            }
        case .store:
            return
        case .invalid:
            if case .literal = use { return }
            let scheme = WebURL(validating: classification.url)?.normalizedScheme
            if let scheme, ["javascript", "data", "about", "blob"].contains(scheme) { return }
            report(LintCode.invalidURL, "the app cannot open \(JSONText.quote(trimmed)): \(classification.reason ?? "unparsable")", at: site)
        }
    }

    /// Notes that a use leads to a local page: an edge from its page, or a root.
    private mutating func lead(from use: URLUse, to path: String) {
        guard Self.isPage(path) else { return }
        switch use {
        case .navigation(let page?, _), .literal(let page?): edges[page, default: []].insert(path)
        case .navigation(nil, _), .literal(nil): roots.insert(path)
        case .resource, .expectation: break
        }
    }

    static func isPage(_ path: String) -> Bool {
        ["html", "htm"].contains(LocalPath.extensionName(path).lowercased())
    }

    /// The file a URL names, when it is local: resolved against `base`, without query or fragment.
    func localPath(of reference: String, against base: String) -> String? {
        let encoded = URLClassifier.webKitEncoded(reference)
        let absolute: String
        if WebURL(validating: encoded)?.scheme != nil {
            absolute = encoded
        } else {
            guard let resolved = WebURL(base).resolving(encoded) else { return nil }
            absolute = resolved
        }
        // Resolution has removed dot segments already; the path is only percent-decoded.
        let url = WebURL(absolute)
        guard url.normalizedScheme == "file", url.hasAuthority ? (url.host ?? "").isEmpty || url.host == "localhost" : true else { return nil }
        let written = url.path
        guard written.hasPrefix("/") else { return nil }
        let path = PercentEncoding.decode(Array(written.utf8)) ?? String(written)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// A path as messages show it: relative to the current folder when inside it.
    func display(_ path: String) -> String {
        LintPaths.display(path, from: options.currentFolder)
    }

    // MARK: - Handlers

    /// Notes a `messageHandlers.NAME` in a script of `world`; one the world lacks is a finding.
    mutating func useHandler(_ name: String, world: AppProfile.ContentWorld, at site: Site) {
        usedHandlers[world, default: []].insert(name)
        let registered = profile.messageHandlers
        if registered.contains(where: { $0.name == name && $0.world == world }) { return }
        let elsewhere = registered.filter { $0.name == name }.map(\.world.description)
        let reason: String
        if !elsewhere.isEmpty {
            reason = "is registered for the \(elsewhere.joined(separator: ", ")) world, not \(world)"
        } else {
            let names = registered.filter { $0.world == world }.map(\.name)
            reason = "is not registered in the profile" + (NameSuggestion.nearest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? "")
        }
        report(LintCode.unregisteredHandler,
               "messageHandlers.\(name) \(reason): it is undefined in the \(world) world, so calling postMessage throws a TypeError",
               at: site)
    }

    private mutating func checkHandlersUsed() {
        for handler in profile.messageHandlers where !(usedHandlers[handler.world]?.contains(handler.name) ?? false) {
            let location = handler.location
            report(LintCode.unusedHandler,
                   "the handler \(JSONText.quote(handler.name)) (\(handler.world) world) is registered but no page script uses messageHandlers.\(handler.name)",
                   at: Site(path: standardized(location.path), line: location.line, column: location.column ?? 1, scopes: [.file(path: standardized(location.path))]))
        }
    }

    func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: options.currentFolder, isDirectory: true)).standardizedFileURL.path
    }

    // MARK: - Reachability

    private mutating func checkReachability() {
        let pagesFolder = options.pagesFolder.hasSuffix("/") ? options.pagesFolder : options.pagesFolder + "/"
        if let root = localPath(of: profile.root.url, against: pagesBase), exists(root) { roots.insert(root) }
        var reached: Set<String> = []
        var queue = Array(roots)
        while let page = queue.popLast() {
            guard reached.insert(page).inserted else { continue }
            queue += edges[page, default: []].filter { !reached.contains($0) }
        }
        let rootName = profile.root.url
        for page in inputs.pages where page.hasPrefix(pagesFolder) && !reached.contains(page) {
            report(LintCode.unreachablePage,
                   "no link, deeplink, form, flow or notification reaches this page from the root (\(rootName))",
                   at: Site(path: page, line: 1, column: 1, scopes: pageScopes[page] ?? []))
        }
    }

    /// A page a flow showed when the linter ran it (a script's link, a notification): reached.
    mutating func noteShownByFlow(_ url: String) {
        guard let path = localPath(of: url, against: pagesBase), exists(path) else { return }
        roots.insert(standardized(path))
    }

    mutating func notePageScopes(_ path: String, _ scopes: [IgnoreScope]) {
        pageScopes[path] = scopes
    }

    // MARK: - Scripts

    /// Checks a script's facts: navigations, scheme literals, handler uses, ignore comments.
    /// `site(offset)` places an offset of the script's source.
    mutating func checkScript(_ facts: ScriptFacts, page: String?, base: String, world: AppProfile.ContentWorld,
                              registersIgnores: Bool, site: (Int) -> Site) {
        for navigation in facts.navigations {
            check(navigation.value, use: .navigation(fromPage: page, target: nil), base: base, at: site(navigation.offset))
        }
        for literal in facts.schemeLiterals {
            check(literal.value, use: .literal(fromPage: page), base: base, at: site(literal.offset))
        }
        for use in facts.handlerUses { useHandler(use.value, world: world, at: site(use.offset)) }
        if page != nil, WebURL(base).normalizedScheme == "file" {
            for request in facts.requests { checkRequestFromFilePage(request.value, base: base, at: site(request.offset)) }
        }
        guard registersIgnores else { return }
        for directive in facts.directives {
            guard let parsed = IgnoreDirective.parseComment(directive.text) else { continue }
            let start = site(directive.start)
            let end = site(max(directive.start, directive.end - 1))
            let line = directive.followsCode ? start.line : end.line + 1
            addIgnore(parsed, scope: .line(path: start.path, line: line), at: start)
        }
    }

    /// Lints a script file a page loads (or one given by itself): read once, its findings
    /// placed in it, its navigations resolved against the loading page.
    mutating func lintScriptFile(_ path: String, page: String?, base: String) {
        if scriptFiles[path] == nil {
            guard let data = read(path) else {
                scriptFiles[path] = .some(nil)
                return
            }
            let bytes = [UInt8](data)
            scriptFiles[path] = (ScriptFacts(source: bytes), LineTable(bytes))
            checkScriptFile(path, page: page, base: base, registersIgnores: true)
        } else {
            checkScriptFile(path, page: page, base: base, registersIgnores: false)
        }
    }

    private mutating func checkScriptFile(_ path: String, page: String?, base: String, registersIgnores: Bool) {
        guard case .some(.some(let entry)) = scriptFiles[path] else { return }
        var lines = entry.lines
        checkScript(entry.facts, page: page, base: base, world: .page, registersIgnores: registersIgnores) { offset in
            let location = lines.location(of: offset)
            return Site(path: path, line: location.line, column: location.column, scopes: [.line(path: path, line: location.line)])
        }
        scriptFiles[path] = (entry.facts, lines)
    }
}

/// Paths as the linter prints them.
public enum LintPaths {
    /// Relative to `folder` when the path is inside it (as compilers print paths), else absolute.
    public static func display(_ path: String, from folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if path.hasPrefix(prefix), path.count > prefix.count { return String(path.dropFirst(prefix.count)) }
        return path
    }
}

extension LintRun {
    /// A `file:` page's `fetch`/XHR as WKWebView treats it: its origin is opaque, so another
    /// file needs `allowFileAccessFromFileURLs`, and an http(s) server must allow `Origin: null`.
    mutating func checkRequestFromFilePage(_ value: String, base: String, at site: Site) {
        guard let resolved = WebURL(base).resolving(URLClassifier.webKitEncoded(value)) else { return }
        switch WebURL(resolved).normalizedScheme {
        case "file"? where !profile.allowFileAccessFromFileURLs:
            report(LintCode.fileFetch, "\"\(value)\" from a file: page fails on a device (Cross origin requests are only supported for HTTP.): "
                   + "the app must turn on WKPreferences' allowFileAccessFromFileURLs; in webnav, \"allowFileAccessFromFileURLs\": true in the profile",
                   at: site)
        case "http"?, "https"?:
            report(LintCode.nullOrigin, "\"\(value)\" from a file: page is a cross-origin request with Origin: null: it fails on a device "
                   + "unless the server answers Access-Control-Allow-Origin: * (or null)", at: site)
        default:
            return
        }
    }
}
