/// The JavaScript the runner puts into pages: the tree dump and our `testharnessreport.js`.
public enum ConformanceScripts {
    /// A function expression `(root) => string`: the html5lib dump of `root`'s children, read
    /// only through the DOM API (`childNodes`, `nodeType`, `namespaceURI`, `localName`,
    /// `attributes`, `data`, `target`, `name`/`publicId`/`systemId`, template `content`).
    /// An exception is returned as a line `#exception: …`, so a broken API fails the test with
    /// its reason.
    static let treeDump = #"""
    (function (root) {
        var HTML = "http://www.w3.org/1999/xhtml";
        var SVG = "http://www.w3.org/2000/svg";
        var MATH = "http://www.w3.org/1998/Math/MathML";
        var attributeDesignators = {
            "http://www.w3.org/1999/xlink": "xlink ",
            "http://www.w3.org/XML/1998/namespace": "xml ",
            "http://www.w3.org/2000/xmlns/": "xmlns "
        };
        var lines = [];
        function children(node, depth) {
            var list = node.childNodes;
            for (var i = 0; i < list.length; i++) dump(list[i], depth);
        }
        function dump(node, depth) {
            var indent = "| " + "  ".repeat(depth);
            switch (node.nodeType) {
            case 1:
                var namespace = node.namespaceURI;
                lines.push(indent + "<" + (namespace === SVG ? "svg " : namespace === MATH ? "math " : "") + node.localName + ">");
                var attributes = [];
                for (var a = 0; a < node.attributes.length; a++) {
                    var attribute = node.attributes[a];
                    var designator = Object.prototype.hasOwnProperty.call(attributeDesignators, attribute.namespaceURI)
                        ? attributeDesignators[attribute.namespaceURI] : "";
                    attributes.push([designator + attribute.localName, attribute.value]);
                }
                attributes.sort(function (x, y) { return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0; });
                for (var b = 0; b < attributes.length; b++) {
                    lines.push(indent + "  " + attributes[b][0] + "=\"" + attributes[b][1] + "\"");
                }
                if (namespace === HTML && node.localName === "template") {
                    lines.push(indent + "  content");
                    children(node.content, depth + 2);
                } else {
                    children(node, depth + 1);
                }
                break;
            case 3:
            case 4:
                lines.push(indent + "\"" + node.data + "\"");
                break;
            case 7:
                lines.push(indent + "<?" + node.target + " " + node.data + ">");
                break;
            case 8:
                lines.push(indent + "<!-- " + node.data + " -->");
                break;
            case 10:
                var ids = node.publicId !== "" || node.systemId !== "" ? " \"" + node.publicId + "\" \"" + node.systemId + "\"" : "";
                lines.push(indent + "<!DOCTYPE " + node.name + ids + ">");
                break;
            default:
                lines.push(indent + "#node of type " + node.nodeType);
            }
        }
        try {
            children(root, 0);
        } catch (error) {
            lines.push("#exception: " + error);
        }
        return lines.join("\n");
    })
    """#

    /// The program that dumps the page's document.
    public static let documentDump = treeDump + "(document)"

    /// The program that parses `markup` as a fragment through `innerHTML` on a new context
    /// element (made with `createElementNS` outside HTML) and dumps its children (a template's
    /// content for a `template` context).
    public static func fragmentDump(_ markup: String, context: FragmentContext) -> String {
        let make = context.namespace == .html
            ? "document.createElement(\(javaScriptString(context.localName)))"
            : "document.createElementNS(\(javaScriptString(context.namespace.uri)), \(javaScriptString(context.localName)))"
        return """
        (function () {
            try {
                var context = \(make);
                context.innerHTML = \(javaScriptString(markup));
                var root = context.namespaceURI === "http://www.w3.org/1999/xhtml" && context.localName === "template" ? context.content : context;
            } catch (error) {
                return "#exception: " + error;
            }
            return \(treeDump)(root);
        })()
        """
    }

    /// Our `/resources/testharnessreport.js`: output off (as wptrunner runs headless) and, on
    /// completion, every subtest's name, status and message kept in `self.__conformanceResults`
    /// for the runner to read: `{status, message, stack, tests: [[name, status, message], …]}`.
    public static let testharnessReport = #"""
    (function () {
        var global = self;
        function text(value) { return value === null || value === undefined ? "" : String(value); }
        add_completion_callback(function (tests, status) {
            var list = [];
            for (var i = 0; i < tests.length; i++) list.push([text(tests[i].name), tests[i].status, text(tests[i].message)]);
            global.__conformanceResults = { status: status.status, message: text(status.message), stack: text(status.stack), tests: list };
        });
        setup({ output: false });
    })();
    """#

    /// The expression the runner evaluates to collect the results (null until the harness completed).
    public static let collectResults = "self.__conformanceResults === undefined ? null : self.__conformanceResults"

    /// A JavaScript string literal of plain ASCII for any text (every other code unit escaped).
    public static func javaScriptString(_ text: String) -> String {
        var literal = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: literal += "\\\""
            case 0x5C: literal += "\\\\"
            case 0x20..<0x7F: literal.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16, uppercase: true)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return literal + "\""
    }
}
