import XCTest
@testable import ScriptRuntime

/// Custom elements (HTML §4.13): the registry, construction by the parser and by
/// `createElement`, upgrades and the lifecycle callbacks. The expected values are what WebKitGTK
/// 2.50 prints for the same pages (Scripts/webkit-oracle.py). DECISIONS.md, "Custom elements".
final class CustomElementsTests: XCTestCase {
    /// The order of constructor and callbacks for parsed, created, inserted, `innerHTML` and
    /// upgraded elements, and the registry's errors.
    func testLifecycleOrderAndRegistryErrorsAsInWebKit() throws {
        let (page, records, engine) = try load(#"""
<!DOCTYPE html><body><script>
var log = [];
function t(f){try{return String(f())}catch(e){return e.name+": "+e.message}}
class XA extends HTMLElement {
  static get observedAttributes() { return ["v", "w"]; }
  constructor() { super(); log.push("ctor " + this.localName + " attrs=" + this.attributes.length + " kids=" + this.childNodes.length + " conn=" + this.isConnected); }
  connectedCallback() { log.push("connected " + this.id + " kids=" + this.childNodes.length); }
  disconnectedCallback() { log.push("disconnected " + this.id); }
  adoptedCallback(o, n) { log.push("adopted " + this.id); }
  attributeChangedCallback(n, o, v, ns) { log.push("attr " + this.id + " " + n + " " + o + "->" + v + " " + ns); }
}
customElements.define("x-a", XA);
</script><x-a id=p1 v=1 w=2 z=3><b>kid</b></x-a><x-b id=b1></x-b><script>
log.push("after parse p1 " + (document.getElementById("p1") instanceof XA) + " b1 " + (document.getElementById("b1").constructor === HTMLElement));
var e = document.createElement("x-a"); log.push("created " + (e instanceof XA) + " " + e.isConnected);
e.id = "c1"; e.setAttribute("v", "9"); e.setAttribute("z", "9"); document.body.appendChild(e); e.remove();
document.body.insertAdjacentHTML("beforeend", "<x-a id=h1 v=h><i>k</i></x-a>");
var d = document.createElement("div"); d.innerHTML = "<x-a id=d1></x-a>"; log.push("detached " + (d.firstChild instanceof XA));
document.body.appendChild(d); log.push("attached " + (d.firstChild instanceof XA));
class XB extends HTMLElement { constructor(){ super(); log.push("ctor xb " + this.id); } connectedCallback(){ log.push("xb connected " + this.id); } }
customElements.define("x-b", XB);
log.push("b1 now " + (document.getElementById("b1") instanceof XB));
var errs = [t(function(){return new HTMLElement()}), t(function(){return customElements.define("xx", class extends HTMLElement{})}),
 t(function(){return customElements.define("x-a", class extends HTMLElement{})}), t(function(){return customElements.define("x-c", XA)}),
 t(function(){return customElements.define("x-d", function(){})}), t(function(){return customElements.define("x-e", 5)}),
 t(function(){return customElements.define("x-f", class extends HTMLParagraphElement{}, {extends:"p"})}),
 t(function(){return new CustomElementRegistry()}), String(customElements), String(customElements.get("x-a") === XA), String(customElements.get("nope")),
 t(function(){return customElements.getName(XA)}), t(function(){return customElements.getName(XB)}), t(function(){ class Y extends HTMLElement{}; return new Y(); }),
 t(function(){ class Z extends HTMLDivElement{}; customElements.define("x-z", Z); return new Z(); }),
 t(function(){ customElements.define("x-w", class extends HTMLElement { constructor(){ super(); return document.createElement("div"); } }); return document.createElement("x-w").localName; }),
 t(function(){ return document.querySelectorAll(":defined").length + " " + document.querySelectorAll("x-b:defined").length + " " + document.querySelectorAll("x-q:not(:defined)").length; }),
 String(Object.getOwnPropertyNames(CustomElementRegistry.prototype).sort()), typeof customElements.upgrade, typeof customElements.whenDefined];
var wd = customElements.whenDefined("x-later"); var wd2 = customElements.whenDefined("bad");
wd2.then(function(){log.push("wd2 ok")}, function(e){log.push("wd2 " + e.name)});
wd.then(function(c){log.push("wd " + (c && c.name))});
setTimeout(function(){ customElements.define("x-later", class XL extends HTMLElement{}); }, 10);
</script><x-q></x-q>
"""#)
        _ = engine.advance(by: 100)
        XCTAssertEqual(records, ["script error: file:///app/index.html:30:170: NotSupportedError: A newly constructed custom element has incorrect local name"])
        XCTAssertEqual(page.evaluate("JSON.stringify({log: log, errs: errs})"), .value(.string(#"""
{"log":["ctor x-a attrs=0 kids=0 conn=false","attr p1 v null->1 null","attr p1 w null->2 null","connected p1 kids=0","after parse p1 true b1 true","ctor x-a attrs=0 kids=0 conn=false","created true false","attr c1 v null->9 null","connected c1 kids=0","disconnected c1","ctor x-a attrs=2 kids=1 conn=true","attr h1 v null->h null","connected h1 kids=1","ctor x-a attrs=1 kids=0 conn=false","detached true","connected d1 kids=0","attached true","ctor xb b1","xb connected b1","b1 now true","wd2 SyntaxError","wd XL"],"errs":["TypeError: new.target is not a valid custom element constructor","SyntaxError: Custom element name must contain a hyphen","NotSupportedError: Cannot define multiple custom elements with the same tag name","NotSupportedError: Cannot define multiple custom elements with the same class","undefined","TypeError: The second argument must be a constructor","undefined","TypeError: Illegal constructor","[object CustomElementRegistry]","true","undefined","x-a","x-b","TypeError: new.target does not define a custom element","TypeError: Illegal constructor","x-w","12 1 0","constructor,define,get,getName,initialize,upgrade,whenDefined","function","function"]}
"""#)))
    }

    /// A constructor that breaks the rules gives a "failed" HTMLUnknownElement with the
    /// exception reported; `:defined` follows each element's state, not its name.
    func testFailedConstructionAndDefinedFollowTheElement() throws {
        let (page, records, _) = try load(#"""
<!DOCTYPE html><body><script>
var out = [];
function def(n, f) { customElements.define(n, class extends HTMLElement { constructor() { super(); f(this); } }); }
def("x-attr", function (e) { e.setAttribute("a", "1"); });
def("x-kid", function (e) { e.appendChild(document.createElement("i")); });
def("x-par", function (e) { document.body.appendChild(e); });
customElements.define("x-obj", class extends HTMLElement { constructor() { super(); return {}; } });
def("x-throw", function (e) { throw new Error("boom"); });
["x-attr", "x-kid", "x-par", "x-obj", "x-throw"].forEach(function (n) {
  try { var e = document.createElement(n); out.push(n + " " + Object.prototype.toString.call(e) + " " + e.localName + " " + (e.matches(":defined"))); } catch (x) { out.push(n + " threw " + x.name + ": " + x.message); }
});
class XU extends HTMLElement { constructor() { super(); out.push("xu ctor"); throw new Error("upgrade boom"); } }
var u = document.createElement("x-u"); document.body.appendChild(u);
customElements.define("x-u", XU);
out.push("u " + (u instanceof XU) + " " + u.matches(":defined") + " " + Object.prototype.toString.call(u));
class XD extends HTMLElement { constructor() { super(); } }
var det = document.createElement("x-d"); customElements.define("x-d", XD);
out.push("detached " + (det instanceof XD) + " " + det.matches(":defined")); document.body.appendChild(det); out.push("attached " + (det instanceof XD) + " " + det.matches(":defined"));
class XT extends HTMLElement { constructor() { super(); super(); } }
customElements.define("x-t", XT);
try { new XT(); } catch (x) { out.push("twice " + x.name + ": " + x.message); }
document.title = "done";
</script><template><x-d id=tpl></x-d></template><x-throw id=pt></x-throw><script>
var tplEl = document.querySelector("template").content.firstChild;
out.push("template " + (tplEl instanceof XD) + " " + tplEl.matches(":defined"));
var pt = document.getElementById("pt"); out.push("parsed throw " + Object.prototype.toString.call(pt) + " " + pt.matches(":defined"));
</script>
"""#)
        XCTAssertEqual(records, [
            "script error: file:///app/index.html:10:39: NotSupportedError: A newly constructed custom element must not have attributes",
            "script error: file:///app/index.html:10:39: NotSupportedError: A newly constructed custom element must not have child nodes",
            "script error: file:///app/index.html:10:39: NotSupportedError: A newly constructed custom element must not have a parent node",
            "script error: file:///app/index.html:10:39: TypeError: The result of constructing a custom element must be a HTMLElement",
            "script error: file:///app/index.html:8:46: Error: boom",
            "script error: file:///app/index.html:12:93: Error: upgrade boom",
            "script error: file:///app/index.html:8:46: Error: boom",
        ])
        XCTAssertEqual(page.evaluate("JSON.stringify(out)"), .value(.string(#"""
["x-attr [object HTMLUnknownElement] x-attr false","x-kid [object HTMLUnknownElement] x-kid false","x-par [object HTMLUnknownElement] x-par false","x-obj [object HTMLUnknownElement] x-obj false","x-throw [object HTMLUnknownElement] x-throw false","xu ctor","u true false [object HTMLElement]","detached false false","attached true true","twice ReferenceError: 'super()' can't be called more than once in a constructor.","template false false","parsed throw [object HTMLUnknownElement] false"]
"""#)))
    }

    /// A form-associated custom element and its ElementInternals: the form owner and disabled
    /// callbacks, `setFormValue` in the form's entries, validity and `invalid`, labels,
    /// `form.elements`, `:state()`, `:disabled`, reset; each line what WebKitGTK 2.50 printed
    /// for the same page.
    func testFormAssociatedCustomElementsAsInWebKit() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><form id=f><fieldset id=fs><my-input id=mi name=q></my-input></fieldset><label id=l for=mi>L</label></form><x-plain id=xp></x-plain><script>
var out = [];
var log = (x) => out.push(String(x));
class MyInput extends HTMLElement {
  static formAssociated = true;
  constructor() { super(); this.i = this.attachInternals(); }
  formAssociatedCallback(form) { log('assoc ' + (form && form.id)); }
  formDisabledCallback(d) { log('disabled ' + d); }
  formResetCallback() { log('reset'); }
}
customElements.define('my-input', MyInput);
class Plain extends HTMLElement {}
customElements.define('x-plain', Plain);
var mi = document.getElementById('mi'), i = mi.i;
try { mi.attachInternals(); } catch (e) { log(e.name + ': ' + e.message); }
try { document.createElement('div').attachInternals(); } catch (e) { log(e.name + ': ' + e.message); }
var pi = document.getElementById('xp').attachInternals();
try { pi.form; } catch (e) { log(e.name + ': ' + e.message); }
try { pi.setFormValue('x'); } catch (e) { log(e.name + ': ' + e.message); }
log(Object.prototype.toString.call(i) + ' ' + (i.form && i.form.id) + ' ' + i.willValidate + ' ' + i.validity.valid + ' [' + i.validationMessage + ']');
i.setFormValue('hello');
log([...new FormData(document.getElementById('f'))].join(';'));
var fd = new FormData(); fd.append('a', '1'); fd.append('b', '2'); i.setFormValue(fd);
log([...new FormData(document.getElementById('f'))].join(';'));
i.setFormValue(null);
log([...new FormData(document.getElementById('f'))].length);
try { i.setValidity({valueMissing: true}); } catch (e) { log(e.name + ': ' + e.message); }
i.setValidity({valueMissing: true}, 'need it');
log(i.validity.valid + ' ' + i.validity.valueMissing + ' ' + i.validationMessage + ' ' + i.checkValidity());
mi.addEventListener('invalid', () => log('invalid event'));
log(i.reportValidity() + ' ' + document.getElementById('f').checkValidity());
i.setValidity({});
log(i.validity.valid + ' [' + i.validationMessage + ']');
log(i.labels.length + ' ' + (document.getElementById('l').control === mi) + ' ' + document.getElementById('f').elements.length + ' ' + (document.getElementById('f').elements[1] === mi));
i.states.add('on'); log(i.states.has('on') + ' ' + i.states.size + ' ' + mi.matches(':state(on)') + ' ' + document.querySelectorAll(':state(on)').length);
try { i.states.add('--x'); log('ok --x'); } catch (e) { log(e.name); }
document.getElementById('fs').disabled = true;
log(mi.matches(':disabled') + ' ' + i.willValidate);
document.getElementById('f').reset();
document.body.appendChild(mi);
log(i.form);
log(typeof ElementInternals + ' ' + typeof CustomStateSet + ' ' + ('role' in i) + ' ' + ('shadowRoot' in i) + ' ' + i.shadowRoot);
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("out.join('\\n')"), .value(.string("assoc f\nNotSupportedError: There is already an existing ElementInternals\nNotSupportedError: attachInternals is only supported on a custom element instance\nNotSupportedError: The operation is not supported.\nNotSupportedError: The operation is not supported.\n[object ElementInternals] f true true []\nq,hello\na,1;b,2\n0\nTypeError: Type error\nfalse true need it false\ninvalid event\ninvalid event\nfalse false\ntrue []\n1 true 2 true\ntrue 1 true 1\nok --x\ndisabled true\ntrue false\nreset\ndisabled false\nassoc null\nnull\nfunction function true true null")))
    }


    /// `disabledFeatures` turns off `attachInternals` and `attachShadow`; the internals of an
    /// element that is not form-associated refuse the form members (WebKitGTK 2.50's values).
    func testDisabledFeaturesAndInternalsOfOtherElements() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><script>
var out = [];
class A extends HTMLElement { static disabledFeatures = ["internals", "shadow"]; }
customElements.define('a-a', A);
var a = new A();
try { a.attachInternals(); out.push('ok'); } catch (e) { out.push(e.name + ': ' + e.message); }
try { a.attachShadow({mode: 'open'}); out.push('ok'); } catch (e) { out.push(e.name + ': ' + e.message); }
class B extends HTMLElement {}
customElements.define('b-b', B);
var b = new B(), bi = b.attachInternals();
try { bi.setFormValue('x'); } catch (e) { out.push(e.name); }
out.push(String(bi.states.size), String(bi.shadowRoot));
window.out = out.join('|'); document.body.textContent = window.out;
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string(
            "NotSupportedError: attachInternals is disabled|NotSupportedError: The operation is not supported.|NotSupportedError|0|null")))
    }


    /// The form callbacks of a parsed, re-pointed (`form` attribute) and appended
    /// form-associated element, in WebKitGTK 2.50's order: `formAssociatedCallback` after
    /// `connectedCallback`, the disabled callback before it.
    func testFormCallbacksOfParsedAndInsertedElementsInWebKitsOrder() throws {
        let (page, records, _) = try load(#"""
<!doctype html><body><script>
var out = [];
class F extends HTMLElement {
  static formAssociated = true;
  static observedAttributes = ['x'];
  constructor() { super(); this.i = this.attachInternals(); out.push('ctor'); }
  connectedCallback() { out.push('connected ' + (this.i.form && this.i.form.id)); }
  attributeChangedCallback(n) { out.push('attr ' + n); }
  formAssociatedCallback(f) { out.push('assoc ' + (f && f.id)); }
  formDisabledCallback(d) { out.push('disabled ' + d); }
}
customElements.define('f-f', F);
</script><form id=a><fieldset disabled><f-f x=1 name=n></f-f></fieldset></form><form id=b></form><script>
var f = document.querySelector('f-f');
f.setAttribute('form', 'b'); out.push('after form attr');
f.removeAttribute('form'); out.push('after remove attr');
document.getElementById('a').remove(); out.push('after form removed');
var made = document.createElement('f-f'); out.push('made');
document.getElementById('b').appendChild(made); out.push('appended');
window.out = out.join(' | ');
</script>
"""#)
        XCTAssertEqual(records, [])
        XCTAssertEqual(page.evaluate("window.out"), .value(.string(
            "ctor | attr x | connected a | disabled true | assoc a | assoc b | after form attr | assoc a | after remove attr | "
            + "after form removed | ctor | made | connected b | assoc b | appended")))
    }

}
