#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import URLKit

/// The window's natives: time, the console, errors, timers and tasks, navigation, history,
/// dialogs, loads, cookies, storage and URLs. Everything the page asks of the host becomes a
/// record or goes through the host's reader, storage, cookie jar and dialog presenter.
enum NativeWindow {
    static func define(into define: (DOMNative, @escaping NativeDOM.Body) -> Void, page: ScriptPage, world: PageWorld) {
        unowned let page = page
        unowned let world = world
        let engine = page.engine
        let worldIndex = world.index

        // MARK: Time
        define(.now) { _ in .number(engine.readClock().rounded(.down)) }
        // WebKit reduces `performance.now()` to 1 ms (Performance.cpp: `timePrecision { 1_ms }`,
        // 20 µs only in cross-origin isolated pages).
        define(.perfNow) { _ in .number(max(0, engine.readClock() - page.timeOrigin).rounded(.down)) }
        define(.timeOrigin) { _ in .number(page.timeOrigin) }
        define(.overBudget) { _ in .bool(engine.taskIsOverBudget) }
        define(.taskNumber) { _ in .int(page.taskNumber) }
        define(.microtaskLimit) { _ in
            engine.record(.timeout, page: page)
            return .undefined
        }

        // MARK: Content-Security-Policy
        define(.hasPolicy) { _ in .bool(!page.policy.isEmpty) }
        define(.policyAllows) { call in
            let place = (url: call.string(3), line: call.int(4), column: call.int(5))
            let target = call.int(2) >= 0 ? page.document.node(rawValue: call.int(2)) : nil
            let action: ContentSecurityPolicy.Action
            switch call.string(0) {
            case "handler": action = .inlineHandler(text: call.string(1))
            case "javascript": action = .javascriptURL(text: call.string(1))
            case "timer": action = .stringTimer
            default: action = .eval
            }
            return .bool(page.policyAllows(action, target: target, place: place, logs: call.string(0) != "eval"))
        }

        // MARK: Console and errors
        define(.log) { call in
            engine.record(.console(level: ConsoleLevel(rawValue: call.string(0)) ?? .log, text: call.string(1)), page: page)
            return .undefined
        }
        define(.error) { call in
            let url = call.string(1)
            let line = call.int(2), column = call.int(3)
            engine.record(.error(ScriptError(sourceURL: url.isEmpty ? page.url : url, line: line > 0 ? line : nil,
                                             column: line > 0 && column > 0 ? column : nil, message: call.string(0))), page: page)
            return .undefined
        }
        define(.setRejectionHandler) { call in
            if let handler = call.kept(0), world.context.isFunction(handler) { world.setRejectionHandler(handler) }
            return .undefined
        }

        // MARK: Timers and tasks
        define(.setTimer) { call in
            let id = page.nextTimerID
            page.nextTimerID += 1
            engine.setTimer(page: page.id.rawValue, world: worldIndex, id: id, delay: Double(max(0, call.int(0))), repeating: call.bool(1))
            return .int(id)
        }
        define(.clearTimer) { call in
            engine.clearTimer(page: page.id.rawValue, id: call.int(0))
            return .undefined
        }
        define(.post) { _ in
            let token = page.nextToken
            page.nextToken += 1
            engine.post(EventLoop.Task(page: page.id.rawValue, world: worldIndex, work: .callback(token)))
            return .int(token)
        }

        // MARK: Navigation and history
        define(.navigate) { call in
            // A frame's window navigates its frame, never the web view.
            if let frame = world.frame {
                page.postFrameNavigation(frame.element, to: call.string(0))
                return .undefined
            }
            let initiator = NavigationInitiator(rawValue: call.string(2)) ?? .location
            // The app's decidePolicyFor cancels an intercepted URL: the page stays.
            if engine.interceptNavigation(to: call.string(0), from: page) { return .undefined }
            engine.record(.navigation(url: call.string(0), replace: call.bool(1), initiatedBy: initiator), page: page)
            return .undefined
        }
        define(.windowOpen) { call in
            engine.record(.windowOpen(url: call.string(0), target: call.string(1)), page: page)
            return .undefined
        }
        define(.history) { call in
            // "fragment push" and "fragment replace" are navigations to a fragment, which move
            // `:target`; the history API's "push" and "replace" change only the URL.
            let kind = call.string(0)
            let toFragment = kind.hasPrefix("fragment ")
            // A frame's session history is not kept: its pushState changes only its URL.
            if world.frame != nil {
                if kind != "go" {
                    world.frame?.url = call.string(1)
                    if toFragment {
                        world.frame?.targetFragment = ScriptPage.fragment(of: call.string(1))
                        page.version += 1
                    }
                }
                return .undefined
            }
            let target = call.string(1)
            if toFragment {
                page.targetFragment = ScriptPage.fragment(of: target)
                page.version += 1
            }
            switch kind.dropFirst(toFragment ? "fragment ".count : 0) {
            case "push":
                page.url = target
                page.historyLength += 1
                engine.record(.history(.push(url: target, state: HistoryStateID(rawValue: call.int(2)))), page: page)
            case "replace":
                page.url = target
                engine.record(.history(.replace(url: target, state: HistoryStateID(rawValue: call.int(2)))), page: page)
            default:
                engine.record(.history(.go(call.int(2))), page: page)
            }
            return .undefined
        }
        define(.historyLength) { _ in .int(page.historyLength) }

        // MARK: Dialogs
        define(.dialog) { call in
            let kind = ScriptDialog.Kind(rawValue: call.string(0)) ?? .alert
            let message = call.string(1)
            guard engine.configuration.hasUIDelegate else {
                engine.record(.dialogSkipped(kind: kind, message: message), page: page)
                switch kind {
                case .alert: return .undefined
                case .confirm: return .bool(false)
                case .prompt: return .null
                }
            }
            let answer = engine.ask(ScriptDialog(kind: kind, message: message, defaultText: kind == .prompt ? call.string(2) : nil,
                                                 pageURL: page.url))
            switch (kind, answer) {
            case (.alert, _): return .undefined
            case (.confirm, .ok): return .bool(true)
            case (.confirm, .cancel): return .bool(false)
            case (.prompt, .ok(let text)): return .string(text ?? "")
            case (.prompt, .cancel): return .null
            }
        }

        // MARK: Loads
        define(.load) { call in
            let token = page.nextToken
            page.nextToken += 1
            let load = request(call, kind: ScriptResourceRequest.Kind(rawValue: call.string(0)) ?? .fetch, methodIndex: 1)
            page.pendingLoads[token] = load
            if !page.connectAllowed(load) { page.refusedLoads.insert(token) }
            engine.post(EventLoop.Task(page: page.id.rawValue, world: worldIndex, work: .load(token)))
            return .int(token)
        }
        define(.loadSync) { call in
            let load = request(call, kind: .xhr, methodIndex: 0)
            switch page.connectAllowed(load) ? page.resources(load) : .failure(ScriptPage.refusedByPolicy) {
            case .success(let response): return page.responseValue(response)
            case .failure(let error):
                page.recordConsole(of: error)
                return .string(error.message)
            }
        }
        define(.bytes) { call in
            let token = call.int(0)
            guard let bytes = page.keptBytes.first(where: { $0.token == token })?.bytes else { return .string("") }
            return .string(String(decoding: bytes.map { UInt16($0) }, as: UTF16.self))
        }
        define(.keepBytes) { call in
            let binary = call.string(0)
            return .int(page.keep(Data(binary.utf16.map { UInt8(truncatingIfNeeded: $0) })))
        }

        // MARK: Cookies and storage
        define(.cookie) { _ in
            guard WebURL(page.url).normalizedScheme != "file" else { return .string("") }
            return .string(page.cookies.cookieString(for: page.url))
        }
        define(.setCookie) { call in
            if WebURL(page.url).normalizedScheme != "file" { page.cookies.setCookie(call.string(0), for: page.url) }
            return .undefined
        }
        define(.storage) { call in
            let kind: WebStorageKind = call.string(0) == "session" ? .session : .local
            let storage = page.storage
            let origin = page.origin
            let key = call.string(2)
            switch call.string(1) {
            case "length": return .int(storage.keys(origin: origin, kind: kind).count)
            case "key":
                let keys = storage.keys(origin: origin, kind: kind)
                let index = Int(key) ?? -1
                return index >= 0 && index < keys.count ? .string(keys[index]) : .null
            case "get": return storage.value(forKey: key, origin: origin, kind: kind).map(ScriptValue.string) ?? .null
            case "set": return .bool(storage.setValue(call.string(3), forKey: key, origin: origin, kind: kind))
            case "remove":
                storage.removeValue(forKey: key, origin: origin, kind: kind)
                return .undefined
            case "clear":
                storage.clear(origin: origin, kind: kind)
                return .undefined
            default:
                return .array(storage.keys(origin: origin, kind: kind).map(ScriptValue.string))
            }
        }

        // MARK: URLs
        define(.url) { _ in .string(world.frame?.url ?? page.url) }
        define(.origin) { _ in .string(world.frame.map { WebURL($0.originURL).origin } ?? page.origin) }
        // WebKitGTK: a file page's `self.origin` is "null" unless file access from file URLs is on.
        define(.selfOrigin) { _ in
            let url = world.frame?.originURL ?? page.url
            return .string(WebURL(url).normalizedScheme == "file" && !engine.configuration.allowFileAccessFromFileURLs ? "null" : WebURL(url).origin)
        }
        define(.originOf) { call in .string(WebURL(call.string(0)).origin) }
        define(.resolve) { call in
            if let frame = world.frame { return URLResolver(base: frame.baseURL).resolve(call.string(0)).map(ScriptValue.string) ?? .null }
            return page.resolve(call.string(0)).map(ScriptValue.string) ?? .null
        }
        define(.parseURL) { call in
            URLSplitting.parts(of: call.string(0), base: call.optionalString(1)).map { .array($0.map(ScriptValue.string)) } ?? .null
        }
    }

