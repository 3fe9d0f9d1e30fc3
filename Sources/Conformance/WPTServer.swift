#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScriptRuntime
import URLKit

/// What the WPT server (`wptserve`) answers for a checkout, as the engine's resource reader:
/// files from the root for every host of the test domain, the `.any.html` and `.window.html`
/// wrappers made from their scripts, `.sub.` files with their substitutions, `.headers` files'
/// headers, and our own `/resources/testharnessreport.js`.
public struct WPTServer: Sendable {
    /// The test domain and its subdomains all serve the same root, as wptserve does.
    public static let host = "web-platform.test"
    public static let origin = "http://web-platform.test:8000"

    /// The checkout's root folder (holding `resources/`, `common/`, `dom/`…).
    public let root: String

    public init(root: String) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The absolute URL of a test's page.
    public func url(of test: WPTTest) -> String { Self.origin + test.urlPath }

    /// Answers a request: a response (404 for a missing file, as a server does) or a network
    /// error for a host outside the test domain.
    public func respond(to url: String) -> Result<ScriptResourceResponse, ScriptResourceError> {
        let parsed = WebURL(url)
        if parsed.normalizedScheme == "data" {
            guard case .success(let body) = DataURLBody.decode(url) else { return .failure(ScriptResourceError("a malformed data: URL")) }
            return .success(ScriptResourceResponse(url: url, headers: [("Content-Type", body.mediaType)], body: Data(body.bytes)))
        }
        guard let scheme = parsed.normalizedScheme, scheme == "http" || scheme == "https",
              let host = parsed.host?.lowercased(), host == Self.host || host.hasSuffix("." + Self.host) else {
            return .failure(ScriptResourceError("the WPT server does not serve \(url)"))
        }
        guard let path = PercentEncoding.decode(parsed.path.utf8), !path.split(separator: "/").contains("..") else {
            return .success(notFound(url))
        }
        let query = parsed.query.map(String.init) ?? ""
        if path == "/resources/testharnessreport.js" {
            return .success(ScriptResourceResponse(url: url, headers: [("Content-Type", "text/javascript")],
                                                   body: Data(ConformanceScripts.testharnessReport.utf8)))
        }
        if path.hasSuffix(".any.html") || path.hasSuffix(".window.html") {
            let script = String(path.dropLast(5)) + ".js"
            guard let bytes = FileManager.default.contents(atPath: root + script) else { return .success(notFound(url)) }
            let wrapper = Self.wrapper(script: script, metadata: ScriptMetadata(String(decoding: bytes, as: UTF8.self)),
                                       isAny: path.hasSuffix(".any.html"))
            return .success(ScriptResourceResponse(url: url, headers: [("Content-Type", "text/html; charset=utf-8")],
                                                   body: Data(wrapper.utf8)))
        }
        // wptserve's one rewrite the DOM tests reach.
        let file = path == "/resources/WebIDLParser.js" ? "/resources/webidl2/lib/webidl2.js" : path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: root + file, isDirectory: &isDirectory), !isDirectory,
              var body = FileManager.default.contents(atPath: root + file) else {
            return .success(notFound(url))
        }
        if file.contains(".sub.") {
            body = Data(Self.substitute(String(decoding: body, as: UTF8.self), host: host, path: path, query: query).utf8)
        }
        return .success(ScriptResourceResponse(url: url, headers: headers(for: file), body: body))
    }

    private func notFound(_ url: String) -> ScriptResourceResponse {
        ScriptResourceResponse(status: 404, statusText: "Not Found", url: url, headers: [("Content-Type", "text/plain")],
                               body: Data("404 Not Found".utf8))
    }

    /// The file's `.headers` file's headers, else a Content-Type from its extension.
    func headers(for file: String) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let bytes = FileManager.default.contents(atPath: root + file + ".headers") {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((line[..<colon].trimmedOfSpaces, line[line.index(after: colon)...].trimmedOfSpaces))
            }
        }
        if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(("Content-Type", Self.contentType(of: file)))
        }
        return headers
    }

    /// wptserve's types for the extensions the DOM tests use.
    static func contentType(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let types: [(String, String)] = [
            (".html", "text/html"), (".htm", "text/html"), (".js", "text/javascript"), (".css", "text/css"),
            (".xhtml", "application/xhtml+xml"), (".xht", "application/xhtml+xml"), (".xml", "application/xml"),
            (".svg", "image/svg+xml"), (".json", "application/json"), (".png", "image/png"), (".gif", "image/gif"),
            (".jpg", "image/jpeg"), (".bmp", "image/bmp"), (".txt", "text/plain"), (".idl", "text/plain"),
        ]
        return types.first { name.hasSuffix($0.0) }?.1 ?? "application/octet-stream"
    }

    /// The page wptserve makes for a `.any.js` (window scope) or `.window.js` script.
    static func wrapper(script: String, metadata: ScriptMetadata, isAny: Bool) -> String {
        var meta: [String] = []
        if metadata.isLong { meta.append("<meta name=\"timeout\" content=\"long\">") }
        if let title = metadata.title {
            meta.append("<title>" + title.replacing("&", with: "&amp;").replacing("<", with: "&lt;") + "</title>")
        }
        let scripts = metadata.scripts.map {
            "<script src=\"" + $0.replacing("\"", with: "&quot;").replacing(">", with: "&gt;") + "\"></script>"
        }
        var lines = ["<!doctype html>", "<meta charset=utf-8>"] + meta
        if isAny {
            lines += ["<script>", "self.GLOBAL = {", "  isWindow: function() { return true; },",
                      "  isWorker: function() { return false; },", "};", "</script>"]
        }
        lines += ["<script src=\"/resources/testharness.js\"></script>", "<script src=\"/resources/testharnessreport.js\"></script>"]
        lines += scripts
        lines += ["<div id=log></div>", "<script src=\"\(script)\"></script>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// wptserve's `sub` pipe for the keys the tests use: `{{host}}`, `{{domains[www1]}}`,
    /// `{{hosts[alt][]}}`, `{{ports[http][0]}}`, `{{location[…]}}`, `{{GET[name]}}`. Unknown keys
    /// stay as they are.
    static func substitute(_ text: String, host: String, path: String, query: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let key = String(rest[open.upperBound..<close.lowerBound])
            result += value(of: key, host: host, path: path, query: query) ?? "{{" + key + "}}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    private static func value(of key: String, host: String, path: String, query: String) -> String? {
        let parts = key.split(separator: "[", omittingEmptySubsequences: false).map { $0.hasSuffix("]") ? String($0.dropLast()) : String($0) }
        let first = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1] : ""
        switch first {
        case "host": return Self.host
        case "domains", "hosts":
            if parts.count > 2, parts[1] == "alt" { return Self.alternativeHost(parts[2]) }
            return argument.isEmpty ? Self.host : argument + "." + Self.host
        case "ports":
            switch argument {
            case "http": return "8000"
            case "https": return "8443"
            case "ws": return "8001"
            default: return nil
            }
        case "location":
            let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            switch argument {
            case "scheme": return "http"
            case "host": return host + ":8000"
            case "hostname": return host
            case "port": return "8000"
            case "path": return path
            case "pathname": return path
            case "query": return query.isEmpty ? "" : "?" + query
            case "server": return "http://" + host + ":8000"
            case "directory": return directory
            default: return nil
            }
        case "GET":
            for pair in query.split(separator: "&") {
                let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if item.first.map(String.init) == argument { return item.count > 1 ? PercentEncoding.decode(item[1].utf8) ?? "" : "" }
            }
            return ""
        default: return nil
        }
    }

    /// wptserve's alternative host (a second site) and its subdomains.
    private static func alternativeHost(_ subdomain: String) -> String {
        subdomain.isEmpty ? "not-web-platform.test" : subdomain + ".not-web-platform.test"
    }
}
