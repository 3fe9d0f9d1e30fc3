import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request and response, without redirects, cookies or ATS (the loader does those).
struct HTTPExchange: Sendable {
    var url: String
    var method: String
    var headers: HTTPHeaders
    var body: [UInt8]?
    /// Milliseconds left before the load's deadline.
    var timeoutMilliseconds: Int
    /// The most bytes of (decoded) body read before the load fails with -1103.
    var sizeLimit: Int
    /// ATS requires TLS 1.2 or later for https unless an exception lowers it.
    var requiresTLS12: Bool
    /// A PEM file trusted beside the system's certificates.
    var trustedCertificates: String? = nil
}

struct HTTPExchangeResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
}

/// Performs exchanges with libcurl, opened with `dlopen` on first use (the only file that
/// reaches libcurl). Each exchange runs in a multi handle whose `curl_multi_poll` sleeps until
/// there is data, the deadline, or a `LoadCancellation` wakes it: no busy waiting, no threads
/// or processes of its own.
enum CurlTransport {
    /// The libcurl shared object loaded at runtime (the runtime package's name, not the `-dev` link).
    static let libraryPath = "libcurl.so.4"

    /// libcurl's entry points, or why they could not be found (checked once per process).
    private static let library = open(libraryPath)

    /// Opens the libcurl at `path`; when it cannot, the failure names the package that has it.
    static func open(_ path: String) -> Result<CurlLibrary, LoadFailure> {
        let api = UnsafeMutablePointer<webnav_curl_api>.allocate(capacity: 1)
        api.initialize(to: webnav_curl_api())
        if let problem = webnav_curl_open(path, api) {
            api.deallocate()
            return .failure(LoadFailure(url: "", code: .unknown, detail: "cannot load libcurl: \(String(cString: problem)); "
                                            + "http(s) pages need it: install libcurl4 (apt-get install libcurl4 on Debian)"))
        }
        return .success(CurlLibrary(api: api))
    }

    /// Whether libcurl has been loaded into this process (for the start-up measurement).
    static func loadLibrary() -> Bool {
        if case .success = library { return true }
        return false
    }

    static func perform(_ exchange: HTTPExchange, cancellation: LoadCancellation) -> Result<HTTPExchangeResponse, LoadFailure> {
        switch library {
        case .failure(var failure):
            failure.url = exchange.url
            return .failure(failure)
        case .success(let library):
            return library.perform(exchange, cancellation: cancellation)
        }
    }
}

/// Why a transfer stopped early, set by the callbacks.
private enum TransferStop {
    case none, cancelled, tooLarge
}

/// The state the C callbacks fill during one transfer.
private final class Transfer {
    let sizeLimit: Int
    let cancellation: LoadCancellation
    var body: [UInt8] = []
    var headers: HTTPHeaders = []
    var stop = TransferStop.none

    init(sizeLimit: Int, cancellation: LoadCancellation) {
        self.sizeLimit = sizeLimit
        self.cancellation = cancellation
    }
}

final class CurlLibrary: @unchecked Sendable {
    let api: UnsafeMutablePointer<webnav_curl_api>

    init(api: UnsafeMutablePointer<webnav_curl_api>) {
        self.api = api
    }

