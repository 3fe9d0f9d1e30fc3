#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The media type and bytes of a `data:` URL (RFC 2397, as the Fetch standard's "data: URL
/// processor" reads them).
public struct DataURLBody: Equatable, Sendable {
    public var mediaType: String
    public var bytes: [UInt8]

    /// Why a `data:` URL gives no body.
    public enum Failure: Error, Equatable {
        case noComma
        case invalidBase64
    }

    /// Decodes a `data:` URL: percent-escapes, then base64 when the type ends in `;base64`; an
    /// empty type is `text/plain;charset=US-ASCII`, a type of parameters alone gets `text/plain`.
    public static func decode(_ url: String) -> Result<DataURLBody, Failure> {
        let text = WebURL(url).withoutFragment
        guard let colon = text.firstIndex(of: ":"), let comma = text[colon...].firstIndex(of: ",") else { return .failure(.noComma) }
        var mediaType = trimmed(text[text.index(after: colon)..<comma])
        let decoded = percentDecoded(Array(text[text.index(after: comma)...].utf8))
        var body = decoded
        if mediaType.lowercased().hasSuffix(";base64") {
            mediaType.removeLast(7)
            let compact = decoded.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D) }
            var padded = String(decoding: compact, as: UTF8.self)
            if padded.count % 4 != 0 { padded += String(repeating: "=", count: 4 - padded.count % 4) }
            guard let data = Data(base64Encoded: padded) else { return .failure(.invalidBase64) }
            body = [UInt8](data)
        }
        if mediaType.hasPrefix(";") { mediaType = "text/plain" + mediaType }
        if mediaType.isEmpty { mediaType = "text/plain;charset=US-ASCII" }
        return .success(DataURLBody(mediaType: mediaType, bytes: body))
    }

    /// The text without leading and trailing spaces, tabs and line breaks.
    private static func trimmed(_ text: Substring) -> String {
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" || first == "\n" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" || last == "\n" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = PercentEncoding.hexValue(bytes[index + 1]), let low = PercentEncoding.hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
