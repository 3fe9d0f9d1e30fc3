#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The native side of the simulated app (bridge.md §1, §2, §5): one global object per app run,
/// which pages cannot reach, holding the profile's handler and intercept functions and their
/// `app` object. `app.restart()` drops it; the next message makes it afresh.
///
/// Everything crosses between it and pages as tagged JSON, in tasks of the engine's loop (as
/// WebKit's messages cross between processes): a message, its handler, the reply and the
/// Promise's settling are each a later task.
final class NativeApp {
    unowned let engine: ScriptEngine
    let bridge: ScriptBridge
    private var context: JavaScriptContext?
    private var host: JavaScriptValue?
    /// The index of each handler's and intercept's function in the native context; nil for a
    /// fixed answer or a script whose value was not a function.
    private var handlerFunctions: [Int?] = []
    private var interceptFunctions: [Int?] = []
    /// How many functions the native context holds.
    private var definedCount = 0
    private var messages: [Int: Message] = [:]
    private var requests: Set<Int> = []
    private var nextToken = 1
    private var uuidState: UInt64
    private var restartRequested = false

    /// A message waiting for its handler's answer.
    private struct Message {
        weak var page: ScriptPage?
        var pageID: ScriptPage.ID
        var pageURL: String
        var world: Int
        var pageToken: Int
        var name: String
        var replies: Bool
    }

    init(engine: ScriptEngine, bridge: ScriptBridge) {
        self.engine = engine
        self.bridge = bridge
        uuidState = engine.configuration.seed ^ 0x5EED_0000_0000_0001
    }

    /// The names of the handlers a world sees.
    func handlerNames(world: String) -> [String] {
        bridge.handlers.filter { $0.world == world }.map(\.name)
    }

    // MARK: - Page → app

    /// `postMessage` from a page: records the message and runs its handler in a later task.
    func post(name: String, body: String, page: ScriptPage, world: PageWorld) -> Int {
        let pageToken = page.nextToken
        page.nextToken += 1
        guard let index = bridge.handlers.firstIndex(where: { $0.name == name && $0.world == world.name }) else { return pageToken }
        let handler = bridge.handlers[index]
        engine.record(.message(name: name, world: world.name, body: TaggedValue(json: body)), page: page)
        let token = nextToken
        nextToken += 1
        messages[token] = Message(page: page, pageID: page.id, pageURL: page.url, world: world.index, pageToken: pageToken,
                                  name: name, replies: handler.replies)
        let frameURL = page.url
        engine.postJob { [unowned self] in
            switch handler.kind {
            case .reply(let value): answer(token, ok: true, payload: value.taggedJSON)
            case .error(let message): answer(token, ok: false, payload: message)
            case .script(_, _, let replies):
                guard prepare(), let function = handlerFunctions[index] else {
                    answer(token, ok: !replies, payload: replies ? "WKWebView API client did not respond to this postMessage" : "{\"t\":\"u\"}")
                    return
                }
                let ran = callHost("message", .int(function), .string(body),
                                   .array([.string(name), .string(world.name), .string(frameURL)]), .int(token), .bool(replies))
                // Stopped by the time limit: the reply handler is gone without being called.
                if ran == nil {
                    answer(token, ok: !replies, payload: replies ? "WKWebView API client did not respond to this postMessage" : "{\"t\":\"u\"}")
                }
            }
        }
        return pageToken
    }

    /// The handler answered: a reply record, then the page's Promise settles in a later task.
    private func answer(_ token: Int, ok: Bool, payload: String) {
        guard let message = messages.removeValue(forKey: token) else { return }
        if message.replies {
            let reply: ScriptReply = ok ? .value(TaggedValue(json: payload)) : .error(payload)
            engine.record(.reply(name: message.name, reply), pageID: message.pageID, url: message.pageURL)
        }
        weak var page = message.page
        engine.postJob {
            guard let page, !page.isClosed, message.world < page.worlds.count else { return }
            page.taskNumber += 1
            page.worlds[message.world].callHost("reply", .int(message.pageToken), .bool(ok), .string(payload))
            page.afterTask()
        }
    }

    // MARK: - Intercepts

    /// Whether a navigation goes to an intercept; if so its function runs in a later task.
    func intercept(url: String, page: ScriptPage?) -> Bool {
        guard let index = bridge.intercepts.firstIndex(where: { Self.matches(url, prefix: $0.prefix) }) else { return false }
        let prefix = bridge.intercepts[index].prefix
        if let page { engine.record(.intercepted(url: url, prefix: prefix), page: page) } else {
            engine.record(.intercepted(url: url, prefix: prefix), pageID: ScriptPage.ID(rawValue: 0), url: "")
        }
        engine.postJob { [unowned self] in
            guard prepare(), let function = interceptFunctions[index] else { return }
            callHost("intercept", .int(function), .string(url))
        }
        return true
    }

