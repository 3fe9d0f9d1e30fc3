import Foundation
import PageKit
import XCTest
@testable import ScriptRuntime

/// The window's objects: location, history, storage, cookies, dialogs, loads, URLs, encodings.
final class WindowTests: XCTestCase {
    func testLocationPartsAndNavigations() throws {
        let (page, records, engine) = try load("""
        <script>
        console.log(location.href, location.protocol, location.host, location.pathname, location.origin, document.URL);
        location.href = 'mkwebview://webview?url=detail.html';
        location.assign('detail.html?x=1#top');
        location.replace('/other.html');
        location = 'third.html';
        location.reload();
        console.log('still here', location.href);
        </script>
        """)
        XCTAssertEqual(records, [
            "console.log: file:///app/index.html file: \"\" /app/index.html file:// file:///app/index.html"
                .replacingOccurrences(of: "\"\"", with: ""),
            "navigation: mkwebview://webview?url=detail.html by location",
            "navigation: file:///app/detail.html?x=1#top by location",
            "navigation: file:///other.html (replace) by location",
            "navigation: file:///app/third.html by location",
            "navigation: file:///app/index.html (replace) by location",
            "console.log: still here file:///app/index.html",
        ])
        XCTAssertEqual(describe(engine.takeRecords()), [])
        _ = page
    }

    func testHistoryAndFragments() throws {
        let (page, records, engine) = try load("""
        <script>
        window.addEventListener('popstate', function (e) { console.log('popstate', JSON.stringify(e.state), location.href) });
        window.addEventListener('hashchange', function (e) { console.log('hashchange', e.oldURL, e.newURL) });
        history.pushState({ n: 1 }, '', 'step1.html');
        history.replaceState({ n: 2 }, '');
        location.hash = 'frag';
        console.log(history.length, JSON.stringify(history.state), location.href);
        try { history.pushState(null, '', 'https://example.com/') } catch (e) { console.log(e.name) }
        history.back();
        </script>
        """)
        XCTAssertEqual(records, [
            "history: push(url: \"file:///app/step1.html\", state: ScriptRuntime.HistoryStateID(rawValue: 1))",
            "history: replace(url: \"file:///app/step1.html\", state: ScriptRuntime.HistoryStateID(rawValue: 2))",
            "history: push(url: \"file:///app/step1.html#frag\", state: ScriptRuntime.HistoryStateID(rawValue: 0))",
            "console.log: popstate null file:///app/step1.html#frag",  // at once, as WebKit fires it for a fragment
            "console.log: 3 null file:///app/step1.html#frag",
            "console.log: SecurityError",
            "history: go(-1)",
            "console.log: hashchange file:///app/step1.html file:///app/step1.html#frag",
        ])
        page.restoreHistoryEntry(url: "file:///app/step1.html", state: HistoryStateID(rawValue: 2))
        XCTAssertEqual(describe(engine.takeRecords()), [
            "console.log: popstate {\"n\":2} file:///app/step1.html",
            "console.log: hashchange file:///app/step1.html#frag file:///app/step1.html",
        ])
    }

    func testStorageAndCookies() throws {
        let storage = InMemoryWebStorage()
        let cookies = InMemoryCookieJar()
        let engine = try makeEngine { $0.storage = storage; $0.cookies = cookies }
        let (_, records, _) = try load("""
        <script>
        localStorage.setItem('a', 1); localStorage.b = 'two'; sessionStorage.setItem('s', 'x');
        console.log(localStorage.length, localStorage.getItem('a'), localStorage.b, localStorage.key(1), 'a' in localStorage,
                    Object.keys(localStorage).join(), sessionStorage.getItem('a'));
        localStorage.removeItem('a');
        try { localStorage.setItem('big', 'x'.repeat(3 * 1024 * 1024)) } catch (e) { console.log(e.name, e.code) }
        document.cookie = 'k=v';
        console.log(JSON.stringify(document.cookie));
        </script>
        """, engine: engine)
        XCTAssertEqual(records, ["console.log: 2 1 two b true a,b null", "console.log: QuotaExceededError 22", "console.log: \"\""])
        XCTAssertEqual(storage.keys(origin: "file://", kind: .local), ["b"])
        let remote = engine.loadPage(.text("<script>document.cookie = 'k=v; path=/'; document.cookie = 'm=1'; console.log(document.cookie)</script>"),
                                     url: "https://example.com/a.html", resources: { _ in .failure(ScriptResourceError("none")) })
        XCTAssertEqual(describe(engine.takeRecords()), ["console.log: k=v; m=1"])
        XCTAssertEqual(cookies.cookieString(for: "https://example.com/"), "k=v; m=1")
        remote.close()
    }

