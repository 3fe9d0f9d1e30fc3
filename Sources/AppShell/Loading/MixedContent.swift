import URLKit

/// Mixed content as WebKit treats it: what an `https` page loads over plain http. Scripts,
/// style sheets, `fetch`, XHR and frames are blocked; images are upgraded to https, or, from
/// the local host, loaded as they are — each with WebKit's console message (WebKitGTK and
/// MixedContentChecker.cpp; DECISIONS.md, "The web's security rules").
public enum MixedContent {
    /// Whether `resource` is insecure content on `page`: an https page asking for http or ws.
    public static func isMixed(page: String, resource: String) -> Bool {
        guard WebURL(page).normalizedScheme == "https" else { return false }
        switch WebURL(resource).normalizedScheme {
        case "http"?, "ws"?: return true
        default: return false
        }
    }

    /// The warning for blocked content.
    public static func blocked(page: String, resource: String) -> String {
        "[blocked] The page at \(page) requested insecure content from \(resource). This content was blocked and must be served over HTTPS."
    }

    /// How an insecure image is loaded: from the local host as it is, else over https; and the
    /// warning WebKit logs.
    public static func image(page: String, resource: String) -> (url: String, warning: String) {
        let host = WebURL(resource).host?.lowercased() ?? ""
        if host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host.hasSuffix(".localhost") {
            return (resource, "The page at \(page) requested insecure content from \(resource). This content was not upgraded to HTTPS and must be served from the local host.")
        }
        let upgraded = "https" + resource.drop { $0 != ":" }
        return (String(upgraded), "The page at \(page) requested insecure content from \(resource). This content was automatically upgraded and should be served over HTTPS.")
    }
}