    /// Whether a URL falls under an intercept's prefix: the same scheme and host (case ignored),
    /// and the prefix's path, when it has one, starting the URL's path.
    static func matches(_ url: String, prefix: String) -> Bool {
        guard let target = URLComponents(string: url), let pattern = URLComponents(string: prefix),
              let scheme = pattern.scheme, target.scheme?.lowercased() == scheme.lowercased(),
              (target.host ?? "").lowercased() == (pattern.host ?? "").lowercased() else { return false }
        let path = pattern.path
        return path.isEmpty || path == "/" || target.path.hasPrefix(path)
    }

    // MARK: - The native context

    /// Makes the native context and defines the profile's functions, once per app run.
    private func prepare() -> Bool {
        if host != nil { return true }
        let context = engine.machine.makeContext(name: "native")
        let configuration = ScriptValue.array([.string(bridge.bundleId), bridge.pushToken.map(ScriptValue.string) ?? .null,
                                               .int(engine.configuration.messageLimit)])
        guard case .success(let installer) = context.evaluateFunction(engine.machine.nativePrelude, sourceURL: "webnav-native.js"),
              case .success(.kept(let entry)) = context.install(natives: natives(), configuration: configuration, into: installer) else {
            engine.record(.error(ScriptError(sourceURL: "webnav-native.js", line: nil, column: nil, message: "the native side could not start")),
                          pageID: ScriptPage.ID(rawValue: 0), url: "")
            return false
        }
        self.context = context
        host = entry
        handlerFunctions = bridge.handlers.map { handler in
            guard case .script(let source, let sourceURL, _) = handler.kind else { return nil }
            return define(source, sourceURL: sourceURL)
        }
        interceptFunctions = bridge.intercepts.map { define($0.source, sourceURL: $0.sourceURL) }
        return true
    }

    /// Evaluates a handler's script; its value must be a function (else an error record).
    private func define(_ source: String, sourceURL: String) -> Int? {
        guard let context else { return nil }
        engine.beginTask()
        let program: String
        switch HandlerSource.program(source, machine: engine.machine, url: sourceURL) {
        case .success(let text): program = text
        case .failure(let problem):
            recordError(ScriptError(sourceURL: sourceURL, line: problem.line, column: problem.column, message: problem.message))
            return nil
        }
        switch context.evaluate(program, sourceURL: sourceURL) {
        case .success(let value):
            guard case .bool(true)? = callHost("define", value) else {
                recordError(ScriptError(sourceURL: sourceURL, line: nil, column: nil, message: "TypeError: the script's value is not a function"))
                return nil
            }
            definedCount += 1
            return definedCount - 1
        case .failure(let exception):
            recordError(ScriptError(sourceURL: exception.sourceURL ?? sourceURL, line: exception.line, column: exception.column,
                                    message: exception.isTimeout ? "JavaScript execution terminated." : exception.message))
            return nil
        }
    }

    @discardableResult
    private func callHost(_ operation: String, _ arguments: ScriptValue...) -> ScriptValue? {
        guard let context, let host else { return nil }
        defer {
            if restartRequested { reset() }
        }
        switch context.call(host, [.string(operation)] + arguments) {
        case .success(let value):
            return value
        case .failure(let exception):
            recordError(ScriptError(sourceURL: exception.sourceURL ?? "webnav-native.js", line: exception.line, column: exception.column,
                                    message: exception.isTimeout ? "JavaScript execution terminated." : exception.message))
            return nil
        }
    }

    /// `app.restart()`: the native context goes (its variables with it) when the call returns.
    private func reset() {
        restartRequested = false
        host = nil
        context = nil
        handlerFunctions = []
        interceptFunctions = []
        definedCount = 0
    }

    private func recordError(_ error: ScriptError) {
        if let page = engine.frontPage { engine.record(.error(error), page: page) } else {
            engine.record(.error(error), pageID: ScriptPage.ID(rawValue: 0), url: "")
        }
    }

    private func recordApp(_ output: ScriptOutput) {
        if let page = engine.frontPage { engine.record(output, page: page) } else {
            engine.record(output, pageID: ScriptPage.ID(rawValue: 0), url: "")
        }
    }

    // MARK: - App → page (app.evaluate, app.callAsync)

    /// Runs `evaluateJavaScript` or `callAsyncJavaScript` on the top page in a later task and
    /// settles the native Promise with the result, or an error shaped as WKErrorDomain's.
    private func evaluate(kind: String, source: String, arguments: String?, world: String) -> Int {
        let token = nextToken
        nextToken += 1
        requests.insert(token)
        engine.postJob { [unowned self] in
            guard let page = engine.frontPage else {
                settle(token, .failure(code: 3, description: "The WKWebView was invalidated", message: nil, line: nil, column: nil))
                return
            }
            if kind == "callAsync" {
                guard let arguments, case .dictionary(let pairs)? = ScriptResultValue(taggedJSON: arguments) else {
                    settle(token, .failure(code: 4, description: "A JavaScript exception occurred",
                                           message: "Function argument values must be one of the following types, or contain only the following types: NSNumber, NSNull, NSDate, NSString, NSArray, and NSDictionary",
                                           line: nil, column: nil))
                    return
                }
                page.callAsyncJavaScript(source, arguments: pairs, world: world) { [weak self] result in
                    self?.settle(token, Settlement(result))
                }
            } else {
                settle(token, Settlement(page.evaluate(source, world: world)))
            }
        }
        return token
    }