    func testDialogsWithAndWithoutAUIDelegate() throws {
        var asked: [ScriptDialog] = []
        let engine = try makeEngine {
            $0.dialogPresenter = { dialog in
                asked.append(dialog)
                switch dialog.kind {
                case .alert: return .ok(text: nil)
                case .confirm: return .cancel
                case .prompt: return .ok(text: "answer")
                }
            }
        }
        let script = "<script>console.log(alert('hi'), confirm(), prompt('name?', 'x'), prompt(), alert())</script>"
        let (_, records, _) = try load(script, engine: engine)
        XCTAssertEqual(records, ["console.log: undefined false answer answer undefined"])
        XCTAssertEqual(asked.map { "\($0.kind.rawValue)|\($0.message)|\($0.defaultText ?? "nil")" },
                       ["alert|hi|nil", "confirm||nil", "prompt|name?|x", "prompt||", "alert||nil"])
        let (_, skipped, _) = try load(script, engine: try makeEngine { $0.hasUIDelegate = false })
        XCTAssertEqual(skipped, ["dialog skipped: alert hi", "dialog skipped: confirm ", "dialog skipped: prompt name?",
                                 "dialog skipped: prompt ", "dialog skipped: alert ", "console.log: undefined false null null undefined"])
    }

    func testWindowOpenReturnsNullWithoutADelegate() throws {
        let (_, records, _) = try load("<script>console.log(window.open('popup.html'), window.open('same.html', '_self') === window)</script>")
        XCTAssertEqual(records, ["window.open: file:///app/popup.html _blank", "navigation: file:///app/same.html by windowOpen",
                                 "console.log: null true"])
    }

    /// The network family (Blob … XMLHttpRequest, fetch) is made on first use: before it, the
    /// globals are there for feature detection, FormData and structuredClone see no Blob; after
    /// it, each global is the one class, native-looking, and Blobs are recognised everywhere.
    func testNetworkInterfacesMadeOnFirstUseBehaveAsEager() throws {
        let (_, records, _) = try load("""
        <script>
        var names = ['Blob', 'File', 'FileReader', 'Headers', 'Request', 'Response', 'AbortController', 'AbortSignal',
          'XMLHttpRequest', 'XMLHttpRequestEventTarget', 'XMLHttpRequestUpload', 'fetch'];
        console.log(names.every(function (n) { return n in window && !Object.keys(window).includes(n) }));
        var form = new FormData(); form.append('a', {}); console.log(typeof form.get('a'), structuredClone({ b: 1 }).b);
        console.log(names.map(function (n) { return typeof window[n] }).join());
        console.log(names.every(function (n) { return window[n] === window[n] && Function.prototype.toString.call(window[n]) === 'function ' + n + '() {\\n    [native code]\\n}' }));
        console.log(Function.prototype.toString.call(XMLHttpRequest.prototype.open), Object.getOwnPropertyDescriptor(window, 'fetch').writable);
        var blob = new File(['x'], 'f.txt'); form.append('b', blob);
        console.log(form.get('b') === blob, structuredClone(blob) === blob, blob instanceof Blob, URL.createObjectURL(blob).slice(0, 5));
        XMLHttpRequest = 1; console.log(window.XMLHttpRequest, Object.getPrototypeOf(XMLHttpRequestUpload) === XMLHttpRequestEventTarget);
        </script>
        """)
        XCTAssertEqual(records, [
            "console.log: true",
            "console.log: string 1",
            "console.log: function,function,function,function,function,function,function,function,function,function,function,function",
            "console.log: true",
            "console.log: function open() {\n    [native code]\n} true",
            "console.log: true true true blob:",
            "console.log: 1 true",
        ])
    }

