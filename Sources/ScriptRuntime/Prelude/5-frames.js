// The windows of same-origin iframes (ScriptRuntime/Frames.swift). A frame's window is a global
// object of its own in the page world: it shares the page's wrappers, listeners and node
// caches (`frameLink`), and each global object takes the nodes the others wrapped.

/// This window's parent (itself at the top), its iframe element's ID, and its frames' count.
let parentWindow = G;
let frameElementID = -1;
let frameCount = 0;
/// This global object's own readers of its wrappers, kept when foreign nodes are let in.
let ownRealm = null;

/// The global object of the realm that made a wrapper this one did not (undefined for none).
function foreignRealm(value) {
    const realms = frameLink.realms;
    for (let i = 0; i < realms.length; i++) {
        const realm = realms[i];
        if (realm.global !== G && realm.isNode(value)) return realm;
    }
    return undefined;
}

/// The global object of the realm that made an event (undefined for none).
function eventRealm(value) {
    const realms = frameLink.realms;
    for (let i = 0; i < realms.length; i++) {
        const realm = realms[i];
        if (realm.global !== G && realm.isEvent(value)) return realm;
    }
    return undefined;
}

/// The interface names of a wrapper another global object made.
function foreignBrands(value) {
    const realm = foreignRealm(value);
    return realm === undefined ? undefined : realm.brands(value);
}

/// Lets this global object's DOM take the nodes the page world's other global objects wrapped.
function allowForeignNodes() {
    const ownIsNode = isNode, ownIdOf = idOf, ownInterfaceOf = interfaceOf;
    ownRealm = { global: G, isNode: ownIsNode, idOf: ownIdOf, interfaceOf: ownInterfaceOf,
                 brands: (value) => MapGet(interfaceBrands, ownInterfaceOf(value)),
                 isEvent: (value) => value instanceof Event,
                 dispatchEvent: (target, event) => ReflectApply(eventTargetMethods.dispatchEvent, target, [event]) };
    isNode = (value) => ownIsNode(value) || foreignRealm(value) !== undefined;
    idOf = (node) => {
        if (ownIsNode(node)) return ownIdOf(node);
        const realm = foreignRealm(node);
        return realm === undefined ? ownIdOf(node) : realm.idOf(node);
    };
    interfaceOf = (node) => {
        if (ownIsNode(node)) return ownInterfaceOf(node);
        const realm = foreignRealm(node);
        return realm === undefined ? ownInterfaceOf(node) : realm.interfaceOf(node);
    };
}

/// The shared state, made by the first window that gets a frame.
function sharedFrameLink() {
    if (frameLink === null) {
        frameLink = {
            strong: strongWrappers, weak: weakWrappers, realms: [], windows: new InternalMap(), documents: new InternalMap(),
            symbols: [KEEPER, NODE_CACHE, LISTENERS, HANDLERS, PARSER_REALM], liveRanges, liveIterators, top: G,
        };
        allowForeignNodes();
        appendOwn(frameLink.realms, ownRealm);
        MapSet(frameLink.documents, idOf(documentWrapper), G);
    }
    return frameLink;
}

/// What a new frame's window needs from this one, its parent.
function frameHandoff(elementID) {
    return { link: sharedFrameLink(), parent: G, element: elementID };
}

/// A new frame's window joins its parent's world: the wrappers made while it installed move
/// into the shared maps, and it takes the shared symbols.
function acceptFrameHandoff(handoff) {
    const link = handoff.link;
    strongWrappers.forEach((wrapper, id) => { MapSet(link.strong, id, wrapper); });
    weakWrappers.forEach((ref, id) => { MapSet(link.weak, id, ref); });
    strongWrappers = link.strong;
    weakWrappers = link.weak;
    KEEPER = link.symbols[0];
    NODE_CACHE = link.symbols[1];
    LISTENERS = link.symbols[2];
    HANDLERS = link.symbols[3];
    PARSER_REALM = link.symbols[4];
    // Every global object's tree changes move every live range and node iterator.
    for (let i = 0; i < liveRanges.length; i++) appendOwn(link.liveRanges, liveRanges[i]);
    for (let i = 0; i < liveIterators.length; i++) appendOwn(link.liveIterators, liveIterators[i]);
    liveRanges = link.liveRanges;
    liveIterators = link.liveIterators;
    frameLink = link;
    allowForeignNodes();
    appendOwn(link.realms, ownRealm);
    parentWindow = handoff.parent;
    frameElementID = handoff.element;
    MapSet(link.windows, handoff.element, G);
    MapSet(link.documents, idOf(documentWrapper), G);
}

/// The first navigation away from the initial about:blank keeps the window (HTML's "initial
/// about:blank" rule): it shows the new document.
function showFrameDocument(id) {
    MapDelete(frameLink.documents, idOf(documentWrapper));
    documentWrapper = wrap(id);
    MapSet(frameLink.documents, id, G);
}