    /// A result as the native side receives it.
    private enum Settlement {
        case value(ScriptResultValue)
        case failure(code: Int, description: String, message: String?, line: Int?, column: Int?)

        init(_ evaluation: ScriptEvaluation) {
            switch evaluation {
            case .value(let value): self = .value(value)
            case .unsupportedType:
                self = .failure(code: 5, description: "JavaScript execution returned a result of an unsupported type", message: nil, line: nil, column: nil)
            case .exception(let error):
                self = .failure(code: 4, description: "A JavaScript exception occurred", message: error.message, line: error.line, column: error.column)
            case .timeout:
                self = .failure(code: 4, description: "A JavaScript exception occurred", message: "JavaScript execution terminated.", line: nil, column: nil)
            }
        }
    }

    private func settle(_ token: Int, _ settlement: Settlement) {
        guard requests.remove(token) != nil, host != nil else { return }
        engine.beginTask()
        switch settlement {
        case .value(let value):
            callHost("settle", .int(token), .bool(true), .string(value.taggedJSON))
        case .failure(let code, let description, let message, let line, let column):
            callHost("settle", .int(token), .bool(false),
                     .array([.int(code), .string(description), message.map(ScriptValue.string) ?? .null,
                             line.map(ScriptValue.int) ?? .null, column.map(ScriptValue.int) ?? .null]))
        }
    }

    // MARK: - Natives

    private func natives() -> [(String, (NativeCall) -> Result<ScriptValue, ScriptThrow>)] {
        unowned let app = self
        let engine = self.engine
        return [
            ("reply", { call in
                app.answer(call.int(0), ok: call.bool(1), payload: call.string(2))
                return .success(.undefined)
            }),
            ("failed", { call in
                let place = call.strings(1)
                let line = place.count > 1 ? Int(place[1]) : nil
                let column = place.count > 2 ? Int(place[2]) : nil
                app.recordError(ScriptError(sourceURL: place.first.flatMap { $0 == "undefined" ? nil : $0 } ?? "webnav-native.js",
                                            line: line, column: column, message: call.string(0)))
                return .success(.undefined)
            }),
            ("evaluate", { call in
                .success(.int(app.evaluate(kind: call.string(0), source: call.string(1), arguments: call.optionalString(2),
                                           world: call.string(3))))
            }),
            ("request", { call in
                let first = call.string(1), second = call.string(2)
                let request: AppRequest
                switch call.string(0) {
                case "open": request = .open(url: first)
                case "alert": request = .alert(title: first, message: second)
                case "toast": request = .toast(first)
                case "restart":
                    request = .restart
                    app.restartRequested = true
                case "openStore": request = .openStore(url: first)
                default: request = .log(first)
                }
                app.recordApp(.app(request))
                return .success(.undefined)
            }),
            ("notify", { call in
                let payload = ScriptResultValue(taggedJSON: call.string(0)) ?? .null
                app.recordApp(.app(.notify(payload: payload, afterMs: max(0, call.number(1).isFinite ? call.number(1) : 0))))
                return .success(.undefined)
            }),
            // A download that is not saved throws (as well as being an event), so a reply
            // handler that returns `app.saveDownload(…)` answers the page with the error.
            ("saveDownload", { call in
                let name = call.string(1)
                let type = call.string(2)
                func failed(_ reason: String) -> Result<ScriptValue, ScriptThrow> {
                    app.recordApp(.downloadFailed(reason))
                    return .failure(ScriptThrow(message: "download failed: " + reason))
                }
                switch ScriptDownload.decode(call.string(0), name: name, type: type.isEmpty ? nil : type) {
                case .failure(let error):
                    return failed(error.message)
                case .success(let download):
                    guard let save = app.bridge.saveDownload else { return failed("this app saves no downloads") }
                    switch save(download) {
                    case .success(let saved):
                        app.recordApp(.download(name: saved, bytes: download.data.count, type: download.type))
                        return .success(.string(saved))
                    case .failure(let error):
                        return failed(error.message)
                    }
                }
            }),
            ("uuid", { _ in .success(.string(app.makeUUID(virtual: engine.isVirtual))) }),
        ]
    }

    /// A version 4 UUID, upper case as `UUID().uuidString`; from the engine's seed with the
    /// virtual clock, so flows see the same ones every run.
    private func makeUUID(virtual: Bool) -> String {
        guard virtual else { return UUID().uuidString }
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            uuidState &+= 0x9E37_79B9_7F4A_7C15
            var z = uuidState
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: z >> UInt64(shift))) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789ABCDEF")
        let characters = bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