    /// The URL, encoding, parsing, traversal, range and mutation families are made on first use
    /// too: their globals are accessors until read, and the paths that reach them from inside
    /// (createTreeWalker, createRange, FileReader's text, mutation delivery) make them.
    func testInterfaceFamiliesMadeOnFirstUseBehaveAsEager() throws {
        let (_, records, engine) = try load("""
        <div id="a"><p>one</p><p>two</p></div>
        <script>
        var names = ['DOMParser', 'XMLSerializer', 'Range', 'TreeWalker', 'NodeIterator', 'URL', 'URLSearchParams',
          'TextEncoder', 'TextDecoder', 'MutationObserver', 'MutationRecord', 'ValidityState', 'FileList', 'Screen', 'Storage',
          'MediaQueryList', 'Selection', 'Performance', 'Crypto'];
        console.log(names.every(function (n) {
          var d = Object.getOwnPropertyDescriptor(window, n);
          return n in window && !Object.keys(window).includes(n) && typeof d.get === 'function' && !d.enumerable && d.configurable;
        }));
        var a = document.getElementById('a');
        var walker = document.createTreeWalker(a, 1), tags = [];
        while (walker.nextNode()) tags.push(walker.currentNode.tagName);
        var iterator = document.createNodeIterator(a, 1);
        var range = document.createRange(); range.selectNodeContents(a);
        console.log(tags.join(), iterator.nextNode().tagName, range.endOffset, range.cloneRange().endOffset);
        var input = document.createElement('input'); input.type = 'file';
        var media = matchMedia('(min-width: 1px)'), selection = getSelection();
        localStorage.setItem('k', 'v');
        console.log(input.validity.valid, input.validity === document.createElement('select').validity, input.files.length,
          media.matches, selection === getSelection(), selection.rangeCount, localStorage.getItem('k'), localStorage.k,
          typeof performance.now(), screen.width, crypto.getRandomValues(new Uint8Array(2)).length);
        var early = [input.validity, input.files, media, selection, localStorage, performance, screen, crypto];
        var reader = new FileReader();
        reader.onload = function () { console.log('read', reader.result); };
        reader.readAsText(new Blob(['h\\u00e9']));
        var observer = new MutationObserver(function (list) {
          console.log('mutations', list.length, list[0] instanceof MutationRecord, list[0].type, list[0].addedNodes[0].tagName);
        });
        observer.observe(a, { childList: true });
        a.appendChild(document.createElement('span'));
        console.log(names.map(function (n) { return typeof window[n] }).join());
        console.log(names.every(function (n) {
          var d = Object.getOwnPropertyDescriptor(window, n);
          return d.value === window[n] && d.writable && !d.enumerable && d.configurable
            && Function.prototype.toString.call(d.value) === 'function ' + n + '() {\\n    [native code]\\n}';
        }));
        console.log(walker instanceof TreeWalker, iterator instanceof NodeIterator, range instanceof Range, NodeIterator === TreeWalker);
        console.log([ValidityState, FileList, MediaQueryList, Selection, Storage, Performance, Screen, Crypto]
          .map(function (c, i) { return early[i] instanceof c }).join());
        console.log(Function.prototype.toString.call(Range.prototype.selectNodeContents), Function.prototype.toString.call(URL.prototype.toString));
        var url = new URL('b?x=1&y=2', 'https://example.com/a/');
        console.log(url.href, url.searchParams.get('y'), new URLSearchParams('a=1').toString(), location.href.slice(0, 5));
        console.log(new TextDecoder().decode(new TextEncoder().encode('\\u00e9')) === '\\u00e9');
        console.log(new XMLSerializer().serializeToString(new DOMParser().parseFromString('<p>x</p>', 'text/html').body));
        URL = 1; console.log(window.URL, typeof URLSearchParams);
        </script>
        """)
        XCTAssertEqual(records + describe(engine.runUntilIdle()), [
            "console.log: true",
            "console.log: P,P DIV 2 2",
            "console.log: true false 0 false true 0 v v number 390 2",
            "console.log: function,function,function,function,function,function,function,function,function,function,function,function,function,function,function,function,function,function,function",
            "console.log: true",
            "console.log: true true true false",
            "console.log: true,true,true,true,true,true,true,true",
            "console.log: function selectNodeContents() {\n    [native code]\n} function toString() {\n    [native code]\n}",
            "console.log: https://example.com/a/b?x=1&y=2 2 a=1 file:",
            "console.log: true",
            "console.log: <body xmlns=\"http://www.w3.org/1999/xhtml\"><p>x</p></body>",
            "console.log: 1 function",
            "console.log: mutations 1 true childList SPAN",
            "console.log: read h\u{e9}",
        ])
    }

