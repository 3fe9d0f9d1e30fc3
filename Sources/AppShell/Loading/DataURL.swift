#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// `data:` URLs (RFC 2397, as the Fetch standard's "data: URL processor" reads them).
enum DataURL {
    static func response(_ url: String) -> Result<LoadResponse, LoadFailure> {
        let text = WebURL(url).withoutFragment
        guard let colon = text.firstIndex(of: ":"), let comma = text[colon...].firstIndex(of: ",") else {
            return .failure(LoadFailure(url: url, code: .badURL, detail: "a data: URL needs a comma"))
        }
        var mediaType = String(text[text.index(after: colon)..<comma]).trimmingWhitespace()
        let encoded = Array(text[text.index(after: comma)...].utf8)
        let decoded = percentDecodedBytes(encoded)
        var body: [UInt8]
        if mediaType.lowercased().hasSuffix(";base64") {
            mediaType.removeLast(7)
            let compact = decoded.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D) }
            var padded = String(decoding: compact, as: UTF8.self)
            if padded.count % 4 != 0 { padded += String(repeating: "=", count: 4 - padded.count % 4) }
            guard let data = Data(base64Encoded: padded) else {
                return .failure(LoadFailure(url: url, code: .cannotDecodeRawData, detail: "invalid base64 in a data: URL"))
            }
            body = [UInt8](data)
        } else {
            body = decoded
        }
        if mediaType.hasPrefix(";") { mediaType = "text/plain" + mediaType }
        if mediaType.isEmpty { mediaType = "text/plain;charset=US-ASCII" }
        body = Array(body)
        return .success(LoadResponse(url: url, finalURL: url, status: nil, headers: ["Content-Type": mediaType], body: body))
    }

    private static func percentDecodedBytes(_ bytes: [UInt8]) -> [UInt8] {
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
