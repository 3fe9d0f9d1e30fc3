// The global object as a window, the DOM's interfaces as globals, and the host's entry point.

newWrapper = function (id, info) {
    if (typeof info === "string") {
        let cls = elementClassForTag(info);
        if (cls === undefined) cls = validCustomElementName.test(info) ? HTMLElement : elementClassNamed("HTMLUnknownElement");
        return new cls(KEY, id);
    }
    switch (info) {
    case 1: return new (foreignElementClass(N.ns(id), N.tag(id)))(KEY, id);
    case 3: return new Text(KEY, id);
    case 8: return new Comment(KEY, id);
    case 4: return new CDATASection(KEY, id);
    case 7: return new ProcessingInstruction(KEY, id);
    case 10: return new DocumentType(KEY, id);
    case 9:
        if (N.contentType(id) !== "text/html") return new XMLDocument(KEY, id);
        // An HTML document's reads ask the host for its named properties first.
        nextWrapperObject = N.namedDocumentObject(id, documentNamedProperty) ?? null;
        return new HTMLDocument(KEY, id);
    case 11: {
        const fragment = new DocumentFragment(KEY, id);
        if (shadowRootCount > 0 && N.shadowHost(id) >= 0) ObjectSetPrototypeOf(fragment, ShadowRoot.prototype);
        return fragment;
    }
    default: throw typeError("Unknown node");
    }
};

/// A document's named property (HTML §3.1.6, [LegacyOverrideBuiltIns]): over its interface's
/// members, under its own properties; one element (an iframe's window for an iframe), or a
/// live HTMLCollection of them all; undefined to read on.
function documentNamedProperty(id, name) {
    const document = wrap(id);
    // `location` is [LegacyUnforgeable]: an own property in WebKit, which no name hides.
    if (name === "location" || ReflectGetOwnPropertyDescriptor(document, name) !== undefined) return undefined;
    const ids = N.documentNamedElements(id, name);
    if (ids.length === 0) return undefined;
    if (ids.length === 1) {
        const element = wrap(ids[0]);
        return N.tag(ids[0]) === "iframe" ? element.contentWindow : element;
    }
    return liveCollection(() => N.documentNamedElements(id, name));
}

// WebIDL's chain: the window, Window.prototype, the named properties object, EventTarget.prototype.
// A global object's own prototype link is immutable in JavaScriptCore, so Window.prototype is
// the prototype object of the global object's class (JavaScriptCoreAdapter), whose link is not.
const Window = function Window() { throw typeError("Illegal constructor"); };
{
    // The named properties object asks the host first for a name it does not have itself (a
    // native lookup in a set of the document's names, so a miss costs no script).
    const windowProperties = N.windowProperties(windowNamedProperty) ?? {};
    ObjectSetPrototypeOf(windowProperties, EventTarget.prototype);
    ObjectDefine(windowProperties, Symbol.toStringTag, { value: "WindowProperties", configurable: true });
    const prototype = ObjectGetPrototypeOf(G) !== Object.prototype ? ObjectGetPrototypeOf(G) : Object.create(windowProperties);
    ObjectSetPrototypeOf(prototype, windowProperties);
    ObjectDefine(prototype, "constructor", { value: Window, writable: true, enumerable: false, configurable: true });
    ObjectDefine(prototype, Symbol.toStringTag, { value: "Window", configurable: true });
    ObjectDefine(Window, "prototype", { value: prototype, writable: false, enumerable: false, configurable: false });
    ObjectSetPrototypeOf(Window, EventTarget);
    if (ObjectGetPrototypeOf(G) !== prototype) {
        for (const key of Object.keys(eventTargetMethods)) defineGlobal(key, eventTargetMethods[key]);
    }
}

