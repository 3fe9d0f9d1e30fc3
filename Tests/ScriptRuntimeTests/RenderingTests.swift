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
}
