import PageKit
import ScriptRuntime

/// Page scripts with hostile fragments: DOM methods called with Proxies, NaN, huge numbers,
/// nodes of other documents and detached ones, builtins the page replaced first, endless
/// observers and rejections, messages to the app; then taps, evaluations in other worlds and
/// time passing. A page that throws is fine; the engine must neither crash nor hang.
struct PageScriptSurface: FuzzSurface {
    let name = "page"

    private static let values = [
        "NaN", "Infinity", "-Infinity", "-1", "-0", "1.5", "1e300", "2 ** 53 + 1", "4294967296", "null", "undefined", "true", "''",
        "'x'.repeat(100000)", "'<b>'", "'div'", "'#a'", "'\\u202e'", "({})", "[]", "[NaN, 1e300]", "Symbol('s')",
        "new Proxy({}, { get() { throw 1; } })", "new Proxy(document.body, {})", "new Proxy(el, { getPrototypeOf() { return null; } })",
        "({ valueOf() { throw 2; } })", "({ toString() { throw 3; } })", "({ toString() { return 'p'; } })", "() => 1", "el", "detached",
        "other", "text", "frag", "document", "window", "document.documentElement", "document.body", "new Event('x')",
        "Object.create(Node.prototype)", "Object.create(Element.prototype)",
    ]

    private static let calls = [
        "document.body.appendChild(V)", "el.appendChild(V)", "el.insertBefore(V, W)", "el.removeChild(V)", "el.replaceChild(V, W)",
        "document.body.append(V, W)", "el.prepend(V)", "el.after(V)", "el.replaceWith(V)", "el.remove()", "V.remove()",
        "el.setAttribute(V, W)", "el.getAttribute(V)", "el.toggleAttribute(V, W)", "el.removeAttribute(V)", "el.attributes[V]",
        "el.classList.add(V)", "el.classList.toggle(V, W)", "el.dataset[V] = W", "el.style.setProperty(V, W)", "el.style.cssText = V",
        "el.innerHTML = V", "el.outerHTML = V", "el.textContent = V", "el.insertAdjacentHTML(V, W)", "el.insertAdjacentElement(V, W)",
        "document.querySelector(V)", "document.querySelectorAll(V)", "el.closest(V)", "el.matches(V)", "document.getElementById(V)",
        "document.getElementsByTagName(V)[W]", "el.children[V]", "el.childNodes.item(V)", "el.cloneNode(V)", "document.importNode(V, W)",
        "document.adoptNode(V)", "document.createElement(V)", "document.createTextNode(V)", "text.splitText(V)", "text.data = V",
        "text.substringData(V, W)", "text.replaceData(V, W, 'r')", "el.normalize()", "V.contains(W)", "V.compareDocumentPosition(W)",
        "V.isEqualNode(W)", "document.createTreeWalker(V, W).nextNode()", "document.createNodeIterator(V, W).nextNode()",
        "(() => { const r = document.createRange(); r.setStart(V, W); r.setEnd(el, 0); return r.toString(); })()",
        "el.dispatchEvent(V)", "el.addEventListener(V, W)", "el.addEventListener('click', () => { throw V; })", "el.click()",
        "getComputedStyle(V).display", "V.focus()", "V.blur()", "el.scrollIntoView(V)", "setTimeout(V, W)", "setInterval(V, W)",
        "clearTimeout(V)", "queueMicrotask(V)", "requestAnimationFrame(V)", "structuredClone(V)", "JSON.stringify(V)",
        "new MutationObserver(() => { el.appendChild(document.createElement('i')); }).observe(V, { childList: true, subtree: true })",
        "window.addEventListener('unhandledrejection', () => Promise.reject(V))", "Promise.reject(V)",
        "(async () => { for (let i = 0; i < 50000; i++) await V; })()", "history.pushState(V, '', W)", "history.go(V)",
        "location.hash = V", "localStorage.setItem(V, W)", "document.cookie = V", "alert(V)", "confirm(V)", "prompt(V, W)",
        "webkit.messageHandlers.echo.postMessage(V)", "webkit.messageHandlers.echo.postMessage(new Array(20000).fill(V))",
        "window.open(V, W)", "new Blob([V]).size", "URL.createObjectURL(new Blob([V]))", "new URL(V, W)", "atob(V)", "btoa(V)",
        "new TextEncoder().encode(V)", "document.write(V)", "document.title = V", "el.form", "el.value = V", "el.selectedIndex = V",
        "for (let i = 0; i < 3000; i++) { const d = document.createElement('div'); document.body.appendChild(d); d.remove(); }",
        "throw V",
    ]