/// The value of the window's named property `name` (HTML §7.2.2.3): a child frame's window,
/// else the one element, else a live collection of them; undefined when an object further up
/// the chain has the property (WebIDL's named property visibility) or nothing is named so.
function windowNamedProperty(name) {
    for (let proto = EventTarget.prototype; proto !== null; proto = ObjectGetPrototypeOf(proto)) {
        if (ReflectGetOwnPropertyDescriptor(proto, name) !== undefined) return undefined;
    }
    const frameIDs = N.frameElements();
    for (let i = 0; i < frameIDs.length; i++) {
        if (N.attr(frameIDs[i], "name") !== name) continue;
        const window = frameLink === null ? undefined : MapGet(frameLink.windows, frameIDs[i]);
        if (window !== undefined) return window;
    }
    const elements = N.windowNamedElements(name);
    if (elements.length === 0) return undefined;
    if (elements.length === 1) return wrap(elements[0]);
    return liveCollection(() => N.windowNamedElements(name));
}

/// This window's document (a frame's changes when it first navigates away from about:blank).
let documentWrapper = wrap(C.documentID);
const locationObject = new Location(KEY);
const historyObject = new History(KEY);
const navigatorObject = new Navigator(KEY);

// The window's attributes: constants and objects as data properties (assigning the
// "replaceable" ones replaces them), the rest as getters; objects few pages use made lazily.
for (const [name, value] of [["opener", null],
    ["closed", false], ["innerWidth", viewportWidth], ["innerHeight", viewportHeight], ["outerWidth", 390], ["outerHeight", 844],
    ["devicePixelRatio", 3], ["scrollX", 0], ["scrollY", 0], ["pageXOffset", 0], ["pageYOffset", 0], ["screenX", 0],
    ["screenY", 0], ["screenLeft", 0], ["screenTop", 0], ["orientation", 0], ["visualViewport", null], ["status", ""],
    ["navigator", navigatorObject], ["history", historyObject], ["console", consoleObject]]) {
    ObjectDefine(G, name, { value, writable: true, enumerable: true, configurable: true });
}
// WebKit's accessors: `window`, `document` and `top` unforgeable; `self`, `parent`, `frames` and
// `length` [Replaceable] (assigning one replaces it with a data property); `frameElement` read-only.
for (const [name, getter] of [["window", () => G], ["document", () => documentWrapper], ["top", () => topWindow()]]) {
    ObjectDefine(G, name, { get: markNative(getter, name), set: undefined, enumerable: true, configurable: false });
}
for (const [name, getter] of [["self", () => G], ["parent", () => parentWindow], ["frames", () => G], ["length", () => frameCount]]) {
    ObjectDefine(G, name, {
        get: markNative(getter, name),
        set: markNative(function (value) { ObjectDefine(G, name, { value, writable: true, enumerable: true, configurable: true }); }, name),
        enumerable: true, configurable: true,
    });
}
ObjectDefine(G, "frameElement", { get: markNative(() => frameElementWrapper(), "frameElement"), enumerable: true, configurable: true });
for (const [name, getter] of [["event", () => currentEvent], ["origin", () => N.selfOrigin()],
    ["isSecureContext", () => /^(https:|file:)/.test(N.url())]]) {
    // `event` and `origin` are [Replaceable]: assigning one replaces it with a data property.
    const setter = name === "isSecureContext" ? undefined : markNative(function (value) {
        ObjectDefine(G, name, { value, writable: true, enumerable: true, configurable: true });
    }, name);
    ObjectDefine(G, name, { get: markNative(getter, name), set: setter, enumerable: true, configurable: true });
}
for (const [name, make] of [["screen", () => new (windowObjectInterface("Screen"))()],
    ["performance", () => new (windowObjectInterface("Performance"))()], ["crypto", () => new (windowObjectInterface("Crypto"))()],
    ["localStorage", () => makeStorage("local")], ["sessionStorage", () => makeStorage("session")],
    ["customElements", customElementRegistry]]) {
    let made;
    ObjectDefine(G, name, { get: markNative(() => made === undefined ? (made = make()) : made, name), enumerable: true, configurable: true });
}
ObjectDefine(G, "location", {
    get: markNative(() => locationObject, "location"),
    set: markNative((value) => { locationObject.href = value; }, "location"),
    enumerable: true, configurable: false,
});
let windowName = "";
ObjectDefine(G, "name", { get: () => windowName, set: (value) => { windowName = String(value); }, enumerable: true, configurable: true });

