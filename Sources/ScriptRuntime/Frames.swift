#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit
import URLKit

/// What a frame's window knows of its iframe: the element, the document it shows and its URL.
struct FrameBrowsingContext {
    /// The `<iframe>` in its parent's document.
    let element: NodeID
    /// The document the frame shows, a document node of the page's arena.
    var document: NodeID
    var url: String
    /// The fragment `:target` follows: the URL's at the last navigation to it, unchanged by
    /// `pushState` and `replaceState` (HTML §7.4.6.3 "scroll to the fragment").
    var targetFragment: String?
    /// The URL relative references resolve against (a `srcdoc` or `about:blank` document's is
    /// its parent's).
    var baseURL: String
    /// The URL its origin comes from (a `srcdoc` or `about:blank` document has its parent's).
    var originURL: String
    /// The world of the parent document's window.
    let parentWorld: Int
    /// Whether it still shows the initial `about:blank` document, whose window the first
    /// navigation to a same-origin document keeps (HTML §7.4.2.3, "initial about:blank").
    var isInitialBlank: Bool
    var readyState = ScriptPage.ReadyState.complete
    /// Of another origin than its parent: a world of its own, which the parent's scripts cannot
    /// reach (no `contentDocument`, no window in `frames`).
    var isOpaque = false
}

/// Same-origin iframes (HTML §4.8.5, §7.3): each connected `<iframe>` of a document with a
/// window gets a window of its own, a global object in the page world that shares the page's
/// wrappers, listeners and node tree, so `iframe.contentDocument`, `contentWindow`,
/// `frames[i]`, `parent` and `top` reach each other's nodes and functions as in WebKit.
///
/// A frame's document is parsed whole, then its scripts run in order, then `DOMContentLoaded`,
/// the window's `load` and the iframe's `load` fire (one task). A frame whose document is of
/// another origin gets no window (WebKit's is opaque to the parent).
extension ScriptPage {
    /// Gives every connected iframe in these subtrees that has none a window (an insertion).
    func attachFrames(in roots: [NodeID]) {
        guard document.mayContainFrames else { return }
        for root in roots {
            var stack = [root]
            while let node = stack.popLast() {
                if document.kind(of: node) == .element, document.name(of: node) == "iframe", document.namespace(of: node) == .html,
                   frameWorlds[Int32(node.rawValue)] == nil {
                    attachFrame(node)
                }
                stack.append(contentsOf: document.children(of: node).reversed())
            }
        }
    }

    /// Gives the iframes the parser has inserted so far their windows (before the next script).
    func attachParsedFrames() {
        guard document.mayContainFrames else { return }
        attachFrames(in: document.elements(named: "iframe"))
    }

    /// Detaches the windows of iframes that are no longer connected (a removal).
    func detachDisconnectedFrames() {
        guard !frameWorlds.isEmpty else { return }
        for (raw, index) in frameWorlds {
            guard let element = document.node(rawValue: Int(raw)), isConnected(element) else {
                detach(worlds[index])
                continue
            }
        }
    }

    /// The window whose document is `owner`: the page's own, or a frame's.
    func window(showing owner: NodeID) -> PageWorld? {
        if owner == document.root { return worlds.first }
        return worlds.first { !$0.isDetached && $0.frame?.document == owner }
    }

    /// The iframe insertion steps: a window with the initial `about:blank` document, then
    /// either its `load` at once (no `src` or `srcdoc`) or a navigation as a task.
    private func attachFrame(_ element: NodeID) {
        guard let parent = window(showing: ownerDocument(element)) else { return }
        let parentURL = parent.frame?.baseURL ?? baseURL
        let parentOrigin = parent.frame?.originURL ?? url
        let blank = makeFrameDocument("")
        let world = PageWorld(page: self, index: worlds.count, name: "frame",
                              frame: FrameBrowsingContext(element: element, document: blank, url: "about:blank", targetFragment: nil, baseURL: parentURL,
                                                          originURL: parentOrigin, parentWorld: parent.index, isInitialBlank: true))
        worlds.append(world)
        frameWorlds[Int32(element.rawValue)] = world.index
        frameDocuments.insert(Int32(blank.rawValue))
        document.setFrameContent(blank, of: element)
        link(world, to: parent)
        if frameNavigationTarget(element) == nil {
            parent.callHost("scriptEvent", .int(element.rawValue), .string("load"))
        } else {
            if readyState != .complete { loadDelayingNodes.insert(Int32(element.rawValue)) }
            engine.post(EventLoop.Task(page: id.rawValue, world: parent.index, work: .frameNavigation(element.rawValue, url: nil)))
        }
    }