    /// A resource request from the arguments (kind, method, url, flat headers, binary body).
    private static func request(_ call: NativeCall, kind: ScriptResourceRequest.Kind, methodIndex: Int) -> ScriptResourceRequest {
        let flat = call.strings(methodIndex + 2)
        var headers: [(name: String, value: String)] = []
        var index = 0
        while index + 1 < flat.count {
            headers.append((flat[index], flat[index + 1]))
            index += 2
        }
        let body = call.optionalString(methodIndex + 3).map { Data($0.utf16.map { UInt8(truncatingIfNeeded: $0) }) }
        let mode = call.optionalString(methodIndex + 4).flatMap(ScriptResourceRequest.Mode.init(rawValue:))
        let credentials = call.optionalString(methodIndex + 5).flatMap(ScriptResourceRequest.Credentials.init(rawValue:)) ?? .sameOrigin
        return ScriptResourceRequest(kind: kind, url: call.string(methodIndex + 1), method: call.string(methodIndex),
                                     headers: headers, body: body, mode: mode, credentials: credentials)
    }
}

extension ScriptPage {
    /// `document.write`: into the parser while it runs, into an open document, else (the page
    /// has loaded) it opens a new document that replaces this one when the task ends.
    func documentWrite(_ text: String) {
        if parser != nil {
            // WebKit's Document::write stops recursing past 21 levels (cMaxWriteRecursionDepth).
            guard writeDepth < 21 else { return }
            writeDepth += 1
            defer { writeDepth -= 1 }
            // The parser parses the text at once, into the tree the page holds while a script runs;
            // an inline script it writes runs inside this call, as the standard's "prepare the
            // script element" executes it (WebKit: "written" logs before the writer goes on).
            swap(&document, &parser!.document)
            parser!.write(text)
            swap(&document, &parser!.document)
            version += 1
            while let script = parser?.writtenScript, scriptKind(script) == .classic, document.attribute("src", of: script) == nil {
                _ = parser!.takeWrittenScript()
                if !startedScripts.contains(Int32(script.rawValue)), !scriptText(script).isEmpty {
                    startedScripts.insert(Int32(script.rawValue))
                    executeInline(script, source: scriptText(script), position: nil)
                }
                guard parser != nil else { return }
                swap(&document, &parser!.document)
                parser!.endWrittenScript()
                swap(&document, &parser!.document)
                version += 1
            }
        } else if openedDocument != nil {
            openedDocument! += text
        } else if !runningAsyncScript {
            openedDocument = text
        }
    }
}
