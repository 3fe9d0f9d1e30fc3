import URLKit
import XCTest
import PageKit

final class FormLayoutTests: XCTestCase {
    func testTextLikeInputs() {
        assertLines(lines("""
            <p><input value='Ada'></p><p><input placeholder='Search'></p><p><input type=email size=5 value='a@b.example'></p>
            <p><input type=password value=secret></p><p><input type=number size=3></p><p><textarea>Hello
            there</textarea></p><p><input type=hidden value=invisible>|</p>
            """), [
            "[Ada_________]",
            "",
            "[Search______]",
            "",
            "[a@b.…]",
            "",
            "[******______]",
            "",
            "[___]",
            "",
            "[Hello there_]",
            "",
            "|",
        ])
    }

    func testChoices() {
        assertLines(lines("""
            <p><input type=checkbox checked> yes <input type=checkbox> no</p>
            <p><input type=radio name=r checked> A <input type=radio name=r> B</p>
            <p><select><option>One<option selected>Two</select> <select><optgroup><option>First</optgroup></select> <select></select></p>
            """), ["[x] yes [ ] no", "", "(*) A ( ) B", "", "[Two ▾] [First ▾] [▾]"])
    }

    func testButtons() {
        let layout = PageKitTests.layout("""
            <input type=submit> <input type=submit value=Send> <input type=reset> <input type=button value=Click> \
            <input type=image alt=Go> <button>OK</button> <button title=Close><svg></svg></button>
            """, width: 80)
        XCTAssertEqual(layout.lines.map(\.text), ["[Submit] [Send] [Reset] [Click] [Go] [OK] [Close]"])
        XCTAssertEqual(layout.items.map(\.text), ["Submit", "Send", "Reset", "Click", "Go", "OK", "Close"])
        XCTAssertEqual(layout.items.map(\.kind), Array(repeating: .button, count: 7))
        XCTAssertEqual(layout.items[5].regions, [ItemRegion(line: 0, columns: 37..<41)], "the brackets belong to the button")
    }

    func testControlStyles() {
        let layout = PageKitTests.layout("<input value=a size=2> <input type=submit value=Go>")
        XCTAssertEqual(layout.lines[0].text, "[a_] [Go]")
        XCTAssertEqual(layout.lines[0].runs, [
            StyledRun(columns: 0..<4, style: TextStyle(isFormField: true, field: 0)),
            StyledRun(columns: 5..<9, style: TextStyle(item: .button(0))),
        ])
    }

    func testFocusableFieldsWithTheirValuesAndCells() {
        let layout = PageKitTests.layout("""
            <input value=a size=2> <input type=password value=pw size=3> <input disabled value=off size=2>
            <input type=checkbox checked> <input type=radio> <input type=hidden value=h> <input type=range>
            <p><textarea cols=3 readonly>t</textarea> <select><option>One<option selected disabled>Two</select></p>
            <p style="visibility: hidden"><input size=1></p>
            """, width: 80)
        XCTAssertEqual(layout.lines.map(\.text), ["[a_] [**_] [o…] [x] ( ) [____________]", "", "[t__] [Two ▾]"])
        XCTAssertEqual(layout.fields.map(\.kind), [.text, .password, .checkbox, .radio, .textArea, .select],
                       "disabled, hidden, range and concealed fields take no focus")
        XCTAssertEqual(layout.fields.map(\.value), ["a", "pw", "", "", "t", ""])
        XCTAssertEqual(layout.fields.map(\.isChecked), [false, false, true, false, false, false])
        XCTAssertEqual(layout.fields.map(\.isReadOnly), [false, false, false, false, true, false])
        XCTAssertEqual(layout.fields[5].options.map(\.label), ["One", "Two"])
        XCTAssertEqual(layout.fields[5].options.map(\.isSelected), [false, true])
        XCTAssertEqual(layout.fields[5].options.map(\.isDisabled), [false, true])
        XCTAssertEqual(layout.fields.map(\.regions), [
            [ItemRegion(line: 0, columns: 0..<4)], [ItemRegion(line: 0, columns: 5..<10)], [ItemRegion(line: 0, columns: 16..<19)],
            [ItemRegion(line: 0, columns: 20..<23)], [ItemRegion(line: 2, columns: 0..<5)], [ItemRegion(line: 2, columns: 6..<13)],
        ])
        XCTAssertEqual(layout.lines[0].runs.map(\.style.field), [0, 1, nil, 2, 3, nil])
    }

    func testFieldsNeverOverflowTheLine() {
        assertLines(lines("<input size=50 value='a long value that is cut'>", width: 20), ["[a long value that…]"])
        assertLines(lines("<select><option>A very long option label here</select>", width: 16), ["[A very long… ▾]"])
    }

