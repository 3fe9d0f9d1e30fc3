import XCTest
@testable import BindingsGenerator

/// The WebIDL parser: whole definitions as the grammar gives them, and located errors.
final class WebIDLParserTests: XCTestCase {
    private func parse(_ source: String, file: String = "t.webidl") throws -> [Definition] { try WebIDLParser.parse(source, file: file) }

    private func error(_ source: String) -> String {
        do {
            _ = try parse(source)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testInterfaceWithEveryKindOfMember() throws {
        let definitions = try parse("""
        [Exposed=Window]
        interface Node : EventTarget {
          const unsigned short ELEMENT_NODE = 1;
          readonly attribute DOMString nodeName;
          [CEReactions] attribute DOMString? nodeValue;
          [CEReactions] Node insertBefore(Node node, Node? child);
          boolean isEqualNode(optional Node? otherNode = null);
          static undefined check(long... values);
          stringifier;
          iterable<Node>;
        };
        """)
        let location = { (line: Int, column: Int) in SourceLocation(file: "t.webidl", line: line, column: column) }
        let attribute = { (name: String, line: Int) in ExtendedAttribute(name: name, value: .none, location: location(line, 4)) }
        XCTAssertEqual(definitions, [.interface(Interface(
            kind: .interface, name: "Node", parent: "EventTarget", isPartial: false,
            members: [
                .constant(Constant(name: "ELEMENT_NODE", type: .named("unsigned short"), value: "1", attributes: [], location: location(3, 3))),
                .attribute(Attribute(name: "nodeName", type: .named("DOMString"), isReadonly: true, location: location(4, 3))),
                .attribute(Attribute(name: "nodeValue", type: .nullable(.named("DOMString")), attributes: [attribute("CEReactions", 5)],
                                     location: location(5, 17))),
                .operation(Operation(name: "insertBefore", returnType: .named("Node"),
                                     arguments: [Argument(name: "node", type: .named("Node")),
                                                 Argument(name: "child", type: .nullable(.named("Node")))],
                                     attributes: [attribute("CEReactions", 6)], location: location(6, 17))),
                .operation(Operation(name: "isEqualNode", returnType: .named("boolean"),
                                     arguments: [Argument(name: "otherNode", type: .nullable(.named("Node")), isOptional: true, defaultValue: .null)],
                                     location: location(7, 3))),
                .operation(Operation(name: "check", returnType: .named("undefined"),
                                     arguments: [Argument(name: "values", type: .named("long"), isVariadic: true)], isStatic: true,
                                     location: location(8, 3))),
                .stringifier([], location(9, 3)),
                .iterable(key: nil, value: .named("Node"), async: false, location(10, 3)),
            ],
            attributes: [ExtendedAttribute(name: "Exposed", value: .identifier("Window"), location: location(1, 2))],
            location: location(2, 1)))])
    }

    func testTypesUnionsGenericsAndAnnotations() throws {
        let definitions = try parse("""
        typedef (sequence<[EnforceRange] unsigned long long> or record<DOMString, USVString> or unrestricted double)? Mixed;
        """)
        guard case .typedef(let name, let type, _) = definitions.first else { return XCTFail("\(definitions)") }
        XCTAssertEqual(name, "Mixed")
        XCTAssertEqual(type.description, "(sequence<[EnforceRange] unsigned long long> or record<DOMString, USVString> or unrestricted double)?")
    }

    func testDictionariesEnumsCallbacksMixinsAndIncludes() throws {
        let definitions = try parse("""
        dictionary EventInit { boolean bubbles = false; required DOMString type; };
        enum ShadowRootMode { "open", "closed" };
        callback EventHandlerNonNull = any (Event event);
        callback interface EventListener { undefined handleEvent(Event event); };
        interface mixin ParentNode { readonly attribute unsigned long childElementCount; };
        Element includes ParentNode;
        partial interface Element { attribute DOMString slot; };
        """)
        XCTAssertEqual(definitions.count, 7)
        guard case .dictionary(let dictionary) = definitions[0] else { return XCTFail() }
        XCTAssertEqual(dictionary.members.map(\.name), ["bubbles", "type"])
        XCTAssertEqual(dictionary.members.map(\.isRequired), [false, true])
        XCTAssertEqual(dictionary.members[0].defaultValue, .false)
        guard case .enumeration(let enumeration) = definitions[1] else { return XCTFail() }
        XCTAssertEqual(enumeration.values, ["open", "closed"])
        guard case .callback(let callback, _, let arguments, _, _) = definitions[2] else { return XCTFail() }
        XCTAssertEqual(callback, "EventHandlerNonNull")
        XCTAssertEqual(arguments.map(\.name), ["event"])
        guard case .interface(let listener) = definitions[3], case .interface(let mixin) = definitions[4],
              case .includes(let target, let included, _) = definitions[5], case .interface(let partial) = definitions[6] else { return XCTFail() }
        XCTAssertEqual([listener.kind, mixin.kind, partial.kind], [.callbackInterface, .mixin, .interface])
        XCTAssertEqual([target, included], ["Element", "ParentNode"])
        XCTAssertTrue(partial.isPartial)
    }

    func testExtendedAttributeForms() throws {
        let definitions = try parse("""
        [ElementTags=(h1, h2), LegacyFactoryFunction=Image(optional unsigned long width), PutForwards=value, Reflect="for", ReflectDefault=-1]
        interface X {};
        """)
        guard case .interface(let interface) = definitions.first else { return XCTFail() }
        XCTAssertEqual(interface.attributes.map(\.name), ["ElementTags", "LegacyFactoryFunction", "PutForwards", "Reflect", "ReflectDefault"])
        XCTAssertEqual(interface.attributes[0].list, ["h1", "h2"])
        guard case .arguments("Image", let arguments) = interface.attributes[1].value else { return XCTFail("\(interface.attributes[1])") }
        XCTAssertEqual(arguments.map(\.name), ["width"])
        XCTAssertEqual(interface.attributes[2].text, "value")
        XCTAssertEqual(interface.attributes[3].text, "for")
        XCTAssertEqual(interface.attributes[4].text, "-1")
    }

    func testErrorsNameFileLineAndColumn() {
        XCTAssertEqual(error("interface A {\n  attribute long;\n};"), "t.webidl:2:17: error: expected an attribute name, found ';'")
        XCTAssertEqual(error("interface A : {};"), "t.webidl:1:15: error: expected a parent interface, found '{'")
        XCTAssertEqual(error("interface A {"), "t.webidl:1:14: error: expected '}', found the end of the file")
        XCTAssertEqual(error("enum E { \"a\" "), "t.webidl:1:14: error: expected '}', found the end of the file")
        XCTAssertEqual(error("/* open"), "t.webidl:1:1: error: unterminated comment")
        XCTAssertEqual(error("interface A { attribute DOMString x = 1; };"), "t.webidl:1:37: error: expected ';', found '='")
        XCTAssertEqual(error("interface A { # };"), "t.webidl:1:15: error: unexpected character '#'")
        XCTAssertEqual(error("partial enum E {};"), "t.webidl:1:9: error: expected 'interface', 'namespace' or 'dictionary' after 'partial', found 'enum'")
    }

    func testModelMergesPartialsAndMixinsAndRejectsUnknownParents() throws {
        let files = [("a.webidl", try parse("interface A { attribute long x; };\ninterface mixin M { undefined m(); };\nA includes M;")),
                     ("b.webidl", try parse("partial interface A { attribute long y; };"))]
        let model = try IDLModel(files: files)
        let names = model.interfaces["A"]!.members.map { member -> String in
            switch member {
            case .attribute(let attribute): return attribute.name
            case .operation(let operation): return operation.name
            default: return "?"
            }
        }
        XCTAssertEqual(names, ["x", "y", "m"])
        XCTAssertThrowsError(try IDLModel(files: [("c.webidl", try parse("interface C : Missing {};", file: "c.webidl"))])) { error in
            XCTAssertEqual("\(error)", "c.webidl:1:1: error: 'C' inherits from 'Missing', which no IDL file defines")
        }
        XCTAssertThrowsError(try IDLModel(files: [("d.webidl", try parse("interface D {};\ninterface D {};", file: "d.webidl"))])) { error in
            XCTAssertEqual("\(error)", "d.webidl:2:1: error: 'D' is defined twice")
        }
    }
}
