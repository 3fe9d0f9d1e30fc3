import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import Simulator

/// Where each payload problem is written: the key path of the value at fault.
private let payloadProblemKeys: [String: [String]] = [
    "payload-bundle-mismatch": ["Simulator Target Bundle"], "payload-category-unregistered": ["aps", "category"],
    "payload-mutable-content-no-extension": ["aps", "mutable-content"], "payload-badge-type": ["aps", "badge"],
    "payload-alert-type": ["aps", "alert"], "payload-aps-not-object": ["aps"],
]

extension LintRun {
    // MARK: - The profile

    /// Lints the profile in use: what its reader warns about, its root page, its `ats`, and its
    /// `"webnav-lint"` ignores (an Info.plist given as the profile is linted as a plist).
    mutating func lintProfile() {
        guard let path = options.profilePath else { return }
        if LocalPath.extensionName(path).lowercased() == "plist" {
            lintPlist(path)
            checkRoot(at: Site(path: path, line: 1, column: 1, scopes: []))
            return
        }
        guard let data = read(path) else { return }
        let bytes = [UInt8](data)
        guard let document = try? JSONReader.parse(bytes, path: path) else {
            if InfoPlistImportSniff.isPropertyList(data) { lintPlist(path) }
            return
        }
        registerJSONIgnores(document, path: path)
        if let decoded = try? AppProfile.decode(json: bytes, path: path) {
            for warning in decoded.warnings {
                let (line, column, message) = Self.locatedWarning(warning, path: path)
                report(LintCode.profileWarning, message, at: Site(path: path, line: line, column: column, scopes: [.file(path: path)]))
            }
        }
        let rootURL = Self.member(["root", "url"], in: document)?.value
        checkRoot(at: Site(path: path, line: rootURL?.line ?? 1, column: rootURL?.column ?? 1, scopes: [.file(path: path)]))
        if let ats = Self.member(["ats"], in: document)?.value, case .object = ats.value {
            let platform = profile.platformVersion
            for warning in ATSLinter.check(PropertyValue(json: ats.value), platformVersion: platform) {
                let key = Self.member(Array(warning.keys.dropFirst()), in: ats)?.key
                report(warning.code, "\(warning.keyPath): \(warning.message)",
                       at: Site(path: path, line: key?.line ?? ats.line, column: key?.column ?? ats.column, scopes: [.file(path: path)]))
            }
        }
        for script in profile.userScripts {
            lintUserScript(script)
        }
    }

    /// The root page must exist.
    mutating func checkRoot(at site: Site) {
        guard let root = localPath(of: profile.root.url, against: pagesBase), !exists(root) else { return }
        report(LintCode.missingPage, "the root page \(JSONText.quote(profile.root.url)) does not exist (\(display(root)))", at: site)
    }

    /// A user script's handler uses count for its world (it runs in every page).
    private mutating func lintUserScript(_ script: AppProfile.UserScript) {
        switch script.source {
        case .inline(let source, let location):
            let facts = ScriptFacts(source: Array(source.utf8))
            let path = standardized(location.path)
            for use in facts.handlerUses {
                useHandler(use.value, world: script.world,
                           at: Site(path: path, line: location.line, column: location.column ?? 1, scopes: [.file(path: path)]))
            }
        case .file(let reference):
            guard let data = read(reference.path) else { return }
            let bytes = [UInt8](data)
            var lines = LineTable(bytes)
            for use in ScriptFacts(source: bytes).handlerUses {
                let location = lines.location(of: use.offset)
                useHandler(use.value, world: script.world, at: Site(
                    path: reference.path, line: location.line, column: location.column, scopes: [.line(path: reference.path, line: location.line)]))
            }
        }
    }