    func perform(_ exchange: HTTPExchange, cancellation: LoadCancellation) -> Result<HTTPExchangeResponse, LoadFailure> {
        func failure(_ code: URLErrorCode, _ detail: String? = nil) -> Result<HTTPExchangeResponse, LoadFailure> {
            .failure(LoadFailure(url: exchange.url, code: code, detail: detail))
        }
        if cancellation.isCancelled { return failure(.cancelled) }
        if exchange.timeoutMilliseconds <= 0 { return failure(.timedOut) }
        guard let easy = webnav_easy_init(api) else { return failure(.unknown, "curl_easy_init failed") }
        defer { webnav_easy_cleanup(api, easy) }
        let transfer = Transfer(sizeLimit: exchange.sizeLimit, cancellation: cancellation)
        let context = Unmanaged.passUnretained(transfer).toOpaque()

        var lines: UnsafeMutablePointer<curl_slist>?
        defer { webnav_slist_free_all(api, lines) }
        for field in exchange.headers.fields where field.name.lowercased() != "accept-encoding" {
            lines = webnav_slist_append(api, lines, "\(field.name): \(field.value)")
        }
        lines = webnav_slist_append(api, lines, "Expect:")

        let long = { (option: CURLoption, value: Int) in _ = webnav_setopt_long(self.api, easy, option, value) }
        let text = { (option: CURLoption, value: String) in _ = webnav_setopt_pointer(self.api, easy, option, value) }
        text(CURLOPT_URL, exchange.url)
        text(CURLOPT_PROTOCOLS_STR, "http,https")
        long(CURLOPT_NOSIGNAL, 1)
        long(CURLOPT_FOLLOWLOCATION, 0)
        long(CURLOPT_TIMEOUT_MS, exchange.timeoutMilliseconds)
        long(CURLOPT_CONNECTTIMEOUT_MS, exchange.timeoutMilliseconds)
        text(CURLOPT_ACCEPT_ENCODING, exchange.headers["Accept-Encoding"] ?? WebViewIdentity.acceptEncoding)
        _ = webnav_setopt_pointer(api, easy, CURLOPT_HTTPHEADER, lines)
        if exchange.requiresTLS12 { long(CURLOPT_SSLVERSION, Int(CURL_SSLVERSION_TLSv1_2)) }
        if let trusted = exchange.trustedCertificates {
            // The file replaces curl's bundle; the system's certificates stay trusted through their folder.
            text(CURLOPT_CAINFO, trusted)
            text(CURLOPT_CAPATH, "/etc/ssl/certs")
        }
        switch exchange.method {
        case "GET": break
        case "HEAD": long(CURLOPT_NOBODY, 1)
        case "POST": long(CURLOPT_POST, 1)
        default: text(CURLOPT_CUSTOMREQUEST, exchange.method)
        }
        if let body = exchange.body, exchange.method != "GET", exchange.method != "HEAD" {
            _ = webnav_setopt_offset(api, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { buffer in
                _ = webnav_setopt_pointer(api, easy, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
            }
        }
        _ = webnav_setopt_write_function(api, easy, CURLOPT_WRITEFUNCTION, curlWriteBody)
        _ = webnav_setopt_pointer(api, easy, CURLOPT_WRITEDATA, context)
        _ = webnav_setopt_write_function(api, easy, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        _ = webnav_setopt_pointer(api, easy, CURLOPT_HEADERDATA, context)
        _ = webnav_setopt_progress_function(api, easy, curlProgress)
        _ = webnav_setopt_pointer(api, easy, CURLOPT_XFERINFODATA, context)
        long(CURLOPT_NOPROGRESS, 0)

        let code = withExtendedLifetime(transfer) { run(easy, cancellation: cancellation) }
        switch transfer.stop {
        case .cancelled: return failure(.cancelled)
        case .tooLarge: return failure(.dataLengthExceedsMaximum, "too large, limit \(FileResourceReader.megabytes(exchange.sizeLimit))")
        case .none: break
        }
        if cancellation.isCancelled { return failure(.cancelled) }
        guard code == CURLE_OK.rawValue else {
            return .failure(mapFailure(CURLcode(rawValue: UInt32(bitPattern: code)), easy: easy, url: exchange.url))
        }
        var status = 0
        _ = webnav_getinfo_long(api, easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPExchangeResponse(status: status, headers: transfer.headers, body: transfer.body))
    }

    /// Drives the transfer to its end; returns libcurl's result code.
    private func run(_ easy: UnsafeMutableRawPointer, cancellation: LoadCancellation) -> Int32 {
        guard let multi = webnav_multi_init(api) else { return Int32(CURLE_OUT_OF_MEMORY.rawValue) }
        defer { webnav_multi_cleanup(api, multi) }
        _ = webnav_multi_add_handle(api, multi, easy)
        defer { _ = webnav_multi_remove_handle(api, multi, easy) }
        let api = self.api
        let wakeHandle = UnsafeSendablePointer(multi)
        return cancellation.whileWaiting(wake: { [self] in _ = webnav_multi_wakeup(self.api, wakeHandle.pointer) }) {
            var running: Int32 = 1
            while true {
                if webnav_multi_perform(api, multi, &running) != CURLM_OK { return Int32(CURLE_FAILED_INIT.rawValue) }
                let result = webnav_multi_done_result(api, multi)
                if result >= 0 { return result }
                if running == 0 { return Int32(CURLE_OK.rawValue) }
                if cancellation.isCancelled { return Int32(CURLE_ABORTED_BY_CALLBACK.rawValue) }
                if webnav_multi_poll(api, multi, 1000) != CURLM_OK { return Int32(CURLE_FAILED_INIT.rawValue) }
            }
        }
    }

    /// The `NSURLErrorDomain` code for a libcurl error, with libcurl's own words as the detail.
    private func mapFailure(_ code: CURLcode, easy: UnsafeMutableRawPointer, url: String) -> LoadFailure {
        let reason = String(cString: webnav_easy_strerror(api, code))
        var urlCode: URLErrorCode
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL: urlCode = .unsupportedURL
        case CURLE_URL_MALFORMAT: urlCode = .badURL
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST: urlCode = .cannotFindHost
        case CURLE_COULDNT_CONNECT, CURLE_INTERFACE_FAILED, CURLE_PROXY, CURLE_QUIC_CONNECT_ERROR: urlCode = .cannotConnectToHost
        case CURLE_WEIRD_SERVER_REPLY, CURLE_RANGE_ERROR, CURLE_BAD_DOWNLOAD_RESUME: urlCode = .badServerResponse
        case CURLE_HTTP2, CURLE_HTTP3: urlCode = .cannotParseResponse
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_SEND_FAIL_REWIND,
             CURLE_AGAIN, CURLE_HTTP2_STREAM:
            urlCode = .networkConnectionLost
        case CURLE_OPERATION_TIMEDOUT: urlCode = .timedOut
        case CURLE_ABORTED_BY_CALLBACK: urlCode = .cancelled
        case CURLE_TOO_MANY_REDIRECTS: urlCode = .httpTooManyRedirects
        case CURLE_BAD_CONTENT_ENCODING: urlCode = .cannotDecodeRawData
        case CURLE_FILESIZE_EXCEEDED: urlCode = .dataLengthExceedsMaximum
        case CURLE_LOGIN_DENIED: urlCode = .userAuthenticationRequired
        case CURLE_REMOTE_FILE_NOT_FOUND: urlCode = .fileDoesNotExist
        case CURLE_REMOTE_ACCESS_DENIED: urlCode = .noPermissionsToReadFile
        case CURLE_SSL_CLIENTCERT, CURLE_SSL_CERTPROBLEM: urlCode = .clientCertificateRequired
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CIPHER,
             CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
            urlCode = .secureConnectionFailed
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS:
            var verify = 0
            _ = webnav_getinfo_long(api, easy, CURLINFO_SSL_VERIFYRESULT, &verify)
            // OpenSSL's X509_V_ERR_CERT_NOT_YET_VALID (9) and X509_V_ERR_CERT_HAS_EXPIRED (10).
            urlCode = verify == 9 ? .serverCertificateNotYetValid : verify == 10 ? .serverCertificateHasBadDate : .serverCertificateUntrusted
        default: urlCode = .unknown
        }
        return LoadFailure(url: url, code: urlCode, detail: "libcurl: \(reason)")
    }
}

/// A pointer handed to the cancelling thread; `LoadCancellation` only uses it while the
/// transfer that owns it is running.
private struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}

private let curlWriteBody: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if transfer.cancellation.isCancelled {
        transfer.stop = .cancelled
        return 0
    }
    if transfer.body.count + length > transfer.sizeLimit {
        transfer.stop = .tooLarge
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

private let curlWriteHeader: curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
        transfer.headers = []
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingWhitespace()
        if !name.isEmpty { transfer.headers.fields.append(.init(name, line[line.index(after: colon)...].trimmingWhitespace())) }
    }
    return length
}

private let curlProgress: curl_xferinfo_callback = { context, _, _, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    if transfer.cancellation.isCancelled {
        transfer.stop = .cancelled
        return 1
    }
    return 0
}
