/// File-system paths as text, the way `NSString`'s path methods read them (what
/// FoundationEssentials leaves out): trailing slashes ignored, `/` alone kept as the root.
public enum LocalPath {
    /// The last component: `b.html` for `/a/b.html` and `/a/b.html/`; `/` for `/`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The extension of the last component, without its dot: `html` for `a/b.html`; empty
    /// when there is none (`a`, `.profile`, `a.`).
    public static func extensionName(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        let suffix = name[name.index(after: dot)...]
        return suffix.contains("/") ? "" : String(suffix)
    }

    /// The path without its last component: `/a` for `/a/b`, `/` for `/a`, empty for `a`.
    public static func parent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.count > 1 && parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
