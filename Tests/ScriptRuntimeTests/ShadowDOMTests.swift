import XCTest
import Foundation
import PageKit
@testable import ScriptRuntime

/// Shadow roots, slots and events across shadow boundaries, against what WebKitGTK 2.50 prints
/// for the same page (Scripts/webkit-oracle.py). DECISIONS.md, "Shadow DOM".
final class ShadowDOMTests: XCTestCase {
    func testShadowRootsSlotsAndEventPathsAsInWebKit() throws {
        let (page, records, _) = try load("""
        <!DOCTYPE html><body><div id=h><p id=c slot=x>light</p><span id=d>plain</span></div><script>
        function t(f){try{return String(f())}catch(e){return e.name+": "+e.message}}
        var h=document.getElementById("h");
        var out=[t(function(){return h.attachShadow()}), t(function(){return h.attachShadow({})}), t(function(){return h.attachShadow({mode:"x"})}), t(function(){return document.createElement("a").attachShadow({mode:"open"})}), t(function(){return document.createElement("my-el").attachShadow({mode:"open"})})];
        var s=h.attachShadow({mode:"open"});
        out.push(t(function(){return h.attachShadow({mode:"open"})}), String(s), s.mode, s.host===h, h.shadowRoot===s, s.delegatesFocus, s.slotAssignment, s.clonable, s.serializable, s.nodeName, s.nodeType, String(s.parentNode), s.isConnected, typeof s.getHTML, "innerHTML" in s, String(Object.getPrototypeOf(ShadowRoot.prototype)===DocumentFragment.prototype), t(function(){return new ShadowRoot()}), ShadowRoot.length);
        s.innerHTML='<b id=in>x</b><slot name=x></slot><slot></slot>';
        var b=s.getElementById("in");
        out.push(b.isConnected, String(b.getRootNode()), String(b.getRootNode({composed:true})), document.getElementById("in"), document.querySelector("b"), s.querySelector("slot").name, s.innerHTML, h.innerHTML);
        var sl=s.querySelectorAll("slot");
        out.push(sl[0].assignedNodes().map(function(n){return n.id}).join(), sl[1].assignedNodes().map(function(n){return n.nodeName+(n.id||"")}).join(), String(document.getElementById("c").assignedSlot===sl[0]), String(sl[1].assignedElements().length), String(h.firstChild.assignedSlot));
        var cl=document.createElement("span").attachShadow({mode:"closed"});
        out.push(cl.host.shadowRoot, String(HTMLSlotElement), document.createElement("slot").name);
        var log=[];
        b.addEventListener("click", function(e){log.push("b "+e.target.id+" "+e.composedPath().length)});
        h.addEventListener("click", function(e){log.push("h "+e.target.id+" "+e.composedPath().length+" "+(window.event===e))});
        s.addEventListener("click", function(e){log.push("s "+e.target.id+" "+(window.event===e))});
        b.dispatchEvent(new MouseEvent("click",{bubbles:true,composed:true}));
        b.dispatchEvent(new Event("click",{bubbles:true}));
        document.getElementById("c").dispatchEvent(new Event("click",{bubbles:true}));
        out.push(log.join(";"));
        </script></body>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("JSON.stringify(out)"), .value(.string(#"""
        ["TypeError: Not enough arguments","TypeError: Member ShadowRootInit.mode is required and must be an instance of ShadowRootMode",\#
        "TypeError: Type error","NotSupportedError: The operation is not supported.","[object ShadowRoot]",\#
        "NotSupportedError: The operation is not supported.","[object ShadowRoot]","open",true,true,false,"named",false,false,\#
        "#document-fragment",11,"null",true,"function",true,"true","TypeError: Illegal constructor",0,true,"[object ShadowRoot]",\#
        "[object HTMLDocument]",null,null,"x","<b id=\"in\">x</b><slot name=\"x\"></slot><slot></slot>",\#
        "<p id=\"c\" slot=\"x\">light</p><span id=\"d\">plain</span>","c","SPANd","true","1","[object HTMLSlotElement]",null,\#
        "function HTMLSlotElement() {\n    [native code]\n}","","b in 7;s in false;h h 7 true;b in 2;s in false;s c false;h c 8 true"]
        """#)))
    }

    /// composedPath hides what is inside a closed shadow tree from listeners outside it
    /// (DOM §2.3), and a listener inside sees the whole path.
    /// A shadow root cannot be adopted away from its host; a template's content stays where it
    /// is (WebKitGTK 2.50: HierarchyRequestError, and the same fragment back).
    func testAdoptingAShadowRootThrows() throws {
        let (page, _, _) = try load("""
        <!DOCTYPE html><body><script>
        var r = document.createElement("div").attachShadow({ mode: "open" }), t = document.createElement("template"), out = [];
        try { document.adoptNode(r); out.push("adopted"); } catch (e) { out.push(e.name, r.host.nodeName); }
        out.push(document.adoptNode(t.content) === t.content);
        </script></body>
        """)
        XCTAssertEqual(page.evaluate("out.join()"), .value(.string("HierarchyRequestError,DIV,true")))
    }

    func testComposedPathHidesClosedTrees() throws {
        let (page, _, _) = try load("""
        <!DOCTYPE html><body><div id=h></div><script>
        var h = document.getElementById("h"), r = h.attachShadow({ mode: "closed" }), i = document.createElement("i");
        i.id = "i"; r.appendChild(i);
        function names(p) { return p.map(function (n) { return n === window ? "window" : n.id || n.nodeName; }).join(","); }
        var seen = [];
        i.addEventListener("x", function (e) { seen.push("inside " + names(e.composedPath())); });
        document.body.addEventListener("x", function (e) { seen.push("outside " + e.target.id + " " + names(e.composedPath())); });
        var e = new Event("x", { bubbles: true, composed: true }); i.dispatchEvent(e);
        seen.push("after " + e.target + " " + e.composedPath().length);
        </script></body>
        """)
        XCTAssertEqual(page.evaluate("seen.join('|')"), .value(.string(
            "inside i,#document-fragment,h,BODY,HTML,#document,window|outside h h,BODY,HTML,#document,window|after [object HTMLDivElement] 0")))
    }

    /// An element in a closed shadow tree takes focus; the document sees its host as the active
    /// element and focus events' relatedTarget is retargeted to the host (WebKitGTK 2.50).
    func testFocusInsideAShadowTreeIsRetargeted() throws {
        let (page, _, _) = try load("""
        <div id="host"></div><input id="lightInput">
        <script>
        const root = host.attachShadow({ mode: "closed" });
        root.innerHTML = "<input id='shadowInput'>";
        var out = [];
        root.getElementById("shadowInput").focus();
        out.push("active " + document.activeElement.id + " in root " + root.activeElement.id);
        window.addEventListener("focus", (e) => out.push("window focus " + e.relatedTarget.id), true);
        lightInput.addEventListener("focus", (e) => out.push("light focus " + e.relatedTarget.id), true);
        lightInput.focus();
        out.push("active " + document.activeElement.id + " in root " + root.activeElement);
        </script>
        """)
        XCTAssertEqual(page.evaluate("out.join(' | ')"), .value(.string(
            "active host in root shadowInput | window focus host | light focus host | active lightInput in root null")))
    }

    /// `slotchange` fires, after the mutation observers, at each slot whose assigned nodes
    /// changed since the last microtask (a node added and removed again counts), for a slot's
    /// fallback content while nothing is assigned, a slot that leaves with nodes, and manual
    /// assignment; the expected lines are WebKitGTK 2.50's for the same page.
    func testSlotChangeFiresAsWebKitFiresIt() throws {
        let (page, _, engine) = try load("""
        <div id=h><span id=a>a</span></div><my-el id=m><b slot=x>bx</b></my-el>
        <script>
        var out = [];
        function log(tag) { return (e) => out.push(tag + ":" + e.type + " target=" + (e.target.name || e.target.id || e.target.nodeName) + " trusted=" + e.isTrusted + " bubbles=" + e.bubbles + " composed=" + e.composed); }
        var r = h.attachShadow({ mode: "open" });
        r.innerHTML = "<slot id=s1></slot><slot name=n id=s2></slot>";
        var s1 = r.getElementById("s1"), s2 = r.getElementById("s2");
        s1.addEventListener("slotchange", log("s1"));
        s2.addEventListener("slotchange", log("s2"));
        r.addEventListener("slotchange", log("root"));
        h.addEventListener("slotchange", log("host"));
        new MutationObserver(() => out.push("mo")).observe(h, { childList: true, attributes: true });
        out.push("sync");
        Promise.resolve().then(() => {
          out.push("tick1");
          a.slot = "n";                       // moves a from s1 to s2
          return Promise.resolve();
        }).then(() => {
          out.push("tick2");
          var t = document.createTextNode("t"); h.appendChild(t); h.removeChild(t);   // added then removed: still signals
          return Promise.resolve();
        }).then(() => {
          out.push("tick3");
          s2.name = "zz";                     // a unassigned from s2 (s2 empty)
          return Promise.resolve();
        }).then(() => {
          out.push("tick4");
          s1.appendChild(document.createTextNode("fallback"));   // s1 has no assigned? s1 has none since a moved; fallback change
          return Promise.resolve();
        }).then(() => {
          out.push("tick5");
          var s3 = document.createElement("slot"); s3.name = "n"; s3.addEventListener("slotchange", log("s3")); r.appendChild(s3);   // no one has slot n now... a has slot=n -> s3 gets a
          return Promise.resolve();
        }).then(() => {
          out.push("tick6");
          r.lastChild.remove();   // removed slot with assigned a
          return Promise.resolve();
        }).then(() => {
          out.push("tick7");
          var m = document.getElementById("m"); var mr = m.attachShadow({mode:"open"});
          mr.innerHTML = "<slot name=x id=mx></slot>";
          mr.firstChild.addEventListener("slotchange", log("mx"));
          return new Promise((res) => setTimeout(res, 0));
        }).then(() => {
          out.push("tick8");
          var hh = document.createElement("div"); var rr = hh.attachShadow({mode:"open", slotAssignment:"manual"});
          rr.innerHTML = "<slot id=p></slot><slot id=q></slot>"; var p = rr.firstChild, q = rr.lastChild;
          var c1 = document.createElement("i"), c2 = document.createElement("u"); hh.append(c1, c2); document.body.append(hh);
          p.addEventListener("slotchange", log("p")); q.addEventListener("slotchange", log("q"));
          p.assign(c1, c2);
          Promise.resolve().then(() => { out.push("tick9"); q.assign(c2); return Promise.resolve(); }).then(() => {
            out.push("end");  });
        });
        </script>
        """)
        engine.advance(by: 100)
        XCTAssertEqual(page.evaluate("out.join(' ').replace(/ tick/g, '\\ntick')"), .value(.string("""
        sync s1:slotchange target=s1 trusted=true bubbles=true composed=false root:slotchange target=s1 trusted=true bubbles=true composed=false
        tick1 s1:slotchange target=s1 trusted=true bubbles=true composed=false root:slotchange target=s1 trusted=true bubbles=true composed=false s2:slotchange target=n trusted=true bubbles=true composed=false root:slotchange target=n trusted=true bubbles=true composed=false
        tick2 mo s1:slotchange target=s1 trusted=true bubbles=true composed=false root:slotchange target=s1 trusted=true bubbles=true composed=false
        tick3 s2:slotchange target=zz trusted=true bubbles=true composed=false root:slotchange target=zz trusted=true bubbles=true composed=false
        tick4 s1:slotchange target=s1 trusted=true bubbles=true composed=false root:slotchange target=s1 trusted=true bubbles=true composed=false
        tick5 s3:slotchange target=n trusted=true bubbles=true composed=false root:slotchange target=n trusted=true bubbles=true composed=false
        tick6 s3:slotchange target=n trusted=true bubbles=true composed=false
        tick7 mx:slotchange target=x trusted=true bubbles=true composed=false
        tick8 p:slotchange target=p trusted=true bubbles=true composed=false
        tick9 p:slotchange target=p trusted=true bubbles=true composed=false q:slotchange target=q trusted=true bubbles=true composed=false end
        """)))
    }

    /// A custom element whose constructor attaches a shadow tree with a slot hears the parser
    /// insert its children: one `slotchange`, seeing all three (WebKitGTK 2.50).
    func testSlotChangeForChildrenTheParserInserts() throws {
        let (page, _, _) = try load("""
        <!doctype html><body><script>
        var out = [];
        customElements.define('x-a', class extends HTMLElement { constructor() { super(); const r = this.attachShadow({ mode: 'open' });
          r.innerHTML = '<slot></slot>'; r.firstChild.addEventListener('slotchange', (e) => out.push('slotchange ' + e.target.assignedNodes().length + ' ' + this.childNodes.length)); } });
        </script><x-a><span>1</span>text<i>2</i></x-a><script>out.push('after parse ' + ('onslotchange' in HTMLElement.prototype) + ' ' + ('onslotchange' in window) + ' ' + ('onslotchange' in ShadowRoot.prototype));
        </script>
        """)
        XCTAssertEqual(page.evaluate("out.join(' | ')"), .value(.string("slotchange 3 3 | after parse true true true")))
    }

    /// The terminal draws the flattened tree: a host shows its shadow tree, a slot the light
    /// children assigned to it (by name; texts to the default slot), an unfilled slot its
    /// fallback, and the shadow tree's `<style>` nothing; links inside slots stay links.
    func testTheLayoutDrawsTheFlattenedTree() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><p>before</p>
        <my-card><span slot="title">Card title</span>Body text <a href="detail.html">Details</a></my-card>
        <p>after</p>
        <script>
        customElements.define('my-card', class extends HTMLElement { constructor() { super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<style>h2 { color: red }</style><h2><slot name="title">No title</slot></h2><div class="body"><slot></slot></div><footer><slot name="foot">Default footer</slot></footer>'; } });
        </script>
        """)
        XCTAssertEqual(records, [])
        let layout = PageLayoutEngine.layout(page.document, baseURL: URL(string: page.url), options: .dump(width: 60))
        XCTAssertEqual(PageDump.render(layout), """
        before

        ## Card title

        Body text [1]Details
        Default footer

        after

        References

           1. file:///app/detail.html

        """)
    }