    /// DOM §6.1: the iterator starts before its root (the first `nextNode()` is the root), keeps
    /// a reference node and a side, and a rejected node skips only itself (a tree walker skips
    /// its subtree).
    func testNodeIteratorWalksFromItsRootAndRejectSkipsOnlyTheNode() throws {
        let (_, records, _) = try load("""
        <div id="a"><p id="p1">one<b id="b1">bold</b></p><p id="p2">two</p></div>
        <script>
        var a = document.getElementById('a');
        function ids(step, it) { var out = [], n; while ((n = step.call(it))) out.push(n.id || n.nodeName); return out.join(); }
        var it = document.createNodeIterator(a, NodeFilter.SHOW_ELEMENT);
        console.log(it.referenceNode === a, it.pointerBeforeReferenceNode, ids(it.nextNode, it), it.referenceNode.id, it.pointerBeforeReferenceNode);
        console.log(ids(it.previousNode, it), it.referenceNode.id, it.pointerBeforeReferenceNode);
        var reject = function (n) { return n.id === 'p1' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT; };
        console.log(ids(function () { return this.nextNode(); }, document.createNodeIterator(a, NodeFilter.SHOW_ELEMENT, reject)),
          ids(function () { return this.nextNode(); }, document.createTreeWalker(a, NodeFilter.SHOW_ELEMENT, reject)));
        var texts = document.createNodeIterator(a, NodeFilter.SHOW_TEXT);
        console.log(texts.nextNode().data, texts.nextNode().data, texts.previousNode().data, texts.previousNode().data, texts.previousNode());
        console.log(it instanceof NodeIterator, it instanceof TreeWalker, typeof it.parentNode, Object.getPrototypeOf(it) === NodeIterator.prototype);
        var skip = document.createTreeWalker(a, NodeFilter.SHOW_ELEMENT, function (n) { return n.id === 'p1' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT; });
        var rejecting = document.createTreeWalker(a, NodeFilter.SHOW_ELEMENT, reject);
        console.log(skip.firstChild().id, skip.nextSibling().id, skip.previousNode().id, skip.parentNode().id, skip.lastChild().id,
          rejecting.firstChild().id, rejecting.previousSibling(), rejecting.previousNode().id, rejecting.nextNode().id);
        console.log(typeof NodeFilter, NodeFilter.SHOW_COMMENT, NodeFilter.FILTER_SKIP, 'prototype' in NodeFilter,
          Object.getOwnPropertyDescriptor(NodeFilter, 'SHOW_ALL').writable, Object.keys(NodeFilter).length);
        try { new NodeFilter(); } catch (e) { console.log(e instanceof TypeError); }
        </script>
        """)
        XCTAssertEqual(records, [
            "console.log: true true a,p1,b1,p2 p2 false",
            "console.log: p2,b1,p1,a a true",
            "console.log: a,b1,p2 p2",
            "console.log: one bold bold one null",
            "console.log: true false undefined true",
            "console.log: b1 p2 b1 a p2 p2 null a p2",
            "console.log: function 128 3 false false 16",
            "console.log: true",
        ])
    }

