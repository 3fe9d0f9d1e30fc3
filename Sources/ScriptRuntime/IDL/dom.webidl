// Interfaces of the DOM Standard (https://dom.spec.whatwg.org/) whose classes are still
// hand-written in Prelude/*.js: [WebnavHandWritten] tells BindingsGenerator to make nothing for
// them. They are here so that generated interfaces can inherit from them and name them as
// argument types (brand checks know them). Their members are the classes' until they are
// ported: an IDL file plus its implementation object, as the element interfaces are.

[Exposed=*, WebnavHandWritten]
interface EventTarget {};

[Exposed=Window, WebnavHandWritten]
interface Node : EventTarget {};

[Exposed=Window, WebnavHandWritten]
interface CharacterData : Node {};

[Exposed=Window, WebnavHandWritten]
interface Text : CharacterData {};

[Exposed=Window, WebnavHandWritten]
interface Comment : CharacterData {};

[Exposed=Window, WebnavHandWritten]
interface Attr : Node {};

[Exposed=Window, WebnavHandWritten]
interface Document : Node {};

[Exposed=Window, WebnavHandWritten]
interface HTMLDocument : Document {};

[Exposed=Window, WebnavHandWritten]
interface XMLDocument : Document {};

[Exposed=Window, WebnavHandWritten]
interface DocumentFragment : Node {};

[Exposed=Window, WebnavHandWritten]
interface DocumentType : Node {};

[Exposed=Window, WebnavHandWritten]
interface Element : Node {};

// HTML's HTMLElement and SVG's SVGElement, hand-written as well.
[Exposed=Window, WebnavHandWritten]
interface HTMLElement : Element {};

[Exposed=Window, WebnavHandWritten]
interface SVGElement : Element {};

[Exposed=Window, WebnavHandWritten]
interface SVGSVGElement : SVGElement {};

// Interfaces generated members return or take, not nodes (no brand checks against them yet).
[Exposed=Window, WebnavHandWritten]
interface DOMTokenList {};

[Exposed=Window, WebnavHandWritten]
interface HTMLCollection {};

[Exposed=Window, WebnavHandWritten]
interface HTMLFormControlsCollection : HTMLCollection {};

[Exposed=Window, WebnavHandWritten]
interface HTMLOptionsCollection : HTMLCollection {};

[Exposed=Window, WebnavHandWritten]
interface NodeList {};

[Exposed=Window, WebnavHandWritten]
interface ValidityState {};

[Exposed=Window, WebnavHandWritten]
interface FileList {};

[Exposed=Window, WebnavHandWritten]
interface WindowProxy {};
