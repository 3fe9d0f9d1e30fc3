import Foundation
import XCTest
@testable import ScriptRuntime

/// Constraint validation of the built-in controls (HTML §4.10.20): flags, messages, `invalid`
/// events, and the interactive validation that stops a submission. Every expected line is
/// what WebKitGTK 2.50 printed for the same page (Scripts/webkit-oracle.py).
final class ConstraintValidationTests: XCTestCase {
    /// required, type, pattern, min/max/step, checkboxes, radio groups, selects, textareas,
    /// custom errors and the barred controls; then a form's checkValidity, reportValidity and
    /// a submit button's click, which fires `invalid` (cancelable, trusted, not bubbling) at each
    /// invalid control, focuses the first and submits nothing.
    func testValidityFlagsMessagesAndTheSubmissionTheyStopAsWebKit() throws {
        let (page, records, _) = try load(#"""
        <!DOCTYPE html><body><form id=f action="next.html">
        <input id=req required>
        <input id=em type=email value="not an email">
        <input id=url type=url value="nope">
        <input id=pat pattern="[0-9]+" value="12a">
        <input id=num type=number min=5 max=10 step=2 value="11">
        <input id=num2 type=number min=5 value="3">
        <input id=num3 type=number min=5 step=2 value="6">
        <input id=ml maxlength=2 value="abcd">
        <input id=mn minlength=5 value="ab">
        <input id=cb type=checkbox required>
        <input id=r1 type=radio name=g required><input id=r2 type=radio name=g>
        <select id=sel required><option value="">Choose</option><option>A</option></select>
        <textarea id=ta required></textarea>
        <input id=dis required disabled>
        <input id=ro required readonly>
        <input id=hid type=hidden required>
        <input id=cust value=x>
        <input id=date type=date min="2020-01-01" value="2019-05-05">

        <button id=btn>Go</button>
        </form><script>
        var out = [];
        document.getElementById('cust').setCustomValidity('Custom problem');
        const flags = ['valueMissing','typeMismatch','patternMismatch','tooLong','tooShort','rangeUnderflow','rangeOverflow','stepMismatch','badInput','customError','valid'];
        for (const el of document.querySelectorAll('input,select,textarea,button')) {
          const v = el.validity;
          out.push(el.id + ' ' + el.willValidate + ' ' + flags.filter(f => v[f]).join('+') + ' "' + el.validationMessage + '" ' + el.matches(':invalid') + ' val=' + el.value);
        }
        const f = document.getElementById('f');
        const invalids = [];
        f.addEventListener('invalid', e => invalids.push(e.target.id + (e.bubbles ? 'B' : '') + (e.cancelable ? 'C' : '') + (e.isTrusted ? 'T' : '')), true);
        out.push('form check ' + f.checkValidity() + ' ' + invalids.join(','));
        invalids.length = 0;
        out.push('form report ' + f.reportValidity() + ' ' + invalids.join(',') + ' active=' + document.activeElement.id);
        invalids.length = 0;
        f.addEventListener('submit', () => out.push('submit fired'));
        document.getElementById('btn').click();
        out.push('after click ' + invalids.join(',') + ' active=' + document.activeElement.id);
        out.push('fieldset? ' + f.matches(':invalid'));
        </script>
        """#)
        XCTAssertEqual(records, ["form not submitted: input id=\"req\" \"Fill out this field\" (the validation bubble WebKit shows)"])
        XCTAssertEqual(lines(page), [
            "req true valueMissing \"Fill out this field\" true val=",
            "em true typeMismatch \"Enter an email address\" true val=not an email",
            "url true typeMismatch \"Enter a URL\" true val=nope",
            "pat true patternMismatch \"Match the requested format\" true val=12a",
            "num true rangeOverflow \"Value must be less than or equal to 10\" true val=11",
            "num2 true rangeUnderflow \"Value must be greater than or equal to 5\" true val=3",
            "num3 true stepMismatch \"Enter a valid value\" true val=6",
            "ml true valid \"\" false val=abcd",
            "mn true valid \"\" false val=ab",
            "cb true valueMissing \"Select this checkbox\" true val=on",
            "r1 true valueMissing \"Select one of these options\" true val=on",
            "r2 true valueMissing \"Select one of these options\" true val=on",
            "sel true valueMissing \"Select an item in the list\" true val=",
            "ta true valueMissing \"Fill out this field\" true val=",
            "dis false valid \"\" false val=",
            "ro false valid \"\" false val=",
            "hid false valid \"\" false val=",
            "cust true customError \"Custom problem\" true val=x",
            "date true rangeUnderflow \"Value must be greater than or equal to 2020-01-01\" true val=2019-05-05",
            "btn true valid \"\" false val=",
            "form check false reqCT,emCT,urlCT,patCT,numCT,num2CT,num3CT,cbCT,r1CT,r2CT,selCT,taCT,custCT,dateCT",
            "form report false reqCT,emCT,urlCT,patCT,numCT,num2CT,num3CT,cbCT,r1CT,r2CT,selCT,taCT,custCT,dateCT active=req",
            "after click reqCT,emCT,urlCT,patCT,numCT,num2CT,num3CT,cbCT,r1CT,r2CT,selCT,taCT,custCT,dateCT active=req",
            "fieldset? true",
        ])
        XCTAssertEqual(page.evaluate("location.href"), .value(.string("file:///app/index.html")))
    }

    /// Patterns as WebKit compiles them (no flags: `\\p{L}` is not a property, `[` constrains
    /// nothing), a title in the message, the step base (`min`, else the `value` attribute),
    /// `step="any"`, e-mail lists, absolute URLs, date bounds as written, which controls are
    /// candidates, `setCustomValidity("")`, `novalidate` and `formnovalidate`, a cancelled
    /// `invalid` event (no focus), and `requestSubmit`, which validates too.
    func testPatternsStepsBarredControlsAndTheWaysAroundValidationAsWebKit() throws {
        let (page, _, _) = try load(#"""
        <!DOCTYPE html><body><form id=f novalidate>
        <input id=pt pattern="[0-9]+" title="Digits only" value="x">
        <input id=pt2 pattern="a|b" value="ab">
        <input id=pt3 pattern="[" value="zz">
        <input id=pt4 pattern="\p{L}+" value="é">
        <input id=n1 type=number min="5.0" value="1">
        <input id=n2 type=number max="10.50" value="11">
        <input id=n3 type=number step="0.5" value="1.25">
        <input id=n4 type=number value="7" step="2">
        <input id=n5 type=number step="any" value="1.2345">
        <input id=e1 type=email multiple value="a@b.c, d@e">
        <input id=e2 type=email value="a@b">
        <input id=u1 type=url value="a:b">
        <input id=u2 type=url value="http://x y">
        <input id=t1 type=time min="10:00" value="09:30">
        <input id=m1 type=month max="2020-01" value="2020-05">
        <input id=both required pattern="x" value="">
        <input id=cus required value=""><input id=sub type=submit><input id=img type=image><input id=btn type=button><input id=rst type=reset>
        <button id=b2 type=button>b</button><fieldset id=fs></fieldset><output id=o></output>
        <input id=ro2 type=checkbox required readonly>
        <datalist><input id=indl required></datalist>
        </form><script>
        var out = [];
        document.getElementById('cus').setCustomValidity('Mine');
        const flags = ['valueMissing','typeMismatch','patternMismatch','tooLong','tooShort','rangeUnderflow','rangeOverflow','stepMismatch','badInput','customError','valid'];
        for (const el of document.querySelectorAll('input,button,fieldset,output')) {
          const v = el.validity;
          out.push(el.id + ' ' + el.willValidate + ' ' + flags.filter(f => v[f]).join('+') + ' "' + el.validationMessage + '" ' + el.matches(':invalid') + ':' + el.matches(':valid'));
        }
        const c = document.getElementById('cus'); c.setCustomValidity(''); out.push('cleared ' + c.validationMessage + ' ' + c.validity.valueMissing + ' same=' + (c.validity === c.validity));
        const f = document.getElementById('f');
        let submitted = 0; f.addEventListener('submit', e => { submitted++; e.preventDefault(); });
        f.noValidate = true; document.getElementById('sub').click(); out.push('novalidate submitted=' + submitted);
        f.noValidate = false; document.getElementById('sub').setAttribute('formnovalidate', ''); document.getElementById('sub').click(); out.push('formnovalidate submitted=' + submitted);
        document.getElementById('sub').removeAttribute('formnovalidate');
        let inv = 0; document.getElementById('pt').addEventListener('invalid', e => { inv++; e.preventDefault(); });
        out.push('check pt ' + document.getElementById('pt').checkValidity() + ' inv=' + inv + ' report ' + document.getElementById('pt').reportValidity() + ' inv=' + inv + ' active=' + (document.activeElement && document.activeElement.id));
        document.getElementById('sub').click(); out.push('validate submitted=' + submitted + ' active=' + document.activeElement.id);
        f.requestSubmit(); out.push('requestSubmit submitted=' + submitted);
        </script>
        """#)
        XCTAssertEqual(lines(page), [
            "pt true patternMismatch \"Match the requested format: Digits only\" true:false",
            "pt2 true patternMismatch \"Match the requested format\" true:false",
            "pt3 true valid \"\" false:true",
            "pt4 true patternMismatch \"Match the requested format\" true:false",
            "n1 true rangeUnderflow \"Value must be greater than or equal to 5\" true:false",
            "n2 true rangeOverflow \"Value must be less than or equal to 10.5\" true:false",
            "n3 true valid \"\" false:true",
            "n4 true valid \"\" false:true",
            "n5 true valid \"\" false:true",
            "e1 true valid \"\" false:true",
            "e2 true valid \"\" false:true",
            "u1 true valid \"\" false:true",
            "u2 true typeMismatch \"Enter a URL\" true:false",
            "t1 true rangeUnderflow \"Value must be greater than or equal to 10:00\" true:false",
            "m1 true rangeOverflow \"Value must be less than or equal to 2020-01\" true:false",
            "both true valueMissing \"Fill out this field\" true:false",
            "cus true valueMissing+customError \"Mine\" true:false",
            "sub true valid \"\" false:true",
            "img false valid \"\" false:false",
            "btn false valid \"\" false:false",
            "rst false valid \"\" false:false",
            "b2 false valid \"\" false:false",
            "fs false valid \"\" false:true",
            "o false valid \"\" false:false",
            "ro2 false valueMissing \"\" false:false",
            "indl false valueMissing \"\" false:false",
            "cleared Fill out this field true same=true",
            "novalidate submitted=1",
            "formnovalidate submitted=2",
            "check pt false inv=1 report false inv=2 active=",
            "validate submitted=2 active=pt2",
            "requestSubmit submitted=2",
        ])
    }

    private func lines(_ page: ScriptPage) -> [String] {
        guard case .value(.string(let text)) = page.evaluate("out.join('|')") else { return [] }
        return text.components(separatedBy: "|")
    }
}