defineHandlerProperties(G, ["abort", "afterprint", "animationend", "beforeprint", "beforeunload", "blur", "change", "click",
    "contextmenu", "dblclick", "devicemotion", "deviceorientation", "error", "focus", "hashchange", "input", "keydown",
    "keypress", "keyup", "languagechange", "load", "message", "messageerror", "mousedown", "mousemove", "mouseout",
    "mouseover", "mouseup", "offline", "online", "orientationchange", "pagehide", "pageshow", "popstate", "rejectionhandled",
    "reset", "resize", "scroll", "slotchange", "storage", "submit", "touchcancel", "touchend", "touchmove", "touchstart", "transitionend",
    "unhandledrejection", "unload", "wheel", "webkitAnimationEnd", "webkitAnimationIteration", "webkitAnimationStart",
    "webkitTransitionEnd", "animationstart",
    "animationiteration", "transitionrun", "transitionstart", "transitioncancel", "gesturestart", "gesturechange", "gestureend"]);

const functions = {
    setTimeout, setInterval, clearTimeout, clearInterval, requestAnimationFrame, cancelAnimationFrame,
    webkitRequestAnimationFrame: requestAnimationFrame, webkitCancelAnimationFrame: cancelAnimationFrame,
    queueMicrotask, alert, confirm, prompt, open, postMessage, getComputedStyle, matchMedia, atob, btoa,
    structuredClone, fetch: networkInterface, reportError: (error) => reportException(error),
    getSelection: () => currentSelection(),
    close() {}, stop() {}, focus() {}, blur() {}, print() {}, moveTo() {}, moveBy() {}, resizeTo() {}, resizeBy() {},
    scroll() {}, scrollTo() {}, scrollBy() {}, captureEvents() {}, releaseEvents() {},
};
const lazyInterfaceFamilies = new Set([networkInterface, urlInterface, encodingInterface, parsingInterface, traversalInterface,
    rangeInterface, mutationInterface, windowObjectInterface, formExtraInterface, styleSheetInterface]);
defineGlobals(Object.keys(functions), functions, false);