    func testFetchAndXMLHttpRequestAreAsynchronous() throws {
        let (_, records, engine) = try load("""
        <script>
        fetch('data.json').then(function (r) { console.log('fetch', r.status, r.ok, r.headers.get('content-type')); return r.json() })
          .then(function (j) { console.log('json', j.name) });
        fetch('missing.json').catch(function (e) { console.log('fetch failed', e.name, e.message) });
        var x = new XMLHttpRequest();
        x.onreadystatechange = function () { if (x.readyState === 4) console.log('xhr', x.status, x.responseText.length) };
        x.open('GET', 'data.json'); x.send();
        var sync = new XMLHttpRequest(); sync.open('GET', 'data.json', false); sync.send();
        console.log('sync', sync.status, JSON.parse(sync.responseText).name);
        fetch('data:text/plain;base64,aGk=').then(function (r) { return r.text() }).then(function (t) { console.log('data url', t) });
        var blob = new Blob(['blob text'], { type: 'text/plain' });
        fetch(URL.createObjectURL(blob)).then(function (r) { return r.text() }).then(function (t) { console.log('blob url', t) });
        console.log('sent');
        </script>
        """, files: ["data.json": "{\"name\": \"webnav\"}"])
        XCTAssertEqual(records + describe(engine.runUntilIdle()), [
            "console.log: sync 200 webnav", "console.log: sent",
            "console.log: fetch 200 true null", "console.log: json webnav",
            "console.log: fetch failed TypeError Load failed",
            "console.log: xhr 200 18",
            "console.log: data url hi", "console.log: blob url blob text",
        ])
    }

    func testURLsEncodingsAndBlobs() throws {
        let (_, records, engine) = try load("""
        <script>
        var u = new URL('../a/b?x=1&y=two%20words#h', 'HTTP://Example.COM:80/dir/page.html');
        console.log(u.href, u.host, u.pathname, u.search, u.hash, u.origin, u.searchParams.get('y'));
        u.searchParams.append('z', 'a b'); u.hash = '';
        console.log(u.href);
        try { new URL('no scheme') } catch (e) { console.log(e.name, e.message) }
        var p = new URLSearchParams('a=1&b=%C3%A9&a=3'); p.sort();
        console.log(p.toString(), p.getAll('a').join(), [...p.keys()].join());
        console.log(btoa('hello'), atob('aGVsbG8='), new TextDecoder().decode(new TextEncoder().encode('héllo ✓')));
        try { btoa('✓') } catch (e) { console.log(e.name) }
        try { atob('*') } catch (e) { console.log(e.name) }
        var reader = new FileReader();
        reader.onload = function () { console.log('dataURL', reader.result) };
        reader.readAsDataURL(new Blob(['hi there'], { type: 'text/plain' }));
        console.log(new Blob(['ab', new Uint8Array([99])]).size, structuredClone({ d: [1, { e: 2 }] }).d[1].e);
        </script>
        """)
        XCTAssertEqual(records + describe(engine.runUntilIdle()), [
            "console.log: http://example.com/a/b?x=1&y=two%20words#h example.com /a/b ?x=1&y=two%20words #h http://example.com two words",
            "console.log: http://example.com/a/b?x=1&y=two+words&z=a+b",
            "console.log: TypeError \"no scheme\" cannot be parsed as a URL.",
            "console.log: a=1&a=3&b=%C3%A9 1,3 a,a,b",
            "console.log: aGVsbG8= hello héllo ✓",
            "console.log: InvalidCharacterError",
            "console.log: InvalidCharacterError",
            "console.log: 3 2",
            "console.log: dataURL data:text/plain;base64,aGkgdGhlcmU=",
        ])
    }

