import URLKit

/// A page's Content-Security-Policy (CSP Level 3): the policies of its response header and of its
/// `<meta http-equiv>` elements, each enforced on its own, with WebKit's console messages
/// (from WebKitGTK 2.50; DECISIONS.md, "Content-Security-Policy").
///
/// Covered: `default-src`, `script-src` (`-elem`, `-attr`), `connect-src`, `img-src`,
/// `frame-src` (`child-src`), with `'self'`, `'none'`, `*`, schemes, hosts (wildcards, ports,
/// paths), `'unsafe-inline'`, `'unsafe-eval'`, `'unsafe-hashes'`, nonces and SHA-2 hashes.
public struct ContentSecurityPolicy: Sendable {
    struct Directive: Sendable {
        var name: String
        /// The value as written, for messages.
        var value: String
        var sources: [String]
    }

    struct Policy: Sendable {
        var text: String
        var directives: [Directive]

        /// The first directive of `names` the policy has, in that order (the fallback list).
        func governing(_ names: [String]) -> Directive? {
            for name in names { if let directive = directives.first(where: { $0.name == name }) { return directive } }
            return nil
        }
    }

    private(set) var policies: [Policy] = []

    public init() {}

    /// Whether no policy applies.
    public var isEmpty: Bool { policies.isEmpty }

    /// Adds the policies of a header value or a `<meta>` element's `content` (policies separated
    /// by commas, directives by semicolons; the first of a repeated directive counts).
    public mutating func add(_ text: String) {
        for serialized in text.split(separator: ",") {
            var directives: [Directive] = []
            for part in serialized.split(separator: ";") {
                let tokens = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
                guard let first = tokens.first else { continue }
                let name = first.lowercased()
                guard !directives.contains(where: { $0.name == name }) else { continue }
                let sources = tokens.dropFirst().map(String.init)
                directives.append(Directive(name: name, value: sources.joined(separator: " "), sources: sources))
            }
            let trimmed = serialized.split(separator: ";").map { $0.trimmingCSPSpaces() }.filter { !$0.isEmpty }.joined(separator: "; ")
            if !directives.isEmpty { policies.append(Policy(text: trimmed, directives: directives)) }
        }
    }

    /// What a page is about to do.
    public enum Action: Sendable {
        /// Run an inline `<script>` (its text; its `nonce` attribute).
        case inlineScript(text: String, nonce: String?)
        /// Load and run `<script src>`.
        case scriptURL(String, nonce: String?)
        /// Compile an `on…` attribute.
        case inlineHandler(text: String)
        /// Run a `javascript:` URL.
        case javascriptURL(text: String)
        /// `eval`, `new Function`.
        case eval
        /// `setTimeout`/`setInterval` with a string.
        case stringTimer
        /// `fetch`, `XMLHttpRequest`.
        case connect(String)
        case image(String)
        case frame(String)
    }

    /// The policies an action violates (none: it may go ahead).
    public func violations(_ action: Action, pageURL: String) -> [CSPViolation] {
        policies.compactMap { violation(of: $0, action, pageURL: pageURL) }
    }