// The interfaces, in this order on the window; those of a family of `lazyInterfaceFamilies`
// are made the first time a page reads one of their globals.
const interfaces = {
    EventTarget, Node, CharacterData, Text, CDATASection, ProcessingInstruction, Comment, Element, HTMLElement, Document, HTMLDocument,
    XMLDocument, DocumentFragment, ShadowRoot, CustomElementRegistry, DocumentType, DOMImplementation, DOMParser: parsingInterface, XMLSerializer: parsingInterface, XSLTProcessor: parsingInterface,
    Attr, NamedNodeMap, NodeList, HTMLCollection, HTMLFormControlsCollection: formExtraInterface, HTMLOptionsCollection: formExtraInterface,
    RadioNodeList: formExtraInterface,
    DOMTokenList, DOMStringMap, CSSStyleDeclaration, DOMRect, DOMRectReadOnly, AbstractRange: rangeInterface, Range: rangeInterface, StaticRange: rangeInterface,
    TreeWalker: traversalInterface, NodeIterator: traversalInterface, NodeFilter: traversalInterface,
    DOMException, Event, ValidityState: formExtraInterface, FileList: formExtraInterface, FormData,
    ElementInternals: elementInternalsInterface, CustomStateSet: elementInternalsInterface,
    Window, Location, History, Navigator, Screen: windowObjectInterface, Storage: windowObjectInterface,
    MediaQueryList: windowObjectInterface, Selection: rangeInterface,
    MediaList: styleSheetInterface, StyleSheet: styleSheetInterface, CSSStyleSheet: styleSheetInterface,
    StyleSheetList: styleSheetInterface, CSSRuleList: styleSheetInterface, CSSRule: styleSheetInterface,
    CSSStyleRule: styleSheetInterface, CSSGroupingRule: styleSheetInterface, CSSConditionRule: styleSheetInterface,
    CSSMediaRule: styleSheetInterface, CSSSupportsRule: styleSheetInterface, CSSKeyframesRule: styleSheetInterface,
    CSSImportRule: styleSheetInterface, CSSFontFaceRule: styleSheetInterface, CSSPageRule: styleSheetInterface,
    CSSNamespaceRule: styleSheetInterface, CSSLayerBlockRule: styleSheetInterface, CSSLayerStatementRule: styleSheetInterface,
    Performance: windowObjectInterface, Crypto: windowObjectInterface, URL: urlInterface, URLSearchParams: urlInterface, TextEncoder: encodingInterface,
    TextDecoder: encodingInterface, Blob: networkInterface, File: networkInterface, FileReader: networkInterface,
    Headers: networkInterface, Request: networkInterface, Response: networkInterface, AbortController: networkInterface,
    AbortSignal: networkInterface, XMLHttpRequest: networkInterface, XMLHttpRequestEventTarget: networkInterface,
    XMLHttpRequestUpload: networkInterface, MutationObserver: mutationInterface, MutationRecord: mutationInterface,
};
defineGlobals(Object.keys(interfaces), interfaces, true);
// ChildNode's and ParentNode's [Unscopable] members.
for (const [cls, names] of [[Element, ["after", "append", "before", "prepend", "remove", "replaceChildren", "replaceWith"]],
    [CharacterData, ["after", "before", "remove", "replaceWith"]], [DocumentType, ["after", "before", "remove", "replaceWith"]],
    [Document, ["append", "prepend", "replaceChildren"]], [DocumentFragment, ["append", "prepend", "replaceChildren"]]]) {
    const unscopables = { __proto__: null };
    for (const name of names) unscopables[name] = true;
    ObjectDefine(cls.prototype, Symbol.unscopables, { value: unscopables, configurable: true });
}
// The hand-written interfaces' class strings and enumerable members (the generated ones have
// theirs from finishInterface).
for (const name in interfaces) {
    const value = interfaces[name];
    if (typeof value !== "function" || value.name !== name || value.prototype === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(value.prototype, Symbol.toStringTag)) {
        ObjectDefine(value.prototype, Symbol.toStringTag, { value: name, configurable: true });
    }
    enumerableMembers(value);
}
markClass(ComputedStyle);
defineLazyGlobals(elementInterfaceNames, elementClassNamed);
defineLazyGlobals(eventInterfaceNames, eventClassNamed);
defineLazyGlobals(["Option", "Image", "Audio"], legacyConstructorNamed);

/// Defines `names` as globals the way WebIDL does (writable, configurable, not enumerable) and
/// native-looking, with their values in `values` (classes, whose members are marked too, when
/// `classes`); a value that is a family of `lazyInterfaceFamilies` is made on first use. One
/// loop, not calls per global: a new global object defines some 250 of them.
function defineGlobals(names, values, classes) {
    for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const value = values[name];
        if (lazyInterfaceFamilies.has(value)) {
            defineLazyGlobals([name], value);
            continue;
        }
        pendingNatives.push(value, name);
        if (classes) nativeClasses.push(value);
        ObjectDefine(G, name, { value, writable: true, configurable: true, enumerable: false });
    }
}

/// Globals whose value `make(name)` makes on first use (element and event interfaces, families
/// of interfaces, constructors): until then accessors, not enumerable, that assigning replaces.
function defineLazyGlobals(names, make) {
    for (let i = 0; i < names.length; i++) {
        const name = names[i];
        // In an array, not as `get:`/`set:` values, so that they keep the empty name they have always had.
        const accessors = [
            function () { const value = make(name); defineGlobal(name, value); return value; },
            function (value) { defineGlobal(name, value); },
        ];
        pendingNatives.push(accessors[0], name, accessors[1], name);
        ObjectDefine(G, name, { get: accessors[0], set: accessors[1], enumerable: false, configurable: true });
    }
}

function legacyConstructorNamed(name) {
    const constructor = name === "Option" ? Option : name === "Image" ? Image : Audio;
    const className = name === "Option" ? "HTMLOptionElement" : name === "Image" ? "HTMLImageElement" : "HTMLAudioElement";
    constructor.prototype = elementClassNamed(className).prototype;
    return markNative(constructor, name);
}