    /// `:host` and `:host()` match the featureless host, seen from inside its tree only (CSS
    /// Scoping §3.2), in querySelector, matches and closest; `::slotted()` matches nothing
    /// from the document. Every value is WebKitGTK 2.50's for the same page.
    func testHostSelectorsMatchFromInsideTheShadowTreeAsWebKit() throws {
        let (page, records, _) = try load("""
        <!doctype html><body><div id=h class=c><span>x</span></div><script>
        var r = h.attachShadow({mode:'open'}); r.innerHTML = '<slot></slot><p><b id=in></b></p>';
        function t(f){ try { return String(f()); } catch(e) { return e.name; } }
        var b = r.getElementById('in');
        var out = [t(() => document.querySelector(':host')), t(() => r.querySelector(':host')), t(() => h.matches(':host')), t(() => r.querySelector(':host b').id),
         t(() => r.querySelector(':host(span) b')), t(() => r.querySelector(':host(.c) b').id), t(() => r.querySelector('div :host b')), t(() => r.querySelector(':host > b')),
         t(() => r.querySelector(':host > p').localName), t(() => b.matches(':host b')), t(() => b.matches(':host(#h) p > b')), t(() => b.closest(':host')), t(() => r.querySelectorAll(':host *').length),
         t(() => document.querySelector('::slotted(span)')), t(() => r.querySelector('div b'))].join(' ');
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("out"), .value(.string("null null false in null in null null p true true null 3 null null")))
    }
    /// A shadow tree's sheets style its elements only, `:host` the host from the inner context
    /// (the document's normal rules win, `!important` loses to it), `::slotted()` the elements
    /// in its slots, and inheritance follows the flattened tree. Every value is WebKitGTK 2.50's
    /// for the same page.
    func testShadowTreeStyleSheetsStyleTheirTreeTheHostAndSlottedElementsAsWebKit() throws {
        let (page, records, _) = try load("""
        <!DOCTYPE html><style>
        span { color: rgb(255, 0, 0); }
        .inner { display: none; }
        x-card { color: rgb(0, 0, 255); }
        x-card.loud { display: inline; }
        b.red { color: rgb(255, 0, 0); }
        </style>
        <body><x-card id=h1><b id=light>light</b></x-card><x-card id=h2 class=loud></x-card><x-plain id=h3></x-plain>
        <x-a id=a><b id=b1 class=red>bold</b><i id=i1 slot=named>ital</i><u id=u1 slot=missing>gone</u></x-a><script>
        var out = [];
        function shadow(host, html) { const r = host.attachShadow({mode: 'open'}); r.innerHTML = html; return r; }
        const r1 = shadow(document.getElementById('h1'), '<style>:host { display: block; visibility: hidden } span { font-weight: 700 } .inner { display: inline-block } ::slotted(b) { color: rgb(0, 128, 0) }</style><span class=inner id=s1>in</span><p id=p1>para</p><slot></slot>');
        const r2 = shadow(document.getElementById('h2'), '<style>:host { display: block !important; color: rgb(1, 2, 3) } :host(.loud) { visibility: collapse } div { display: flex }</style><div id=d2>x</div>');
        const r3 = shadow(document.getElementById('h3'), '<span id=s3>s</span>');
        const ra = shadow(document.getElementById('a'), '<style>::slotted(b) { color: rgb(0, 128, 0); display: block } slot[name=named]::slotted(*) { display: block; font-weight: 700 }</style><slot></slot><slot name=named></slot>');
        function cs(el, props) { const c = getComputedStyle(el); return el.id + ' ' + props.map(p => c.getPropertyValue(p)).join(','); }
        out.push(cs(document.getElementById('h1'), ['display', 'visibility', 'color']));
        out.push(cs(r1.getElementById('s1'), ['display', 'visibility', 'color', 'font-weight']));
        out.push(cs(r1.getElementById('p1'), ['display', 'color']));
        out.push(cs(document.getElementById('light'), ['display', 'color', 'visibility']));
        out.push(cs(document.getElementById('h2'), ['display', 'visibility', 'color']));
        out.push(cs(r2.getElementById('d2'), ['display', 'color']));
        out.push(cs(document.getElementById('h3'), ['display']));
        out.push(cs(r3.getElementById('s3'), ['display', 'color']));
        out.push(cs(document.getElementById('b1'), ['display', 'color']));
        out.push(cs(document.getElementById('i1'), ['display', 'font-weight']));
        out.push(cs(document.getElementById('u1'), ['display']));
        </script>
        """)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("out.join(' / ')"), .value(.string(
            "h1 block,hidden,rgb(0, 0, 255) / s1 inline-block,hidden,rgb(0, 0, 255),700 / p1 block,rgb(0, 0, 255)"
                + " / light inline,rgb(0, 128, 0),hidden / h2 block,collapse,rgb(0, 0, 255) / d2 flex,rgb(0, 0, 255) / h3 inline"
                + " / s3 inline,rgb(0, 0, 0) / b1 block,rgb(255, 0, 0) / i1 block,700 / u1 inline")))
    }

    /// The terminal draws a shadow tree with its own sheets: the document's `display: none`
    /// rules do not reach into it, its own do, and `:host { display: none }` hides the host.
    func testTheLayoutAppliesEachTreesOwnSheets() throws {
        let (page, records, _) = try load("""
        <!doctype html><style>p { display: none }</style><body><x-a id=a>light</x-a><x-b id=b>hidden host</x-b><div>after</div><script>
        a.attachShadow({mode: 'open'}).innerHTML = '<style>.gone { display: none }</style><p>shadow para</p><span class=gone>never shown</span><slot></slot>';
        b.attachShadow({mode: 'open'}).innerHTML = '<style>:host { display: none }</style><span>inside hidden</span><slot></slot>';
        </script>
        """)
        XCTAssertEqual(records, [])
        let layout = PageLayoutEngine.layout(page.document, baseURL: URL(string: page.url), options: .dump(width: 60))
        XCTAssertEqual(PageDump.render(layout), "shadow para\n\nlight\nafter\n")
    }
}
