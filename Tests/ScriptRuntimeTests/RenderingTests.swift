import XCTest
@testable import ScriptRuntime

/// What pages read of the rendering and of links as WebKit gives it: the URL parts of `<a>` and
/// `<area>`, `hidden="until-found"`, computed styles, innerText, layout numbers and transitions.
/// Every expected value was read from WebKitGTK 2.50 (`/work/tools/webkit-run.py`) on the same
/// script; DECISIONS.md ("Rendering numbers") says where the simulated layout differs.
final class RenderingTests: XCTestCase {
    /// Evaluates `script` (an expression) in a fresh page and returns its string value.
    private func run(_ script: String, page html: String = "<p>page</p>") throws -> String {
        let (page, records, _) = try load(html)
        XCTAssertEqual(records, [])
        guard case .value(.string(let text)) = page.evaluate(script) else {
            XCTFail("not a string: \(page.evaluate(script))")
            return ""
        }
        return text
    }

    func testHyperlinkURLPartsReadAndSetAsInWebKit() throws {
        let result = try run("""
        function parts(a) { return [a.href, a.protocol, a.username, a.password, a.host, a.hostname, a.port, a.pathname, a.search, a.hash, a.origin].join("|"); }
        var out = [], a = document.createElement('a');
        out.push("none:" + parts(a));
        a.setAttribute('href', 'http://User:Pw@Example.COM:8080/p/q?x=1#frag'); out.push("full:" + parts(a));
        a.setAttribute('href', 'http://[bad'); out.push("bad:" + parts(a));
        a.setAttribute('href', 'sub/page.html?q#h'); out.push("rel:" + parts(a));
        a.setAttribute('href', 'https://x.org:443/'); out.push("defport:" + parts(a));
        a.setAttribute('href', 'mailto:me@x.org'); out.push("mailto:" + parts(a));
        a.setAttribute('href', 'http://a.com/b?c#d');
        a.protocol = 'https'; out.push(a.href);
        a.host = 'h.org:81'; out.push(a.href);
        a.hostname = 'n.org'; out.push(a.href);
        a.port = '99'; out.push(a.href);
        a.pathname = 'x/y'; out.push(a.href);
        a.search = 'k=v'; out.push(a.href);
        a.hash = 'top'; out.push(a.href);
        a.username = 'u'; a.password = 'p'; out.push(a.href);
        a.search = ''; a.hash = ''; out.push(a.href);
        var b = document.createElement('a'); b.protocol = 'http'; b.host = 'x'; out.push("nohref:" + b.hasAttribute('href') + ":" + b.href);
        var area = document.createElement('area'); area.href = 'http://q.net/z?1'; out.push("area:" + parts(area));
        out.join("\\n")
        """)
        XCTAssertEqual(result.split(separator: "\n", omittingEmptySubsequences: false), [
            "none:|:|||||||||",
            "full:http://User:Pw@example.com:8080/p/q?x=1#frag|http:|User|Pw|example.com:8080|example.com|8080|/p/q|?x=1|#frag|http://example.com:8080",
            "bad:http://[bad|:|||||||||",
            "rel:file:///app/sub/page.html?q#h|file:||||||/app/sub/page.html|?q|#h|file://",
            "defport:https://x.org/|https:|||x.org|x.org||/|||https://x.org",
            "mailto:mailto:me@x.org|mailto:||||||me@x.org|||null",
            "https://a.com/b?c#d",
            "https://h.org:81/b?c#d",
            "https://n.org:81/b?c#d",
            "https://n.org:99/b?c#d",
            "https://n.org:99/x/y?c#d",
            "https://n.org:99/x/y?k=v#d",
            "https://n.org:99/x/y?k=v#top",
            "https://u:p@n.org:99/x/y?k=v#top",
            "https://u:p@n.org:99/x/y",
            "nohref:false:",
            "area:http://q.net/z?1|http:|||q.net|q.net||/z|?1||http://q.net",
        ])
    }