    func testFormSubmissionURLWithSpacesAsPlus() {
        let layout = PageKitTests.layout("""
            <form action="mkwebview://webview">
            <input name=url value="page 2.html"><input type=hidden name=title value="Hello World">
            <input type=checkbox name=c value=yes checked><input type=checkbox name=d>
            <input type=radio name=r value=a><input type=radio name=r value=b checked>
            <select name=s><option value=1>One<option selected>Two words</select>
            <textarea name=t>line1
            line2</textarea>
            <input name=off disabled value=x><input value=unnamed>
            <button name=go value=now>Go</button><input type=submit name=alt value=Other>
            </form>
            """, width: 100)
        let fields = "url=page+2.html&title=Hello+World&c=yes&r=b&s=Two+words&t=line1%0D%0Aline2"
        XCTAssertEqual(layout.items.map(\.url), ["mkwebview://webview?\(fields)&go=now", "mkwebview://webview?\(fields)&alt=Other"])
    }

    func testATextAreaLosesOnlyTheNewlineRightAfterItsTag() {
        let layout = PageKitTests.layout("<form action=s.html><textarea name=t>\n\nsecond</textarea><button>Go</button></form>")
        XCTAssertEqual(layout.items[0].url, "file:///site/s.html?t=%0D%0Asecond", "the parser drops one newline, the value keeps the next")
    }

    func testFormActionResolution() {
        func url(_ form: String) -> String? { PageKitTests.layout(form + "<input name=q value='a b'><button>Go</button></form>").items.last?.url }
        XCTAssertEqual(url("<form action='search.html?old=1#frag'>"), "file:///site/search.html?q=a+b#frag")
        XCTAssertEqual(url("<form>"), "file:///site/page.html?q=a+b", "no action: the page URL")
        XCTAssertEqual(url("<form action=''>"), "file:///site/page.html?q=a+b")
        XCTAssertEqual(url("<form action='/find' method=GET>"), "file:///find?q=a+b")
        XCTAssertEqual(url("<form action='post.html' method=post>"), "file:///site/post.html", "POST goes to the action alone")
        XCTAssertEqual(url("<form action='a.html'><input type=submit formaction='b.html' value=B></form><form action='a.html'>"),
                       "file:///site/a.html?q=a+b")
    }

    func testAPostFormsButtonCarriesItsBody() {
        let layout = PageKitTests.layout("""
            <form action=post.html method=POST><input name=q value='a b'><input type=checkbox name=c checked>
            <input type=submit name=go value=Go><button name=b value=2 formenctype=text/plain>Plain</button>
            <button formmethod=get>Get</button></form>
            <form action=m.html method=post enctype=multipart/form-data><input name=x value=1><button>Multi</button></form>
            """, width: 100)
        XCTAssertEqual(layout.items.map(\.url), [
            "file:///site/post.html", "file:///site/post.html", "file:///site/post.html?q=a+b&c=on", "file:///site/m.html",
        ])
        let multipart = FormBody(entries: [("x", "1")], encoding: .multipart)
        XCTAssertEqual(layout.items.map(\.post), [
            FormBody(contentType: "application/x-www-form-urlencoded", bytes: Array("q=a+b&c=on&go=Go".utf8)),
            FormBody(contentType: "text/plain", bytes: Array("q=a b\r\nc=on\r\nb=2\r\n".utf8)),
            nil, multipart,
        ])
    }

    func testFormActionOverriddenBySubmitter() {
        let layout = PageKitTests.layout("<form action=a.html><input name=q value=1><button formaction=b.html>B</button></form>")
        XCTAssertEqual(layout.items.map(\.url), ["file:///site/b.html?q=1"])
    }

    func testFieldValuesAreFormEncoded() {
        let layout = PageKitTests.layout("<form action=s><input name='k y' value='a&b=c+d é/?'><button>Go</button></form>")
        XCTAssertEqual(layout.items[0].url, "file:///site/s?k+y=a%26b%3Dc%2Bd+%C3%A9%2F%3F")
    }

    func testButtonsThatDoNotSubmit() {
        let layout = PageKitTests.layout("""
            <form action=x.html><button type=button>Plain</button><button type=reset>Reset</button>
            <input type=button value=Click><input type=reset></form><button>Outside</button><input type=submit>
            """)
        XCTAssertEqual(layout.items.map(\.text), ["Plain", "Reset", "Click", "Reset", "Outside", "Submit"])
        XCTAssertEqual(layout.items.map(\.url), [nil, nil, nil, nil, nil, nil])
    }

    func testFormTargetIsTheButtonsTarget() {
        let layout = PageKitTests.layout("<form action=x.html target=_blank><button>Go</button></form>")
        XCTAssertEqual(layout.items[0].target, "_blank")
        XCTAssertEqual(layout.items[0].url, "file:///site/x.html?")
    }

    func testImageSubmitterSendsCoordinates() {
        let layout = PageKitTests.layout("<form action=x><input type=image name=map alt=Map></form>")
        XCTAssertEqual(layout.items[0].url, "file:///site/x?map.x=0&map.y=0")
    }

    func testDisabledFieldsetAndSelectOptions() {
        let layout = PageKitTests.layout("""
            <form action=x><fieldset disabled><input name=a value=1></fieldset>
            <select name=m multiple><option value=1 selected>1<option value=2>2<option value=3 selected>3</select>
            <select name=e><option disabled>none<option>first</select><button>Go</button></form>
            """)
        XCTAssertEqual(layout.items[0].url, "file:///site/x?m=1&m=3&e=first")
    }
}
