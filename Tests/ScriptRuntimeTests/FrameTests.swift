import Foundation
import XCTest
@testable import ScriptRuntime

/// Same-origin iframes: their windows, documents and load events, as WebKitGTK 2.50 gives them
/// for the same pages (Frames.swift).
final class FrameTests: XCTestCase {
    /// The child page of the folder that the frame tests load.
    private let child = """
    <!doctype html><title>child</title><body onload="parent.log.push('child onload')"><p id=c>child text</p>\
    <script>var childVar = 5; parent.log.push('child script ' + document.readyState + ' ' + location.href.split('/').pop());</script>
    """

    func testAFrameWithoutASourceHasItsBlankDocumentAndLoadAtOnce() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><script>
        var log = [];
        var f = document.createElement("iframe");
        f.onload = function () { log.push("load " + (f.contentDocument ? f.contentDocument.URL : "null")); };
        log.push("before append " + f.contentWindow);
        document.body.appendChild(f);
        log.push("after append " + f.contentDocument.URL + " " + f.contentDocument.documentElement.outerHTML + " len=" + window.length
            + " same=" + (frames[0] === f.contentWindow) + " parent=" + (f.contentWindow.parent === window)
            + " top=" + (f.contentWindow.top === window) + " element=" + (f.contentWindow.frameElement === f));
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("log.join(' / ')"), .value(.string(
            "before append null / load about:blank / after append about:blank <html><head></head><body></body></html> len=1 same=true"
                + " parent=true top=true element=true")))
    }

    func testAFrameOfTheFolderRunsItsScriptsInAWindowOfItsOwn() throws {
        let engine = try makeEngine { $0.allowFileAccessFromFileURLs = true }
        let (page, records, _) = try load("""
        <!doctype html><body><script>
        var log = [];
        var f = document.createElement("iframe");
        f.onload = function () { log.push("load " + (f.contentDocument ? f.contentDocument.URL : "null")); };
        document.body.appendChild(f);
        var blankWindow = f.contentWindow;
        f.src = "child.html";
        log.push("after src " + f.contentDocument.URL);
        </script>
        """, files: ["child.html": child], engine: engine)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("log.join(' / ')"), .value(.string(
            "load about:blank / after src about:blank / child script loading child.html / child onload / load file:///app/child.html")))
        // The window of the initial about:blank is kept; its globals and interfaces are its own.
        XCTAssertEqual(page.evaluate("""
            [blankWindow === f.contentWindow, f.contentWindow.childVar, f.contentWindow.parent === window,
             Object.getPrototypeOf(f.contentDocument) === HTMLDocument.prototype,
             Object.getPrototypeOf(f.contentDocument) === f.contentWindow.HTMLDocument.prototype,
             f.contentDocument.body.firstChild instanceof f.contentWindow.Node, f.contentDocument.body.firstChild instanceof Node,
             f.contentDocument === f.contentWindow.document, f.contentDocument.getElementById('c').textContent].join()
            """), .value(.string("true,5,true,false,true,true,false,true,child text")))
        // Removing the iframe ends its window; its document and nodes stay readable.
        XCTAssertEqual(page.evaluate("""
            var d = f.contentDocument; f.remove();
            [f.contentWindow, f.contentDocument, d.body.firstChild.id, window.length, 0 in window].join()
            """), .value(.string(",,c,0,false")))
    }

    func testAFileFrameOfAFilePageIsOpaqueWithoutFileAccess() throws {
        // The frame still loads and runs (WebKit draws it), but neither side reaches the other.
        let (page, records, _) = try load("""
        <!doctype html><body><iframe id=f src="other.html"></iframe><script>var log = [];</script>
        """, files: ["other.html": "<p>other</p><script>var mine = document.querySelector('p').textContent; parent.log.push(mine);</script>"])
        XCTAssertEqual(records, [
            "script error: file:///app/other.html:1:79: SecurityError: Blocked a frame with origin \"null\" from accessing a cross-origin frame."
                + " Protocols, domains, and ports must match.",
        ])
        XCTAssertEqual(page.evaluate("[String(document.getElementById('f').contentDocument), typeof document.getElementById('f').contentWindow, log.length, window.length].join()"),
                       .value(.string("null,object,0,0")))
    }

    func testNodesMoveBetweenAPageAndItsSourceDocumentFrame() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><iframe id=f srcdoc="<p id=inner>inside</p><script>var fromFrame = document.getElementById('inner');</script>"></iframe>
        <script>var loaded = []; document.getElementById('f').onload = function () { loaded.push(this.contentDocument.URL); };</script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("""
            var w = frames[0], d = w.document, p = d.getElementById('inner');
            var moved = document.adoptNode(p); document.body.appendChild(moved);
            var made = d.createElement('span'); document.body.appendChild(made);
            [loaded.join(), new w.DOMParser().parseFromString('<p>', 'text/html').URL, new DOMParser().parseFromString('', 'text/html').URL,
             document.implementation.createHTMLDocument('').URL, p === w.fromFrame, moved === p, p.ownerDocument === document, document.body.lastChild === made,
             d.contains(p), w.document.getElementById('inner'), made.ownerDocument === document].join()
            """), .value(.string("about:srcdoc,about:srcdoc,file:///app/index.html,about:blank,true,true,true,true,false,,true")))
        // An event on a frame's node reaches the frame's window, not the page's.
        XCTAssertEqual(page.evaluate("""
            var heard = [];
            frames[0].addEventListener('ping', function () { heard.push('frame window'); });
            window.addEventListener('ping', function () { heard.push('page window'); });
            d.body.dispatchEvent(new Event('ping', { bubbles: true }));
            heard.join()
            """), .value(.string("frame window")))
    }

    func testLiveRangesFollowChangesMadeThroughAnotherWindowsNodes() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><iframe id=f srcdoc="<script>var r;</script>"></iframe>
        """)
        XCTAssertEqual(records, [])
        // The list is cloned by the page's window, so its wrappers (and their removeChild) are
        // the page's; the range is the frame's. WebKit moves the range either way.
        XCTAssertEqual(page.evaluate("""
            var w = frames[0], d = w.document;
            var list = document.createElement('ul'); list.innerHTML = '<li>a</li><li>b</li><li>c</li>';
            d.body.appendChild(list.cloneNode(true));
            var ul = d.querySelector('ul');
            w.eval("r = document.createRange(); r.setStart(document.querySelector('ul'), 1); r.setEnd(document.querySelector('ul'), 3);");
            ul.removeChild(ul.firstChild);
            var after = [w.r.startOffset, w.r.endOffset];
            ul.insertBefore(document.createElement('li'), ul.firstChild);
            [after.join(':'), w.r.startOffset + ':' + w.r.endOffset, d.createRange().startContainer === d,
             document.implementation.createHTMLDocument('').createRange().startContainer.nodeType,
             new w.Range().startContainer === d, new Range().startContainer === document].join()
            """), .value(.string("0:2,0:3,true,9,true,true")))
    }

    /// A DOMParser is one interface across a page's frames: a frame's method takes this
    /// window's parser, and the document has the URL of the parser's own window (DOM Parsing;
    /// WPT DOMParser-parseFromString-url).
    func testDOMParserMethodsWorkAcrossFramesWithTheParsersURL() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><iframe srcdoc="<p>x</p>"></iframe><script>
        var out = [];
        window.onload = function () {
            const theirs = new frames[0].DOMParser(), ours = new DOMParser();
            out.push(theirs.parseFromString('<p>', 'text/html').URL);
            out.push(frames[0].DOMParser.prototype.parseFromString.call(ours, '<a/>', 'text/xml').URL);
            out.push(DOMParser.prototype.parseFromString.call(theirs, '<p>', 'text/html').URL);
            try { DOMParser.prototype.parseFromString.call(Object.create(ours), '<p>', 'text/html'); } catch (e) { out.push(e.message); }
        };
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("out.join(' | ')"), .value(.string(
            "about:srcdoc | file:///app/index.html | about:srcdoc | Can only call DOMParser.parseFromString on instances of DOMParser")))
    }

    /// A parsed iframe that navigates (`srcdoc` here) delays its parent's `load` until its own
    /// (HTML "delay the load event"); WebKitGTK 2.50 prints the same order.
    func testAFramesNavigationDelaysItsParentsLoad() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><script>var log = [];</script><iframe srcdoc="<script>parent.log.push('frame script')</script>" \
        onload="log.push('frame load ' + frames[0].location.href)"></iframe><script>
        document.addEventListener('DOMContentLoaded', () => log.push('DOMContentLoaded ' + document.readyState));
        window.onload = function () { log.push('window load ' + document.readyState); };
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("log.join(' | ')"), .value(.string(
            "DOMContentLoaded interactive | frame script | frame load about:srcdoc | window load complete")))
    }

    /// A `data:` frame is another origin: its `parent` throws SecurityError but for the
    /// cross-origin members, and `postMessage` goes both ways with the "null" origins and the
    /// source windows WebKitGTK 2.50 gives (the values it printed for this page).
    func testCrossOriginFramesTalkThroughPostMessageOnly() throws {
        let (page, records, engine) = try load("""
        <!doctype html><body><script>
        var log = [];
        window.addEventListener('message', (e) => {
          log.push('parent got ' + JSON.stringify(e.data) + ' from ' + e.origin + ' source=' + (e.source === f.contentWindow));
          if (e.data.n === 1) e.source.postMessage({ reply: 'hi' }, '*');
        });
        var f = document.createElement('iframe');
        f.src = "data:text/html,<script>try { parent.document; } catch (e) { parent.postMessage({ n: 0, err: e.name }, '*'); } window.onmessage = (e) => parent.postMessage({ n: 2, got: e.data, origin: e.origin, same: e.source === parent }, '*'); parent.postMessage({ n: 1, ct: document.contentType }, '*');<\\/script>";
        document.body.appendChild(f);
        log.push('contentWindow ' + typeof f.contentWindow + ' doc ' + f.contentDocument);
        </script>
        """)
        _ = engine.advance(by: 50)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("log.join(' | ')"), .value(.string(
            #"contentWindow object doc [object HTMLDocument] | parent got {"n":0,"err":"SecurityError"} from null source=true | "#
                + #"parent got {"n":1,"ct":"text/html"} from null source=true | "#
                + #"parent got {"n":2,"got":{"reply":"hi"},"origin":"null","same":true} from null source=true"#)))
    }

    /// A script a script inserts while the page parses delays the window's `load` until it has
    /// run (HTML "delay the load event"); WebKitGTK 2.50 prints the same order.
    func testAnInsertedExternalScriptDelaysTheLoad() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><script>var log = [];
        var s = document.createElement('script'); s.src = 'ext.js'; s.onload = () => log.push('script load'); document.body.appendChild(s);
        document.addEventListener('DOMContentLoaded', () => log.push('DCL'));
        window.onload = () => log.push('window load');
        </script>
        """, files: ["ext.js": "log.push('external ran ' + document.readyState);"])
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("log.join(' | ')"), .value(.string("DCL | external ran interactive | script load | window load")))
    }

    /// A frame whose response is an image or a text gets the document WebKit makes for it
    /// (ImageDocument, TextDocument): the markup, content type and mode WebKitGTK 2.50 gives
    /// for a PNG and a text file (the title's size read from the image's header).
    func testImageAndTextFramesGetWebKitsMediaDocuments() throws {
        let engine = try makeEngine { $0.allowFileAccessFromFileURLs = true }
        var site = TestSite(files: ["t.txt": "line <1> & two\nsecond",
                                    "t.gif": "GIF89a" + String(decoding: [100, 0, 50, 0], as: UTF8.self)])
        site.files["index.html"] = """
        <!doctype html><body><iframe id=a src="t.gif"></iframe><iframe id=b src="t.txt"></iframe><script>
        var out = '';
        window.onload = () => { const a = document.getElementById('a').contentDocument, b = document.getElementById('b').contentDocument;
          out = JSON.stringify([a.contentType, a.documentElement.outerHTML, b.contentType, b.documentElement.outerHTML, b.compatMode, a.title]); };
        </script>
        """
        let reader: ScriptResourceReader = { request in
            site.reader(request).map { response in
                var typed = response
                if request.url.hasSuffix(".gif") { typed.headers = [("Content-Type", "image/gif")] }
                if request.url.hasSuffix(".txt") { typed.headers = [("Content-Type", "text/plain")] }
                return typed
            }
        }
        let page = engine.loadPage(.text(site.files["index.html"]!), url: TestSite.base + "index.html", resources: reader)
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        XCTAssertEqual(page.evaluate("out"), .value(.string(#"""
            ["image/gif","<html style=\"height: 100%;\"><head><title>t.gif 100×50 pixels</title></head><body style=\"margin: 0px; \#
            height: 100%\"><img style=\"-webkit-user-select:none; display:block; padding:env(safe-area-inset-top) \#
            env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);\" src=\"file:///app/t.gif\"></body></html>",\#
            "text/plain","<html><head><meta name=\"color-scheme\" content=\"light dark\"></head><body><pre style=\"word-wrap: \#
            break-word; white-space: pre-wrap;\">line &lt;1&gt; &amp; two\nsecond</pre></body></html>","CSS1Compat","t.gif 100×50 pixels"]
            """#)))
    }

    /// The sizes of the image formats' headers.
    func testImageSizesFromHeaders() {
        XCTAssertEqual(MediaDocument.imageSize(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 1, 44, 0, 0, 0, 200])).map { [$0.width, $0.height] }, [300, 200])
        XCTAssertEqual(MediaDocument.imageSize(Data(Array("BM".utf8) + [UInt8](repeating: 0, count: 16) + [10, 0, 0, 0, 0xF6, 0xFF, 0xFF, 0xFF]))
            .map { [$0.width, $0.height] }, [10, 10])
        XCTAssertEqual(MediaDocument.imageSize(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 30, 0, 40, 3, 0, 0]))
            .map { [$0.width, $0.height] }, [40, 30])
        XCTAssertNil(MediaDocument.imageSize(Data([0xFF, 0xD8, 0xFF])))
        XCTAssertNil(MediaDocument.imageSize(Data("not an image".utf8)))
    }

    /// `isConnected` is true in any document: a removed frame's, a script-made one, a parsed
    /// one (WebKitGTK 2.50's values), though such nodes are not in the shown document.
    func testIsConnectedInAnyDocument() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><script>
var out = [];
var n = [0, 1, 2, 3].map(() => document.createElement('iframe')), div = document.createElement('div');
document.body.appendChild(n[0]);
for (let i = 1; i < 4; i++) n[i - 1].contentDocument.body.appendChild(n[i]);
n[3].contentDocument.body.appendChild(div);
out.push(n.map((f) => f.isConnected).join(), div.isConnected);
n[3].remove(); out.push(div.isConnected, n[3].isConnected);
var d = document.implementation.createHTMLDocument('x'), e = d.createElement('p'); out.push(e.isConnected); d.body.appendChild(e); out.push(e.isConnected);
var x = new DOMParser().parseFromString('<p>a</p>', 'text/html'); out.push(x.body.firstChild.isConnected, x.isConnected, document.createElement('q').isConnected);
window.out = out.join(' ');
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("true,true,true,true true true false false true true true false")))
    }


    /// A frame window's node constructors make nodes of the frame's document (WebKitGTK 2.50:
    /// all true).
    func testAFrameWindowsConstructorsMakeNodesOfItsDocument() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><iframe id=f></iframe><script>
window.onload = () => {
  const w = document.getElementById('f').contentWindow, d = document.getElementById('f').contentDocument;
  const t = new w.Text('x'), c = new w.Comment('y'), fr = new w.DocumentFragment(), r = new w.Range();
  window.out = [t.ownerDocument === d, c.ownerDocument === d, fr.ownerDocument === d, r.startContainer === d, new Text('z').ownerDocument === document,
    new w.StaticRange({startContainer: t, startOffset: 0, endContainer: t, endOffset: 1}).startContainer === t].join(' ');
};
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string("true true true true true true")))
    }


    /// A message to a window of another origin crosses whole, as a structured clone does:
    /// Date, Map, Set, RegExp, typed arrays over their shared buffer, NaN, -0, BigInt, errors,
    /// holes, cycles and shared references; a function is WebKit's DataCloneError (WebKitGTK
    /// 2.50's values).
    func testACrossOriginMessageCrossesAsAStructuredClone() throws {
        let (page, records, engine) = try load("""
<!doctype html><body><script>
var log = [];
window.addEventListener('message', (e) => {
  const d = e.data;
  log.push([d.date instanceof Date, d.date.getTime(), d.map instanceof Map, d.map.get('k').x, d.set.has(3), d.re.test('AB'), d.re.flags,
    d.bytes instanceof Uint8Array, Array.from(d.bytes).join(), d.bytes.buffer === d.buf, d.self === d, Number.isNaN(d.nan), Object.is(d.negz, -0),
    d.inf, typeof d.big, d.big === 12n, d.err instanceof RangeError, d.err.message, d.und === undefined, 'und' in d, d.boxed instanceof Number,
    d.arr.length, 1 in d.arr, d.shared[0] === d.shared[1]].join(' '));
  if (log.length === 1) { try { e.source.postMessage(() => 1, '*'); } catch (x) { log.push(x.name + ': ' + x.message); } }
});
var f = document.createElement('iframe');
f.src = "data:text/html,<script>var b = new ArrayBuffer(3); var u = new Uint8Array(b); u[0] = 1; u[2] = 7; var o = {x: 5}; var d = { date: new Date(5000), map: new Map([['k', {x: 9}]]), set: new Set([3]), re: /ab/gi, bytes: u, buf: b, nan: NaN, negz: -0, inf: Infinity, big: 12n, err: new RangeError('far'), und: undefined, boxed: new Number(4), arr: [1,,3], shared: [o, o] }; d.self = d; parent.postMessage(d, '*');<\\/script>";
document.body.appendChild(f);
setTimeout(() => { window.out = log.join(' | '); }, 200);
</script>
""")
        _ = engine.advance(by: 300)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string(
            "true 5000 true 9 true true gi true 1,0,7 true true true true Infinity bigint true true far true true true 3 false true | "
                + "DataCloneError: The object can not be cloned.")))
    }

    /// WebKitGTK 2.50 on the same page: the script runs in the frame's blank window, its string
    /// becomes the document at the same URL (in quirks mode: no doctype), with one load event;
    /// a result that is not a string changes nothing and fires no load.
    func testAJavaScriptURLFrameShowsTheStringItsScriptReturns() throws {
        let (page, records, engine) = try load("""
        <!doctype html><body><script>
        var out = [], loads = 0, f = document.createElement('iframe');
        f.addEventListener('load', function () {
          loads++;
          var d = f.contentDocument;
          out.push('load' + loads + ' ' + d.contentType + '|' + d.URL + '|' + d.documentElement.outerHTML + '|' + d.compatMode);
          out.push('win ' + f.contentWindow.location.href);
          if (loads == 1) {
            f.src = "javascript:void(0)";
            setTimeout(function () {
              out.push('after void: ' + f.contentDocument.body.innerHTML);
              f.src = "javascript:42";
              setTimeout(function () { out.push('after 42: ' + f.contentDocument.documentElement.outerHTML + ' loads=' + loads); }, 100);
            }, 100);
          }
        });
        f.src = "javascript:'<p id=x>hi ' + document.contentType + ' ' + location.href + '</p>'";
        document.body.appendChild(f);
        out.push('sync ' + f.contentDocument.URL + ' ' + f.contentDocument.documentElement.outerHTML);
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(describe(engine.advance(by: 300)), [])
        XCTAssertEqual(page.evaluate("out.join(' / ')"), .value(.string(
            "sync about:blank <html><head></head><body></body></html>"
                + #" / load1 text/html|about:blank|<html><head></head><body><p id="x">hi text/html about:blank</p></body></html>|BackCompat"#
                + " / win about:blank"
                + #" / after void: <p id="x">hi text/html about:blank</p>"#
                + #" / after 42: <html><head></head><body><p id="x">hi text/html about:blank</p></body></html> loads=1"#)))
    }
}

/// Selectors in other documents than the page's: `:root` is each document's element, and a
/// frame's `:target` is what its own URL's fragment names (WebKitGTK 2.50 gave each value
/// below for the same page served over http).
final class OtherDocumentSelectorTests: XCTestCase {
    /// `:target` moves with a navigation to a fragment, not with `pushState`/`replaceState`
    /// (WebKitGTK 2.50: a, a, a, then a again, since the hash is already "b"), and comes back
    /// with the history entry of a fragment navigation.
    func testTargetMovesWithFragmentNavigationsNotWithTheHistoryAPI() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><div id=a>a</div><div id=b>b</div><div id=c>c</div><script>
        var out = [], target = () => { const t = document.querySelector(':target'); return t && t.id; };
        location.hash = 'a'; out.push(target());
        history.replaceState(null, '', '#b'); out.push(target());
        history.pushState(null, '', '#b'); out.push(target());
        location.hash = 'b'; out.push(target());
        location.hash = 'c'; out.push(target(), location.hash);
        </script>
        """)
        XCTAssertEqual(records, [
            #"history: push(url: "file:///app/index.html#a", state: ScriptRuntime.HistoryStateID(rawValue: 0))"#,
            #"history: replace(url: "file:///app/index.html#b", state: ScriptRuntime.HistoryStateID(rawValue: 1))"#,
            #"history: push(url: "file:///app/index.html#b", state: ScriptRuntime.HistoryStateID(rawValue: 2))"#,
            #"history: push(url: "file:///app/index.html#c", state: ScriptRuntime.HistoryStateID(rawValue: 0))"#,
        ])
        XCTAssertEqual(page.evaluate("out.join()"), .value(.string("a,a,a,a,c,#c")))
    }

    func testRootAndTargetFollowTheDocumentAnElementIsIn() throws {
        let engine = try makeEngine { $0.allowFileAccessFromFileURLs = true }
        var site = TestSite(files: ["inner.html": "<!doctype html><html id=html><body><div id=target>t</div><p id=other></p></body></html>"])
        site.files["index.html"] = """
        <!doctype html><body><iframe id=f src="inner.html#target"></iframe><script>
        var out = '';
        window.onload = () => {
          const d = document.getElementById('f').contentDocument, made = document.implementation.createHTMLDocument('x');
          const before = [d.URL, d.querySelectorAll(':root').length, d.documentElement.matches(':root'), d.querySelector(':target').id,
            made.querySelectorAll(':root').length, made.documentElement.matches(':root'), made.querySelectorAll(':scope > html').length,
            document.querySelectorAll(':root').length, document.querySelector(':target')];
          d.defaultView.history.replaceState(null, '', '#other');
          out = JSON.stringify(before.concat([d.querySelector(':target').id]));
        };
        </script>
        """
        let page = engine.loadPage(.text(site.files["index.html"]!), url: TestSite.base + "index.html", resources: site.reader)
        addTeardownBlock { page.close() }
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        XCTAssertEqual(page.evaluate("out"), .value(.string(#"["file:///app/inner.html#target",1,true,"target",1,true,0,1,null,"target"]"#)))
    }
}