    /// Setting an iframe's `src` or `srcdoc` navigates it (HTML's "process the iframe attributes").
    func frameAttributeChanged(_ element: NodeID, _ name: String) {
        guard !frameWorlds.isEmpty, name == "src" || name == "srcdoc", let index = frameWorlds[Int32(element.rawValue)],
              let frame = worlds[index].frame else { return }
        if name == "src", document.attribute("srcdoc", of: element) != nil { return }
        engine.post(EventLoop.Task(page: id.rawValue, world: frame.parentWorld, work: .frameNavigation(element.rawValue, url: nil)))
    }

    /// The origin a window's scripts run in ("null" for an opaque one: `data:`, a `file:` frame).
    func origin(of world: PageWorld) -> String {
        // WebKitGTK: a file page's origin is "null" unless file access from file URLs is on.
        let fileOpaque = !engine.configuration.allowFileAccessFromFileURLs
        guard let frame = world.frame else { return WebURL(url).normalizedScheme == "file" && fileOpaque ? "null" : origin }
        let scheme = WebURL(frame.originURL).normalizedScheme
        if scheme == "data" || (scheme == "file" && (frame.isOpaque || fileOpaque)) { return "null" }
        return WebURL(frame.originURL).origin
    }

    /// `postMessage` to a window of another origin (HTML §9.3.3): to the sender's parent
    /// (`target` -1) or to the frame of the sender's document whose iframe is `target`,
    /// delivered as a task; dropped when `targetOrigin` is neither `*` nor the receiver's origin.
    func postCrossOriginMessage(from sender: PageWorld, to target: Int, data: String, targetOrigin: String) {
        let receiver: PageWorld
        let source: Int
        if target < 0 {
            guard let frame = sender.frame else { return }
            receiver = worlds[frame.parentWorld]
            source = frame.element.rawValue
        } else {
            guard let raw = Int32(exactly: target), let index = frameWorlds[raw], worlds[index].frame?.parentWorld == sender.index,
                  !worlds[index].isDetached else { return }
            receiver = worlds[index]
            source = -1
        }
        let senderOrigin = origin(of: sender)
        let wanted = targetOrigin == "/" ? senderOrigin : targetOrigin
        guard wanted == "*" || wanted == origin(of: receiver) else { return }
        engine.postJob { [weak self, weak receiver] in
            guard let self, let receiver, !self.isClosed, !receiver.isDetached else { return }
            self.engine.beginTask()
            self.taskNumber += 1
            receiver.callHost("crossOriginMessage", .string(data), .string(senderOrigin), .int(source))
            self.afterTask()
        }
    }

    /// A navigation a frame's window asked for (`location.href = …` in the frame).
    func postFrameNavigation(_ element: NodeID, to url: String) {
        guard let index = frameWorlds[Int32(element.rawValue)], let frame = worlds[index].frame,
              let resolved = URLResolver(base: frame.baseURL).resolve(url) else { return }
        engine.post(EventLoop.Task(page: id.rawValue, world: frame.parentWorld, work: .frameNavigation(element.rawValue, url: resolved)))
    }

    /// Where an iframe's attributes send it: its `srcdoc`, else its `src` resolved (nil for
    /// none, an empty one or `about:blank`).
    private func frameNavigationTarget(_ element: NodeID) -> FrameSource? {
        if let markup = document.attribute("srcdoc", of: element) { return .markup(markup) }
        guard let source = document.attribute("src", of: element), !source.trimmingSpaces().isEmpty,
              let owner = window(showing: ownerDocument(element)),
              let resolved = URLResolver(base: owner.frame?.baseURL ?? baseURL).resolve(source), resolved != "about:blank" else { return nil }
        return .url(resolved)
    }

    private enum FrameSource {
        case markup(String)
        case url(String)
    }