// The hand-written node interfaces' brands (the generated ones register themselves).
registerInterface(EventTarget, "EventTarget", null);
registerInterface(Node, "Node", EventTarget);
registerInterface(CharacterData, "CharacterData", Node);
registerInterface(Text, "Text", CharacterData);
registerInterface(Comment, "Comment", CharacterData);
registerInterface(CDATASection, "CDATASection", Text);
registerInterface(ProcessingInstruction, "ProcessingInstruction", CharacterData);
registerInterface(Attr, "Attr", Node);
registerInterface(Element, "Element", Node);
registerInterface(HTMLElement, "HTMLElement", Element);
registerInterface(Document, "Document", Node);
registerInterface(HTMLDocument, "HTMLDocument", Document);
registerInterface(XMLDocument, "XMLDocument", Document);
registerInterface(DocumentFragment, "DocumentFragment", Node);
registerInterface(ShadowRoot, "ShadowRoot", DocumentFragment);
registerInterface(CustomElementRegistry, "CustomElementRegistry", null);
registerInterface(DocumentType, "DocumentType", Node);

platformClasses.push(Node, EventTarget, Event, NodeList, HTMLCollection, NamedNodeMap, DOMTokenList, CSSStyleDeclaration,
    ComputedStyle, Location, History, Navigator, DOMImplementation, FormData, DOMRectReadOnly, DOMStringMap, CustomElementRegistry);
markNative(wrapAll);
const CSS = { supports() { return false; }, escape(value) { return String(value).replace(/([^\w-])/g, "\\$1"); } };
markNative(CSS.supports, "supports");
markNative(CSS.escape, "escape");
defineGlobal("CSS", CSS);

// ---------------------------------------------------------------------------------------------
// What `evaluateJavaScript` gives the app: WebKit's conversion (webkit-bridge-facts.md §2.1),
// as tagged JSON the runtime decodes.

function convertResult(value) {
    return taggedJSON(value, OriginalDate, OriginalPromise, (input) => isPlatformObject(input) || input === G, C.messageLimit);
}

function dispatchAt(target, event, targetOverride) {
    if (targetOverride === undefined) return dispatch(target, event, true);
    eventState.begin(event, targetOverride, true);
    eventState.setPath(event, [target]);
    const serial = N.foreignDispatchSerial();
    try {
        invokeListeners(target, event, 2, true);
        if (serial !== 0) invokeForeign(target, event, 2, true, serial);
        if (!eventState.stopped(event)) {
            invokeListeners(target, event, 2, false);
            if (serial !== 0) invokeForeign(target, event, 2, false, serial);
        }
    } finally {
        eventState.end(event);
    }
    eventState.retarget(event, targetOverride);
    return !event.defaultPrevented;
}

/// Types a text into a control as the keyboard would: an `input` event per character
/// (maxlength honoured), then `change`.
function fillControl(control, text) {
    focusElement(control, true);
    const id = idOf(control);
    if (N.value(id) !== "") N.setValue(id, "");
    const limit = control.maxLength === undefined ? -1 : control.maxLength;
    for (const character of text) {
        if (limit >= 0 && N.value(id).length >= limit) break;
        N.setValue(id, N.value(id) + character, true);
        const lineBreak = character === "\n";
        dispatch(control, makeEvent("InputEvent", "input", { bubbles: true, composed: true, data: lineBreak ? null : character,
            inputType: lineBreak ? "insertLineBreak" : "insertText" }), true);
    }
    dispatch(control, new Event("change", { bubbles: true }), true);
}

function chooseOption(select, option) {
    N.setSelected(idOf(option), true);
    dispatch(select, new Event("input", { bubbles: true, composed: true }), true);
    dispatch(select, new Event("change", { bubbles: true }), true);
}

// ---------------------------------------------------------------------------------------------
// The WebKit bridge (bridge.md): `window.webkit.messageHandlers` in a world with handlers
// (LocalDOMWindow::shouldHaveWebKitNamespaceForWorld), replies, and the app's calls.

const JSONParse = JSON.parse;
const JSONStringify = JSON.stringify;