/// An iframe's window went (the element left its document, or navigated to a new window).
function forgetFrame(elementID) {
    if (frameLink === null) return;
    const window = MapGet(frameLink.windows, elementID);
    if (window === undefined) return;
    MapDelete(frameLink.windows, elementID);
    let shown = -1;
    frameLink.documents.forEach((value, id) => { if (value === window) shown = id; });
    if (shown >= 0) MapDelete(frameLink.documents, shown);
}

/// `window[i]` and `window.length`: this document's frames' windows in tree order.
function updateFrameIndices() {
    const ids = N.frameElements();
    let count = 0;
    for (let i = 0; i < ids.length; i++) {
        const window = frameLink === null ? undefined : MapGet(frameLink.windows, ids[i]);
        if (window === undefined) continue;
        ObjectDefine(G, count, { value: window, writable: false, enumerable: true, configurable: true });
        count++;
    }
    for (let i = count; i < frameCount; i++) ReflectDeleteProperty(G, i);
    frameCount = count;
}

/// The top-level window of the page.
function topWindow() {
    if (crossOriginParent !== null) return crossOriginParent;
    return frameLink === null ? G : frameLink.top;
}

/// A frame of another origin than its parent sees its parent (and top) as a window it may not
/// read: every access throws WebKit's SecurityError.
let crossOriginParent = null;
function becomeCrossOriginFrame(origin) {
    crossOriginParent = crossOriginWindow(-1, origin);
    parentWindow = crossOriginParent;
}

/// A window of another origin as this one may see it (HTML §7.2.3 "cross-origin objects"):
/// `postMessage` (through the host, to `target`: -1 for this frame's parent, else the iframe
/// element's ID), `closed`, `length` and the window properties, which give the window back;
/// everything else throws WebKit's SecurityError.
function crossOriginWindow(target, origin) {
    const message = "Blocked a frame with origin \"" + origin + "\" from accessing a cross-origin frame. Protocols, domains, and ports must match.";
    const refuse = () => { throw domError("SecurityError", message); };
    let proxy = null;
    const post = markNative(function postMessage(message, targetOrigin = "/") {
        requireArguments(arguments.length, 1);
        // Windows of other origins share no objects: the message crosses serialized.
        N.crossOriginPost(target, serializeForTransfer(message), String(targetOrigin));
    }, "postMessage");
    const allowed = {
        postMessage: () => post, closed: () => false, length: () => 0, close: () => noOperation, focus: () => noOperation,
        blur: () => noOperation, window: () => proxy, self: () => proxy, frames: () => proxy, parent: () => proxy, top: () => proxy,
        opener: () => null,
    };
    const noOperation = markNative(function () {}, "");
    proxy = new Proxy({}, {
        // HTML's CrossOriginPropertyFallback: `then` and these symbols read as undefined.
        get: (_, key) => (typeof key === "string" && ObjectHasOwnProperty(allowed, key) ? allowed[key]()
            : key === "then" || key === Symbol.toStringTag || key === Symbol.hasInstance || key === Symbol.isConcatSpreadable ? undefined
                : refuse()),
        set: refuse, has: refuse, ownKeys: refuse, getOwnPropertyDescriptor: refuse, defineProperty: refuse, deleteProperty: refuse,
        getPrototypeOf: () => null, setPrototypeOf: refuse,
    });
    return proxy;
}

/// The windows of this document's cross-origin frames, by iframe element ID.
const crossOriginFrameWindows = new InternalMap();
function crossOriginFrameWindow(elementID) {
    let window = MapGet(crossOriginFrameWindows, elementID);
    if (window === undefined) {
        window = crossOriginWindow(elementID, N.selfOrigin());
        MapSet(crossOriginFrameWindows, elementID, window);
    }
    return window;
}

/// A message another origin's window posted here (`source`: -1 for this frame's parent, else
/// the iframe element it came from).
function crossOriginMessage(text, origin, source) {
    let data = null;
    try { data = deserializeTransfer(text); } catch (error) {}
    const sourceWindow = source < 0 ? crossOriginParent : crossOriginFrameWindow(source);
    dispatch(G, makeEvent("MessageEvent", "message", { data, origin, source: sourceWindow }), true);
}

function frameElementWrapper() {
    return frameElementID < 0 ? null : wrap(frameElementID);
}

/// An iframe's window (null without one; a cross-origin frame's as `crossOriginWindow`).
function frameWindowOf(element) {
    if (N.frameIsOpaque(idOf(element))) return crossOriginFrameWindow(idOf(element));
    if (frameLink === null) return null;
    const window = MapGet(frameLink.windows, idOf(element));
    return window === undefined ? null : window;
}

/// The window whose document this is (null for a document without one).
function windowOfDocument(id) {
    if (id === idOf(documentWrapper)) return G;
    if (frameLink === null) return null;
    const window = MapGet(frameLink.documents, id);
    return window === undefined ? null : window;
}

/// Whether a document is this window's (the one whose URL, cookies and writes are this window's).
function isWindowDocument(document) {
    return idOf(document) === idOf(documentWrapper);
}
