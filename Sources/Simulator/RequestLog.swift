import AppShell

/// An http(s) request the app made, as the trace shows it and `expect request` matches it.
public struct RequestRecord: Equatable, Sendable {
    /// What asked for it.
    public enum Kind: String, Equatable, Sendable {
        case page, script, styleSheet = "style sheet", fetch, xhr, launchCheck = "launch check"
    }

    public var kind: Kind
    public var method: String
    public var url: String
    /// The request's body (a form's POST, `fetch` with a body); nil when it had none.
    public var body: [UInt8]?
    /// How it ended: the response's status, or the failure's text.
    public var status: Int?
    public var failure: String?
    /// The pattern of the route that answered it; nil when the network did.
    public var route: String?

    public init(kind: Kind, method: String, url: String, body: [UInt8]? = nil, status: Int? = nil, failure: String? = nil,
                route: String? = nil) {
        self.kind = kind
        self.method = method
        self.url = url
        self.body = body
        self.status = status
        self.failure = failure
        self.route = route
    }

    /// The record from a finished load.
    init(kind: Kind, request: LoadRequest, result: LoadResult) {
        self.init(kind: kind, method: request.method, url: request.url, body: request.body)
        switch result {
        case .response(let response):
            status = response.status
            route = response.route
        case .failure(let loadFailure):
            failure = loadFailure.description
            route = loadFailure.route
        case .handOff(let target, _):
            failure = "redirected out of http to \(target)"
        }
    }

    /// `GET https://api.example.com/items → 200 (route "**/items")`.
    public var text: String {
        let outcome = status.map(String.init) ?? failure ?? "no answer"
        let routed = route.map { " (route \"\($0)\")" } ?? ""
        let what = kind == .page ? "" : " (\(kind.rawValue))"
        return "request \(method) \(url)\(what) → \(outcome)\(routed)"
    }
}

/// The app's recent requests, oldest first, with a count of every request since launch (as
/// `EventLog` keeps events).
public struct RequestLog: Equatable, Sendable {
    public static let capacity = 10_000

    private var storage: [RequestRecord] = []
    private var dropped = 0

    public init() {}

    /// Every request ever appended.
    public var total: Int { dropped + storage.count }

    /// The requests appended after the log held `total` of them (those still kept).
    public func requests(since total: Int) -> ArraySlice<RequestRecord> {
        let start = max(0, total - dropped)
        return start >= storage.count ? [] : storage[start...]
    }

    mutating func append(_ record: RequestRecord) {
        storage.append(record)
        guard storage.count > 2 * Self.capacity else { return }
        let excess = storage.count - Self.capacity
        storage.removeFirst(excess)
        dropped += excess
    }
}
