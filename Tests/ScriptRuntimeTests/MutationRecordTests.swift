import Foundation
import PageKit
import XCTest
@testable import ScriptRuntime

/// Mutation observers get a record for every change the DOM standard queues one for (the
/// parser's insertions included), with old values, filters, subtrees and transient observers;
/// `<template>` keeps its children in its content fragment.
final class MutationRecordTests: XCTestCase {
    /// Logs each record as `type target +added -removed prev/next name old`.
    static let describeRecords = """
    function log() { console.log(Array.prototype.slice.call(arguments).join(' ')); }
    function name(n) { return n === null ? '-' : n.nodeType === 3 ? '"' + n.data + '"' : n.nodeType === 8 ? '<!--' + n.data + '-->' : (n.id || n.nodeName); }
    function names(list) { return Array.prototype.map.call(list, name).join(','); }
    function show(records) {
      return records.map(function (r) {
        return r.type + ' ' + name(r.target) + ' +' + names(r.addedNodes) + ' -' + names(r.removedNodes) + ' ' + name(r.previousSibling) + '/' + name(r.nextSibling)
          + (r.attributeName === null ? '' : ' @' + r.attributeName + (r.attributeNamespace === null ? '' : '{' + r.attributeNamespace + '}')) + (r.oldValue === null ? '' : ' was ' + JSON.stringify(r.oldValue));
      });
    }
    """

    func testRecordsForEveryKindOfChange() throws {
        let (_, records, _) = try load("""
        <html><body><div id=d><p id=a>ab</p></div><script>
        \(Self.describeRecords)
        var d = document.getElementById('d'), a = document.getElementById('a'), t = a.firstChild;
        var observer = new MutationObserver(function () {});
        observer.observe(d, { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
        d.setAttribute('title', 'one');
        d.setAttributeNS('urn:x', 'x:k', 'v');
        d.title = 'two';
        t.replaceData(1, 1, 'BC');
        var tail = t.splitText(1);
        a.normalize();
        a.insertAdjacentHTML('beforeend', '<i id=i></i>');
        a.outerHTML = '<b id=b>x</b>';
        d.textContent = 'text';
        d.innerHTML = '<u id=u></u><!--c-->';
        d.replaceChild(document.createElement('hr'), d.firstChild);
        show(observer.takeRecords()).forEach(function (line) { log(line); });
        log('after takeRecords:', observer.takeRecords().length);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: attributes d + - -/- @title",
            "console.log: attributes d + - -/- @k{urn:x}",
            "console.log: attributes d + - -/- @title was \"one\"",
            "console.log: characterData \"aBC\" + - -/- was \"ab\"",
            "console.log: childList a +\"BC\" - \"aBC\"/-",
            "console.log: characterData \"aBC\" + - -/- was \"aBC\"",
            "console.log: characterData \"aBC\" + - -/- was \"a\"",
            "console.log: childList a + -\"BC\" \"aBC\"/-",
            "console.log: childList a +i - \"aBC\"/-",
            "console.log: childList d +b -a -/-",
            "console.log: childList d +\"text\" -b -/-",
            "console.log: childList d +u,<!--c--> -\"text\" -/-",
            "console.log: childList d +HR -u -/<!--c-->",
            "console.log: after takeRecords: 0",
        ])
    }

    func testFiltersSubtreesAndTransientObservers() throws {
        let (_, records, _) = try load("""
        <html><body><div id=d><p id=a><b id=b></b></p></div><script>
        \(Self.describeRecords)
        var d = document.getElementById('d'), a = document.getElementById('a'), b = document.getElementById('b');
        new MutationObserver(function (records, observer) {
          show(records).forEach(function (line) { log('deep:', line); });
          b.setAttribute('late', '1');
        }).observe(d, { subtree: true, attributes: true, attributeFilter: ['keep'], childList: true });
        new MutationObserver(function (records) {
          show(records).forEach(function (line) { log('shallow:', line); });
        }).observe(d, { attributes: true });
        b.setAttribute('keep', '1');
        b.setAttribute('drop', '1');
        d.setAttribute('keep', '2');
        a.remove();
        b.setAttribute('keep', 'after removal');
        try { new MutationObserver(function () {}).observe(d, { attributeOldValue: true, attributes: false }); } catch (e) { log(e.name); }
        try { new MutationObserver(function () {}).observe(d, {}); } catch (e) { log(e.name); }
        log('sync end');
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: TypeError",
            "console.log: TypeError",
            "console.log: sync end",
            "console.log: deep: attributes b + - -/- @keep",
            "console.log: deep: attributes d + - -/- @keep",
            "console.log: deep: childList d + -a -/-",
            "console.log: deep: attributes b + - -/- @keep",
            "console.log: shallow: attributes d + - -/- @keep",
        ])
    }

    func testTheParserInsertionsAfterAnObserverAreRecorded() throws {
        let (_, records, _) = try load("""
        <html><body><script>
        \(Self.describeRecords)
        new MutationObserver(function (records) {
          show(records).forEach(function (line) { log(line); });
        }).observe(document.body, { childList: true, subtree: true });
        </script><div id=p>one<span id=s>two</span></div><script>log('second script');</script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: childList BODY +p - SCRIPT/-",
            "console.log: childList p +\"one\" - -/-",
            "console.log: childList p +s - \"one\"/-",
            "console.log: childList s +\"two\" - -/-",
            "console.log: childList BODY +SCRIPT - p/-",
            "console.log: childList SCRIPT +\"log('second script');\" - -/-",
            "console.log: second script",
        ])
    }

    func testTemplateContentIsAnInertFragment() throws {
        let (page, records, _) = try load("""
        <html><body><template id=t><p id=inner>hi</p><img src=x.png></template><script>
        function log() { console.log(Array.prototype.slice.call(arguments).join(' ')); }
        var t = document.getElementById('t');
        var content = t.content;
        log(t.childNodes.length, content.nodeType, content.childNodes.length, content.firstChild.id, String(document.getElementById('inner')));
        log(content.ownerDocument !== document, content.ownerDocument === t.content.ownerDocument, content === t.content, String(content.ownerDocument.defaultView));
        log(t.innerHTML);
        t.innerHTML = '<b>new</b>';
        log(t.childNodes.length, content.childNodes.length, content.firstChild.nodeName, t.outerHTML);
        var copy = t.cloneNode(true);
        log(copy.content.firstChild.outerHTML, copy.content !== content, t.cloneNode(false).content.childNodes.length);
        content.appendChild(document.createElement('i'));
        log(t.innerHTML);
        </script></body></html>
        """)
        XCTAssertEqual(records, [
            "console.log: 0 11 2 inner null",
            "console.log: true true true null",
            "console.log: <p id=\"inner\">hi</p><img src=\"x.png\">",
            "console.log: 0 1 B <template id=\"t\"><b>new</b></template>",
            "console.log: <b>new</b> true 0",
            "console.log: <b>new</b><i></i>",
        ])
        XCTAssertTrue(bodyHTML(page).hasPrefix("<body><template id=\"t\"><b>new</b><i></i></template>"), bodyHTML(page))
    }
}
