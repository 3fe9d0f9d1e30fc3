import Foundation
import PageKit
import XCTest
@testable import ScriptRuntime

/// jQuery 3 and Vue 2 from Debian's packages, loaded unmodified through `<script src>`.
final class LibraryTests: XCTestCase {
    static func library(_ path: String) throws -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LibraryMissing(path: path)
        }
        return text
    }

    struct LibraryMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is missing: run Scripts/install-deps.sh (make test installs libjs-jquery and libjs-vue)" }
    }

    func element(_ page: ScriptPage, _ id: String) throws -> NodeID {
        try XCTUnwrap(page.document.element(withID: id), "no #\(id)")
    }

    func testJQuery() throws {
        let jquery = try Self.library("/usr/share/javascript/jquery/jquery.js")
        let html = """
        <!DOCTYPE html><html><head><title>jQuery</title><script src="jquery.js"></script></head><body>\
        <div id="app"><p class="msg">Hello</p><input id="name" value="x"><button id="go">Go</button>\
        <ul id="list"><li>a</li></ul><span id="hidden">h</span></div>\
        <script>
        var log = [];
        $(function () {
          log.push('ready:' + document.readyState);
          $('#go').on('click', function (e) { log.push('go:' + e.type + ':' + this.id); });
          $('#list').on('click', 'li', function () { log.push('li:' + $(this).text()); });
          $('.msg').text('<b>hi</b>');
          $('#app').append('<p class="extra">more</p>');
          $('#list').append($('<li>b</li>'));
          $('#name').val('typed').attr('data-x', '1');
          $('.msg').addClass('big').removeClass('msg').toggleClass('on');
          $('#hidden').hide();
          $('.extra').html('<em>em</em>');
          console.log($('li').length, $('#app p').length, $('#name').val(), $('#name').attr('data-x'), $('#nope').attr('x'));
        });
        </script></body></html>
        """
        let (page, records, engine) = try load(html, files: ["jquery.js": jquery])
        XCTAssertEqual(records, ["console.log: 2 2 typed 1 undefined"])

        XCTAssertFalse(page.click(try element(page, "go")))
        _ = page.evaluate("$('#go').trigger('click'); document.getElementById('go').click();")
        let items = page.document.elements(named: "li")
        XCTAssertEqual(items.count, 2)
        page.click(items[1])
        _ = page.evaluate("""
        console.log($('#hidden').is(':visible'), $('#list li:first').text(), $('#app > ul > li:last-child').text(), $('p.big, .extra em').length);
        $('#hidden').show(); console.log($('#hidden').is(':visible'), $('#hidden').css('display'), $('#list').css('display'), log.join(','))
        """)
        XCTAssertEqual(describe(engine.runUntilIdle()), [
            "console.log: false a b 2",
            "console.log: true inline block ready:complete,go:click:go,go:click:go,go:click:go,li:b",
        ])
        XCTAssertEqual(page.value(of: try element(page, "name")), "typed")
        XCTAssertEqual(bodyHTML(page), """
        <body><div id="app"><p class="big on">&lt;b&gt;hi&lt;/b&gt;</p><input id="name" value="x" data-x="1">\
        <button id="go">Go</button><ul id="list"><li>a</li><li>b</li></ul><span id="hidden" style="">h</span>\
        <p class="extra"><em>em</em></p></div><script>
        var log = [];
        $(function () {
          log.push('ready:' + document.readyState);
          $('#go').on('click', function (e) { log.push('go:' + e.type + ':' + this.id); });
          $('#list').on('click', 'li', function () { log.push('li:' + $(this).text()); });
          $('.msg').text('<b>hi</b>');
          $('#app').append('<p class="extra">more</p>');
          $('#list').append($('<li>b</li>'));
          $('#name').val('typed').attr('data-x', '1');
          $('.msg').addClass('big').removeClass('msg').toggleClass('on');
          $('#hidden').hide();
          $('.extra').html('<em>em</em>');
          console.log($('li').length, $('#app p').length, $('#name').val(), $('#name').attr('data-x'), $('#nope').attr('x'));
        });
        </script></body>
        """)
    }
}

extension LibraryTests {
    func testVue() throws {
        let vue = try Self.library("/usr/share/javascript/vue/vue.js")
        let html = """
        <!DOCTYPE html><html><head><title>Vue</title></head><body>\
        <div id="app"></div>\
        <div id="app2"><p>{{ message }}</p><button id="count" v-on:click="count++">n={{ count }}</button>\
        <ul><li v-for="item in items">{{ item }}</li></ul><p v-if="show">shown</p><input id="field" v-model="message"></div>\
        <script src="vue.js"></script>\
        <script>
        var first = new Vue({ el: '#app', data: { name: 'Vue' }, template: '<div id="app"><h1>Hello {{ name }}!</h1></div>' });
        var second = new Vue({ el: '#app2', data: { message: 'hi', count: 0, items: ['a', 'b'], show: true } });
        </script></body></html>
        """
        let (page, records, engine) = try load(html, files: ["vue.js": vue])
        XCTAssertEqual(records, [
            "console.info: Download the Vue Devtools extension for a better development experience:\nhttps://github.com/vuejs/vue-devtools",
            "console.info: You are running Vue in development mode.\nMake sure to turn on production mode when deploying for production.\nSee more tips at https://vuejs.org/guide/deployment.html",
        ])
        func app() -> String {
            guard case .value(.string(let html)) = page.evaluate("document.getElementById('app').outerHTML + '|' + document.getElementById('app2').outerHTML") else { return "" }
            return html
        }
        XCTAssertEqual(app(), """
        <div id="app"><h1>Hello Vue!</h1></div>|<div id="app2"><p>hi</p><button id="count">n=0</button>\
        <ul><li>a</li><li>b</li></ul><p>shown</p><input id="field"></div>
        """)
        XCTAssertEqual(page.value(of: try element(page, "field")), "hi")

        page.click(try element(page, "count"))
        page.fill(try element(page, "field"), text: "typed")
        _ = page.evaluate("second.items.push('c'); second.show = false; first.name = 'there'")
        XCTAssertEqual(describe(engine.runUntilIdle()), [])
        XCTAssertEqual(app(), """
        <div id="app"><h1>Hello there!</h1></div>|<div id="app2"><p>typed</p><button id="count">n=1</button>\
        <ul><li>a</li><li>b</li><li>c</li></ul><!----><input id="field"></div>
        """)
        XCTAssertEqual(page.evaluate("second.message"), .value(.string("typed")))
        XCTAssertEqual(page.value(of: try element(page, "field")), "typed")
    }
}