    private func violation(of policy: Policy, _ action: Action, pageURL: String) -> CSPViolation? {
        func report(_ effective: String, blocked: String, _ message: String, eval: String? = nil) -> CSPViolation {
            CSPViolation(effectiveDirective: effective, blockedURI: blocked, originalPolicy: policy.text, consoleMessage: message, evalMessage: eval)
        }
        /// WebKit names `script-src` for the script directives, and both directives when `default-src` decides.
        func loadMessage(_ url: String, _ directive: Directive, shown: String) -> String {
            directive.name == "default-src"
                ? "Refused to load \(url) because it appears in neither the \(shown) directive nor the default-src directive of the Content Security Policy."
                : "Refused to load \(url) because it does not appear in the \(shown) directive of the Content Security Policy."
        }
        func shownScriptDirective(_ directive: Directive) -> String { directive.name == "default-src" ? "default-src" : "script-src" }
        switch action {
        case .inlineScript(let text, let nonce):
            guard let directive = policy.governing(["script-src-elem", "script-src", "default-src"]),
                  !allowsInline(directive.sources, nonce: nonce, text: text, hashesApply: true) else { return nil }
            return report("script-src-elem", blocked: "inline", "Refused to execute a script because its hash, its nonce, or 'unsafe-inline' does "
                          + "not appear in the \(shownScriptDirective(directive)) directive of the Content Security Policy.")
        case .scriptURL(let url, let nonce):
            guard let directive = policy.governing(["script-src-elem", "script-src", "default-src"]) else { return nil }
            if let nonce, !nonce.isEmpty, directive.sources.contains("'nonce-\(nonce)'") { return nil }
            let strictDynamic = directive.sources.contains { $0.lowercased() == "'strict-dynamic'" }
            if !strictDynamic, Self.matches(url, directive.sources, pageURL: pageURL) { return nil }
            return report("script-src-elem", blocked: url, loadMessage(url, directive, shown: "script-src"))
        case .inlineHandler(let text):
            guard let directive = policy.governing(["script-src-attr", "script-src", "default-src"]),
                  !allowsInline(directive.sources, nonce: nil, text: text, hashesApply: directive.sources.contains("'unsafe-hashes'")) else { return nil }
            return report("script-src-attr", blocked: "inline", "Refused to execute a script for an inline event handler because 'unsafe-inline' "
                          + "does not appear in the \(shownScriptDirective(directive)) directive of the Content Security Policy.")
        case .javascriptURL(let text):
            guard let directive = policy.governing(["script-src-elem", "script-src", "default-src"]),
                  !allowsInline(directive.sources, nonce: nil, text: text, hashesApply: directive.sources.contains("'unsafe-hashes'")) else { return nil }
            return report("script-src-elem", blocked: "inline", "Refused to execute a script because its hash or 'unsafe-inline' does not appear "
                          + "in the \(shownScriptDirective(directive)) directive of the Content Security Policy.")
        case .eval, .stringTimer:
            guard let directive = policy.governing(["script-src", "default-src"]),
                  !directive.sources.contains(where: { $0.lowercased() == "'unsafe-eval'" }) else { return nil }
            if case .stringTimer = action {
                return report("script-src", blocked: "eval", "Refused to execute a script because 'unsafe-eval' and 'trusted-types-eval' does not "
                              + "appear in the \(shownScriptDirective(directive)) directive of the Content Security Policy.")
            }
            let written = directive.value.isEmpty ? directive.name : directive.name + " " + directive.value
            let message = "Refused to evaluate a string as JavaScript because 'unsafe-eval' or 'trusted-types-eval' is not an allowed source "
                + "of script in the following Content Security Policy directive: \"\(written)\"."
            return report("script-src", blocked: "eval", message, eval: message)
        case .connect(let url):
            guard let directive = policy.governing(["connect-src", "default-src"]), !Self.matches(url, directive.sources, pageURL: pageURL) else { return nil }
            let message = directive.name == "default-src"
                ? "Refused to connect to \(url) because it appears in neither the connect-src directive nor the default-src directive of the Content Security Policy."
                : "Refused to connect to \(url) because it does not appear in the connect-src directive of the Content Security Policy."
            return report("connect-src", blocked: url, message)
        case .image(let url):
            guard let directive = policy.governing(["img-src", "default-src"]), !Self.matches(url, directive.sources, pageURL: pageURL) else { return nil }
            return report("img-src", blocked: url, loadMessage(url, directive, shown: "img-src"))
        case .frame(let url):
            guard let directive = policy.governing(["frame-src", "child-src", "default-src"]),
                  !Self.matches(url, directive.sources, pageURL: pageURL) else { return nil }
            // WebKit reports a frame by its origin only.
            return report("frame-src", blocked: WebURL(url).origin, loadMessage(url, directive, shown: "frame-src"))
        }
    }

    /// Whether inline code may run under a source list: a matching nonce or hash, else
    /// `'unsafe-inline'` when the list has neither nonces nor hashes (CSP3 §6.7.3.3).
    private func allowsInline(_ sources: [String], nonce: String?, text: String, hashesApply: Bool) -> Bool {
        var hasNonceOrHash = false
        var unsafeInline = false
        var digests: [SHA2.Variant: String] = [:]
        for source in sources {
            let lowered = source.lowercased()
            if lowered == "'unsafe-inline'" { unsafeInline = true; continue }
            if lowered == "'strict-dynamic'" { hasNonceOrHash = true; continue }
            if lowered.hasPrefix("'nonce-"), source.hasSuffix("'") {
                hasNonceOrHash = true
                if let nonce, !nonce.isEmpty, source.dropFirst(7).dropLast() == Substring(nonce) { return true }
                continue
            }
            for (prefix, variant) in [("'sha256-", SHA2.Variant.sha256), ("'sha384-", .sha384), ("'sha512-", .sha512)] where lowered.hasPrefix(prefix) {
                hasNonceOrHash = true
                guard hashesApply, source.hasSuffix("'") else { continue }
                let digest = digests[variant] ?? SHA2.base64(SHA2.digest(Array(text.utf8), variant))
                digests[variant] = digest
                let written = source.dropFirst(prefix.count).dropLast()
                if written.replacingBase64URL() == digest { return true }
            }
        }
        return unsafeInline && !hasNonceOrHash
    }

