import XCTest
@testable import ScriptRuntime

/// The collections as WebIDL's legacy platform objects (§3.9): own indexed and named
/// properties, their descriptors, writes and deletes that fail (TypeErrors in strict code),
/// the named property visibility algorithm and Array.prototype's iteration.
final class LegacyPlatformObjectTests: XCTestCase {
    private func logs(_ html: String) throws -> [String] {
        try load(html).1
    }

    func testHTMLCollectionHasIndexedAndUnenumerableNamedProperties() throws {
        XCTAssertEqual(try logs("""
        <p id=a name=n></p><p id=b></p><svg><g name=svgname></g></svg><script>
        'use strict';
        const c = document.getElementsByTagName('p');
        console.log(Object.getOwnPropertyNames(c).join(), Object.keys(c).join(), 'n' in c, c.n === c[0]);
        const d = Object.getOwnPropertyDescriptor(c, 'a'), i = Object.getOwnPropertyDescriptor(c, '0');
        console.log(d.enumerable, d.writable, d.configurable, i.enumerable, i.writable, i.configurable);
        for (const attempt of [() => { c[0] = 1; }, () => { c[5] = 1; }, () => { delete c[0]; }, () => { delete c.a; }, () => { c.a = 1; }]) {
            try { attempt(); console.log('no error'); } catch (e) { console.log(e.constructor.name); }
        }
        delete c[7];
        c.item = 'shadow';
        console.log(c.item, Object.getOwnPropertyNames(c).join(), HTMLCollection.prototype.namedItem.call(c, 'b').id);
        console.log(document.getElementsByTagName('g').namedItem('svgname'), Object.isExtensible(c) && Reflect.preventExtensions(c));
        </script>
        """), [
            "console.log: 0,1,a,n,b 0,1 true true",
            "console.log: false false true true false true",
            "console.log: TypeError", "console.log: TypeError", "console.log: TypeError", "console.log: TypeError",
            "console.log: TypeError",
            "console.log: shadow 0,1,a,n,b,item b",
            "console.log: null false",
        ])
    }

    func testACollectionAsAPrototypeKeepsItsGettersAndSetsOnTheReceiver() throws {
        XCTAssertEqual(try logs("""
        <p id=named></p><script>
        const collection = document.getElementsByTagName('p');
        const object = Object.create(collection);
        try { object.length; } catch (e) { console.log(e.constructor.name); }
        console.log(object.named === collection.named);
        object.named = 'foo';
        console.log(object.named, collection.named.id, Object.hasOwn(object, 'named'));
        </script>
        """), [
            "console.log: TypeError",
            "console.log: true",
            "console.log: foo named true",
        ])
    }

    func testNamedItemTakesTheFirstElementByIDOrName() throws {
        XCTAssertEqual(try logs("""
        <div><a name=x id=first></a><b id=x></b></div><script>
        console.log(document.querySelector('div').children.namedItem('x').id, document.querySelector('div').children.x.id);
        </script>
        """), ["console.log: first first"])
    }

    func testNodeListIteratesWithArrayPrototypesFunctionsAndStaysLive() throws {
        XCTAssertEqual(try logs("""
        <div id=d><b></b></div><script>
        const list = document.getElementById('d').childNodes;
        console.log(list[Symbol.iterator] === Array.prototype.values, list.forEach === Array.prototype.forEach, list.keys === Array.prototype.keys);
        const seen = [];
        for (const node of list) { seen.push(node.nodeName); if (seen.length === 1) document.getElementById('d').append(document.createElement('i')); }
        console.log(seen.join());
        list.forEach(function (node, index, object) { if (index === 0) console.log(object === list, this.x); }, { x: 'this' });
        console.log(document.getElementsByTagName('b')[Symbol.iterator] === Array.prototype.values, 'entries' in document.body.children);
        </script>
        """), [
            "console.log: true true true",
            "console.log: B,I",
            "console.log: true this",
            "console.log: true false",
        ])
    }

    func testNamedNodeMapNamesAreQualifiedNamesWithoutUpperCaseOnHTMLElements() throws {
        XCTAssertEqual(try logs("""
        <p id=p class=c></p><script>
        const p = document.getElementById('p');
        p.setAttributeNS('urn:x', 'x:Big', 'v');
        const a = p.attributes;
        console.log(Object.getOwnPropertyNames(a).join(), a.class.value, a['x:Big'], 'namedItem' in a);
        const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        svg.setAttribute('viewBox', '0 0 1 1');
        console.log(Object.getOwnPropertyNames(svg.attributes).join(), svg.attributes.viewBox.value);
        </script>
        """), [
            "console.log: 0,1,2,id,class c undefined false",
            "console.log: 0,viewBox 0 0 1 1",
        ])
    }

    func testOptionsCollectionHasAnIndexedSetter() throws {
        XCTAssertEqual(try logs("""
        <select id=s><option>a</option><option>b</option></select><script>
        'use strict';
        const s = document.getElementById('s');
        s.options[1] = new Option('B');
        s.options[3] = new Option('D');
        console.log(s.options.length, Array.from(s.options, (o) => o.text).join());
        s.options[0] = null;
        console.log(s.options.length, s.options[0].text);
        try { s.options[0] = 'text'; } catch (e) { console.log(e.constructor.name); }
        </script>
        """), [
            "console.log: 4 a,B,,D",
            "console.log: 3 B",
            "console.log: TypeError",
        ])
    }

    func testHandWrittenInterfaceMembersAreEnumerable() throws {
        XCTAssertEqual(try logs("""
        <script>
        const enumerable = (object, key) => Object.getOwnPropertyDescriptor(object, key).enumerable;
        console.log(enumerable(Node.prototype, 'appendChild'), enumerable(Node.prototype, 'firstChild'), enumerable(NodeList.prototype, 'item'),
            enumerable(Node.prototype, 'constructor'), enumerable(document.createTreeWalker(document).constructor.prototype, 'nextNode'),
            Object.keys(HTMLCollection.prototype).join());
        </script>
        """), ["console.log: true true true false true length,item,namedItem"])
    }

    func testOperationsCalledWithTooFewArgumentsThrow() throws {
        XCTAssertEqual(try logs("""
        <p class=a></p><script>
        const calls = [() => document.body.children.item(), () => document.body.children.namedItem(), () => document.querySelectorAll('p').item(),
            () => document.body.classList.contains(), () => document.body.classList.replace('a'), () => document.body.contains(),
            () => document.body.isSameNode(), () => document.body.isEqualNode(), () => document.createAttribute(),
            () => document.createDocumentFragment().getElementById()];
        console.log(calls.map((call) => { try { call(); return 'no error'; } catch (e) { return e.constructor.name; } }).join());
        console.log(document.body.contains(null), document.body.isSameNode(null));
        </script>
        """), [
            "console.log: TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,TypeError",
            "console.log: false false",
        ])
    }
}
