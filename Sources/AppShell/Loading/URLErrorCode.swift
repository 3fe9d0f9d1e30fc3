/// An `NSURLErrorDomain` code, with its Foundation name and the English description iOS gives.
///
/// Names and numbers are Foundation's `NSURLError.h`; the descriptions are the
/// `localizedDescription` texts CFNetwork returns on iOS (see DECISIONS.md, "The loader").
public enum URLErrorCode: Int, Sendable, CaseIterable {
    case unknown = -1
    case cancelled = -999
    case badURL = -1000
    case timedOut = -1001
    case unsupportedURL = -1002
    case cannotFindHost = -1003
    case cannotConnectToHost = -1004
    case networkConnectionLost = -1005
    case httpTooManyRedirects = -1007
    case resourceUnavailable = -1008
    case notConnectedToInternet = -1009
    case badServerResponse = -1011
    case userAuthenticationRequired = -1013
    case cannotDecodeRawData = -1015
    case cannotDecodeContentData = -1016
    case cannotParseResponse = -1017
    case appTransportSecurityRequiresSecureConnection = -1022
    case fileDoesNotExist = -1100
    case fileIsDirectory = -1101
    case noPermissionsToReadFile = -1102
    case dataLengthExceedsMaximum = -1103
    case secureConnectionFailed = -1200
    case serverCertificateHasBadDate = -1201
    case serverCertificateUntrusted = -1202
    case serverCertificateHasUnknownRoot = -1203
    case serverCertificateNotYetValid = -1204
    case clientCertificateRequired = -1206

    /// Foundation's constant name (`NSURLErrorTimedOut`).
    public var name: String {
        switch self {
        case .unknown: return "NSURLErrorUnknown"
        case .cancelled: return "NSURLErrorCancelled"
        case .badURL: return "NSURLErrorBadURL"
        case .timedOut: return "NSURLErrorTimedOut"
        case .unsupportedURL: return "NSURLErrorUnsupportedURL"
        case .cannotFindHost: return "NSURLErrorCannotFindHost"
        case .cannotConnectToHost: return "NSURLErrorCannotConnectToHost"
        case .networkConnectionLost: return "NSURLErrorNetworkConnectionLost"
        case .httpTooManyRedirects: return "NSURLErrorHTTPTooManyRedirects"
        case .resourceUnavailable: return "NSURLErrorResourceUnavailable"
        case .notConnectedToInternet: return "NSURLErrorNotConnectedToInternet"
        case .badServerResponse: return "NSURLErrorBadServerResponse"
        case .userAuthenticationRequired: return "NSURLErrorUserAuthenticationRequired"
        case .cannotDecodeRawData: return "NSURLErrorCannotDecodeRawData"
        case .cannotDecodeContentData: return "NSURLErrorCannotDecodeContentData"
        case .cannotParseResponse: return "NSURLErrorCannotParseResponse"
        case .appTransportSecurityRequiresSecureConnection: return "NSURLErrorAppTransportSecurityRequiresSecureConnection"
        case .fileDoesNotExist: return "NSURLErrorFileDoesNotExist"
        case .fileIsDirectory: return "NSURLErrorFileIsDirectory"
        case .noPermissionsToReadFile: return "NSURLErrorNoPermissionsToReadFile"
        case .dataLengthExceedsMaximum: return "NSURLErrorDataLengthExceedsMaximum"
        case .secureConnectionFailed: return "NSURLErrorSecureConnectionFailed"
        case .serverCertificateHasBadDate: return "NSURLErrorServerCertificateHasBadDate"
        case .serverCertificateUntrusted: return "NSURLErrorServerCertificateUntrusted"
        case .serverCertificateHasUnknownRoot: return "NSURLErrorServerCertificateHasUnknownRoot"
        case .serverCertificateNotYetValid: return "NSURLErrorServerCertificateNotYetValid"
        case .clientCertificateRequired: return "NSURLErrorClientCertificateRequired"
        }
    }

    /// The `localizedDescription` iOS gives (English); `host` fills the certificate messages.
    public func localizedDescription(host: String = "") -> String {
        switch self {
        case .unknown: return "unknown error"
        case .cancelled: return "cancelled"
        case .badURL: return "bad URL"
        case .timedOut: return "The request timed out."
        case .unsupportedURL: return "unsupported URL"
        case .cannotFindHost: return "A server with the specified hostname could not be found."
        case .cannotConnectToHost: return "Could not connect to the server."
        case .networkConnectionLost: return "The network connection was lost."
        case .httpTooManyRedirects: return "too many HTTP redirects"
        case .resourceUnavailable: return "resource unavailable"
        case .notConnectedToInternet: return "The Internet connection appears to be offline."
        case .badServerResponse: return "bad server response"
        case .userAuthenticationRequired: return "user authentication required"
        case .cannotDecodeRawData: return "cannot decode raw data"
        case .cannotDecodeContentData: return "cannot decode content data"
        case .cannotParseResponse: return "cannot parse response"
        case .appTransportSecurityRequiresSecureConnection:
            return "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection."
        case .fileDoesNotExist: return "The requested URL was not found on this server."
        case .fileIsDirectory: return "file is directory"
        case .noPermissionsToReadFile: return "You do not have permission to access the requested resource."
        case .dataLengthExceedsMaximum: return "resource exceeds maximum size"
        case .secureConnectionFailed: return "An SSL error has occurred and a secure connection to the server cannot be made."
        case .serverCertificateHasBadDate:
            return "The certificate for this server has expired. You might be connecting to a server that is pretending to be “\(host)” which could put your confidential information at risk."
        case .serverCertificateUntrusted:
            return "The certificate for this server is invalid. You might be connecting to a server that is pretending to be “\(host)” which could put your confidential information at risk."
        case .serverCertificateHasUnknownRoot:
            return "The certificate for this server was signed by an unknown certifying authority. You might be connecting to a server that is pretending to be “\(host)” which could put your confidential information at risk."
        case .serverCertificateNotYetValid:
            return "The certificate for this server is not yet valid. You might be connecting to a server that is pretending to be “\(host)” which could put your confidential information at risk."
        case .clientCertificateRequired: return "The server requires a client certificate."
        }
    }
}