    /// Whether a URL matches a source list (CSP3 §6.7.2.5, without the `'self'` redirect cases).
    static func matches(_ url: String, _ sources: [String], pageURL: String) -> Bool {
        let target = WebURL(url)
        let scheme = target.normalizedScheme ?? ""
        let page = WebURL(pageURL)
        for source in sources {
            let lowered = source.lowercased()
            switch lowered {
            case "'none'": continue
            case "*":
                if ["http", "https", "ws", "wss"].contains(scheme) || (scheme == page.normalizedScheme && !["data", "blob", "filesystem"].contains(scheme)) {
                    return true
                }
                continue
            case "'self'":
                if target.origin == page.origin, target.origin != "null" { return true }
                if page.normalizedScheme == "http", scheme == "https" || scheme == "wss", target.host == page.host { return true }
                continue
            default: break
            }
            if lowered.hasPrefix("'") { continue }
            if lowered.hasSuffix(":"), !lowered.contains("/") {
                let wanted = String(lowered.dropLast())
                if wanted == scheme || (wanted == "http" && scheme == "https") || (wanted == "ws" && scheme == "wss") { return true }
                continue
            }
            if hostSourceMatches(lowered, target, page: page) { return true }
        }
        return false
    }

    private static func hostSourceMatches(_ source: String, _ target: WebURL, page: WebURL) -> Bool {
        var rest = Substring(source)
        var sourceScheme: String?
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            sourceScheme = String(rest[..<colon])
            rest = rest[rest.index(colon, offsetBy: 3)...]
        }
        let scheme = target.normalizedScheme ?? ""
        if let sourceScheme {
            guard sourceScheme == scheme || (sourceScheme == "http" && scheme == "https") || (sourceScheme == "ws" && scheme == "wss") else { return false }
        } else {
            // Without a scheme: the page's own, or its secure upgrade.
            let pageScheme = page.normalizedScheme ?? ""
            guard scheme == pageScheme || (pageScheme == "http" && scheme == "https") || (pageScheme == "ws" && scheme == "wss") else { return false }
        }
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        let path = rest[pathStart...]
        var hostPort = rest[..<pathStart]
        var port: Substring?
        if let colon = hostPort.lastIndex(of: ":") {
            port = hostPort[hostPort.index(after: colon)...]
            hostPort = hostPort[..<colon]
        }
        guard let host = target.host?.lowercased() else { return false }
        if hostPort.hasPrefix("*.") {
            guard host.hasSuffix(String(hostPort.dropFirst(1))) else { return false }
        } else if hostPort != "*" {
            guard host == hostPort else { return false }
        }
        let defaultPort = ["http": 80, "https": 443, "ws": 80, "wss": 443][scheme]
        let targetPort = target.port ?? defaultPort
        if let port {
            if port != "*" {
                guard let wanted = Int(port), wanted == targetPort || (sourceScheme == "http" && scheme == "https" && wanted == 80 && targetPort == 443) else {
                    return false
                }
            }
        } else if let sourceScheme {
            guard targetPort == ["http": 80, "https": 443, "ws": 80, "wss": 443][sourceScheme] || (sourceScheme == "http" && targetPort == 443) else { return false }
        } else {
            guard targetPort == defaultPort else { return false }
        }
        if !path.isEmpty {
            let targetPath = PercentEncoding.decode(Array(target.path.utf8)) ?? String(target.path)
            if path.hasSuffix("/") { return targetPath.hasPrefix(path) }
            return targetPath == path
        }
        return true
    }
}

/// A policy a page broke: what WebKit's console says and what its `securitypolicyviolation`
/// event carries.
public struct CSPViolation: Equatable, Sendable {
    /// `script-src-elem`, `script-src-attr`, `script-src` (eval), `connect-src`, `img-src`, `frame-src`.
    public var effectiveDirective: String
    /// `inline`, `eval`, or the URL (a frame's origin).
    public var blockedURI: String
    public var originalPolicy: String
    public var consoleMessage: String
    /// The message of the `EvalError` that `eval` throws.
    public var evalMessage: String?
}

extension Substring {
    fileprivate func trimmingCSPSpaces() -> String {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r" { slice.removeLast() }
        return String(slice)
    }

    /// A base64url digest (`-`, `_`) in the base64 alphabet (CSP accepts both).
    fileprivate func replacingBase64URL() -> String {
        String(map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    }
}
