#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// The documents WebKit makes for a frame whose response is not markup (WebCore's
/// ImageDocument and TextDocument): an image shown alone, titled with its file name and size,
/// or the text in a `<pre>`. The markup is WebKitGTK 2.50's, read back from its frames.
enum MediaDocument {
    /// What a response's MIME type essence makes.
    enum Kind: Equatable {
        case image
        case text
    }

    /// The kind of document a response type gets, or nil for markup (HTML, XML) and types
    /// WebKit would download rather than show.
    static func kind(ofType essence: String) -> Kind? {
        if essence.hasPrefix("image/") && essence != "image/svg+xml" { return .image }
        switch essence {
        case "text/plain", "text/css", "text/javascript", "application/javascript", "application/x-javascript",
             "application/json", "text/csv", "text/vtt":
            return .text
        default:
            return nil
        }
    }

    /// An image document's markup for the image at `url`.
    static func imageMarkup(url: String, bytes: Data) -> String {
        let name = url.split(separator: "?").first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? url
        let title = imageSize(bytes).map { "\(name) \($0.width)×\($0.height) pixels" } ?? name
        return "<html style=\"height: 100%;\"><head><title>\(escaped(title))</title></head>"
            + "<body style=\"margin: 0px; height: 100%\"><img style=\"-webkit-user-select:none; display:block; "
            + "padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);\" "
            + "src=\"\(escaped(url))\"></body></html>"
    }

    /// A text document's markup for `text`.
    static func textMarkup(_ text: String) -> String {
        "<html><head><meta name=\"color-scheme\" content=\"light dark\"></head><body>"
            + "<pre style=\"word-wrap: break-word; white-space: pre-wrap;\">\(escaped(text))</pre></body></html>"
    }

    /// The width and height a PNG, GIF, BMP or JPEG header gives, else nil.
    static func imageSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(65_536))
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        func little(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), let width = big(16, 4), let height = big(20, 4) { return (width, height) }
        if bytes.starts(with: Array("GIF8".utf8)), let width = little(6, 2), let height = little(8, 2) { return (width, height) }
        if bytes.starts(with: Array("BM".utf8)), let width = little(18, 4), let height = little(22, 4) {
            // A BMP's height is negative for a top-down image.
            let signed = Int(Int32(truncatingIfNeeded: height))
            return (width, abs(signed))
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            var index = 2
            while index + 9 < bytes.count, bytes[index] == 0xFF {
                let marker = bytes[index + 1]
                guard let length = big(index + 2, 2), length >= 2 else { return nil }
                // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker),
                   let height = big(index + 5, 2), let width = big(index + 7, 2) {
                    return (width, height)
                }
                index += 2 + length
            }
        }
        return nil
    }

    private static func escaped(_ text: String) -> String { MarkupEscaping.escaped(text) }
}