/// Tagged JSON from the app (ResultValueCoding.swift) as this world's values.
function reviveResult(json) {
    return revivedValue(json, OriginalDate);
}

const pendingReplies = new Map();
const handlerNames = N.handlerNames();
if (handlerNames.length > 0) {
    const handlerName = new WeakMap();
    class UserMessageHandler {
        constructor() { throw typeError("Illegal constructor"); }
        postMessage(message) {
            const name = handlerName.get(this);
            if (name === undefined) {
                return OriginalPromise.reject(typeError("Can only call UserMessageHandler.postMessage on instances of UserMessageHandler"));
            }
            if (arguments.length === 0) return OriginalPromise.reject(typeError("Not enough arguments"));
            // The legacy IDL's SerializedScriptValue argument: what cannot be cloned rejects.
            const body = convertResult(message);
            if (body === null) return OriginalPromise.reject(domError("DataCloneError"));
            // WebKit's IPC has no bound short of crashing the web content process: the message
            // is refused here instead (DECISIONS.md, issue 23).
            if (body === false) {
                return OriginalPromise.reject(domError("DataCloneError", "The message is too large to send to the app: longer than "
                    + C.messageLimit / 1048576 + " MB once serialised."));
            }
            return new OriginalPromise((resolve, reject) => { pendingReplies.set(N.postMessage(name, body), [resolve, reject]); });
        }
    }
    class UserMessageHandlersNamespace {
        constructor() { throw typeError("Illegal constructor"); }
    }
    class WebKitNamespace {
        constructor() { throw typeError("Illegal constructor"); }
    }
    for (const cls of [UserMessageHandler, UserMessageHandlersNamespace, WebKitNamespace]) {
        markClass(cls);
        platformClasses.push(cls);
        ObjectDefine(cls.prototype, Symbol.toStringTag, { value: cls.name, configurable: true });
    }
    // Handlers are named properties no one enumerates (supportedPropertyNames is empty).
    const namespace = Object.create(UserMessageHandlersNamespace.prototype);
    for (const name of handlerNames) {
        const handler = Object.create(UserMessageHandler.prototype);
        handlerName.set(handler, name);
        ObjectDefine(namespace, name, { value: handler, enumerable: false, writable: false, configurable: false });
    }
    ObjectDefine(WebKitNamespace.prototype, "messageHandlers", { get: markNative(() => namespace, "messageHandlers"), enumerable: true, configurable: true });
    const webkitObject = Object.create(WebKitNamespace.prototype);
    ObjectDefine(G, "webkit", { get: markNative(() => webkitObject, "webkit"), enumerable: true, configurable: false });
}

/// Another world dispatches an event: this world's listeners on the same target run on a
/// mirror of it (one per dispatch), whose cancel and stops go back as flags.
let foreignEvent = null;
let foreignSerial = 0;
function foreignDispatch(reference, type, phase, capture, info, serial, skipAttributeHandlers) {
    const target = reference === -2 ? G : wrap(reference);
    if (foreignEvent === null || foreignSerial !== serial) {
        // `info` holds primitives only (NativeBridge copies them): nothing of the other realm.
        const init = { bubbles: info[1] === true, cancelable: info[2] === true, composed: info[3] === true };
        let event;
        try { event = makeEvent(String(info[0]), type, init); } catch (e) { event = new Event(type, init); }
        eventState.begin(event, info[4] === -2 ? G : info[4] >= 0 ? wrap(info[4]) : target, info[5] === true);
        foreignEvent = event;
        foreignSerial = serial;
    }
    const event = foreignEvent;
    eventState.setPath(event, [target]);
    if (info[6] === true) eventState.cancel(event);
    const previousEvent = currentEvent;
    currentEvent = event;
    try {
        invokeListeners(target, event, phase, capture, skipAttributeHandlers);
    } finally {
        currentEvent = previousEvent;
    }
    return (eventState.mirrored(event)[6] ? 1 : 0) | (eventState.stopped(event) ? 2 : 0) | (eventState.stoppedImmediately(event) ? 4 : 0);
}

