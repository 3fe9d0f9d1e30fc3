#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// `data:` URLs as loads (the decoding is URLKit's `DataURLBody`).
enum DataURL {
    static func response(_ url: String) -> Result<LoadResponse, LoadFailure> {
        switch DataURLBody.decode(url) {
        case .success(let body):
            return .success(LoadResponse(url: url, finalURL: url, status: nil, headers: ["Content-Type": body.mediaType], body: body.bytes))
        case .failure(.noComma):
            return .failure(LoadFailure(url: url, code: .badURL, detail: "a data: URL needs a comma"))
        case .failure(.invalidBase64):
            return .failure(LoadFailure(url: url, code: .cannotDecodeRawData, detail: "invalid base64 in a data: URL"))
        }
    }
}