    /// `PATH:LINE:COLUMN: warning: MESSAGE` → its place and message (line 1 when it has none).
    static func locatedWarning(_ warning: String, path: String) -> (Int, Int, String) {
        let prefix = path + ":"
        guard warning.hasPrefix(prefix) else { return (1, 1, warning) }
        let rest = warning.dropFirst(prefix.count)
        let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) {
            let message = parts[2].drop { $0 == " " }
            return (line, column, String(message.hasPrefix("warning: ") ? message.dropFirst(9) : message))
        }
        let message = rest.drop { $0 == " " }
        return (1, 1, String(message.hasPrefix("warning: ") ? message.dropFirst(9) : message))
    }

    // MARK: - Info.plist

    /// Lints an Info.plist: whether it reads, the values webnav cannot use, its ATS dictionary
    /// (for the profile's iOS version), and `<!-- webnav-lint: ignore … -->` comments.
    mutating func lintPlist(_ path: String) {
        guard let data = read(path) else { return }
        let text = [UInt8](data)
        let isXML = !data.starts(with: Array("bplist".utf8))
        var lines = LineTable(isXML ? text : [])
        func site(_ offset: Int?) -> Site {
            guard let offset, isXML else { return Site(path: path, line: 1, column: 1, scopes: [.line(path: path, line: 1)]) }
            let location = lines.location(of: offset)
            return Site(path: path, line: location.line, column: location.column, scopes: [.line(path: path, line: location.line)])
        }
        if isXML { registerXMLIgnores(text, path: path, lines: &lines) }
        let keys = XMLKeyIndex(isXML ? text : [])
        let plist: InfoPlist
        do {
            plist = try InfoPlist.parse(data, path: path)
        } catch {
            var at = site(nil)
            if let line = error.line, let column = error.column {
                at = Site(path: path, line: line, column: column, scopes: [.line(path: path, line: line)])
            }
            report(LintCode.plistError, error.reason, at: at)
            return
        }
        for warning in plist.warnings {
            let message = warning.hasPrefix(path + ": ") ? String(warning.dropFirst(path.count + 2)) : warning
            report(LintCode.plistWarning, message, at: site(Self.plistWarningOffset(message, keys: keys, text: text)))
        }
        let platform = profile.platformVersion
        for warning in ATSLinter.check(plist.appTransportSecurity, platformVersion: platform) {
            report(warning.code, "\(warning.keyPath): \(warning.message)", at: site(keys.offset(of: warning.keys)))
        }
    }

    /// Where a plist warning points: the key path it names (`CFBundleURLTypes[0].CFBundleURLSchemes`),
    /// else the build setting it quotes (`<string>$(NAME)</string>`), else nowhere in particular.
    static func plistWarningOffset(_ message: String, keys: XMLKeyIndex, text: [UInt8]) -> Int? {
        var best: (count: Int, offset: Int)?
        for word in message.split(separator: " ") {
            let path = word.split(separator: ".").map { component in
                String(component.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            }
            guard path.allSatisfy({ !$0.isEmpty }), let offset = keys.offset(of: path), path.count > (best?.count ?? 0) else { continue }
            best = (path.count, offset)
        }
        if let best { return best.offset }
        guard let start = message.firstRange(of: "$("), let end = message[start.upperBound...].firstIndex(of: ")") else { return nil }
        let needle = Array("<string>\(message[start.lowerBound...end])</string>".utf8)
        return firstIndex(of: needle, in: text, from: 0).map { $0 + 8 }
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= text.count else { return nil }
        var index = from
        while index + needle.count <= text.count {
            if text[index] == first, text[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `<!-- webnav-lint: ignore CODE: reason -->`: reaches the line after the comment, or its
    /// own line when markup stands before it.
    private mutating func registerXMLIgnores(_ text: [UInt8], path: String, lines: inout LineTable) {
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        var index = 0
        while let start = Self.firstIndex(of: open, in: text, from: index) {
            let end = Self.firstIndex(of: close, in: text, from: start + 4) ?? text.count
            index = min(text.count, end + 3)
            let body = String(decoding: text[(start + 4)..<end], as: UTF8.self)
            guard let parsed = IgnoreDirective.parseComment(body) else { continue }
            var lineStart = start
            while lineStart > 0, text[lineStart - 1] != 0x0A, text[lineStart - 1] != 0x0D { lineStart -= 1 }
            let followsMarkup = text[lineStart..<start].contains { $0 != 0x20 && $0 != 0x09 }
            let begin = lines.location(of: start)
            let line = followsMarkup ? begin.line : lines.location(of: max(start, end)).line + 1
            addIgnore(parsed, scope: .line(path: path, line: line), at: Site(path: path, line: begin.line, column: begin.column, scopes: []))
        }
    }

    // MARK: - Push payloads

    /// Lints an `.apns` payload as `webnav push` reads it, and checks its link like an `open`.
    mutating func lintPayload(_ path: String) {
        guard let data = read(path) else { return }
        let bytes = [UInt8](data)
        var document: Located<JSONValue>?
        var readError: UserError?
        do { document = try JSONReader.parse(bytes, path: path) } catch { readError = error }
        if let document { registerJSONIgnores(document, path: path) }
        let notifications = profile.notifications
        let settings = NotificationSettings(
            bundleIdentifier: profile.bundleId, categories: Set(notifications.categories.map(\.name)),
            hasServiceExtension: notifications.contentExtension, linkKey: notifications.linkKey, imageKey: notifications.imageKey)
        let (payload, problems) = NotificationPayload.parse(bytes, settings: settings)
        func site(_ keys: [String]?) -> Site {
            if let keys, let value = Self.member(keys, in: document)?.value {
                return Site(path: path, line: value.line, column: value.column, scopes: [.file(path: path)])
            }
            return Site(path: path, line: 1, column: 1, scopes: [.file(path: path)])
        }
        for problem in problems {
            var at = site(problem.code == "payload-link-type" ? [notifications.linkKey] : payloadProblemKeys[problem.code])
            if problem.code == "payload-not-json", let location = readError?.location {
                at.line = location.line
                at.column = location.column ?? 1
            }
            report(problem.code, problem.message, at: at, severity: problem.severity == .error ? .error : .warning)
        }
        if let link = payload?.link {
            check(link, use: .navigation(fromPage: nil, target: nil), base: pagesBase, at: site([notifications.linkKey]))
        }
    }

    // MARK: - JSON

    /// A JSON file's `"webnav-lint"`: a directive or a list of them, reaching the whole file.
    private mutating func registerJSONIgnores(_ document: Located<JSONValue>, path: String) {
        guard let (key, value) = Self.member(["webnav-lint"], in: document) else { return }
        let strings: [Located<JSONValue>]
        switch value.value {
        case .string: strings = [value]
        case .array(let elements): strings = elements
        default: strings = [value]
        }
        for element in strings {
            let site = Site(path: path, line: element.line, column: element.column, scopes: [])
            guard case .string(let text) = element.value else {
                report(LintCode.badIgnore, "\"webnav-lint\" holds a string or an array of strings (\"ignore CODE: reason\")",
                       at: Site(path: path, line: key.line, column: key.column, scopes: []))
                continue
            }
            addIgnore(IgnoreDirective.parse(text), scope: .file(path: path), at: site)
        }
    }

    /// The member at a key path of nested objects.
    static func member(_ keys: [String], in document: Located<JSONValue>?) -> (key: Located<String>, value: Located<JSONValue>)? {
        guard var current = document, !keys.isEmpty else { return nil }
        var found: (key: Located<String>, value: Located<JSONValue>)?
        for key in keys {
            guard case .object(let members) = current.value, let member = members.last(where: { $0.key.value == key }) else { return nil }
            found = (member.key, member.value)
            current = member.value
        }
        return found
    }
}

/// Whether bytes are a property list rather than JSON (`bplist`, or XML).
enum InfoPlistImportSniff {
    static func isPropertyList(_ data: Data) -> Bool {
        let start = data.prefix(64)
        return start.starts(with: Array("bplist".utf8)) || start.starts(with: Array("<?xml".utf8))
    }
}

/// Where each `<key>…</key>` of an XML property list is, to place a finding at a key path.
struct XMLKeyIndex {
    /// Each key's text (entities decoded) → the offsets of its text, in order.
    private var offsets: [String: [Int]] = [:]

    init(_ text: [UInt8]) {
        let open = Array("<key>".utf8)
        var index = 0
        while index + open.count <= text.count {
            guard text[index] == UInt8(ascii: "<"), text[index..<(index + open.count)].elementsEqual(open) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "<") { end += 1 }
            let key = String(decoding: text[start..<end], as: UTF8.self)
                .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
            offsets[key, default: []].append(start)
            index = end
        }
    }

    /// The offset of the last key of a path: each key found after the one before it.
    func offset(of keys: [String]) -> Int? {
        var after = -1
        var found: Int?
        for key in keys {
            guard let candidates = offsets[key] else { return nil }
            var low = 0, high = candidates.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle] <= after { low = middle + 1 } else { high = middle }
            }
            guard low < candidates.count else { return nil }
            after = candidates[low]
            found = after
        }
        return found
    }
}