/// The app's callAsyncJavaScript: `fn` is the async function WebKit builds from the body.
function callAsync(fn, argumentsJSON, token) {
    let promise;
    try {
        promise = fn.apply(G, reviveResult(argumentsJSON));
    } catch (error) {
        N.asyncSettled(token, false, String(error));
        return;
    }
    promiseThen.call(promise, (value) => { const json = convertResult(value); N.asyncSettled(token, true, json === false ? null : json); },
        (reason) => { let text; try { text = String(reason); } catch (e) { text = "Error"; } N.asyncSettled(token, false, text); });
}

// WebKit's RejectedPromiseTracker reports in a task it queues, not in the microtask checkpoint:
// the next parser-inserted script runs first, and a timer set in the same task after.
N.setRejectionHandler(markNative(function (promise, reason) { postTask(() => reportRejection(promise, reason)); }, "rejection"));
installingNatives = false;

return function host(op, a, b, c, d, e, f, g) {
    switch (op) {
    case "timer": runTimer(a); return;
    case "forbidEval": forbidEval(a); return;
    case "policyViolation": dispatchPolicyViolation(a, b); return;
    case "task": {
        const callback = pendingTasks.get(a);
        pendingTasks.delete(a);
        if (callback !== undefined) callback();
        return;
    }
    case "load": deliverLoad(a, b, c); return;
    case "click": return activate(wrap(a), true);
    case "focus": focusElement(wrap(a), true); return;
    case "blur": blurElement(wrap(a), true); return;
    case "fill": fillControl(wrap(a), b); return;
    case "select": chooseOption(wrap(a), wrap(b)); return;
    case "submit": submitForm(wrap(a), null, false, true); return;
    case "reset": resetForm(wrap(a), true); return;
    case "readystatechange": dispatch(documentWrapper, new Event("readystatechange"), true); return;
    case "DOMContentLoaded":
        dispatch(documentWrapper, new Event("DOMContentLoaded", { bubbles: true }), true);
        startParsedAnimations();
        return;
    case "windowload":
        dispatchAt(G, new Event("load"), documentWrapper);
        dispatchAt(G, makeEvent("PageTransitionEvent", "pageshow", { persisted: false }), documentWrapper);
        return;
    case "scriptEvent": dispatch(wrap(a), new Event(b), true); return;
    case "uncaught": reportError(b, c, d, e, a, true); return;
    case "rejection": reportRejection(a, b); return;
    case "popstate":
        currentStateID = a;
        dispatch(G, makeEvent("PopStateEvent", "popstate", { state: currentStateID === 0 ? null : historyStates.get(currentStateID) ?? null }), true);
        if (b !== c) dispatch(G, makeEvent("HashChangeEvent", "hashchange", { oldURL: b, newURL: c }), true);
        return;
    case "convert": { const json = convertResult(a); return json === false ? null : json; }
    case "reply": {
        const entry = pendingReplies.get(a);
        pendingReplies.delete(a);
        if (entry === undefined) return;
        if (b) entry[0](reviveResult(c));
        else entry[1](new Error(c));
        return;
    }
    case "callAsync": callAsync(a, b, c); return;
    case "foreign": return foreignDispatch(a, b, c, d, e, f, g);
    case "sweep": return sweepWrappers(a);
    case "frameHandoff": return frameHandoff(a);
    case "frameAccept": return acceptFrameHandoff;
    case "patternMatches": return patternMatches(a, b);
    case "javascriptURL": { const result = runJavaScriptURL(a); return typeof result === "string" ? result : null; }
    case "frameDocument": showFrameDocument(a); return;
    case "frameDetached": forgetFrame(a); return;
    case "frameIndices": updateFrameIndices(); return;
    case "crossOriginFrame": becomeCrossOriginFrame(a); return;
    case "crossOriginMessage": crossOriginMessage(a, b, c); return;
    case "parserInserted": parserInserted(a); return;
    case "parsedCustomElement": parsedCustomElement(a); return;
    case "pagehide": dispatchAt(G, makeEvent("PageTransitionEvent", "pagehide", { persisted: false }), documentWrapper); return;
    }
};