    /// Loads an iframe's document: parsed, its scripts run in its window, then the load events.
    func navigateFrame(_ element: NodeID, to requested: String?) {
        guard let index = frameWorlds[Int32(element.rawValue)], isConnected(element) else { return }
        var current = worlds[index]
        guard let frame = current.frame, !current.isDetached else { return }
        let parent = worlds[frame.parentWorld]
        let target = requested.map(FrameSource.url) ?? frameNavigationTarget(element)
        var markup: String
        var frameURL: String
        var mediaType: String?
        var originURL = frame.originURL
        var base = parent.frame?.baseURL ?? baseURL
        var opaque = false
        var xmlType: String?
        switch target {
        case nil:
            markup = ""
            frameURL = "about:blank"
        case .markup(let text)?:
            markup = text
            frameURL = "about:srcdoc"
        case .url(let address)? where WebURL(address).normalizedScheme == "javascript":
            // HTML §7.4.2.3.3: the script runs in the frame's window; a string result becomes
            // the new document's markup, at the same URL and origin; any other result leaves the
            // frame as it is, with no load event (WebKitGTK 2.50 alike).
            guard case .string(let text)? = current.callHost("javascriptURL", .string(address)),
                  !current.isDetached, frameWorlds[Int32(element.rawValue)] == index, isConnected(element) else { return }
            markup = text
            frameURL = frame.url
            base = frame.baseURL
        case .url(let address)?:
            let parentOrigin = WebURL(parent.frame?.originURL ?? url).origin
            // A `file:` page's frames are of other origins unless the app allows file access from
            // file URLs (WebKitGTK 2.50: `contentDocument` is null, `contentWindow` opaque).
            let scheme = WebURL(address).normalizedScheme
            // Another origin's document still loads, runs and shows in the terminal; its window
            // is a world of its own, which the parent cannot reach.
            opaque = WebURL(address).origin != parentOrigin || scheme == "data"
                || (scheme == "file" && !engine.configuration.allowFileAccessFromFileURLs)
            // A request never carries the fragment (Fetch §2.2.5); the document's URL keeps it.
            let requested = address.firstIndex(of: "#").map { String(address[..<$0]) } ?? address
            switch resources(ScriptResourceRequest(kind: .frameDocument, url: requested)) {
            case .success(let response):
                markup = Self.decodeScript(response.body)
                frameURL = response.url.isEmpty ? address : response.url
                // The document's URL keeps the navigation's fragment (HTML §7.4.2.2), which a
                // response's URL never has.
                if let hash = address.firstIndex(of: "#"), !frameURL.contains("#") { frameURL += address[hash...] }
                let contentType = response.headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
                let essence = String(contentType.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                if PageResponse.isXMLType(essence) { xmlType = essence }
                // An image or a text is shown in the document WebKit makes for it.
                switch MediaDocument.kind(ofType: essence) {
                case .image?: markup = MediaDocument.imageMarkup(url: frameURL, bytes: response.body)
                case .text?: markup = MediaDocument.textMarkup(markup)
                case nil: break
                }
                if MediaDocument.kind(ofType: essence) != nil { mediaType = essence }
            case .failure(let error):
                recordConsole(of: error)
                markup = ""
                frameURL = address
            }
            originURL = frameURL
            base = frameURL
        }
        // An XML response (Content-Type) is parsed as XML: a frame's XHTML, SVG or plain XML document.
        let made = xmlType.flatMap { parseXMLDocument(markup, type: $0) } ?? makeFrameDocument(markup)
        if let mediaType {
            mediaDocumentTypes[Int32(made.rawValue)] = mediaType
            quirksModes[Int32(made.rawValue)] = nil  // WebKit's media documents are in no-quirks mode
        }
        frameDocuments.remove(Int32(frame.document.rawValue))
        frameDocuments.insert(Int32(made.rawValue))
        document.setFrameContent(made, of: element)
        let fresh = FrameBrowsingContext(element: element, document: made, url: frameURL, targetFragment: ScriptPage.fragment(of: frameURL),
                                         baseURL: base, originURL: originURL, parentWorld: frame.parentWorld, isInitialBlank: false,
                                         readyState: .loading, isOpaque: opaque)
        if frame.isInitialBlank && !opaque {
            current.frame = fresh
            current.callHost("frameDocument", .int(made.rawValue))
        } else {
            detachNestedFrames(of: frame.document)
            current.isDetached = true
            if !frame.isOpaque { parent.callHost("frameDetached", .int(element.rawValue)) }
            current = PageWorld(page: self, index: worlds.count, name: "frame", frame: fresh)
            worlds.append(current)
            frameWorlds[Int32(element.rawValue)] = current.index
            if opaque {
                let shownOrigin = WebURL(originURL).normalizedScheme == "file" || WebURL(originURL).normalizedScheme == "data"
                    ? "null" : WebURL(originURL).origin
                current.callHost("crossOriginFrame", .string(shownOrigin))
                parent.callHost("frameIndices")
            } else {
                link(current, to: parent)
            }
        }
        runFrameScripts(in: current, markup: markup)
        current.frame?.readyState = .interactive
        current.callHost("DOMContentLoaded")
        attachFrames(in: [made])
        current.frame?.readyState = .complete
        current.callHost("windowload")
        parent.callHost("scriptEvent", .int(element.rawValue), .string("load"))
    }

    /// A frame's document: the markup parsed whole (scripting on: a frame's `noscript` is raw
    /// text) into the page's arena; its scripts are marked started, as the frame runs them.
    private func makeFrameDocument(_ markup: String) -> NodeID {
        let (made, quirksMode) = parseDocumentNodes(markup, scriptingEnabled: true)
        documentNodes.insert(Int32(made.rawValue))
        if quirksMode != .noQuirks { quirksModes[Int32(made.rawValue)] = quirksMode }
        for node in descendantElements(of: made, where: { _ in true }) {
            creators[Int32(node.rawValue)] = Int32(made.rawValue)
            if document.name(of: node) == "script" { startedScripts.insert(Int32(node.rawValue)) }
        }
        version += 1
        return made
    }

    /// Runs a frame document's classic scripts in document order in its window; an inline
    /// script's errors name its line and column in the markup.
    private func runFrameScripts(in world: PageWorld, markup: String) {
        guard let frame = world.frame else { return }
        var locator = PageParser(source: .text(markup))
        let scripts = descendantElements(of: frame.document) { document.name(of: $0) == "script" && document.namespace(of: $0) == .html }
        for script in scripts where scriptKind(script) == .classic {
            guard !world.isDetached, valid(script), isConnected(script) else { continue }
            let result: Result<ScriptValue, ScriptException>
            currentScripts.append(script)
            if let source = document.attribute("src", of: script) {
                guard let scriptURL = URLResolver(base: frame.baseURL).resolve(source),
                      case .success(let response) = resources(ScriptResourceRequest(kind: .script, url: scriptURL)),
                      (200..<300).contains(response.status) || response.status == 0 else {
                    currentScripts.removeLast()
                    world.callHost("scriptEvent", .int(script.rawValue), .string("error"))
                    continue
                }
                result = world.context.evaluate(engine.scriptSource(url: scriptURL, bytes: response.body), sourceURL: scriptURL)
            } else {
                let text = scriptText(script)
                let position = locator.sourcePosition(ofScriptText: text)
                let padded = position.map { String(repeating: " ", count: max(0, $0.column - 1)) + text } ?? text
                result = world.context.evaluate(padded, sourceURL: frame.url, line: position?.line ?? 1)
            }
            currentScripts.removeLast()
            if case .failure(let exception) = result { report(exception, in: world) }
            if document.attribute("src", of: script) != nil { world.callHost("scriptEvent", .int(script.rawValue), .string("load")) }
        }
    }

    /// Hands a new frame window the page world's shared state and its parent's window.
    private func link(_ world: PageWorld, to parent: PageWorld) {
        guard let frame = world.frame,
              case .kept(let handoff)? = parent.callHost("frameHandoff", .int(frame.element.rawValue)),
              case .kept(let accept)? = world.callHost("frameAccept") else { return }
        if case .failure(let exception) = world.context.callHandingOver(accept, handoff) { report(exception, in: world) }
        parent.callHost("frameIndices")
    }

    /// Ends a frame's window: its iframe left the document, or it navigated to a new window.
    private func detach(_ world: PageWorld) {
        guard let frame = world.frame, !world.isDetached else { return }
        detachNestedFrames(of: frame.document)
        world.isDetached = true
        if frameWorlds[Int32(frame.element.rawValue)] == world.index { frameWorlds[Int32(frame.element.rawValue)] = nil }
        frameDocuments.remove(Int32(frame.document.rawValue))
        if document.frameContents[Int32(frame.element.rawValue)] == Int32(frame.document.rawValue) {
            document.setFrameContent(nil, of: frame.element)
        }
        let parent = worlds[frame.parentWorld]
        if !frame.isOpaque { parent.callHost("frameDetached", .int(frame.element.rawValue)) }
        parent.callHost("frameIndices")
    }

    private func detachNestedFrames(of frameDocument: NodeID) {
        for index in frameWorlds.values where worlds[index].frame?.parentWorld == window(showing: frameDocument)?.index {
            detach(worlds[index])
        }
    }

    /// The iframe elements of a window's document that have windows, in tree order.
    func frameElements(of world: PageWorld) -> [NodeID] {
        let shown = world.frame?.document ?? document.root
        return frameWorlds.keys.compactMap { document.node(rawValue: Int($0)) }
            .filter { ownerDocument($0) == shown && isConnected($0) }
            .sorted { position(of: $1, relativeTo: $0) & 4 != 0 }
    }
}