    func testMutationObserverDeliversAfterTheTask() throws {
        let (_, records, _) = try load("""
        <html><body><div id="d" class="a"></div><script>
        var d = document.getElementById('d');
        new MutationObserver(function (records) {
          console.log(records.map(function (r) {
            return r.type + ':' + (r.attributeName || '') + ':' + (r.oldValue || '') + ':' + r.addedNodes.length + ':' + r.removedNodes.length;
          }).join(' '));
        }).observe(d, { childList: true, attributes: true, attributeOldValue: true, subtree: true, characterData: true });
        d.className = 'b';
        d.appendChild(document.createElement('p')).textContent = 'x';
        d.firstChild.firstChild.data = 'y';
        d.innerHTML = '<i></i>';
        console.log('sync');
        </script></body></html>
        """)
        XCTAssertEqual(records, ["console.log: sync", "console.log: attributes:class:a:0:0 childList:::1:0 childList:::1:0 characterData:::0:0 childList:::1:1"])
    }

    func testComputedStyleMediaAndDocuments() throws {
        let (_, records, _) = try load("""
        <html><head><title>t</title></head><body><div id="d" style="display: none">x</div><span id="s">s</span><p hidden id="h">h</p>
        <div style="visibility: hidden"><b id="b">b</b></div><script>
        function cs(id) { var s = getComputedStyle(document.getElementById(id)); return s.display + '/' + s.visibility; }
        console.log(cs('d'), cs('s'), cs('h'), cs('b'), getComputedStyle(document.createElement('div')).display === '');
        console.log(matchMedia('(max-width: 600px)').matches, typeof matchMedia('print').addListener);
        var doc = document.implementation.createHTMLDocument('made');
        doc.body.innerHTML = '<p>in the other document</p>';
        var p = doc.body.firstChild;
        console.log(doc.title, p.ownerDocument === doc, doc.defaultView, doc.body.childNodes.length);
        document.body.appendChild(p);
        console.log(p.ownerDocument === document, new DOMParser().parseFromString('<b>x</b>', 'text/html').body.innerHTML);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: none/visible inline/visible none/visible inline/hidden true",
            "console.log: false function",
            "console.log: made true null 1",
            "console.log: true <b>x</b>",
        ])
    }

    func testMarkupAccessors() throws {
        let (page, records, _) = try load("""
        <html><body><ul id="u"><li>a</li></ul><div id="t"><p>First <b>bold</b></p><p style="display:none">hidden</p><div>line<br>break</div></div><script>
        var u = document.getElementById('u');
        u.insertAdjacentHTML('beforeend', '<li>b</li>');
        u.insertAdjacentHTML('afterbegin', '<li>0</li>');
        u.insertAdjacentHTML('beforebegin', '<hr>');
        u.firstChild.outerHTML = '<li class="z">zero &amp; &lt;</li>';
        console.log(u.outerHTML);
        console.log(JSON.stringify(document.getElementById('t').innerText));
        var c = u.cloneNode(true); c.id = 'copy'; document.body.appendChild(c);
        console.log(c.children.length, c.isEqualNode(u), u.contains(u.firstChild), u.compareDocumentPosition(c));
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: <ul id=\"u\"><li class=\"z\">zero &amp; &lt;</li><li>a</li><li>b</li></ul>",
            "console.log: \"First bold\\n\\nline\\nbreak\"",
            "console.log: 3 false true 4",
        ])
        XCTAssertTrue(bodyHTML(page).hasPrefix("<body><hr><ul id=\"u\">"))
    }

    func testFunctionsMarkedWhileThePreludeInstallsLookNative() throws {
        // The prelude's marks wait in a list until the first stringification: each kind of mark
        // (a global function, a lazy global's accessors, an on… accessor of a prototype and of the
        // window, Math.random, a class and its members) reads as WebKit's, a page's own function does not.
        let (_, records, _) = try load("""
        <script>
        const d = (target, name) => Object.getOwnPropertyDescriptor(target, name);
        function own(a) { return a }
        console.log([setTimeout, d(window, "HTMLDivElement").get, d(window, "HTMLDivElement").set,
            d(HTMLElement.prototype, "onclick").get, d(Document.prototype, "onclick").set, d(window, "onload").get,
            Math.random, Date.now, d(window, "location").set, XMLHttpRequest, XMLHttpRequest.prototype.open, own, () => 1]
            .map(String).join(" | "));
        </script>
        """)
        let native = { (name: String) in "function \(name)() {\n    [native code]\n}" }
        XCTAssertEqual(records, [
            "console.log: " + [native("setTimeout"), native("HTMLDivElement"), native("HTMLDivElement"), native("onclick"), native("onclick"),
                               native("onload"), native("random"), native("now"), native("location"), native("XMLHttpRequest"),
                               native("open"), "function own(a) { return a }", "() => 1"].joined(separator: " | "),
        ])
    }

    func testDOMFunctionsLookNativeAndWrappersKeepExpandos() throws {
        let (page, records, _) = try load("""
        <html><body><p id="p">p</p><script>
        var para = document.getElementById('p');
        para.expando = { n: 1 };
        console.log(String(document.getElementById), String(HTMLElement), /native code/.test(Element.prototype.querySelectorAll),
                    para === document.body.firstChild, document.getElementById('p').expando.n, para instanceof HTMLParagraphElement,
                    Object.prototype.toString.call([]), typeof window.webkit);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: function getElementById() {\n    [native code]\n} function HTMLElement() {\n    [native code]\n} true true 1 true [object Array] undefined",
        ])
        XCTAssertEqual(page.evaluate("document.body.firstChild.expando.n", world: "page"), .value(.number(1)))
        XCTAssertEqual(page.evaluate("typeof document.body.firstChild.expando + ' ' + typeof para + ' ' + document.getElementById('p').textContent",
                                     world: "defaultClient"), .value(.string("undefined undefined p")))
    }

    func testEvaluateConvertsAsWebKit() throws {
        let (page, _, _) = try load("<p>x</p>")
        XCTAssertEqual(page.evaluate("({a: 1, b: [true, null, undefined, 'x'], c: undefined, d: new Date(5)})"),
                       .value(.dictionary([("a", .number(1)), ("b", .array([.bool(true), .null, .null, .string("x")])), ("d", .date(5))])))
        XCTAssertEqual(page.evaluate("document.body"), .unsupportedType)
        XCTAssertEqual(page.evaluate("[1, function () {}]"), .unsupportedType)
        XCTAssertEqual(page.evaluate("Promise.resolve(1)"), .unsupportedType)
        XCTAssertEqual(page.evaluate("undefined"), .value(.undefined))
        XCTAssertEqual(page.evaluate("\n\nthrow 'something bad'"),
                       .exception(ScriptError(sourceURL: "", line: nil, column: nil, message: "something bad")))
    }

    /// Named access on the window, each line as WebKitGTK 2.50 prints it for the same page.
    func testWindowNamedPropertiesAsWebKit() throws {
        let (_, records, _) = try load("""
        <div id="a"></div><svg id="sv"><circle id="circ"/></svg><img name="i"><p name="p"></p><form name="fm"></form>
        <span id="dup"></span><b id="dup"></b><iframe name="f" srcdoc="x"></iframe><div id="f"></div>
        <div id="toString"></div><div id="foo"></div><a name="an"></a><embed name="em"><object name="ob"></object>
        <script>
        function t(s) { try { console.log(s + " => " + String(eval(s))); } catch (e) { console.log(s + " => throw " + e); } }
        t("window.a.tagName"); t("circ.tagName"); t("i.tagName"); t("typeof p"); t("fm.localName"); t("typeof em + typeof ob");
        t("typeof an"); t("dup"); t("dup.length"); t("dup[1].tagName"); t("f === frames[0]");
        t("window.toString === Object.prototype.toString"); t("'a' in window"); t("window.hasOwnProperty('a')");
        t("(function () { 'use strict'; foo = 1; return window.foo; })()");
        t("(document.body.insertAdjacentHTML('beforeend', '<i id=late></i>'), typeof late)");
        t("(document.getElementById('a').remove(), typeof a)");
        t("(document.createElement('div').id = 'detached', typeof detached)");
        t("(function () { var h = document.body.appendChild(document.createElement('div')); h.attachShadow({ mode: 'open' }).innerHTML = '<i id=inshadow></i>'; return typeof inshadow; })()");
        t("(document.body.appendChild(document.createElement('u')).id = 'dup', dup.length)");
        t("(Object.getPrototypeOf(Window.prototype).zz = 5, window.zz)");
        t("Object.prototype.toString.call(Object.getPrototypeOf(Window.prototype))");
        </script>
        """)
        XCTAssertEqual(records, [
            "console.log: window.a.tagName => DIV",
            "console.log: circ.tagName => circle",
            "console.log: i.tagName => IMG",
            "console.log: typeof p => undefined",
            "console.log: fm.localName => form",
            "console.log: typeof em + typeof ob => objectobject",
            "console.log: typeof an => undefined",
            "console.log: dup => [object HTMLCollection]",
            "console.log: dup.length => 2",
            "console.log: dup[1].tagName => B",
            "console.log: f === frames[0] => true",
            "console.log: window.toString === Object.prototype.toString => true",
            "console.log: 'a' in window => true",
            "console.log: window.hasOwnProperty('a') => false",
            "console.log: (function () { 'use strict'; foo = 1; return window.foo; })() => 1",
            "console.log: (document.body.insertAdjacentHTML('beforeend', '<i id=late></i>'), typeof late) => object",
            "console.log: (document.getElementById('a').remove(), typeof a) => undefined",
            "console.log: (document.createElement('div').id = 'detached', typeof detached) => undefined",
            "console.log: (function () { var h = document.body.appendChild(document.createElement('div')); h.attachShadow({ mode: 'open' }).innerHTML = '<i id=inshadow></i>'; return typeof inshadow; })() => undefined",
            "console.log: (document.body.appendChild(document.createElement('u')).id = 'dup', dup.length) => 3",
            "console.log: (Object.getPrototypeOf(Window.prototype).zz = 5, window.zz) => undefined",
            "console.log: Object.prototype.toString.call(Object.getPrototypeOf(Window.prototype)) => [object WindowProperties]",
        ])
    }

    /// A document's named properties (HTML §3.1.6, [LegacyOverrideBuiltIns]): forms, images,
    /// objects and iframes by name (objects and named images by id too) over the interface's
    /// members (`document.title`, `document.createElement`), never over `location`; an
    /// iframe's window; several as an HTMLCollection; listed as own keys; an assignment does not
    /// replace one; the names follow the tree. Each value what WebKitGTK 2.50 gave.
    func testDocumentNamedPropertiesAsInWebKit() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><form name=login id=f1></form><img name=pic id=picid><img id=noname><object id=obj></object><form name=two></form><form name=two></form><iframe name=fr></iframe><form name=title></form><form name=location></form><div id=plain></div><form name=createElement></form><script>
var out = [];
const d = (x) => { const v = document[x]; return v === undefined ? 'undefined' : v === null ? 'null' : Object.prototype.toString.call(v) + (v.id ? '#' + v.id : '') + (v.length !== undefined ? ':' + v.length : ''); };
for (const n of ['login', 'f1', 'pic', 'picid', 'noname', 'obj', 'two', 'fr', 'title', 'location', 'plain', 'createElement', 'nothing']) out.push(n + '=' + d(n));
out.push(typeof document.createElement, 'login' in document, Object.getOwnPropertyNames(document).includes('login'), Object.keys(document).includes('login'));
document.login = 5; out.push(document.login);
var f = Document.prototype.createElement.call(document, 'form'); f.name = 'late'; document.body.appendChild(f); out.push(d('late'));
f.remove(); out.push(d('late'));
out.push(document.fr === window.frames[0]);
window.out = out.join('|'); document.body.textContent = window.out;
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("login=[object HTMLFormElement]#f1:0|f1=undefined|pic=[object HTMLImageElement]#picid|picid=[object HTMLImageElement]#picid|noname=undefined|obj=[object HTMLObjectElement]#obj|two=[object HTMLCollection]:2|fr=[object Window]:0|title=[object HTMLFormElement]:0|location=[object Location]|plain=undefined|createElement=[object HTMLFormElement]:0|nothing=undefined|object|true|true|true|[object HTMLFormElement]|[object HTMLFormElement]:0|undefined|true")))
    }

}