    private static let replacements = [
        "Map.prototype[Symbol.iterator] = function* () { yield [NaN, { deref() { return undefined; } }]; }",
        "Map.prototype.get = () => NaN", "Map.prototype.forEach = () => { throw 4; }", "WeakRef.prototype.deref = () => ({})",
        "Array.prototype.push = () => { throw 5; }", "Object.defineProperty(Array.prototype, '0', { set() { throw 6; }, configurable: true })",
        "Object.defineProperty(Event.prototype, 'isTrusted', { get() { return {}; } })", "JSON.stringify = () => '{'",
        "Promise.prototype.then = function () { return this; }", "Function.prototype.call = () => NaN", "Reflect.apply = () => NaN",
        "Object.defineProperty = () => {}", "Symbol.iterator = 1", "Array.isArray = () => true", "Number.isFinite = () => true",
        "String.prototype.slice = () => 'x'", "Object.prototype.toJSON = () => 1e300", "Node.prototype.appendChild = () => NaN",
        "EventTarget.prototype.addEventListener = null", "delete window.Event", "Math.floor = () => NaN",
    ]

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        var script = "var el = document.createElement('div'); document.body.appendChild(el);\n"
            + "var detached = document.createElement('span'); var text = document.createTextNode('t'); el.appendChild(text);\n"
            + "var other = new DOMParser().parseFromString('<p>o</p>', 'text/html').body.firstChild; var frag = document.createDocumentFragment();\n"
        for _ in 0..<random.below(4) { script += "try { \(random.pick(Self.replacements)); } catch (e) {}\n" }
        for _ in 0..<(1 + random.below(25)) {
            let call = random.pick(Self.calls).replacing("V", with: random.pick(Self.values)).replacing("W", with: random.pick(Self.values))
            script += random.chance(90) ? "try { \(call); } catch (e) {}\n" : "\(call);\n"
        }
        let html = "<!DOCTYPE html><title>fuzz</title><body><p id=a onclick=\"\(random.chance(30) ? "throw 1" : "")\">a</p>"
            + "<form><input name=q><select><option>o</select><button>b</button></form><script>\(script)</script>"
            + (random.chance(30) ? "<script>\(random.pick(Self.replacements))</script>" : "") + "</body>"
        return Array(html.utf8)
    }

    func run(_ input: [UInt8]) {
        var configuration = ScriptEngine.Configuration()
        configuration.timeLimitMs = 250
        configuration.taskBound = 300
        configuration.messageLimit = 4 * 1_048_576
        configuration.bridge = ScriptBridge(handlers: [ScriptBridge.MessageHandler(name: "echo", kind: .script(
            source: "(function (body, app) { return body; })", sourceURL: "echo.js", replies: true))])
        guard let engine = try? ScriptEngine(configuration: configuration) else { fatalError("page: JavaScriptCore did not load") }
        let page = engine.loadPage(.text(String(decoding: input, as: UTF8.self)), url: "file:///app/index.html",
                                   resources: { _ in .failure(ScriptResourceError("not here")) },
                                   userScripts: [UserScript(source: "document.addEventListener('click', (e) => e.isTrusted)",
                                                            injectionTime: .documentStart, world: "defaultClient")])
        _ = engine.runUntilIdle()
        for name in ["p", "button", "select", "input", "div"] {
            for node in page.document.elements(named: name).prefix(3) { _ = page.click(node) }
        }
        _ = page.evaluate("document.body && document.body.innerHTML.length", world: "defaultClient")
        _ = page.evaluate("[-0, new Date(NaN), document.title]")
        _ = engine.advance(by: 2000)
        page.close()
    }
}