    func testHiddenUntilFoundReadsBackAsTheString() throws {
        let result = try run("""
        var h = document.getElementById('h'), out = [JSON.stringify(h.hidden)];
        h.hidden = 'UNTIL-FOUND'; out.push(JSON.stringify(h.hidden) + h.getAttribute('hidden'));
        h.hidden = true; out.push(JSON.stringify(h.hidden) + JSON.stringify(h.getAttribute('hidden')));
        h.hidden = 0; out.push(JSON.stringify(h.hidden) + JSON.stringify(h.getAttribute('hidden')));
        h.hidden = "x"; out.push(JSON.stringify(h.hidden) + JSON.stringify(h.getAttribute('hidden')));
        h.setAttribute('hidden', 'Until-Found'); out.push(JSON.stringify(h.hidden));
        h.hidden = ""; out.push(JSON.stringify(h.hidden) + JSON.stringify(h.getAttribute('hidden')));
        h.hidden = 'x'; h.hidden = null; out.push(JSON.stringify(h.hidden) + JSON.stringify(h.getAttribute('hidden')));
        out.join(" ")
        """, page: #"<div hidden="until-found" id=h></div>"#)
        XCTAssertEqual(result, #""until-found" "until-found"until-found true"" falsenull true"" "until-found" falsenull falsenull"#)
    }

    func testComputedStyleResolvesTheCascadeAsWebKit() throws {
        let result = try run("""
        var out = [];
        var props=["color","background-color","display","visibility","position","font-size","font-weight","opacity","transition-property","transition-duration","transition-timing-function","transition-delay","padding-top","padding-right","padding-left","margin-top","margin-right","margin-bottom","margin-left","border-top-width","border-top-style","border-top-color","border-left-width","border-left-color","z-index","text-align","font-style","cursor","box-sizing","float","overflow","line-height","top","left","transform","text-transform","white-space"];
        for (var id of ["b","s","p","h","a","plain","em","x","ul"]) { var cs=getComputedStyle(document.getElementById(id)); out.push(id+": "+props.map(p=>p+"="+cs.getPropertyValue(p)).join("; ")); }
        var d=document.createElement('div'); out.push("detached: "+JSON.stringify([getComputedStyle(d).color, getComputedStyle(d).display, getComputedStyle(d).width]));
        var cs=getComputedStyle(document.getElementById('b')); out.push("camel: "+cs.backgroundColor+" | "+cs.paddingRight+" | "+cs["padding-right"]+" | "+cs.transitionDuration);
        out.join("\\n")
        """, page: #"""
        <!DOCTYPE html><html><head><style>
        .box { color: #336699; background: url(x.png) no-repeat lightblue; padding: 10px 20px; margin: 1em auto 0; border: 2px solid red; opacity: .5; position: relative; transition: opacity 0.3s ease-in-out, transform 150ms; font-size: 20px }
        .box span { font-size: 1.5em; border-top: thick dashed; }
        #x { color: green !important; }
        .hid { visibility: hidden; display: inline-block }
        </style></head><body>
        <div class=box id=b><span id=s>t</span></div>
        <p id=p style="color: red">p</p><h1 id=h>h</h1><a id=a href="#">a</a><div id=plain></div><em id=em class=hid>e</em>
        <div id=x style="color: blue">x</div><ul id=ul><li>l</li></ul>
        </body></html>
        """#)
        XCTAssertEqual(result.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            #"b: color=rgb(51, 102, 153); background-color=rgb(173, 216, 230); display=block; visibility=visible; position=relative; font-size=20px; font-weight=400; opacity=0.5; transition-property=opacity, transform; transition-duration=0.3s, 0.15s; transition-timing-function=ease-in-out, ease; transition-delay=0s, 0s; padding-top=10px; padding-right=20px; padding-left=20px; margin-top=20px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=2px; border-top-style=solid; border-top-color=rgb(255, 0, 0); border-left-width=2px; border-left-color=rgb(255, 0, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=0px; left=0px; transform=none; text-transform=none; white-space=normal"#,
            #"s: color=rgb(51, 102, 153); background-color=rgba(0, 0, 0, 0); display=inline; visibility=visible; position=static; font-size=30px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=0px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=5px; border-top-style=dashed; border-top-color=rgb(51, 102, 153); border-left-width=0px; border-left-color=rgb(51, 102, 153); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"p: color=rgb(255, 0, 0); background-color=rgba(0, 0, 0, 0); display=block; visibility=visible; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=16px; margin-right=0px; margin-bottom=16px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(255, 0, 0); border-left-width=0px; border-left-color=rgb(255, 0, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"h: color=rgb(0, 0, 0); background-color=rgba(0, 0, 0, 0); display=block; visibility=visible; position=static; font-size=32px; font-weight=700; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=21.4375px; margin-right=0px; margin-bottom=21.4375px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 0, 0); border-left-width=0px; border-left-color=rgb(0, 0, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"a: color=rgb(0, 0, 238); background-color=rgba(0, 0, 0, 0); display=inline; visibility=visible; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=0px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 0, 238); border-left-width=0px; border-left-color=rgb(0, 0, 238); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"plain: color=rgb(0, 0, 0); background-color=rgba(0, 0, 0, 0); display=block; visibility=visible; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=0px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 0, 0); border-left-width=0px; border-left-color=rgb(0, 0, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"em: color=rgb(0, 0, 0); background-color=rgba(0, 0, 0, 0); display=inline-block; visibility=hidden; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=0px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 0, 0); border-left-width=0px; border-left-color=rgb(0, 0, 0); z-index=auto; text-align=start; font-style=italic; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"x: color=rgb(0, 128, 0); background-color=rgba(0, 0, 0, 0); display=block; visibility=visible; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=0px; margin-top=0px; margin-right=0px; margin-bottom=0px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 128, 0); border-left-width=0px; border-left-color=rgb(0, 128, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"ul: color=rgb(0, 0, 0); background-color=rgba(0, 0, 0, 0); display=block; visibility=visible; position=static; font-size=16px; font-weight=400; opacity=1; transition-property=all; transition-duration=0s; transition-timing-function=ease; transition-delay=0s; padding-top=0px; padding-right=0px; padding-left=40px; margin-top=16px; margin-right=0px; margin-bottom=16px; margin-left=0px; border-top-width=0px; border-top-style=none; border-top-color=rgb(0, 0, 0); border-left-width=0px; border-left-color=rgb(0, 0, 0); z-index=auto; text-align=start; font-style=normal; cursor=auto; box-sizing=content-box; float=none; overflow=visible; line-height=normal; top=auto; left=auto; transform=none; text-transform=none; white-space=normal"#,
            #"detached: ["","",""]"#,
            #"camel: rgb(173, 216, 230) | 20px | 20px | 0.3s, 0.15s"#,
        ])
    }

    /// SVG paints as WebKitGTK 2.50 gives them for this page: inherited, from presentation
    /// attributes below any style rule, `currentColor` resolved, `none` kept, HTML elements at
    /// the initial values.
    func testSVGPaintsResolveAsWebKit() throws {
        let result = try run("""
        ['p','a','b','c','d','e','cur'].map(function (i) { var s = getComputedStyle(document.getElementById(i));
          return i + ':' + s.fill + '/' + s.stroke; }).join(' ')
        """, page: """
        <style>.css { fill: #ff0000 } #cur { color: rgb(1, 2, 3) }</style><p id=p>x</p>
        <svg><g fill="green" stroke="blue" id=cur><rect id=a fill="currentColor"/><rect id="b"/><rect id=c class=css fill="yellow"/>
        <rect id=d fill="none" stroke="#00f" /><rect id=e style="fill: inherit"/></g></svg>
        """)
        XCTAssertEqual(result, "p:rgb(0, 0, 0)/none a:rgb(1, 2, 3)/rgb(0, 0, 255) b:rgb(0, 128, 0)/rgb(0, 0, 255) "
                       + "c:rgb(255, 0, 0)/rgb(0, 0, 255) d:none/rgb(0, 0, 255) e:rgb(0, 128, 0)/rgb(0, 0, 255) "
                       + "cur:rgb(0, 128, 0)/rgb(0, 0, 255)")
    }

    func testColoursSerializeAsWebKit() throws {
        let result = try run("""
        var d = document.getElementById('d'), out = [];
        var tests = ["#f00", "#ff000080", "#1234", "rgb(1 2 3)", "rgba(1,2,3,0.5)", "rgb(10%, 50%, 100%)", "hsl(120, 100%, 50%)",
          "hsla(0,100%,50%,.25)", "transparent", "currentcolor", "RED", "#ABCDEF", "rgb(300,-1,2)", "bogus"];
        for (var t of tests) { d.style.color = ''; d.style.color = t; out.push(t + "=>" + getComputedStyle(d).color); }
        var names = ["aliceblue", "black", "indigo", "rebeccapurple", "yellowgreen"];
        var hex = names.map(function (n) { d.style.color = n; var v = getComputedStyle(d).color.match(/\\d+/g).map(Number);
          return n + ":" + ((v[0] << 16) | (v[1] << 8) | v[2]).toString(16).padStart(6, "0"); });
        out.join(" | ") + "\\n" + hex.join(" ")
        """, page: "<div id=d></div>")
        XCTAssertEqual(result, #"#f00=>rgb(255, 0, 0) | #ff000080=>rgba(255, 0, 0, 0.5) | #1234=>rgba(17, 34, 51, 0.267) | rgb(1 2 3)=>rgb(1, 2, 3) | rgba(1,2,3,0.5)=>rgba(1, 2, 3, 0.5) | rgb(10%, 50%, 100%)=>rgb(26, 128, 255) | hsl(120, 100%, 50%)=>rgb(0, 255, 0) | hsla(0,100%,50%,.25)=>rgba(255, 0, 0, 0.25) | transparent=>rgba(0, 0, 0, 0) | currentcolor=>rgb(0, 0, 0) | RED=>rgb(255, 0, 0) | #ABCDEF=>rgb(171, 205, 239) | rgb(300,-1,2)=>rgb(255, 0, 2) | bogus=>rgb(0, 0, 0)"# + "\n" + #"aliceblue:f0f8ff black:000000 indigo:4b0082 rebeccapurple:663399 yellowgreen:9acd32"#)
    }

    func testInnerTextCollectsTheRenderedTextAsWebKit() throws {
        let result = try run("""
        var out=[];
        for (var i=1;i<=16;i++){ var e=document.getElementById('t'+i); out.push(i+":"+JSON.stringify(e.innerText)); }
        var d=document.getElementById('t8'); out.push("outer:"+JSON.stringify(d.outerText));
        var s=document.createElement('div'); out.push("detached:"+JSON.stringify((s.innerHTML="a<p>b</p>  c", s.innerText)));
        var w=document.getElementById('t10'); w.innerText="n1\\nn2\\r\\nn3\\rn4"; out.push("set:"+w.innerHTML);
        w.innerText=""; out.push("empty:"+JSON.stringify(w.innerHTML));
        var x=document.getElementById('t11'); x.firstChild.outerText="R1\\nR2"; out.push("outerset:"+x.innerHTML);
        out.join("\\n")
        """, page: #"""
        <!DOCTYPE html><html><head><style>.ib{display:inline-block} .up{text-transform:uppercase} .cap{text-transform:capitalize} .hid{visibility:hidden} .blk{display:block}</style></head><body>
        <div id=t1><span class=ib>a</span> <span class=ib>b</span><span class=ib>c</span></div>
        <div id=t2>x<select><option>o1</option><option>o2</option></select>y<textarea>ta</textarea>z</div>
        <div id=t3><pre>  lead
          two</pre></div>
        <div id=t4><table><tr><td>c1</td><td>c2</td></tr><tr><td>d1</td><td>d2</td></tr></table></div>
        <div id=t5><span class=up>hello world</span> <span class=cap>hello world</span></div>
        <div id=t6>a<span class=hid>HIDDEN</span>b<div class=hid>h2<span style="visibility:visible">V</span></div>c</div>
        <div id=t7>before<p>para</p>after<p>p2</p><p>p3</p></div>
        <div id=t8>line1<br>line2<br><br>line3</div>
        <div id=t9>a<div style="display:none">none</div>b<span style="display:none">x</span>c</div>
        <div id=t10>  spaced   out  <b> bold </b> text  </div>
        <div id=t11><div>one</div><div>two</div><div><div>three</div></div></div>
        <div id=t12><ul><li>i1</li><li>i2</li></ul>tail</div>
        <div id=t13>x<button>btn</button>y<input value=v>z<img alt=ALT>w</div>
        <div id=t14>a<span class=blk>b</span>c</div>
        <div id=t15 style="display:none">hidden <b>text</b>
         here</div>
        <div id=t16><h1>Title</h1><p>Body <i>it</i></p></div>
        </body></html>
        """#)
        XCTAssertEqual(result.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            #"1:"a bc""#,
            #"2:"xyz""#,
            #"3:"  lead\n  two\n""#,
            #"4:"c1\tc2\nd1\td2\n""#,
            #"5:"HELLO WORLD Hello World""#,
            #"6:"ab\nV\nc""#,
            #"7:"before\npara\n\nafter\np2\n\np3\n\n""#,
            #"8:"line1\nline2\n\nline3""#,
            #"9:"abc""#,
            #"10:"spaced out bold text""#,
            #"11:"one\ntwo\nthree\n""#,
            #"12:"i1\ni2\ntail""#,
            #"13:"xbtnyzw""#,
            #"14:"a\nb\nc""#,
            #"15:"hidden text\n here""#,
            #"16:"Title\n\nBody it""#,
            #"outer:"line1\nline2\n\nline3""#,
            #"detached:"ab  c""#,
            #"set:n1<br>n2<br>n3<br>n4"#,
            #"empty:"""#,
            #"outerset:R1<br>R2<div>two</div><div><div>three</div></div>"#,
        ])
    }

    func testInnerTextLineBreaksAfterBlocksAsWebKit() throws {
        let result = try run("""
        var out=[];
        
        for (var i=1;i<=11;i++){ out.push(i+":"+JSON.stringify(document.getElementById('a'+i).innerText)); }
        out.join("\\n")
        """, page: #"""
        <!DOCTYPE html><body>
        <div id=a1><p>a <i>b</i></p></div>
        <div id=a2><p><i>b</i>c</p></div>
        <div id=a3><div>x <b>y</b></div></div>
        <div id=a4><div><b>y</b></div></div>
        <div id=a5><p>a</p><span>s</span></div>
        <div id=a6><div>x</div><b>y</b></div>
        <div id=a7><div>x<b>y</b>z</div></div>
        <div id=a8><div><div>x</div><b>y</b></div></div>
        <div id=a9><p>a</p></div>
        <div id=a10><table><tr><td>c<b>1</b></td></tr></table></div>
        <div id=a11>a<h2>t</h2><p style="margin:0">m0</p>z</div>
        </body></html>
        """#)
        XCTAssertEqual(result.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            #"1:"a b\n\n""#,
            #"2:"bc\n\n""#,
            #"3:"x y\n""#,
            #"4:"y\n""#,
            #"5:"a\n\ns""#,
            #"6:"x\ny""#,
            #"7:"xyz\n""#,
            #"8:"x\ny\n""#,
            #"9:"a\n\n""#,
            #"10:"c1\n""#,
            #"11:"a\nt\n\nm0\nz""#,
        ])
    }

    /// Not yet as in WebKit, so left out: `"user" in form` (true in WebKit; the named properties
    /// answer lookups through the prototype, which `in` does not ask) and the form's indices as
    /// own properties (`Object.keys(form)`).
    func testFormsExposeControlsByNameAsWebKit() throws {
        let result = try run("""
        var f=document.forms.login, out=[];
        out.push(String(f.elements), f.elements.length, f.elements.user.value, f.user === f.elements.user, f.pw.id, String(f.color), f.color.length, f.color.value);
        f.color.value="red"; out.push(f.elements[2].checked, f.color.value);
        f.color.value="nope"; out.push(f.color.value, f.elements[2].checked);
        out.push(String(f.submit), typeof f.action, f.length, f[0].name, "zzz" in f, f.zzz, String(f.logo), f.elements.logo);
        out.push(String(f.fs.elements), f.fs.elements.length, f.fs.elements.inner.name, f.fs.type);
        out.push(String(f.sel.options), f.sel.options.length, f.sel.options.ob.value, f.sel.options.namedItem("ob").value, f.sel.options.selectedIndex);
        out.push(String(f.elements.namedItem("color")), f.elements.namedItem("color") === f.elements.color, f.elements.color === f.elements.color);
        out.push(Object.getPrototypeOf(f) === HTMLFormElement.prototype, f instanceof HTMLFormElement);
        var o=document.createElement('option'); o.text='C'; f.sel.options.add(o); out.push(f.sel.options.length); f.sel.options.length=1; out.push(f.sel.length);
        out.push(typeof RadioNodeList, typeof HTMLFormControlsCollection, typeof HTMLOptionsCollection);
        out.join(" | ")
        """, page: #"""
        <!DOCTYPE html><body><form id=f name=login action=go>
        <input name=user value=u1><input id=pw type=password><input type=radio name=color value=red><input type=radio name=color value=blue checked>
        <select name=sel><option value=a>A</option><option id=ob value=b>B</option></select><button name=submit>Go</button><img name=logo>
        <fieldset name=fs><input name=inner></fieldset></form>
        </body>
        """#)
        XCTAssertEqual(result, #"[object HTMLFormControlsCollection] | 8 | u1 | true | pw | [object RadioNodeList] | 2 | blue | true | red | red | true | [object HTMLButtonElement] | string | 8 | user | false |  | [object HTMLImageElement] | [object HTMLImageElement] | [object HTMLCollection] | 1 | inner | fieldset | [object HTMLOptionsCollection] | 2 | b | b | 0 | [object RadioNodeList] | true | true | true | true | 3 | 1 | function | function | function"#)
    }

    /// WebKit: the root element's client box is the viewport (`clientWidth === innerWidth`, the
    /// scroll bars overlaid), which Bootstrap's modal measures the scroll bar with.
    func testTheRootElementsClientBoxIsTheViewport() throws {
        let result = try run("""
        var root = document.documentElement, detached = document.createElement('html');
        JSON.stringify([root.clientWidth, root.clientHeight, innerWidth - root.clientWidth, innerHeight - root.clientHeight, detached.clientWidth])
        """)
        XCTAssertEqual(result, "[390,664,0,0,0]")
    }
}
