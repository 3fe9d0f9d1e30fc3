#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses HTML into an `HTMLDocument`, recovering from any malformed input.
public enum HTMLParser {
    /// Parses the bytes of a page, detecting its encoding from a BOM or a `<meta>` charset
    /// (else UTF-8); bytes that do not decode become U+FFFD.
    public static func parse(_ bytes: Data) -> HTMLDocument {
        bytes.withUnsafeBytes { buffer in
            guard let utf8 = CharsetDecoder.utf8(from: buffer, encoding: CharsetSniffer.encoding(of: buffer)) else {
                return LibXML2HTMLParser.parse(utf8: buffer)
            }
            return utf8.withUnsafeBytes { LibXML2HTMLParser.parse(utf8: $0) }
        }
    }

    /// Parses markup held in a string (always UTF-8, whatever a `<meta>` says).
    public static func parse(_ html: String) -> HTMLDocument {
        var html = html
        return html.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            guard let utf8 = CharsetDecoder.utf8(from: bytes, encoding: "UTF-8") else {
                return LibXML2HTMLParser.parse(utf8: bytes)
            }
            return utf8.withUnsafeBytes { LibXML2HTMLParser.parse(utf8: $0) }
        }
    }
}
