import PageKit

/// XML documents as DOMParser hands them to libxml2: namespaces declared, undeclared and
/// redeclared, entities (an internal subset's, nested ones that multiply, XHTML's named ones),
/// CDATA, comments, processing instructions, nesting past the 5,000 bound, some damaged
/// afterwards; each parsed into an arena and serialized back, with and without the require
/// well-formed flag.
struct XMLDocumentSurface: FuzzSurface {
    let name = "xml-document"

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        var text = random.chance(40) ? "<?xml version=\"1.0\"\(random.chance(30) ? " encoding=\"ISO-8859-1\"" : "")?>" : ""
        if random.chance(30) {
            text += random.pick([
                "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"\">",
                "<!DOCTYPE r [ <!ENTITY a \"&#38;b;\"> <!ENTITY b \"x\"> ]>",
                "<!DOCTYPE r [ <!ENTITY l0 \"ha\"><!ENTITY l1 \"&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;\"><!ENTITY l2 \"&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;\">"
                    + "<!ENTITY l3 \"&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;\"><!ENTITY l4 \"&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;\"> ]>",
                "<!DOCTYPE r SYSTEM \"file:///etc/passwd\" [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]>",
                "<!DOCTYPE r [ <!ENTITY s \"<n xmlns='u'>&s;</n>\"> ]>",
            ])
        }
        var budget = 1 + random.below(random.chance(10) ? 3000 : 80)
        if random.chance(4) {
            text += "<r" + (0..<(1000 + random.below(4000))).map { " a\($0 % (random.chance(5) ? 50 : 100_000))=\"v\"" }.joined() + "/>"
        } else if random.chance(6) {
            let depth = 4990 + random.below(30)
            text += String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth - random.below(2))
        } else {
            element(&text, &random, &budget, depth: 0)
        }
        let bytes = Array(text.utf8)
        return random.chance(35) ? random.mutate(bytes) : bytes
    }

    private func element(_ text: inout String, _ random: inout FuzzRandom, _ budget: inout Int, depth: Int) {
        budget -= 1
        let name = random.pick(["r", "x:r", "html", "svg", "p:q", "xmlns:a", "a"])
        text += "<\(name)"
        for _ in 0..<random.below(4) {
            text += " " + random.pick(["xmlns=\"u\"", "xmlns:x=\"urn:x\"", "xmlns:p=\"\"", "x:a=\"1\"", "y:b=\"2\"", "xml:lang=\"en\"",
                                       "xmlns=\"http://www.w3.org/2000/svg\"", "a=\"&amp;&#9;\"", "a='<'", "b=\"&a;\"", "xmlns:xmlns=\"\""])
        }
        text += ">"
        for _ in 0..<random.below(5) {
            guard budget > 0, depth < 200, random.chance(60) else {
                text += random.pick(["t", "&amp;", "&eacute;", "&a;", "&l4;", "&s;", "&e;", "<![CDATA[<&]]>", "<!--c-->", "<?pi d?>",
                                     "&#x1F600;", "&#0;", "]]>", "<", "\u{202E}", ""])
                continue
            }
            element(&text, &random, &budget, depth: depth + 1)
        }
        text += random.chance(95) ? "</\(name)>" : ""
    }

    func run(_ input: [UInt8]) {
        var document = HTMLDocument()
        let container = document.createDocumentFragment()
        _ = XMLParser.parse(String(decoding: input, as: UTF8.self), into: &document, under: container)
        _ = try? document.serializeXML(container)
        _ = try? document.serializeXML(container, requireWellFormed: true)
    }
}
