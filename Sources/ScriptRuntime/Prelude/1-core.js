// The DOM over PageKit's node tree: wrappers (one per node per world), nodes, elements,
// documents, collections, attributes, class lists, datasets and inline styles.
//
// Evaluated once per global object as the body of `function (N, C)`: N holds the native
// functions over node IDs (ScriptRuntime/NativeDOM.swift), C the world's configuration.

"use strict";
const G = globalThis;
const ObjectDefine = Object.defineProperty;
/// `eval`, `Function` and `RegExp` as they were before any page script (or a Content-Security-Policy
/// without 'unsafe-eval') could replace them: the prelude compiles handlers and timers with these.
const OriginalEval = G.eval;
const OriginalRegExp = RegExp;
const OriginalFunction = G.Function;
const FunctionToString = Function.prototype.toString;
const nativeLooking = new WeakMap();

/// Makes a function stringify as WebKit's own functions do (`function name() { [native code] }`):
/// jQuery's Sizzle and Vue trust only native-looking DOM methods (webkit-bridge-facts.md §6).
///
/// While the prelude installs, the marks wait in a list that the first stringification applies
/// in order: ~600 WeakMap entries cost every new global object more than pages ever use them.
function markNative(f, name) {
    if (installingNatives) pendingNatives.push(f, name === undefined && typeof f === "function" ? f.name : name);
    else setNative(f, name);
    return f;
}
function setNative(f, name) {
    if (typeof f === "function" && !nativeLooking.has(f)) nativeLooking.set(f, name === undefined ? f.name : name);
}
let installingNatives = true;
const pendingNatives = [];
const toStringPatched = {
    toString() {
        if (pendingNatives.length || nativeClasses.length) markPendingClasses();
        if (nativeLooking.has(this)) return "function " + nativeLooking.get(this) + "() {\n    [native code]\n}";
        return FunctionToString.call(this);
    }
}.toString;
ObjectDefine(Function.prototype, "toString", { value: toStringPatched, writable: true, configurable: true, enumerable: false });
markNative(toStringPatched, "toString");

/// Classes whose members are marked native the first time a function is stringified: most
/// pages never ask, and marking ~2,000 members costs a new global object a millisecond.
const nativeClasses = [];

function markClass(cls) {
    markNative(cls);
    nativeClasses.push(cls);
    return cls;
}

function markPendingClasses() {
    const pending = pendingNatives.splice(0);
    for (let i = 0; i < pending.length; i += 2) setNative(pending[i], pending[i + 1]);
    while (nativeClasses.length) markMembers(nativeClasses.pop());
}

/// Marks a class's members (methods, accessors, static members) as native.
function markMembers(cls) {
    for (const target of [cls, cls.prototype]) {
        if (!target) continue;
        for (const key of Reflect.ownKeys(target)) {
            const d = Object.getOwnPropertyDescriptor(target, key);
            const name = typeof key === "symbol" ? "" : key;
            if (typeof d.value === "function" && key !== "constructor") setNative(d.value, name);
            if (d.get) setNative(d.get, name);
            if (d.set) setNative(d.set, name);
        }
    }
    return cls;
}

/// How an `on…` property finds its target: itself, or the window for `<body>`'s window
/// events (`forwardFromBody`: only when the element is the body) or always (`forwardAlways`).
const forwardNone = 0, forwardFromBody = 1, forwardAlways = 2;
/// The `on…` accessor pairs made so far, by forwarding (an index) and type.
const handlerDescriptors = [new Map(), new Map(), new Map()];

/// Defines a global the way WebIDL does (writable, configurable, not enumerable).
function defineGlobal(name, value) {
    ObjectDefine(G, name, { value, writable: true, configurable: true, enumerable: false });
}

function defineGetter(target, name, get, set) {
    ObjectDefine(target, name, { get, set, configurable: true, enumerable: true });
}

/// A family of interfaces made the first time a page uses one of them: `make` returns them by
/// name, and the function returned gives one (`rangeInterface("Range")`). Each family costs a
/// new global object its classes and methods, and most pages use none. The window's globals
/// for them stay accessors until read (`lazyInterfaceFamilies`, `defineLazyGlobals`).
function lazyFamily(make) {
    let made;
    return (name) => (made === undefined ? (made = make()) : made)[name];
}

/// Marks a lazily made family's classes native and as platform classes.
function familyClasses(classes) {
    for (const cls of classes) {
        markClass(cls);
        platformClasses.push(cls);
        // The interface's class string (WebIDL §3.7.3), unless the family gave its own.
        if (cls.prototype !== undefined && ReflectGetOwnPropertyDescriptor(cls.prototype, SymbolToStringTag) === undefined) {
            ObjectDefine(cls.prototype, SymbolToStringTag, { value: cls.name, configurable: true });
        }
        enumerableMembers(cls);
    }
}

/// Makes a hand-written interface's attributes and operations enumerable, as WebIDL §3.7.6
/// and §3.7.7 lay them out (a class body's are not); `constructor` and symbols stay as they are.
function enumerableMembers(cls) {
    const prototype = cls.prototype;
    if (prototype === undefined || prototype === null) return;
    // Object.getOwnPropertyNames gives no symbols; a partial descriptor changes only the flag
    // (and Reflect leaves a non-configurable constant as it is): one allocation per interface.
    const keys = ObjectGetOwnPropertyNames(prototype);
    for (let i = 0; i < keys.length; i++) {
        if (keys[i] !== "constructor") ReflectDefineProperty(prototype, keys[i], enumerableFlag);
    }
}
/// Null-prototype, so nothing a page adds to Object.prototype (a `get`) joins the descriptor.
const enumerableFlag = { __proto__: null, enumerable: true };
const ObjectGetOwnPropertyNames = Object.getOwnPropertyNames;

// ---------------------------------------------------------------------------------------------
// DOMException (WebKit's messages: Source/WebCore/dom/DOMException.cpp)

const exceptionTable = {
    IndexSizeError: [1, "The index is not in the allowed range."],
    HierarchyRequestError: [3, "The operation would yield an incorrect node tree."],
    WrongDocumentError: [4, "The object is in the wrong document."],
    InvalidCharacterError: [5, "The string contains invalid characters."],
    NoModificationAllowedError: [7, "The object can not be modified."],
    NotFoundError: [8, "The object can not be found here."],
    NotSupportedError: [9, "The operation is not supported."],
    InUseAttributeError: [10, "The attribute is in use."],
    InvalidStateError: [11, "The object is in an invalid state."],
    SyntaxError: [12, "The string did not match the expected pattern."],
    InvalidModificationError: [13, "The object can not be modified in this way."],
    NamespaceError: [14, "The operation is not allowed by Namespaces in XML."],
    InvalidAccessError: [15, "The object does not support the operation or argument."],
    TypeMismatchError: [17, "The type of an object was incompatible with the expected type of the parameter associated to the object."],
    SecurityError: [18, "The operation is insecure."],
    NetworkError: [19, "A network error occurred."],
    AbortError: [20, "The operation was aborted."],
    URLMismatchError: [21, "The given URL does not match another URL."],
    QuotaExceededError: [22, "The quota has been exceeded."],
    TimeoutError: [23, "The operation timed out."],
    InvalidNodeTypeError: [24, "The supplied node is incorrect or has an incorrect ancestor for this operation."],
    DataCloneError: [25, "The object can not be cloned."],
    EncodingError: [0, "The encoding operation (either encoded or decoding) failed."],
    NotReadableError: [0, "The I/O read operation failed."],
    UnknownError: [0, "The operation failed for an unknown transient reason (e.g. out of memory)."],
    ConstraintError: [0, "A mutation operation in a transaction failed because a constraint was not satisfied."],
    DataError: [0, "Provided data is inadequate."],
    NotAllowedError: [0, "The request is not allowed by the user agent or the platform in the current context, possibly because the user denied permission."],
};

class DOMException extends Error {
    #name; #message; #code;
    constructor(message = "", name = "Error") {
        super();
        this.#name = String(name);
        this.#message = String(message);
        this.#code = exceptionTable[this.#name] ? exceptionTable[this.#name][0] : 0;
        delete this.message;
    }
    get name() { return this.#name; }
    get message() { return this.#message; }
    get code() { return this.#code; }
    toString() { return this.#message ? this.#name + ": " + this.#message : this.#name; }
}
{
    let code = 1;
    for (const key of ["INDEX_SIZE_ERR", "DOMSTRING_SIZE_ERR", "HIERARCHY_REQUEST_ERR", "WRONG_DOCUMENT_ERR", "INVALID_CHARACTER_ERR",
        "NO_DATA_ALLOWED_ERR", "NO_MODIFICATION_ALLOWED_ERR", "NOT_FOUND_ERR", "NOT_SUPPORTED_ERR", "INUSE_ATTRIBUTE_ERR",
        "INVALID_STATE_ERR", "SYNTAX_ERR", "INVALID_MODIFICATION_ERR", "NAMESPACE_ERR", "INVALID_ACCESS_ERR", "VALIDATION_ERR",
        "TYPE_MISMATCH_ERR", "SECURITY_ERR", "NETWORK_ERR", "ABORT_ERR", "URL_MISMATCH_ERR", "QUOTA_EXCEEDED_ERR", "TIMEOUT_ERR",
        "INVALID_NODE_TYPE_ERR", "DATA_CLONE_ERR"]) {
        ObjectDefine(DOMException, key, { value: code, enumerable: true });
        ObjectDefine(DOMException.prototype, key, { value: code, enumerable: true });
        code += 1;
    }
}

/// A DOMException with WebKit's default message for its name.
function domError(name, message) {
    return fromCaller(new DOMException(message === undefined ? exceptionTable[name][1] : message, name));
}

/// WebKit's error for selectors that do not parse (Document::selectorQueryForString).
function invalidSelector(text) {
    return domError("SyntaxError", "'" + text + "' is not a valid selector.");
}

/// An error the DOM throws, located where the page called in, as WebKit's bindings report
/// theirs: the prelude's own frames leave its location and stack.
function fromCaller(error) {
    try {
        const text = StringFromValue(error.stack);
        let stack = "";
        let located = false;
        for (let start = 0; start <= text.length;) {
            let end = StringIndexOf(text, "\n", start);
            if (end < 0) end = text.length;
            const frame = StringSlice(text, start, end);
            start = end + 1;
            if (StringIncludes(frame, "webnav-prelude.js")) continue;
            stack = stack === "" ? frame : stack + "\n" + frame;
            if (located) continue;
            const match = RegExpExec(framePattern, frame);
            if (match === null) continue;
            located = true;
            ObjectDefine(error, "sourceURL", { value: match[1], writable: true, configurable: true });
            ObjectDefine(error, "line", { value: +match[2], writable: true, configurable: true });
            ObjectDefine(error, "column", { value: +match[3], writable: true, configurable: true });
        }
        ObjectDefine(error, "stack", { value: stack, writable: true, configurable: true });
    } catch (e) {}
    return error;
}
const framePattern = /@(.*):(\d+):(\d+)$/;

function typeError(message) {
    return fromCaller(new TypeErrorConstructor(message));
}

function argumentError(iface, method, index, name, type) {
    return typeError("Argument " + index + " ('" + name + "') to " + iface + "." + method + " must be an instance of " + type);
}

function requireArguments(count, needed) {
    if (count < needed) throw typeError("Not enough arguments");
}

// ---------------------------------------------------------------------------------------------
// Wrappers: one object per node in this world, kept while the node is in a document (so
// expandos such as jQuery's data keys and Vue's __vue__ stick); demoted to a weak reference
// when the node leaves the tree, so that nodes no script holds can be freed (NodeMemory.swift).

const KEY = Symbol("construct");
/// Shared with the page's frames' windows once one is made (5-frames.js): `let`.
let KEEPER = Symbol("keeper");

/// A Map and a WeakRef whose methods are the ones captured here, before any page script runs: the
/// wrappers' bookkeeping feeds node IDs to the natives, so a page that replaces
/// `Map.prototype.get`, an iterator or `WeakRef.prototype.deref` must not reach it (issue 23).
/// The sweep walks them with `forEach` and index loops, never an iterator.
class InternalMap extends Map {}
class InternalWeakRef extends WeakRef {}
{
    const mapMethods = ["get", "set", "has", "delete", "forEach"];
    for (let i = 0; i < mapMethods.length; i++) ObjectDefine(InternalMap.prototype, mapMethods[i], { value: Map.prototype[mapMethods[i]] });
    ObjectDefine(InternalMap.prototype, "size", Object.getOwnPropertyDescriptor(Map.prototype, "size"));
    ObjectDefine(InternalWeakRef.prototype, "deref", { value: WeakRef.prototype.deref });
}

/// Appends to an array of the prelude's own without `push` or a setter a page put on
/// `Array.prototype`.
function appendOwn(array, value) {
    ObjectDefine(array, array.length, { value, writable: true, enumerable: true, configurable: true });
}

/// The page world's wrappers, which its frames' windows share (5-frames.js).
let strongWrappers = new InternalMap();
let weakWrappers = new InternalMap();
let idOf, isNode, interfaceOf, newWrapper;
/// The node IDs a live HTMLCollection holds now.
let collectionIds;

/// The web view's viewport in CSS pixels (an iPhone 15 below the status and navigation bars), as
/// `window.innerWidth`/`innerHeight` give it.
const viewportWidth = 390, viewportHeight = 664;

const NumberParseFloat = Number.parseFloat, StringPrototypeEndsWith = uncurryThis(String.prototype.endsWith);

/// A rendered block box's border-box size in CSS px from its computed style, horizontally in
/// normal flow (auto width fills the parent's content box less the margins) and vertically only
/// when the height is declared; inline boxes and undeclared heights are 0 (no line layout yet).
function blockBorderBox(element) {
    const id = idOf(element);
    if (!N.rendered(id)) return { width: 0, height: 0 };
    if (isViewportElement(element)) return { width: viewportWidth, height: 0 };
    const px = function (name) { const value = NumberParseFloat(N.computedStyle(id, name) ?? ""); return value === value ? value : 0; };
    const declared = function (name) { const text = N.computedStyle(id, name) ?? ""; return StringPrototypeEndsWith(text, "px") ? NumberParseFloat(text) : null; };
    const display = N.computedStyle(id, "display") ?? "block";
    if (display === "inline" || display === "contents") return { width: 0, height: 0 };
    const borderBox = N.computedStyle(id, "box-sizing") === "border-box";
    const sideX = px("padding-left") + px("padding-right") + px("border-left-width") + px("border-right-width");
    const sideY = px("padding-top") + px("padding-bottom") + px("border-top-width") + px("border-bottom-width");
    const parentId = N.parent(id);
    let containing = viewportWidth;
    if (parentId >= 0 && N.kind(parentId) === 1) {
        const parent = wrap(parentId), parentStyle = function (name) { const value = NumberParseFloat(N.computedStyle(parentId, name) ?? ""); return value === value ? value : 0; };
        containing = blockBorderBox(parent).width - parentStyle("padding-left") - parentStyle("padding-right")
            - parentStyle("border-left-width") - parentStyle("border-right-width");
    }
    const width = declared("width"), height = declared("height");
    const usedWidth = width === null ? MathMax(0, containing - px("margin-left") - px("margin-right"))
        : (borderBox ? MathMax(width, sideX) : width + sideX);
    const usedHeight = height === null ? 0 : (borderBox ? MathMax(height, sideY) : height + sideY);
    return { width: usedWidth, height: usedHeight, sideX: sideX, sideY: sideY,
        borderX: px("border-left-width") + px("border-right-width"), borderY: px("border-top-width") + px("border-bottom-width") };
}

/// Whether an element is the root element of the page's document.
function isViewportElement(element) {
    const id = idOf(element);
    return N.parent(id) >= 0 && N.kind(N.parent(id)) === 9 && N.connected(id);
}

function wrap(id) {
    if (id < 0) return null;
    let wrapper = MapGet(strongWrappers, id);
    if (wrapper !== undefined) return wrapper;
    const ref = MapGet(weakWrappers, id);
    if (ref !== undefined) {
        wrapper = WeakRefDeref(ref);
        if (wrapper !== undefined) return wrapper;
        MapDelete(weakWrappers, id);
    }
    wrapper = newWrapper(id, N.info(id));
    MapSet(strongWrappers, id, wrapper);
    return wrapper;
}

function wrapAll(ids) {
    const result = new Array(ids.length);
    for (let i = 0; i < ids.length; i++) result[i] = wrap(ids[i]);
    return result;
}

/// Moves the wrappers of a re-inserted subtree back to strong references.
function promote(node) {
    const keeper = node[KEEPER];
    if (keeper === undefined) return;
    for (let i = 0; i < keeper.length; i++) {
        const member = keeper[i];
        const id = idOf(member);
        weakWrappers.delete(id);
        strongWrappers.set(id, member);
        delete member[KEEPER];
    }
}

/// Called by the native sweep with the wrapped IDs of each detached subtree; returns the IDs
/// whose wrappers are gone.
function sweepWrappers(groups) {
    for (let g = 0; g < groups.length; g++) {
        const ids = groups[g];
        const keeper = [];
        for (let i = 0; i < ids.length; i++) {
            const id = ids[i];
            let wrapper = strongWrappers.get(id);
            if (wrapper !== undefined) {
                strongWrappers.delete(id);
                weakWrappers.set(id, new InternalWeakRef(wrapper));
            } else {
                const ref = weakWrappers.get(id);
                wrapper = ref && ref.deref();
            }
            if (wrapper !== undefined) appendOwn(keeper, wrapper);
        }
        for (let i = 0; i < keeper.length; i++) ObjectDefine(keeper[i], KEEPER, { value: keeper, configurable: true, writable: true });
    }
    const released = [], reconnected = [];
    weakWrappers.forEach((ref, id) => {
        const wrapper = ref.deref();
        if (wrapper === undefined) appendOwn(released, id);
        else if (N.connected(id)) appendOwn(reconnected, wrapper);
    });
    for (let i = 0; i < released.length; i++) {
        weakWrappers.delete(released[i]);
        MapDelete(slotAssignmentsSeen, released[i]);
        MapDelete(manualSlotAssignments, released[i]);
    }
    for (let i = 0; i < reconnected.length; i++) {
        const wrapper = reconnected[i];
        const id = idOf(wrapper);
        promote(wrapper);
        weakWrappers.delete(id);
        strongWrappers.set(id, wrapper);
    }
    return released;
}

function nodeArgument(value, iface, method, index, name) {
    if (value === null || typeof value !== "object" || !isNode(value)) throw argumentError(iface, method, index, name, "Node");
    return idOf(value);
}

// ---------------------------------------------------------------------------------------------
// Mutation observers see the changes made through this world's DOM (see 3-window.js).

let observedMutations = 0;
let queueMutationRecord = null;

/// 1 once this world attached a shadow root: it then counts in `observedMutations` (so the
/// parser reports its insertions) and each change of the tree or of an attribute updates the
/// slot assignments once it is made (`slotTreeChanged`).
let slotWatch = 0;

function childListMutation(target, added, removed, previous, next) {
    if (observedMutations > slotWatch) queueMutationRecord("childList", target, null, null, added, removed, previous, next);
}

function attributeMutation(target, name, oldValue, namespace = null) {
    if (observedMutations > slotWatch) queueMutationRecord("attributes", target, name, oldValue, [], [], null, null, namespace);
}

/// Nonzero while something must hear of each attribute change once it is made: custom
/// elements' reactions (bit 1), slot assignments (bit 2).
let attributeWatchers = 0;

function attributeChanged(element, localName, oldValue, namespace) {
    if (customElementsActive) customAttributeChanged(element, localName, oldValue, namespace);
    if (slotWatch !== 0 && namespace === null) slotTreeChanged(idOf(element), localName);
}

function dataMutation(target, oldValue) {
    if (observedMutations > slotWatch) queueMutationRecord("characterData", target, null, oldValue, [], [], null, null);
}

// ---------------------------------------------------------------------------------------------
// Live ranges and node iterators follow the tree (DOM §5.5 and §6.1): the ranges family and
// NodeIterator keep weak references here, and while there are any, each change below runs
// their steps first (treeRemoving, treeInserting… in 2-ranges.js).

/// Shared by the page world's global objects once the page has a frame (5-frames.js): `let`.
let liveRanges = [], liveIterators = [];

function treeFollowed() { return liveRanges.length > 0 || liveIterators.length > 0; }

// ---------------------------------------------------------------------------------------------
// Tree changes

function throwInsertError(code) {
    if (code === 1) throw domError("HierarchyRequestError");
    if (code === 2) throw domError("NotFoundError");
    if (code === 3) throw domError("NotSupportedError");
}

/// Inserts `child` (a node wrapper) into `parent` before `reference` (or last), firing what
/// observers need; a fragment moves its children.
function insertNode(parent, child, reference, suppressed = false) {
    const parentID = idOf(parent), childID = idOf(child), referenceID = reference === null ? -1 : idOf(reference);
    const isFragment = child.nodeType === 11;
    const moved = observedMutations > 0 ? (isFragment ? wrapAll(N.children(childID)) : [child]) : null;
    const followed = treeFollowed();
    if (moved !== null || followed) throwInsertError(N.canPreInsert(parentID, childID, referenceID));
    const previous = moved !== null ? wrap(referenceID < 0 ? N.last(parentID) : N.prev(referenceID)) : null;
    if (followed) treeInserting(parentID, childID, referenceID, isFragment);
    // The records go before the insertion, which runs the scripts it connects (DOM "insert").
    if (moved !== null) {
        if (isFragment && moved.length) childListMutation(child, [], moved, null, null);
        const oldParent = isFragment ? null : wrap(N.parent(childID));
        if (oldParent !== null) childListMutation(oldParent, [], [child], wrap(N.prev(childID)), wrap(N.next(childID)));
        if (moved.length && !suppressed) childListMutation(parent, moved, [], previous, reference);
    }
    const inserted = customElementsActive ? (isFragment ? N.children(childID) : [childID]) : null;
    const fromMarkup = inserted !== null && isFragment && SetHas(markupFragments, childID);
    const formerParent = slotWatch !== 0 && !isFragment ? N.parent(childID) : -1;
    throwInsertError(N.insert(parentID, childID, referenceID));
    if (slotWatch !== 0) {
        if (formerParent >= 0) slotTreeChanged(formerParent, null);
        slotTreeChanged(parentID, null);
    }
    if (child[KEEPER] !== undefined) promote(child);
    if (inserted !== null) {
        if (fromMarkup) SetDelete(markupFragments, childID);
        customNodesInserted(inserted, fromMarkup);
    }
    return child;
}

/// Removes `child` from `parent`; `suppressed` (DOM's "suppress observers flag") queues no
/// record, though observers of the subtree still follow the node (transient observers).
function removeNode(parent, child, suppressed = false) {
    const childID = idOf(child);
    if (N.parent(childID) !== idOf(parent)) throw domError("NotFoundError");
    if (observedMutations > 0) {
        if (suppressed) addTransientObservers(idOf(parent), [child]);
        else childListMutation(parent, [], [child], wrap(N.prev(childID)), wrap(N.next(childID)));
    }
    if (treeFollowed()) treeRemoving(idOf(parent), childID, childIndex(childID), N.prev(childID) < 0);
    const leaving = customElementsActive ? customElementsLeaving([childID]) : null;
    N.remove(childID);
    if (slotWatch !== 0) slotTreeChanged(idOf(parent), null);
    if (leaving !== null) customNodesRemoved(leaving);
    return child;
}

/// Node or string arguments of append/prepend/before/after/replaceWith, as one node.
function nodeFromArguments(document, items) {
    if (items.length === 1 && items[0] !== null && typeof items[0] === "object" && isNode(items[0])) return items[0];
    const fragment = document.createDocumentFragment();
    for (const item of items) {
        if (item !== null && typeof item === "object" && isNode(item)) fragment.appendChild(item);
        else fragment.appendChild(document.createTextNode(String(item)));
    }
    return fragment;
}

function removeAllChildren(node) {
    const id = idOf(node);
    if (observedMutations > 0) {
        const removed = wrapAll(N.children(id));
        if (removed.length) childListMutation(node, [], removed, null, null);
    }
    if (treeFollowed()) treeRemovingChildren(id);
    const leaving = customElementsActive ? customElementsLeaving(N.children(id)) : null;
    N.setText(id, "");
    if (slotWatch !== 0) slotTreeChanged(id, null);
    if (leaving !== null) customNodesRemoved(leaving);
}

/// Replaces every child of a node at once (`textContent`, `innerHTML`): one mutation record
/// holding both the removed and the added nodes, as the DOM's "replace all" makes.
/// Markup parsed as the children of a context node into a fragment (its ID); in an XML
/// document, markup that is not well-formed throws WebKit's SyntaxError.
function parsedMarkup(context, markup, scriptsRun = false) {
    const fragment = N.parse(context, markup, scriptsRun);
    if (fragment < 0) throw domError("SyntaxError", "The string did not match the expected pattern.");
    if (customElementsActive) SetAdd(markupFragments, fragment);
    return fragment;
}

/// Fragments parsed from markup and not inserted yet: the custom elements in them are upgraded
/// when they go into the tree, connected or not (customNodesInserted).
const markupFragments = new Set();

function replaceAllChildren(node, replace) {
    const id = idOf(node);
    const removed = observedMutations > 0 ? wrapAll(N.children(id)) : null;
    if (treeFollowed()) treeRemovingChildren(id);
    const leaving = customElementsActive ? customElementsLeaving(N.children(id)) : null;
    replace();
    if (slotWatch !== 0) slotTreeChanged(id, null);
    if (customElementsActive) {
        customNodesRemoved(leaving);
        customNodesInserted(N.children(id), true);
    }
    if (removed !== null) {
        const added = wrapAll(N.children(id));
        if (removed.length || added.length) childListMutation(node, added, removed, null, null);
    }
}

// ---------------------------------------------------------------------------------------------
// Live collections: computed again only when the tree changed (N.version).

// Legacy platform objects (WebIDL §3.9): each collection is a Proxy of the object holding its
// state (a class instance with private fields, which also keeps the page's expandos), whose
// traps give the indexed and named properties as [[GetOwnProperty]], [[DefineOwnProperty]],
// [[Delete]], [[OwnPropertyKeys]] and [[Set]] define them. The prototype's members take the
// Proxy as `this` and work on the object behind it.

/// Each legacy platform object (the Proxy) → the object behind it.
const legacyTargets = new WeakMap();
const ReflectHas = Reflect.has;
const ReflectDeleteProperty = Reflect.deleteProperty;
/// The members a legacy interface's wrappers call, by wrapper.
const legacyOriginals = new Map();

/// The object behind a legacy platform object, or `value` itself.
function legacyThis(value) {
    const target = WeakMapGet(legacyTargets, value);
    return target === undefined ? value : target;
}

/// Makes `cls.prototype`'s own methods and accessors take a legacy platform object as `this`
/// (they use private fields, which a Proxy does not have); each keeps its name and length.
function legacyMembers(cls) {
    const prototype = cls.prototype;
    const keys = ReflectOwnKeys(prototype);
    for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (key === "constructor") continue;
        const descriptor = ReflectGetOwnPropertyDescriptor(prototype, key);
        const name = typeof key === "symbol" ? "[" + StringSlice(StringFromValue(key), 7, -1) + "]" : key;
        for (const [part, prefix] of [["value", ""], ["get", "get "], ["set", "set "]]) {
            const original = descriptor[part];
            if (typeof original !== "function") continue;
            const member = { m() { return ReflectApply(original, legacyThis(this), arguments); } }.m;
            ObjectDefine(member, "length", { value: original.length, configurable: true });
            ObjectDefine(member, "name", { value: prefix + name, configurable: true });
            MapSet(legacyOriginals, member, original);
            descriptor[part] = member;
        }
        ObjectDefine(prototype, key, descriptor);
    }
}

/// The original of a legacy interface's member `key` (`part`: "value" or "get") on `prototype`
/// or its ancestors, as a function of the object behind the Proxy.
function legacyMember(prototype, key, part) {
    for (let object = prototype; object !== null; object = ObjectGetPrototypeOf(object)) {
        const descriptor = ReflectGetOwnPropertyDescriptor(object, key);
        if (descriptor === undefined) continue;
        const member = descriptor[part];
        const original = MapGet(legacyOriginals, member);
        return uncurryThis(original === undefined ? member : original);
    }
    throw new TypeErrorConstructor("no " + key);
}

/// The Proxy handler of a legacy interface whose prototype is `prototype`: indexed properties
/// from its `length` and `item`, named ones (when `names` is given) from `named(target, name)`
/// (null when there is none) and `names(target)` (the supported property names in order),
/// [LegacyUnenumerableNamedProperties] when `unenumerable`; `setIndex(target, index, value)` is
/// an indexed setter (HTMLOptionsCollection's).
function legacyHandler(prototype, { named = null, names = null, unenumerable = true, setIndex = null } = {}) {
    const lengthOf = legacyMember(prototype, "length", "get");
    const itemOf = legacyMember(prototype, "item", "value");
    /// The named property visibility algorithm (WebIDL §3.9.1): a supported name that no own
    /// property and nothing on the prototype chain shadows.
    const visible = (target, key) => names !== null && key !== "" && !ReflectHas(target, key) && named(target, key) !== null;
    return {
        get(target, key, receiver) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0 && index < lengthOf(target)) return itemOf(target, index);
                if (index < 0 && names !== null && key !== "" && !ReflectHas(target, key)) {
                    const value = named(target, key);
                    if (value !== null) return value;
                }
            }
            return ReflectGet(target, key, receiver);
        },
        has(target, key) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0 && index < lengthOf(target)) return true;
                if (index < 0 && names !== null && key !== "" && !ReflectHas(target, key)) return named(target, key) !== null;
            }
            return ReflectHas(target, key);
        },
        getOwnPropertyDescriptor(target, key) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0) {
                    if (index < lengthOf(target)) return { value: itemOf(target, index), writable: setIndex !== null, enumerable: true, configurable: true };
                } else if (visible(target, key)) {
                    return { value: named(target, key), writable: false, enumerable: !unenumerable, configurable: true };
                }
            }
            return ReflectGetOwnPropertyDescriptor(target, key);
        },
        defineProperty(target, key, descriptor) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0) {
                    if (setIndex === null || !("value" in descriptor) || "get" in descriptor || "set" in descriptor) return false;
                    setIndex(target, index, descriptor.value);
                    return true;
                }
                // A supported name cannot be made an own property (no named setter).
                if (names !== null && key !== "" && !ObjectHasOwnProperty(target, key) && named(target, key) !== null) return false;
            }
            return ReflectDefineProperty(target, key, descriptor);
        },
        deleteProperty(target, key) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0) return index >= lengthOf(target);
                if (visible(target, key)) return false;
            }
            return ReflectDeleteProperty(target, key);
        },
        set(target, key, value, receiver) {
            if (typeof key === "string") {
                const index = toIndex(key);
                if (index >= 0 && WeakMapGet(legacyTargets, receiver) === target) {
                    if (setIndex === null) return false;
                    setIndex(target, index, value);
                    return true;
                }
                if (index >= 0 && index < lengthOf(target)) return false;
            }
            // Named properties are ignored here (WebIDL §3.9.2 [[Set]]): the ordinary steps
            // then ask the receiver's [[GetOwnProperty]] and [[DefineOwnProperty]].
            return ReflectSet(target, key, value, receiver);
        },
        ownKeys(target) {
            const keys = [];
            const length = lengthOf(target);
            for (let i = 0; i < length; i++) keys[keys.length] = StringFromValue(i);
            if (names !== null) {
                const list = names(target);
                for (let i = 0; i < list.length; i++) if (visible(target, list[i])) keys[keys.length] = list[i];
            }
            const own = ReflectOwnKeys(target);
            for (let i = 0; i < own.length; i++) keys[keys.length] = own[i];
            return keys;
        },
        preventExtensions() { return false; },
    };
}

/// `target` as a legacy platform object with `handler`'s properties.
function legacyObject(target, handler) {
    const proxy = new Proxy(target, handler);
    WeakMapSet(legacyTargets, proxy, target);
    return proxy;
}

/// Gives an interface with an indexed getter and an integer `length` Array.prototype's
/// iteration (WebIDL §3.7.9 and §3.7.10: `@@iterator`, and for `iterable<>` ones entries,
/// keys, values and forEach).
function arrayIteration(cls, iterable) {
    if (iterable) {
        for (const key of ["entries", "keys", "values", "forEach"]) {
            ObjectDefine(cls.prototype, key, { value: ArrayPrototypeMembers[key], writable: true, enumerable: true, configurable: true });
        }
    }
    ObjectDefine(cls.prototype, SymbolIterator, { value: ArrayPrototypeMembers.values, writable: true, configurable: true });
}
const ArrayPrototypeMembers = { entries: Array.prototype.entries, keys: Array.prototype.keys, values: Array.prototype.values, forEach: Array.prototype.forEach };
const ObjectHasOwnProperty = uncurryThis(Object.prototype.hasOwnProperty);

function toIndex(key) {
    if (key.length === 0 || key.length > 10) return -1;
    const code = key.charCodeAt(0);
    if (code < 48 || code > 57 || (code === 48 && key.length > 1)) return -1;
    const number = +key;
    return Number.isInteger(number) && number < 4294967295 ? number : -1;
}

class NodeList {
    #compute; #ids = null; #version = -1;
    constructor(key, compute) {
        if (key !== KEY) throw typeError("Illegal constructor");
        this.#compute = compute;
    }
    #current() {
        const version = N.version();
        if (this.#version !== version || this.#ids === null) {
            this.#ids = this.#compute();
            this.#version = version;
        }
        return this.#ids;
    }
    get length() { return this.#current().length; }
    item(index) {
        requireArguments(arguments.length, 1);
        const ids = this.#current();
        index = index >>> 0;
        return index < ids.length ? wrap(ids[index]) : null;
    }
}
legacyMembers(NodeList);
arrayIteration(NodeList, true);
const nodeListHandler = legacyHandler(NodeList.prototype);

class HTMLCollection {
    #compute; #ids = null; #version = -1;
    constructor(key, compute) {
        if (key !== KEY) throw typeError("Illegal constructor");
        this.#compute = compute;
    }
    #current() {
        const version = N.version();
        if (this.#version !== version || this.#ids === null) {
            this.#ids = this.#compute();
            this.#version = version;
        }
        return this.#ids;
    }
    static { collectionIds = (collection) => legacyThis(collection).#current(); }
    get length() { return this.#current().length; }
    item(index) {
        requireArguments(arguments.length, 1);
        const ids = this.#current();
        index = index >>> 0;
        return index < ids.length ? wrap(ids[index]) : null;
    }
    namedItem(name) {
        requireArguments(arguments.length, 1);
        return namedCollectionElement(this.#current(), StringFromValue(name));
    }
}
legacyMembers(HTMLCollection);
arrayIteration(HTMLCollection, false);

ObjectDefine(HTMLCollection.prototype, Symbol.toStringTag, { value: "HTMLCollection", configurable: true });

/// The first of `ids` whose ID is `name`, or an HTML element whose `name` attribute is
/// (DOM §4.2.10.2 namedItem), or null.
function namedCollectionElement(ids, name) {
    if (name === "") return null;
    for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if (N.attr(id, "id") === name || (N.attr(id, "name") === name && N.ns(id) === htmlNamespace)) return wrap(id);
    }
    return null;
}

/// An HTMLCollection's supported property names (DOM §4.2.10.2): each element's ID, then an
/// HTML element's `name`, in order, each once.
function collectionPropertyNames(ids) {
    const names = [], seen = new InternalMap();
    const add = (name) => {
        if (name !== null && name !== "" && MapGet(seen, name) === undefined) { MapSet(seen, name, true); names[names.length] = name; }
    };
    for (let i = 0; i < ids.length; i++) {
        add(N.attr(ids[i], "id"));
        if (N.ns(ids[i]) === htmlNamespace) add(N.attr(ids[i], "name"));
    }
    return names;
}

/// The named-property hooks of HTMLCollection and the interfaces inheriting it.
const collectionNamedProperties = {
    named: (target, name) => namedCollectionElement(collectionIds(target), name),
    names: (target) => collectionPropertyNames(collectionIds(target)),
};
const collectionHandler = legacyHandler(HTMLCollection.prototype, collectionNamedProperties);

function liveNodeList(compute) { return legacyObject(new NodeList(KEY, compute), nodeListHandler); }
function liveCollection(compute) { return legacyObject(new HTMLCollection(KEY, compute), collectionHandler); }
function staticNodeList(ids) { return legacyObject(new NodeList(KEY, () => ids), nodeListHandler); }

// ---------------------------------------------------------------------------------------------
// Nodes

let NODE_CACHE = Symbol("cache");

function cacheOf(node) {
    let cache = node[NODE_CACHE];
    if (cache === undefined) {
        cache = {};
        ObjectDefine(node, NODE_CACHE, { value: cache });
    }
    return cache;
}

/// An object the next wrapper is to be (a document with named properties, which the host makes):
/// EventTarget's constructor returns it, so the subclasses' fields go on it.
let nextWrapperObject = null;

class EventTarget {
    constructor() {
        if (nextWrapperObject === null) return;
        const object = nextWrapperObject;
        nextWrapperObject = null;
        ObjectSetPrototypeOf(object, new.target.prototype);
        return object;
    }
}

class Node extends EventTarget {
    #id;
    /// The interface object the wrapper was made with: what brand checks read (its prototype
    /// chain is the page's to change).
    #interface;
    constructor(key, id) {
        if (key !== KEY) throw typeError("Illegal constructor");
        super();
        this.#id = id;
        this.#interface = new.target;
    }
    static {
        idOf = (node) => node.#id;
        isNode = (value) => #id in value;
        interfaceOf = (node) => node.#interface;
    }
    get nodeValue() { return null; }
    set nodeValue(value) {}
    get parentNode() { return wrap(N.parent(this.#id)); }
    get parentElement() {
        const parent = N.parent(this.#id);
        return parent >= 0 && N.kind(parent) === 1 ? wrap(parent) : null;
    }
    get childNodes() {
        const cache = cacheOf(this);
        if (cache.childNodes === undefined) {
            const id = this.#id;
            cache.childNodes = liveNodeList(() => N.children(id));
        }
        return cache.childNodes;
    }
    get firstChild() { return wrap(N.first(this.#id)); }
    get lastChild() { return wrap(N.last(this.#id)); }
    get previousSibling() { return wrap(N.prev(this.#id)); }
    get nextSibling() { return wrap(N.next(this.#id)); }
    get ownerDocument() { return this.nodeType === 9 ? null : wrap(N.owner(this.#id)); }
    /// DOM: its shadow-including root is a document, any document (a removed frame's, one a
    /// script made), where the engine's "connected" means in a shown document.
    get isConnected() {
        const id = this.#id;
        if (shadowRootCount === 0 ? N.connected(id) : connectedInShadowIncludingTree(id)) return true;
        return N.info(shadowRootCount === 0 ? N.root(id) : shadowIncludingRoot(id)) === 9;
    }
    get baseURI() { return N.url(); }
    get textContent() { return N.text(this.#id); }
    set textContent(value) {
        const id = this.#id;
        replaceAllChildren(this, () => N.setText(id, value === null || value === undefined ? "" : String(value)));
    }
    hasChildNodes() { return N.first(this.#id) >= 0; }
    getRootNode(options = undefined) {
        const composed = options !== undefined && options !== null && typeof options === "object" && !!options.composed;
        return wrap(composed ? shadowIncludingRoot(this.#id) : N.root(this.#id));
    }
    contains(other) {
        requireArguments(arguments.length, 1);
        if (other === null || other === undefined) return false;
        return N.contains(this.#id, nodeArgument(other, "Node", "contains", 1, "other"));
    }
    compareDocumentPosition(other) {
        requireArguments(arguments.length, 1);
        return N.position(this.#id, nodeArgument(other, "Node", "compareDocumentPosition", 1, "other"));
    }
    isSameNode(other) { requireArguments(arguments.length, 1); return this === other; }
    isEqualNode(other) {
        requireArguments(arguments.length, 1);
        if (other === null || other === undefined) return false;
        return N.equal(this.#id, nodeArgument(other, "Node", "isEqualNode", 1, "other"));
    }
    appendChild(node) {
        requireArguments(arguments.length, 1);
        nodeArgument(node, "Node", "appendChild", 1, "node");
        return insertNode(this, node, null);
    }
    insertBefore(node, child) {
        requireArguments(arguments.length, 2);
        nodeArgument(node, "Node", "insertBefore", 1, "node");
        if (child !== null && child !== undefined) nodeArgument(child, "Node", "insertBefore", 2, "child");
        return insertNode(this, node, child === undefined ? null : child);
    }
    removeChild(child) {
        requireArguments(arguments.length, 1);
        nodeArgument(child, "Node", "removeChild", 1, "child");
        return removeNode(this, child);
    }
    replaceChild(node, child) {
        requireArguments(arguments.length, 2);
        nodeArgument(node, "Node", "replaceChild", 1, "node");
        nodeArgument(child, "Node", "replaceChild", 2, "child");
        // DOM "replace" steps 1 to 3, in order: the parent's type and the node being its
        // inclusive ancestor come before the child's parent.
        const parentType = N.kind(this.#id);
        if ((parentType !== 1 && parentType !== 9 && parentType !== 11) || N.contains(idOf(node), this.#id)) throw domError("HierarchyRequestError");
        if (N.parent(idOf(child)) !== this.#id) throw domError("NotFoundError");
        let reference = child.nextSibling;
        if (reference === node) reference = node.nextSibling;
        let previous = child.previousSibling;
        if (previous === node) previous = node.previousSibling;
        const code = N.canInsert(this.#id, idOf(node), idOf(child));
        throwInsertError(code);
        // DOM "replace": adopting the node takes it from its parent (a record of its own), then
        // one record holds the removed child and the inserted nodes.
        if (node.nodeType !== 11 && node.parentNode !== null) removeNode(node.parentNode, node);
        const added = observedMutations > 0 ? (node.nodeType === 11 ? wrapAll(N.children(idOf(node))) : [node]) : null;
        const removed = child.parentNode === null ? [] : [child];
        if (removed.length) removeNode(this, child, true);
        insertNode(this, node, reference, true);
        if (added !== null) childListMutation(this, added, removed, previous, reference);
        return child;
    }
    cloneNode(deep = false) {
        if (this.nodeType === 9 && this.#id === 0) return wrap(N.clone(this.#id, !!deep));
        return wrap(N.clone(this.#id, !!deep));
    }
    normalize() {
        if (observedMutations > 0 || liveRanges.length) normalizeStepByStep(this);
        else N.normalize(this.#id);
    }
    lookupNamespaceURI(prefix) {
        requireArguments(arguments.length, 1);
        prefix = prefix === null || prefix === "" ? null : String(prefix);
        return locateNamespace(namespaceLookupElement(this, true), prefix);
    }
    lookupPrefix(namespace) {
        requireArguments(arguments.length, 1);
        if (namespace === null || namespace === "") return null;
        namespace = String(namespace);
        for (let id = namespaceLookupElement(this, true); id >= 0; id = parentElementId(id)) {
            if (N.ns(id) === namespace && N.prefix(id) !== null) return N.prefix(id);
            const list = N.attrsNS(id);
            for (let i = 0; i < list.length; i += 3) {
                if (list[i + 1] === xmlnsNamespace && list[i].startsWith("xmlns:") && list[i + 2] === namespace) return list[i].slice(6);
            }
        }
        return null;
    }
    isDefaultNamespace(namespace) {
        requireArguments(arguments.length, 1);
        namespace = namespace === null || namespace === "" ? null : String(namespace);
        return locateNamespace(namespaceLookupElement(this, true), null) === namespace;
    }
}

function parentElementId(id) {
    const parent = N.parent(id);
    return parent >= 0 && N.kind(parent) === 1 ? parent : -1;
}

/// The element where the DOM's namespace lookups start for a node (-1: none, they give null).
function namespaceLookupElement(node) {
    if (node instanceof Attr) { const owner = node.ownerElement; return owner === null ? -1 : idOf(owner); }
    const id = idOf(node);
    switch (N.kind(id)) {
    case 1: return id;
    case 9: { for (const child of N.elementChildren(id)) return child; return -1; }
    case 10: case 11: return -1;
    default: return parentElementId(id);
    }
}

/// The DOM's "locate a namespace" from an element (by ID) up.
function locateNamespace(id, prefix) {
    if (prefix === "xml" && id >= 0) return xmlNamespace;
    if (prefix === "xmlns" && id >= 0) return xmlnsNamespace;
    for (; id >= 0; id = parentElementId(id)) {
        const namespace = N.ns(id);
        if (namespace !== null && N.prefix(id) === prefix) return namespace;
        const list = N.attrsNS(id);
        for (let i = 0; i < list.length; i += 3) {
            if (list[i + 1] !== xmlnsNamespace) continue;
            if (prefix === null ? list[i] === "xmlns" : list[i] === "xmlns:" + prefix) return list[i + 2] === "" ? null : list[i + 2];
        }
    }
    return null;
}
for (const [name, value] of [["ELEMENT_NODE", 1], ["ATTRIBUTE_NODE", 2], ["TEXT_NODE", 3], ["CDATA_SECTION_NODE", 4],
    ["ENTITY_REFERENCE_NODE", 5], ["ENTITY_NODE", 6], ["PROCESSING_INSTRUCTION_NODE", 7], ["COMMENT_NODE", 8],
    ["DOCUMENT_NODE", 9], ["DOCUMENT_TYPE_NODE", 10], ["DOCUMENT_FRAGMENT_NODE", 11], ["NOTATION_NODE", 12],
    ["DOCUMENT_POSITION_DISCONNECTED", 1], ["DOCUMENT_POSITION_PRECEDING", 2], ["DOCUMENT_POSITION_FOLLOWING", 4],
    ["DOCUMENT_POSITION_CONTAINS", 8], ["DOCUMENT_POSITION_CONTAINED_BY", 16], ["DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC", 32]]) {
    ObjectDefine(Node, name, { value, enumerable: true });
    ObjectDefine(Node.prototype, name, { value, enumerable: true });
}

/// ChildNode and ParentNode mixins.
const childNodeMethods = {
    remove() {
        const parent = this.parentNode;
        if (parent !== null) removeNode(parent, this);
    },
    before(...nodes) {
        const parent = this.parentNode;
        if (parent === null) return;
        let reference = this.previousSibling;
        while (reference !== null && nodes.includes(reference)) reference = reference.previousSibling;
        const node = nodeFromArguments(documentOf(this), nodes);
        insertNode(parent, node, reference === null ? parent.firstChild : reference.nextSibling);
    },
    after(...nodes) {
        const parent = this.parentNode;
        if (parent === null) return;
        let reference = this.nextSibling;
        while (reference !== null && nodes.includes(reference)) reference = reference.nextSibling;
        insertNode(parent, nodeFromArguments(documentOf(this), nodes), reference);
    },
    replaceWith(...nodes) {
        const parent = this.parentNode;
        if (parent === null) return;
        let reference = this.nextSibling;
        while (reference !== null && nodes.includes(reference)) reference = reference.nextSibling;
        const node = nodeFromArguments(documentOf(this), nodes);
        if (this.parentNode === parent) removeNode(parent, this);
        insertNode(parent, node, reference);
    },
};

const parentNodeMethods = {
    get children() {
        const cache = cacheOf(this);
        if (cache.children === undefined) {
            const id = idOf(this);
            cache.children = liveCollection(() => N.elementChildren(id));
        }
        return cache.children;
    },
    get childElementCount() { return N.elementChildren(idOf(this)).length; },
    get firstElementChild() {
        const ids = N.elementChildren(idOf(this));
        return ids.length ? wrap(ids[0]) : null;
    },
    get lastElementChild() {
        const ids = N.elementChildren(idOf(this));
        return ids.length ? wrap(ids[ids.length - 1]) : null;
    },
    append(...nodes) { insertNode(this, nodeFromArguments(documentOf(this), nodes), null); },
    prepend(...nodes) { insertNode(this, nodeFromArguments(documentOf(this), nodes), this.firstChild); },
    replaceChildren(...nodes) {
        const node = nodeFromArguments(documentOf(this), nodes);
        throwInsertError(N.canPreInsert(idOf(this), idOf(node), -1));
        // DOM "replace all": the removals and the insertion with observers suppressed, then one
        // record holding both.
        const removed = wrapAll(N.children(idOf(this)));
        const added = observedMutations > 0 ? (node.nodeType === 11 ? wrapAll(N.children(idOf(node))) : [node]) : null;
        for (let i = 0; i < removed.length; i++) removeNode(this, removed[i], true);
        insertNode(this, node, null, true);
        if (added !== null && (added.length || removed.length)) childListMutation(this, added, removed, null, null);
    },
    getElementsByTagName(name) {
        requireArguments(arguments.length, 1);
        const id = idOf(this), wanted = String(name);
        return liveCollection(() => N.byTag(id, wanted));
    },
    getElementsByTagNameNS(namespace, localName) {
        requireArguments(arguments.length, 2);
        const id = idOf(this), local = String(localName);
        const ns = namespace === null || namespace === undefined || namespace === "" ? null : String(namespace);
        return liveCollection(() => N.byTag(id, "*").filter((e) => (ns === "*" || N.ns(e) === ns) && (local === "*" || N.tag(e) === local)));
    },
    getElementsByClassName(names) {
        requireArguments(arguments.length, 1);
        const id = idOf(this), wanted = String(names);
        return liveCollection(() => N.byClass(id, wanted));
    },
    querySelector(selectors) {
        requireArguments(arguments.length, 1);
        const text = String(selectors), result = N.query(idOf(this), text, false);
        if (result === -2) throw invalidSelector(text);
        return wrap(result);
    },
    querySelectorAll(selectors) {
        requireArguments(arguments.length, 1);
        const text = String(selectors), result = N.query(idOf(this), text, true);
        if (result === -2) throw invalidSelector(text);
        return staticNodeList(result);
    },
};

/// Puts a mixin's members (ChildNode, ParentNode) on an interface's prototype; each operation
/// is the interface's own function, checking its receiver implements the interface (WebIDL
/// §3.7.6: `Element.prototype.replaceChildren.call(document)` is a TypeError, as in WebKit).
function mixin(target, source) {
    const name = target.name;
    for (const key of Reflect.ownKeys(source)) {
        const descriptor = Object.getOwnPropertyDescriptor(source, key);
        descriptor.enumerable = !("value" in descriptor);
        if (typeof descriptor.value === "function") descriptor.value = brandCheckedOperation(descriptor.value, name, key);
        ObjectDefine(target.prototype, key, descriptor);
    }
}

/// `operation` of interface `name` behind its brand check, with its name and length.
function brandCheckedOperation(operation, name, key) {
    const member = { [key](...parameters) {
        if (!implementsInterface(this, name)) throw brandError(name, key, brandOperation);
        return ReflectApply(operation, this, parameters);
    } }[key];
    ObjectDefine(member, "length", { value: operation.length, configurable: true });
    return member;
}

function documentOf(node) {
    return node.nodeType === 9 ? node : node.ownerDocument;
}

// ---------------------------------------------------------------------------------------------
// Character data

/// The data of character-data nodes that holds lone surrogates, by node ID: [the exact data,
/// what the tree stores]. PageKit keeps text as UTF-8, where a lone surrogate can only be
/// U+FFFD, so the node's JavaScript data is kept here while the tree's is still what was stored
/// with it (a change from elsewhere, `textContent` of the parent or the parser, drops it).
const exactCharacterData = new InternalMap();
const StringIsWellFormed = String.prototype.isWellFormed === undefined ? null : uncurryThis(String.prototype.isWellFormed);

/// A character-data node's data as scripts last set it (DOM strings keep lone surrogates).
function characterData(id) {
    const stored = N.data(id);
    if (exactCharacterData.size === 0) return stored;
    const exact = MapGet(exactCharacterData, id);
    if (exact === undefined) return stored;
    if (exact[1] === stored) return exact[0];
    MapDelete(exactCharacterData, id);
    return stored;
}

/// Stores a character-data node's data, keeping it exactly when it has lone surrogates.
function setCharacterData(id, data) {
    N.setData(id, data);
    keepCharacterData(id, data);
}

/// Keeps `data`, just given to node `id`, when the tree could not store it as it is; returns `id`.
function keepCharacterData(id, data) {
    if (StringIsWellFormed !== null && !StringIsWellFormed(data)) MapSet(exactCharacterData, id, [data, N.data(id)]);
    else if (exactCharacterData.size !== 0) MapDelete(exactCharacterData, id);
    return id;
}

class CharacterData extends Node {
    get data() { return characterData(idOf(this)); }
    set data(value) { this.#setData(value === null ? "" : String(value)); }
    get nodeValue() { return characterData(idOf(this)); }
    set nodeValue(value) { this.#setData(value === null || value === undefined ? "" : String(value)); }
    get textContent() { return characterData(idOf(this)); }
    set textContent(value) { this.#setData(value === null || value === undefined ? "" : String(value)); }
    get length() { return N.data(idOf(this)).length; }
    #setData(value) { replaceCharacterData(this, 0, N.data(idOf(this)).length, value); }
    substringData(offset, count) {
        requireArguments(arguments.length, 2);
        const data = characterData(idOf(this));
        offset = offset >>> 0;
        if (offset > data.length) throw domError("IndexSizeError");
        return StringSlice(data, offset, offset + MathMin(count >>> 0, data.length - offset));
    }
    appendData(data) {
        requireArguments(arguments.length, 1);
        replaceCharacterData(this, N.data(idOf(this)).length, 0, toDOMString(data));
    }
    insertData(offset, data) {
        requireArguments(arguments.length, 2);
        replaceCharacterData(this, offset >>> 0, 0, toDOMString(data));
    }
    deleteData(offset, count) {
        requireArguments(arguments.length, 2);
        replaceCharacterData(this, offset >>> 0, count >>> 0, "");
    }
    replaceData(offset, count, data) {
        requireArguments(arguments.length, 3);
        replaceCharacterData(this, offset >>> 0, count >>> 0, toDOMString(data));
    }
    get previousElementSibling() { return siblingElement(this, -1); }
    get nextElementSibling() { return siblingElement(this, 1); }
}
mixin(CharacterData, childNodeMethods);

class Text extends CharacterData {
    constructor(data = "") {
        if (data === KEY) { super(KEY, arguments[1]); return; }
        data = String(data);
        const id = keepCharacterData(N.create(3, data, idOf(documentWrapper)), data);
        super(KEY, id);
        strongWrappers.set(id, this);
        N.info(id);
    }
    get nodeType() { return 3; }
    get nodeName() { return "#text"; }
    get wholeText() {
        let start = this;
        while (start.previousSibling !== null && start.previousSibling.nodeType === 3) start = start.previousSibling;
        let text = "";
        for (let node = start; node !== null && node.nodeType === 3; node = node.nextSibling) text += node.data;
        return text;
    }
    splitText(offset) {
        requireArguments(arguments.length, 1);
        return splitTextNode(this, offset >>> 0);
    }
}

class CDATASection extends Text {
    constructor() {
        if (arguments[0] !== KEY) throw typeError("Illegal constructor");
        super(KEY, arguments[1]);
    }
    get nodeType() { return 4; }
    get nodeName() { return "#cdata-section"; }
}

class ProcessingInstruction extends CharacterData {
    constructor() {
        if (arguments[0] !== KEY) throw typeError("Illegal constructor");
        super(KEY, arguments[1]);
    }
    get nodeType() { return 7; }
    get nodeName() { return N.target(idOf(this)); }
    get target() { return N.target(idOf(this)); }
}

class Comment extends CharacterData {
    constructor(data = "") {
        if (data === KEY) { super(KEY, arguments[1]); return; }
        data = String(data);
        const id = keepCharacterData(N.create(8, data, idOf(documentWrapper)), data);
        super(KEY, id);
        strongWrappers.set(id, this);
        N.info(id);
    }
    get nodeType() { return 8; }
    get nodeName() { return "#comment"; }
}

/// Sets an attribute, queuing its record (with the namespace `setAttributeNS` named; the
/// arena keeps attributes by name alone).
function setAttributeValue(element, name, value, namespace) {
    if (!xmlName.test(name)) throw domError("InvalidCharacterError");
    const id = idOf(element);
    if (observedMutations > 0) attributeMutation(element, name.toLowerCase(), N.attr(id, name), namespace);
    if (name === "class" || name === "style" || name === "id") styleInputChanging(element, name, value);
    const old = customElementsActive ? N.attr(id, name) : null;
    N.setAttr(id, name, String(value));
    if (attributeWatchers !== 0) attributeChanged(element, N.ns(id) === htmlNamespace ? asciiLowercase(name) : name, old, null);
}

/// Removes an attribute, queuing its record when there was one.
function removeAttributeValue(element, name, namespace) {
    const id = idOf(element);
    const old = N.attr(id, name);
    if (old === null) return;
    if (observedMutations > 0) attributeMutation(element, name.toLowerCase(), old, namespace);
    if (name === "class" || name === "style" || name === "id") styleInputChanging(element, name, null);
    N.removeAttr(id, name);
    // The stored name: PageKit lowercases (ASCII) the names of HTML elements' attributes.
    detachAttrNode(element, N.ns(id) === htmlNamespace ? asciiLowercase(name) : name, old);
    if (attributeWatchers !== 0) attributeChanged(element, N.ns(id) === htmlNamespace ? asciiLowercase(name) : name, old, null);
}

/// Removes the attribute stored as `name` (a qualified name) in `namespace`, with its record,
/// unbinding its Attr node.
function removeStoredAttribute(element, name, namespace) {
    const id = idOf(element), colon = namespace === null ? -1 : StringIndexOf(name, ":");
    const localName = colon < 0 ? name : StringSlice(name, colon + 1);
    const old = namespacedAttribute(element, namespace, localName);
    if (old === null) return;
    if (observedMutations > 0) attributeMutation(element, localName, old[2], namespace);
    N.removeAttrNS(id, namespace, localName);
    detachAttrNode(element, old[0], old[2]);
    if (attributeWatchers !== 0) attributeChanged(element, localName, old[2], namespace);
}

/// DOM "set an attribute" (setAttributeNode, setAttributeNodeNS, setNamedItem…): an Attr of
/// another element is InUseAttributeError; the one it replaces, unbound, is returned.
function setAttributeNode(element, attr, interfaceName, member) {
    if (!isAttr(attr)) throw typeError("Argument 1 ('attr') to " + interfaceName + "." + member + " must be an instance of Attr");
    const [owner, name, namespace] = attrFields(attr);
    if (owner !== null && owner !== element) throw domError("InUseAttributeError");
    const colon = namespace === null ? -1 : StringIndexOf(name, ":");
    const localName = colon < 0 ? name : StringSlice(name, colon + 1);
    const old = namespacedAttribute(element, namespace, localName);
    if (owner === element && old !== null) return attr;
    const value = attr.value;
    let replaced = null;
    if (old !== null) {
        replaced = attrNode(element, old[0], old[1], old[2]);
        detachAttrNode(element, old[0], old[2]);
    }
    if (observedMutations > 0) attributeMutation(element, localName, old === null ? null : old[2], namespace);
    N.setAttrNS(idOf(element), namespace, name, value);
    bindAttrNode(attr, element);
    if (attributeWatchers !== 0) attributeChanged(element, localName, old === null ? null : old[2], namespace);
    return replaced;
}

/// DOM "replace data": the mutation record, the change, then the live ranges' steps.
function replaceCharacterData(node, offset, count, data) {
    const id = idOf(node), current = characterData(id), length = current.length;
    if (offset > length) throw domError("IndexSizeError");
    if (count > length - offset) count = length - offset;
    if (observedMutations > 0) dataMutation(node, current);
    setCharacterData(id, StringSlice(current, 0, offset) + data + StringSlice(current, offset + count));
    if (liveRanges.length) rangesReplacingData(id, offset, count, data.length);
}

/// DOM "split a Text node" at `offset`: the new node goes in after it, live ranges move with
/// the data they were in, then the data goes.
function splitTextNode(node, offset) {
    const id = idOf(node), data = characterData(id);
    if (offset > data.length) throw domError("IndexSizeError");
    const tail = wrap(N.clone(id, false, null));
    setCharacterData(idOf(tail), StringSlice(data, offset));
    const parent = node.parentNode;
    if (parent !== null) {
        insertNode(parent, tail, wrap(N.next(id)));
        if (liveRanges.length) rangesSplittingText(id, idOf(tail), offset, idOf(parent), childIndex(id));
    }
    replaceCharacterData(node, offset, data.length - offset, "");
    return tail;
}

function siblingElement(node, direction) {
    let id = idOf(node);
    while (true) {
        id = direction < 0 ? N.prev(id) : N.next(id);
        if (id < 0) return null;
        if (N.kind(id) === 1) return wrap(id);
    }
}

// ---------------------------------------------------------------------------------------------
// Attributes

/// Attr nodes keep their identity (DOM §4.9: an element's attribute list holds Attr objects):
/// each element's are cached by stored name while the attribute stays; removing or replacing
/// one unbinds it, keeping its last value. Set by Attr's static block.
let isAttr, attrFields, attrNode, detachAttrNode, bindAttrNode;

class Attr extends Node {
    #element; #name; #value; #namespace;
    constructor(key, element, name, value, namespace = null) {
        if (key !== KEY) throw typeError("Illegal constructor");
        super(KEY, -1);
        this.#element = element;
        this.#name = name;
        this.#value = value;
        this.#namespace = namespace;
    }
    get nodeType() { return 2; }
    get nodeName() { return this.#name; }
    get name() { return this.#name; }
    get localName() {
        const colon = this.#namespace === null ? -1 : this.#name.indexOf(":");
        return colon < 0 ? this.#name : this.#name.slice(colon + 1);
    }
    get namespaceURI() { return this.#namespace; }
    get prefix() {
        const colon = this.#namespace === null ? -1 : this.#name.indexOf(":");
        return colon < 0 ? null : this.#name.slice(0, colon);
    }
    get specified() { return true; }
    get ownerElement() { return this.#element; }
    get value() {
        if (!this.#element) return this.#value;
        const entry = namespacedAttribute(this.#element, this.#namespace, this.localName);
        return entry === null ? this.#value : entry[2];
    }
    set value(value) {
        this.#value = String(value);
        const element = this.#element;
        if (!element) return;
        // DOM "set an existing attribute value": the attribute by namespace and local name.
        const old = observedMutations > 0 || customElementsActive ? namespacedAttribute(element, this.#namespace, this.localName) : null;
        if (observedMutations > 0) attributeMutation(element, this.localName, old === null ? null : old[2], this.#namespace);
        N.setAttrNS(idOf(element), this.#namespace, this.#name, this.#value);
        if (attributeWatchers !== 0) attributeChanged(element, this.localName, old === null ? null : old[2], this.#namespace);
    }
    get nodeValue() { return this.value; }
    set nodeValue(value) { this.value = value; }
    get textContent() { return this.value; }
    set textContent(value) { this.value = value; }
    /// A copy with the same namespace, name and value and no element (DOM §4.4 "clone": Attr).
    cloneNode() { return new Attr(KEY, null, this.#name, this.value, this.#namespace); }
    static {
        isAttr = (value) => value !== null && typeof value === "object" && #name in value;
        attrFields = (attr) => [attr.#element, attr.#name, attr.#namespace];
        attrNode = (element, name, namespace, value) => {
            const cache = cacheOf(element);
            if (cache.attrNodes === undefined) cache.attrNodes = new InternalMap();
            let attr = MapGet(cache.attrNodes, name);
            if (attr === undefined || attr.#element !== element || attr.#namespace !== namespace) {
                attr = new Attr(KEY, element, name, value, namespace);
                MapSet(cache.attrNodes, name, attr);
            }
            return attr;
        };
        detachAttrNode = (element, name, value) => {
            const nodes = ReflectGet(element, NODE_CACHE)?.attrNodes;
            const attr = nodes === undefined ? undefined : MapGet(nodes, name);
            if (attr === undefined) return;
            attr.#value = value;
            attr.#element = null;
            MapDelete(nodes, name);
        };
        bindAttrNode = (attr, element) => {
            attr.#element = element;
            const cache = cacheOf(element);
            if (cache.attrNodes === undefined) cache.attrNodes = new InternalMap();
            MapSet(cache.attrNodes, attr.#name, attr);
        };
    }
}

/// NamedNodeMap's supported property names, set by its static block.
let namedNodeMapNames;

class NamedNodeMap {
    #element;
    constructor(key, element) {
        if (key !== KEY) throw typeError("Illegal constructor");
        this.#element = element;
    }
    get length() { return N.attrs(idOf(this.#element)).length / 2; }
    item(index) {
        const list = N.attrsNS(idOf(this.#element));
        index = index >>> 0;
        return index * 3 < list.length ? attrNode(this.#element, list[index * 3], list[index * 3 + 1], list[index * 3 + 2]) : null;
    }
    getNamedItem(name) {
        const id = idOf(this.#element);
        name = String(name);
        if (N.ns(id) === htmlNamespace && N.contentType(N.owner(id)) === "text/html") name = asciiLowercase(name);
        const list = N.attrsNS(id);
        for (let i = 0; i < list.length; i += 3) {
            if (list[i] === name) return attrNode(this.#element, list[i], list[i + 1], list[i + 2]);
        }
        return null;
    }
    getNamedItemNS(namespace, localName) {
        const entry = namespacedAttribute(this.#element, namespace, localName);
        return entry === null ? null : attrNode(this.#element, entry[0], entry[1], entry[2]);
    }
    removeNamedItemNS(namespace, localName) {
        const attr = this.getNamedItemNS(namespace, localName);
        if (attr === null) throw domError("NotFoundError");
        this.#element.removeAttributeNS(namespace, localName);
        return attr;
    }
    setNamedItem(attr) { return setAttributeNode(this.#element, attr, "NamedNodeMap", "setNamedItem"); }
    setNamedItemNS(attr) { return setAttributeNode(this.#element, attr, "NamedNodeMap", "setNamedItemNS"); }
    removeNamedItem(name) {
        const attr = this.getNamedItem(name);
        if (attr === null) throw domError("NotFoundError");
        this.#element.removeAttribute(name);
        return attr;
    }
    static {
        /// NamedNodeMap's supported property names (DOM §4.9.1): the attributes' qualified
        /// names, each once, less those with ASCII upper-case letters on an HTML element of
        /// an HTML document (getNamedItem could not find them).
        namedNodeMapNames = (map) => {
            const id = idOf(map.#element), list = N.attrsNS(id), names = [];
            const lowercaseOnly = N.ns(id) === htmlNamespace && N.contentType(N.owner(id)) === "text/html";
            for (let i = 0; i < list.length; i += 3) {
                const name = list[i];
                if (lowercaseOnly && RegExpExec(/[A-Z]/, name) !== null) continue;
                if (!names.includes(name)) names[names.length] = name;
            }
            return names;
        };
    }
}
legacyMembers(NamedNodeMap);
arrayIteration(NamedNodeMap, false);
const namedNodeMapHandler = legacyHandler(NamedNodeMap.prototype, {
    named: legacyMember(NamedNodeMap.prototype, "getNamedItem", "value"),
    names: (target) => namedNodeMapNames(target),
});

function asciiLowercase(text) { return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()); }
/// Only a–z uppercased (HTML's tagName: `ı` stays, where toUpperCase would give `I`).
function asciiUppercase(text) { return text.replace(/[a-z]+/g, (lower) => lower.toUpperCase()); }

const xmlNamespace = "http://www.w3.org/XML/1998/namespace";
const xmlnsNamespace = "http://www.w3.org/2000/xmlns/";

/// The [name, namespace, value] of an element's attribute with a namespace and local name, or null.
function namespacedAttribute(element, namespace, localName) {
    namespace = namespace === null || namespace === undefined || namespace === "" ? null : String(namespace);
    localName = String(localName);
    const list = N.attrsNS(idOf(element));
    for (let i = 0; i < list.length; i += 3) {
        if (list[i + 1] !== namespace) continue;
        const name = list[i], colon = namespace === null ? -1 : name.indexOf(":");
        if ((colon < 0 ? name : name.slice(colon + 1)) === localName) return [name, namespace, list[i + 2]];
    }
    return null;
}

/// The DOM's "validate and extract": [namespace, prefix, localName] or the error it throws.
function validateAndExtract(namespace, qualifiedName) {
    namespace = namespace === null || namespace === undefined || namespace === "" ? null : String(namespace);
    qualifiedName = String(qualifiedName);
    validateQualifiedName(qualifiedName);
    const colon = qualifiedName.indexOf(":");
    const prefix = colon < 0 ? null : qualifiedName.slice(0, colon);
    const localName = colon < 0 ? qualifiedName : qualifiedName.slice(colon + 1);
    if (prefix !== null && namespace === null) throw domError("NamespaceError");
    if (prefix === "xml" && namespace !== xmlNamespace) throw domError("NamespaceError");
    if ((qualifiedName === "xmlns" || prefix === "xmlns") !== (namespace === xmlnsNamespace)) throw domError("NamespaceError");
    return [namespace, prefix, localName];
}

/// XML's `Name` and `QName` productions (Namespaces in XML 1.0, 3rd edition).
const xmlNameStart = ":A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
const xmlNameRest = xmlNameStart + "\\-.0-9\u00B7\u0300-\u036F\u203F\u2040";
const xmlName = new RegExp("^[" + xmlNameStart + "][" + xmlNameRest + "]*$", "u");
const ncNameStart = xmlNameStart.slice(1), ncNameRest = xmlNameRest.slice(1);
const xmlQName = new RegExp("^(?:[" + ncNameStart + "][" + ncNameRest + "]*:)?[" + ncNameStart + "][" + ncNameRest + "]*$", "u");

/// The DOM's "validate" a qualified name: InvalidCharacterError unless it is a QName.
function validateQualifiedName(name) {
    if (!xmlQName.test(name)) throw domError("InvalidCharacterError");
}

class DOMTokenList {
    #element; #attribute; #supported;
    /// `supported`: the attribute's supported tokens in lowercase (HTML's `rel` lists), or null
    /// when it defines none (`class`), where `supports()` throws (DOM §7.1).
    constructor(key, element, attribute, supported = null) {
        if (key !== KEY) throw typeError("Illegal constructor");
        this.#element = element;
        this.#attribute = attribute;
        this.#supported = supported;
        // A legacy platform object: its tokens are indexed properties (`classList[0]`).
        return legacyObject(this, tokenListHandler);
    }
    #tokens() {
        const value = N.attr(idOf(this.#element), this.#attribute);
        if (value === null) return [];
        const tokens = [];
        for (const token of value.split(/[ \t\n\f\r]+/)) if (token !== "" && !tokens.includes(token)) tokens.push(token);
        return tokens;
    }
    #write(tokens) { setAttributeValue(this.#element, this.#attribute, tokens.join(" ")); }
    static #check(token) {
        token = String(token);
        if (token === "") throw domError("SyntaxError");
        if (/[ \t\n\f\r]/.test(token)) throw domError("InvalidCharacterError");
        return token;
    }
    get length() { return this.#tokens().length; }
    get value() { return N.attr(idOf(this.#element), this.#attribute) ?? ""; }
    set value(value) { setAttributeValue(this.#element, this.#attribute, toDOMString(value)); }
    item(index) { requireArguments(arguments.length, 1); const tokens = this.#tokens(); index = index >>> 0; return index < tokens.length ? tokens[index] : null; }
    contains(token) { requireArguments(arguments.length, 1); return this.#tokens().includes(String(token)); }
    add(...tokens) {
        const list = this.#tokens();
        for (let token of tokens) { token = DOMTokenList.#check(token); if (!list.includes(token)) list.push(token); }
        this.#write(list);
    }
    remove(...tokens) {
        const checked = tokens.map((token) => DOMTokenList.#check(token));
        const list = this.#tokens().filter((token) => !checked.includes(token));
        if (N.attr(idOf(this.#element), this.#attribute) !== null) this.#write(list);
    }
    toggle(token, force) {
        requireArguments(arguments.length, 1);
        token = DOMTokenList.#check(token);
        const list = this.#tokens();
        const present = list.includes(token);
        if (present && force !== true) { this.#write(list.filter((item) => item !== token)); return false; }
        if (!present && force !== false) { list.push(token); this.#write(list); return true; }
        return present;
    }
    replace(token, replacement) {
        requireArguments(arguments.length, 2);
        // Both are tested for emptiness before either is for whitespace (DOM §7.1 replace()).
        token = String(token); replacement = String(replacement);
        if (token === "" || replacement === "") throw domError("SyntaxError");
        token = DOMTokenList.#check(token);
        replacement = DOMTokenList.#check(replacement);
        const list = this.#tokens();
        const index = list.indexOf(token);
        if (index < 0) return false;
        list[index] = replacement;
        this.#write(list.filter((item, position) => list.indexOf(item) === position));
        return true;
    }
    supports(token) {
        // WebKit's DOMTokenList::supports: a TypeError with JavaScriptCore's default message.
        if (this.#supported === null) throw typeError("Type error");
        return this.#supported.includes(StringToLowerCase(String(token)));
    }
    toString() { return this.value; }
}
legacyMembers(DOMTokenList);
arrayIteration(DOMTokenList, true);
const tokenListHandler = legacyHandler(DOMTokenList.prototype);

function datasetProxy(element) {
    const attributeName = (key) => "data-" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    const propertyName = (name) => name.slice(5).replace(/-([a-z])/g, (m, c) => c.toUpperCase());
    return new Proxy(Object.create(DOMStringMap.prototype), {
        get(target, key) {
            if (typeof key !== "string") return Reflect.get(target, key);
            const value = element.getAttribute(attributeName(key));
            return value === null ? Reflect.get(target, key) : value;
        },
        set(target, key, value) {
            if (typeof key !== "string") return Reflect.set(target, key, value);
            if (/-[a-z]/.test(key)) throw domError("SyntaxError");
            element.setAttribute(attributeName(key), String(value));
            return true;
        },
        deleteProperty(target, key) {
            if (typeof key === "string") element.removeAttribute(attributeName(key));
            return true;
        },
        has(target, key) { return typeof key === "string" && element.hasAttribute(attributeName(key)); },
        ownKeys() {
            return element.getAttributeNames().filter((name) => name.startsWith("data-")).map(propertyName);
        },
        getOwnPropertyDescriptor(target, key) {
            if (typeof key !== "string") return undefined;
            const value = element.getAttribute(attributeName(key));
            return value === null ? undefined : { value, writable: true, enumerable: true, configurable: true };
        },
    });
}

class DOMStringMap {
    constructor() { throw typeError("Illegal constructor"); }
}

// ---------------------------------------------------------------------------------------------
// Inline style: the `style` attribute is the only storage, so layout and serialization see it.

const cssProperties = ["align-content", "align-items", "align-self", "animation", "animation-delay", "animation-direction",
    "animation-duration", "animation-fill-mode", "animation-iteration-count", "animation-name", "animation-play-state",
    "animation-timing-function", "appearance", "backface-visibility", "background", "background-attachment",
    "background-clip", "background-color", "background-image", "background-origin", "background-position",
    "background-repeat", "background-size", "border", "border-bottom", "border-bottom-color", "border-bottom-left-radius",
    "border-bottom-right-radius", "border-bottom-style", "border-bottom-width", "border-collapse", "border-color",
    "border-left", "border-left-color", "border-left-style", "border-left-width", "border-radius", "border-right",
    "border-right-color", "border-right-style", "border-right-width", "border-spacing", "border-style", "border-top",
    "border-top-color", "border-top-left-radius", "border-top-right-radius", "border-top-style", "border-top-width",
    "border-width", "bottom", "box-shadow", "box-sizing", "caption-side", "clear", "clip", "clip-path", "color", "column-count",
    "column-gap", "columns", "content", "counter-increment", "counter-reset", "cursor", "direction", "display", "empty-cells",
    "fill", "fill-opacity", "filter", "flex", "flex-basis", "flex-direction", "flex-flow", "flex-grow", "flex-shrink", "flex-wrap", "float", "font",
    "font-family", "font-feature-settings", "font-size", "font-style", "font-variant", "font-weight", "gap", "grid",
    "grid-area", "grid-column", "grid-row", "grid-template-areas", "grid-template-columns", "grid-template-rows", "height",
    "justify-content", "justify-items", "left", "letter-spacing", "line-height", "list-style", "list-style-image",
    "list-style-position", "list-style-type", "margin", "margin-bottom", "margin-left", "margin-right", "margin-top",
    "max-height", "max-width", "min-height", "min-width", "object-fit", "opacity", "order", "outline", "outline-color",
    "outline-offset", "outline-style", "outline-width", "overflow", "overflow-wrap", "overflow-x", "overflow-y", "padding",
    "padding-bottom", "padding-left", "padding-right", "padding-top", "page-break-after", "page-break-before",
    "pointer-events", "position", "quotes", "resize", "right", "row-gap", "stroke", "stroke-opacity", "stroke-width", "table-layout", "text-align", "text-decoration",
    "text-indent", "text-overflow", "text-shadow", "text-transform", "top", "transform", "transform-origin", "transition",
    "transition-delay", "transition-duration", "transition-property", "transition-timing-function", "unicode-bidi",
    "user-select", "vertical-align", "visibility", "white-space", "width", "will-change", "word-break", "word-spacing",
    "word-wrap", "writing-mode", "z-index", "zoom", "-webkit-appearance", "-webkit-box-shadow", "-webkit-line-clamp",
    "-webkit-overflow-scrolling", "-webkit-tap-highlight-color", "-webkit-text-size-adjust", "-webkit-transform",
    "-webkit-transition", "-webkit-user-select", "-webkit-animation", "-webkit-background-clip", "-webkit-box-orient"];

function camelCase(property) {
    return property.replace(/^-webkit-/, "webkit-").replace(/-([a-z])/g, (m, c) => c.toUpperCase());
}

function parseDeclarations(text) {
    const declarations = [];
    if (!text) return declarations;
    let depth = 0, quote = null, start = 0;
    const push = (end) => {
        const part = text.slice(start, end);
        const colon = part.indexOf(":");
        if (colon > 0) {
            const name = part.slice(0, colon).trim().toLowerCase();
            let value = part.slice(colon + 1).trim();
            let important = false;
            const match = /\s*!\s*important\s*$/i.exec(value);
            if (match) { important = true; value = value.slice(0, match.index).trim(); }
            if (name && value) {
                const existing = declarations.findIndex((d) => d.name === name);
                if (existing >= 0) declarations.splice(existing, 1);
                declarations.push({ name, value, important });
            }
        }
    };
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (quote) { if (c === quote) quote = null; else if (c === "\\") i++; continue; }
        if (c === "\"" || c === "'") quote = c;
        else if (c === "(") depth++;
        else if (c === ")") depth = Math.max(0, depth - 1);
        else if (c === ";" && depth === 0) { push(i); start = i + 1; }
    }
    push(text.length);
    return declarations;
}

function serializeDeclarations(declarations) {
    return declarations.map((d) => d.name + ": " + d.value + (d.important ? " !important" : "") + ";").join(" ");
}

class CSSStyleDeclaration {
    #element; #rule;
    /// An element's inline style, or (with `rule`: { rule, read(), write(text) }) a CSS rule's.
    constructor(key, element, rule = null) {
        if (key !== KEY) throw typeError("Illegal constructor");
        if (!styleProperties) {
            styleProperties = true;
            defineCSSProperties(CSSStyleDeclaration.prototype, true);
        }
        this.#element = element;
        this.#rule = rule;
    }
    #declarations() {
        if (this.#rule !== null) return parseDeclarations(this.#rule.read());
        return this.#element === null ? [] : parseDeclarations(N.attr(idOf(this.#element), "style"));
    }
    #write(declarations) {
        if (this.#rule !== null) { this.#rule.write(serializeDeclarations(declarations)); return; }
        if (this.#element === null) return;
        if (declarations.length === 0 && N.attr(idOf(this.#element), "style") === null) return;
        this.#element.setAttribute("style", serializeDeclarations(declarations));
    }
    get cssText() { return serializeDeclarations(this.#declarations()); }
    set cssText(value) { this.#write(parseDeclarations(String(value))); }
    get length() { return this.#declarations().length; }
    item(index) { const list = this.#declarations(); index = index >>> 0; return index < list.length ? list[index].name : ""; }
    getPropertyValue(name) {
        name = String(name).toLowerCase();
        const found = this.#declarations().find((d) => d.name === name);
        return found ? found.value : "";
    }
    getPropertyPriority(name) {
        name = String(name).toLowerCase();
        const found = this.#declarations().find((d) => d.name === name);
        return found && found.important ? "important" : "";
    }
    setProperty(name, value, priority = "") {
        name = String(name);
        if (!name.startsWith("--")) name = name.toLowerCase();
        value = value === null || value === undefined ? "" : String(value).trim();
        const list = this.#declarations();
        const index = list.findIndex((d) => d.name === name);
        if (value === "") {
            if (index >= 0) { list.splice(index, 1); this.#write(list); }
            return;
        }
        const declaration = { name, value, important: String(priority).toLowerCase() === "important" };
        if (index >= 0) list[index] = declaration; else list.push(declaration);
        this.#write(list);
    }
    removeProperty(name) {
        name = String(name).toLowerCase();
        const list = this.#declarations();
        const index = list.findIndex((d) => d.name === name);
        if (index < 0) return "";
        const [removed] = list.splice(index, 1);
        this.#write(list);
        return removed.value;
    }
    get parentRule() { return this.#rule === null ? null : this.#rule.rule; }
    get cssFloat() { return this.getPropertyValue("float"); }
    set cssFloat(value) { this.setProperty("float", value); }
    *[Symbol.iterator]() { for (const d of this.#declarations()) yield d.name; }
}
/// Defines the properties of every CSS property on a style prototype, on first use.
function defineCSSProperties(prototype, writable) {
    for (const property of cssProperties) {
        const accessor = {
            get() { return this.getPropertyValue(property); },
            set: writable ? function (value) { this.setProperty(property, value); } : undefined,
            enumerable: true, configurable: true,
        };
        ObjectDefine(prototype, camelCase(property), accessor);
        if (property.includes("-")) ObjectDefine(prototype, property, accessor);
        if (writable && property.startsWith("-webkit-")) ObjectDefine(prototype, "Webkit" + camelCase(property).slice(6), accessor);
    }
    if (nativeClasses.length === 0) markMembers({ prototype });
}
let styleProperties = false;

// ---------------------------------------------------------------------------------------------
// Elements

const htmlNamespace = "http://www.w3.org/1999/xhtml";
const svgNamespace = "http://www.w3.org/2000/svg";
const mathMLNamespace = "http://www.w3.org/1998/Math/MathML";

class Element extends Node {
    get nodeType() { return 1; }
    get nodeName() { return this.tagName; }
    get tagName() {
        const cache = cacheOf(this);
        if (cache.tagName === undefined) {
            const id = idOf(this), prefix = N.prefix(id);
            const name = prefix === null ? N.tag(id) : prefix + ":" + N.tag(id);
            cache.tagName = N.ns(id) === htmlNamespace && N.contentType(N.owner(id)) === "text/html" ? asciiUppercase(name) : name;
        }
        return cache.tagName;
    }
    get localName() { return N.tag(idOf(this)); }
    get namespaceURI() { return N.ns(idOf(this)); }
    get prefix() { return N.prefix(idOf(this)); }
    get id() { return N.attr(idOf(this), "id") ?? ""; }
    set id(value) { this.setAttribute("id", value); }
    get className() { return N.attr(idOf(this), "class") ?? ""; }
    set className(value) { this.setAttribute("class", value); }
    get classList() {
        const cache = cacheOf(this);
        if (cache.classList === undefined) cache.classList = new DOMTokenList(KEY, this, "class");
        return cache.classList;
    }
    set classList(value) { this.setAttribute("class", value); }
    get attributes() {
        const cache = cacheOf(this);
        if (cache.attributes === undefined) cache.attributes = legacyObject(new NamedNodeMap(KEY, this), namedNodeMapHandler);
        return cache.attributes;
    }
    hasAttributes() { return N.attrs(idOf(this)).length > 0; }
    getAttributeNames() {
        const list = N.attrs(idOf(this));
        const names = [];
        for (let i = 0; i < list.length; i += 2) names.push(list[i]);
        return names;
    }
    getAttribute(name) {
        requireArguments(arguments.length, 1);
        return N.attr(idOf(this), String(name));
    }
    getAttributeNS(namespace, localName) {
        requireArguments(arguments.length, 2);
        const entry = namespacedAttribute(this, namespace, localName);
        return entry === null ? null : entry[2];
    }
    hasAttribute(name) {
        requireArguments(arguments.length, 1);
        return N.attr(idOf(this), String(name)) !== null;
    }
    hasAttributeNS(namespace, localName) {
        requireArguments(arguments.length, 2);
        return namespacedAttribute(this, namespace, localName) !== null;
    }
    setAttribute(name, value) {
        requireArguments(arguments.length, 2);
        name = String(name);
        if (!xmlName.test(name)) throw domError("InvalidCharacterError");
        setAttributeValue(this, name, value, null);
    }
    setAttributeNS(namespace, qualifiedName, value) {
        requireArguments(arguments.length, 3);
        const [ns, , localName] = validateAndExtract(namespace, qualifiedName);
        value = String(value);
        const old = observedMutations > 0 || customElementsActive ? namespacedAttribute(this, ns, localName) : null;
        if (observedMutations > 0) attributeMutation(this, localName, old === null ? null : old[2], ns);
        N.setAttrNS(idOf(this), ns, String(qualifiedName), value);
        if (attributeWatchers !== 0) attributeChanged(this, localName, old === null ? null : old[2], ns);
    }
    removeAttribute(name) {
        requireArguments(arguments.length, 1);
        removeAttributeValue(this, String(name), null);
    }
    removeAttributeNS(namespace, localName) {
        requireArguments(arguments.length, 2);
        const old = namespacedAttribute(this, namespace, localName);
        if (old === null) return;
        removeStoredAttribute(this, old[0], old[1]);
    }
    toggleAttribute(name, force) {
        requireArguments(arguments.length, 1);
        name = String(name);
        if (!xmlName.test(name)) throw domError("InvalidCharacterError");
        const present = this.hasAttribute(name);
        if (present && force !== true) { this.removeAttribute(name); return false; }
        if (!present && force !== false) { this.setAttribute(name, ""); return true; }
        return present;
    }
    getAttributeNode(name) { return this.attributes.getNamedItem(name); }
    getAttributeNodeNS(namespace, localName) { return this.attributes.getNamedItemNS(namespace, localName); }
    setAttributeNode(attr) { return setAttributeNode(this, attr, "Element", "setAttributeNode"); }
    setAttributeNodeNS(attr) { return setAttributeNode(this, attr, "Element", "setAttributeNodeNS"); }
    removeAttributeNode(attr) {
        requireArguments(arguments.length, 1);
        if (!isAttr(attr)) throw typeError("Argument 1 ('attr') to Element.removeAttributeNode must be an instance of Attr");
        const [owner, name, namespace] = attrFields(attr);
        if (owner !== this) throw domError("NotFoundError");
        removeStoredAttribute(this, name, namespace);
        return attr;
    }
    get previousElementSibling() { return siblingElement(this, -1); }
    get nextElementSibling() { return siblingElement(this, 1); }
    get innerHTML() { return N.html(idOf(this), false); }
    set innerHTML(value) {
        const id = idOf(this);
        const target = N.tag(id) === "template" ? wrap(N.templateContent(id)) : this;
        const markup = value === null ? "" : String(value);
        if (N.contentType(N.owner(id)) !== "text/html") {
            // The XML fragment parsing algorithm: parsed first, so nothing changes when it throws.
            const fragment = parsedMarkup(id, markup);
            replaceAllChildren(target, () => {
                const targetID = idOf(target);
                for (const child of N.children(targetID)) N.remove(child);
                N.insert(targetID, fragment, -1);
            });
            return;
        }
        replaceAllChildren(target, () => N.setHTML(id, markup));
    }
    get outerHTML() { return N.html(idOf(this), true); }
    set outerHTML(value) {
        const parent = this.parentNode;
        if (parent === null) return;
        if (parent.nodeType === 9) throw domError("NoModificationAllowedError");
        const fragment = wrap(parsedMarkup(idOf(parent), value === null ? "" : String(value)));
        const next = this.nextSibling, previous = this.previousSibling;
        // DOM "replace": one record holds this element and what replaces it.
        const added = observedMutations > 0 ? wrapAll(N.children(idOf(fragment))) : null;
        removeNode(parent, this, true);
        insertNode(parent, fragment, next, true);
        if (added !== null) childListMutation(parent, added, [this], previous, next);
    }
    insertAdjacentHTML(position, text) {
        requireArguments(arguments.length, 2);
        position = String(position).toLowerCase();
        const context = position === "beforebegin" || position === "afterend" ? this.parentNode : this;
        if (context === null || (context.nodeType === 9)) {
            if (position === "beforebegin" || position === "afterend") throw domError("NoModificationAllowedError");
        }
        const fragment = wrap(parsedMarkup(idOf(context === null ? this : context), String(text)));
        insertAdjacent(this, position, fragment);
    }
    insertAdjacentElement(position, element) {
        requireArguments(arguments.length, 2);
        nodeArgument(element, "Element", "insertAdjacentElement", 2, "element");
        return insertAdjacent(this, String(position).toLowerCase(), element);
    }
    insertAdjacentText(position, text) {
        requireArguments(arguments.length, 2);
        insertAdjacent(this, String(position).toLowerCase(), documentOf(this).createTextNode(String(text)));
    }
    matches(selectors) {
        requireArguments(arguments.length, 1);
        const text = String(selectors), result = N.matches(idOf(this), text);
        if (result === -2) throw invalidSelector(text);
        return result === 1;
    }
    webkitMatchesSelector(selectors) { requireArguments(arguments.length, 1); return this.matches(selectors); }
    closest(selectors) {
        requireArguments(arguments.length, 1);
        const text = String(selectors), result = N.closest(idOf(this), text);
        if (result === -2) throw invalidSelector(text);
        return wrap(result);
    }
    getBoundingClientRect() { return new DOMRect(0, 0, 0, 0); }
    getClientRects() { return N.rendered(idOf(this)) ? [new DOMRect(0, 0, 0, 0)] : []; }
    scrollIntoView() {}
    scrollIntoViewIfNeeded() {}
    scrollTo() {}
    scrollBy() {}
    scroll() {}
    get scrollTop() { return 0; }
    set scrollTop(value) {}
    get scrollLeft() { return 0; }
    set scrollLeft(value) {}
    get scrollWidth() { return 0; }
    get scrollHeight() { return 0; }
    // CSSOM View §7: the root element's client box is the viewport without scroll bars (iOS
    // overlays them, so all of it); other boxes are not laid out yet.
    get clientWidth() {
        if (isViewportElement(this)) return viewportWidth;
        const box = blockBorderBox(this);
        return box.width === 0 ? 0 : box.width - box.borderX;
    }
    get clientHeight() {
        if (isViewportElement(this)) return viewportHeight;
        const box = blockBorderBox(this);
        return box.height === 0 ? 0 : box.height - box.borderY;
    }
    get clientTop() { return 0; }
    get clientLeft() { return 0; }
    get slot() { return N.attr(idOf(this), "slot") ?? ""; }
    set slot(value) { setAttributeValue(this, "slot", String(value), null); }
    attachShadow(init) {
        requireArguments(arguments.length, 1);
        return attachShadowRoot(this, init);
    }
    get shadowRoot() {
        if (shadowRootCount === 0) return null;
        const rootID = N.shadowRoot(idOf(this));
        return rootID >= 0 && shadowSettingsOf(rootID).mode === "open" ? wrap(rootID) : null;
    }
    get assignedSlot() { return assignedSlotOf(this, true); }
}
mixin(Element, childNodeMethods);
mixin(Element, parentNodeMethods);

// ---------------------------------------------------------------------------------------------
// Shadow roots (DOM §4.2.2, §4.8): a DocumentFragment of the arena whose host and settings the
// native side keeps (HTMLDocument.shadowRoots and shadowHosts), so that the memory sweep keeps
// and frees a shadow tree with its host.

/// How many shadow roots this world attached: while 0, nothing looks for shadow trees.
let shadowRootCount = 0;
/// slot ID → the IDs `assign()` gave it (manual slot assignment).
const manualSlotAssignments = new InternalMap();

/// The elements that can host a shadow root besides valid custom element names (DOM §4.9 attachShadow step 2).
const shadowHostNames = ["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "main", "nav", "p", "section", "span"];

/// A valid custom element name (HTML §4.13.2), enough for attachShadow's check.
function isCustomElementName(name) {
    return /^[a-z][-.0-9_a-z\u00B7\u00C0-\uFFFF]*-[-.0-9_a-z\u00B7\u00C0-\uFFFF]*$/.test(name)
        && !["annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format",
            "font-face-name", "missing-glyph"].includes(name);
}

function attachShadowRoot(host, init) {
    if (init === undefined || init === null || (typeof init !== "object" && typeof init !== "function")) {
        if (init !== undefined && init !== null) throw typeError("Type error");
        throw typeError("Member ShadowRootInit.mode is required and must be an instance of ShadowRootMode");
    }
    const clonable = !!init.clonable, delegatesFocus = !!init.delegatesFocus;
    const rawMode = init.mode;
    if (rawMode === undefined) throw typeError("Member ShadowRootInit.mode is required and must be an instance of ShadowRootMode");
    const mode = String(rawMode);
    if (mode !== "open" && mode !== "closed") throw typeError("Type error");
    const serializable = !!init.serializable;
    const rawAssignment = init.slotAssignment;
    const slotAssignment = rawAssignment === undefined ? "named" : String(rawAssignment);
    if (slotAssignment !== "named" && slotAssignment !== "manual") throw typeError("Type error");
    const id = idOf(host);
    if (N.ns(id) !== htmlNamespace) throw domError("NotSupportedError");
    const name = N.tag(id);
    if (!shadowHostNames.includes(name) && !isCustomElementName(name)) throw domError("NotSupportedError");
    // A definition with `disabledFeatures: ["shadow"]` (HTML "attach a shadow root" step 4).
    if (customElementsActive && isCustomElementName(name) && customDefinitionFor(host)?.disableShadow) throw domError("NotSupportedError");
    if (N.shadowRoot(id) >= 0) throw domError("NotSupportedError");
    shadowRootCount++;
    if (slotWatch === 0) {
        slotWatch = 1;
        attributeWatchers |= 2;
        observedMutations++;
        N.observeParser(true);
    }
    return wrap(N.attachShadow(id, mode, delegatesFocus, slotAssignment, clonable, serializable));
}

// Slot changes (DOM §4.2.2.5 "signal a slot change"): each shadow root's slots' assigned nodes
// as last seen are compared with the tree after each change that can move them; a slot whose
// list changed is signalled, and `slotchange` fires at it in the mutation observers' microtask.

/// shadow root ID → (slot ID → the IDs assigned to it when last seen).
const slotAssignmentsSeen = new InternalMap();
/// The slots signalled since the last delivery, in order.
let signalSlots = [];

/// Updates slot assignments after a change at `id`: its children (`name` null) or its attribute `name`.
function slotTreeChanged(id, name) {
    if (name === null) {
        const hostedRoot = N.shadowRoot(id);
        if (hostedRoot >= 0) updateSlotAssignments(hostedRoot);
        const root = N.root(id);
        if (shadowHostID(root) < 0) return;
        updateSlotAssignments(root);
        // A slot's fallback content changed while nothing is assigned to it.
        if (isSlotElement(id) && findSlottables(id).length === 0) signalSlot(id);
    } else if (name === "slot") {
        const parent = N.parent(id);
        const hostedRoot = parent < 0 ? -1 : N.shadowRoot(parent);
        if (hostedRoot >= 0) updateSlotAssignments(hostedRoot);
    } else if (name === "name" && isSlotElement(id)) {
        const root = N.root(id);
        if (shadowHostID(root) >= 0) updateSlotAssignments(root);
    }
}

function isSlotElement(id) { return N.kind(id) === 1 && N.tag(id) === "slot" && N.ns(id) === htmlNamespace; }

/// Compares a shadow root's slots' assigned nodes with those last seen and signals the slots
/// whose lists changed, including slots that left the tree with nodes assigned.
function updateSlotAssignments(rootID) {
    const slots = slotsOf(rootID);
    const seen = MapGet(slotAssignmentsSeen, rootID);
    if (seen === undefined && slots.length === 0) return;
    const now = new InternalMap();
    for (let i = 0; i < slots.length; i++) {
        const assigned = findSlottables(slots[i]);
        const before = seen === undefined ? undefined : MapGet(seen, slots[i]);
        if (!sameIDs(before ?? [], assigned)) signalSlot(slots[i]);
        if (assigned.length) MapSet(now, slots[i], assigned);
    }
    if (seen !== undefined) seen.forEach((before, slot) => { if (!slots.includes(slot) && before.length) signalSlot(slot); });
    if (now.size) MapSet(slotAssignmentsSeen, rootID, now); else MapDelete(slotAssignmentsSeen, rootID);
}

function sameIDs(a, b) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}

function signalSlot(id) {
    if (signalSlots.includes(id)) return;
    signalSlots[signalSlots.length] = id;
    if (!mutationDeliveryScheduled && mayQueueMicrotask()) {
        mutationDeliveryScheduled = true;
        promiseThen.call(resolvedPromise, deliverMutations);
    }
}

/// Fires `slotchange` at the signalled slots (after the mutation observers' callbacks).
function fireSlotChanges() {
    const slots = signalSlots;
    signalSlots = [];
    for (let i = 0; i < slots.length; i++) {
        try { dispatch(wrap(slots[i]), makeEvent("Event", "slotchange", { bubbles: true }), true); } catch (error) { reportException(error); }
    }
}

/// A shadow root's settings by its ID ({ mode, delegatesFocus, slotAssignment, clonable,
/// serializable }), or undefined for a node that is not a shadow root.
function shadowSettingsOf(rootID) {
    const settings = N.shadowSettings(rootID);
    if (settings === null) return undefined;
    return { mode: settings[0], delegatesFocus: settings[1], slotAssignment: settings[2], clonable: settings[3], serializable: settings[4] };
}

/// The host of a shadow root's ID, or -1.
function shadowHostID(rootID) {
    return shadowRootCount === 0 ? -1 : N.shadowHost(rootID);
}

/// A node's shadow-including root (the document for a node in a connected host's shadow tree).
function shadowIncludingRoot(id) {
    let root = N.root(id);
    for (let host = shadowHostID(root); host >= 0; host = shadowHostID(root)) root = N.root(host);
    return root;
}

function connectedInShadowIncludingTree(id) {
    if (N.connected(id)) return true;
    const root = N.root(id);
    return shadowHostID(root) >= 0 && N.connected(shadowIncludingRoot(id));
}

/// A ShadowRoot's settings; a TypeError for anything else (a page's object with its prototype).
function shadowRootState(root) {
    const state = root !== null && typeof root === "object" && isNode(root) ? shadowSettingsOf(idOf(root)) : undefined;
    if (state === undefined) throw typeError("The ShadowRoot.prototype member was called on an object that is not a ShadowRoot");
    return state;
}

/// The name a slottable is assigned by: an element's `slot` attribute, "" for text.
function slottableName(id) { return N.kind(id) === 1 ? N.attr(id, "slot") ?? "" : ""; }

/// The slots of a shadow root in tree order.
function slotsOf(rootID) {
    const ids = N.query(rootID, "slot", true);
    return typeof ids === "object" ? ids : [];
}

/// DOM "find a slot" for a slottable's ID (open: only in open shadow roots), or -1.
function findSlot(id, open) {
    if (shadowRootCount === 0) return -1;
    const kind = N.kind(id);
    if (kind !== 1 && kind !== 3) return -1;
    const parent = N.parent(id);
    if (parent < 0) return -1;
    const rootID = N.shadowRoot(parent);
    if (rootID < 0) return -1;
    const state = shadowSettingsOf(rootID);
    if (open && state.mode !== "open") return -1;
    const slots = slotsOf(rootID);
    if (state.slotAssignment === "manual") {
        for (let i = 0; i < slots.length; i++) {
            const assigned = MapGet(manualSlotAssignments, slots[i]);
            if (assigned !== undefined && assigned.includes(id)) return slots[i];
        }
        return -1;
    }
    const name = slottableName(id);
    for (let i = 0; i < slots.length; i++) if ((N.attr(slots[i], "name") ?? "") === name) return slots[i];
    return -1;
}

/// DOM "find slottables" for a slot's ID: the IDs assigned to it, in tree order.
function findSlottables(slotID) {
    const rootID = N.root(slotID), hostID = shadowHostID(rootID);
    if (hostID < 0) return [];
    const result = [];
    const manual = shadowSettingsOf(rootID).slotAssignment === "manual";
    const children = N.children(hostID);
    for (let i = 0; i < children.length; i++) {
        const child = children[i], kind = N.kind(child);
        if (kind !== 1 && kind !== 3) continue;
        if (manual) {
            const assigned = MapGet(manualSlotAssignments, slotID);
            if (assigned !== undefined && assigned.includes(child) && findSlot(child, false) === slotID) result[result.length] = child;
        } else if (findSlot(child, false) === slotID) {
            result[result.length] = child;
        }
    }
    return result;
}

/// DOM "find flattened slottables".
function findFlattenedSlottables(slotID) {
    if (shadowHostID(N.root(slotID)) < 0) return [];
    let slottables = findSlottables(slotID);
    if (slottables.length === 0) slottables = N.children(slotID).filter((child) => N.kind(child) === 1 || N.kind(child) === 3);
    const result = [];
    for (let i = 0; i < slottables.length; i++) {
        const node = slottables[i];
        if (N.kind(node) === 1 && N.tag(node) === "slot" && N.ns(node) === htmlNamespace && shadowHostID(N.root(node)) >= 0) {
            const inner = findFlattenedSlottables(node);
            for (let j = 0; j < inner.length; j++) result[result.length] = inner[j];
        } else {
            result[result.length] = node;
        }
    }
    return result;
}

/// `assignedSlot` of an element or text node.
function assignedSlotOf(node, open) { return wrap(findSlot(idOf(node), open)); }


function insertAdjacent(element, position, node) {
    switch (position) {
    case "beforebegin": {
        const parent = element.parentNode;
        if (parent === null) return null;
        return insertNode(parent, node, element);
    }
    case "afterbegin": return insertNode(element, node, element.firstChild);
    case "beforeend": return insertNode(element, node, null);
    case "afterend": {
        const parent = element.parentNode;
        if (parent === null) return null;
        return insertNode(parent, node, element.nextSibling);
    }
    default: throw domError("SyntaxError");
    }
}

class DOMRectReadOnly {
    #x; #y; #width; #height;
    constructor(x = 0, y = 0, width = 0, height = 0) { this.#x = +x; this.#y = +y; this.#width = +width; this.#height = +height; }
    get x() { return this.#x; }
    get y() { return this.#y; }
    get width() { return this.#width; }
    get height() { return this.#height; }
    get top() { return Math.min(this.#y, this.#y + this.#height); }
    get bottom() { return Math.max(this.#y, this.#y + this.#height); }
    get left() { return Math.min(this.#x, this.#x + this.#width); }
    get right() { return Math.max(this.#x, this.#x + this.#width); }
    toJSON() { return { x: this.x, y: this.y, width: this.width, height: this.height, top: this.top, right: this.right, bottom: this.bottom, left: this.left }; }
}
class DOMRect extends DOMRectReadOnly {}

/// Reflects a string attribute as a property.
function reflect(cls, property, attribute = property.toLowerCase(), fallback = "") {
    ObjectDefine(cls.prototype, property, {
        get() { return N.attr(idOf(this), attribute) ?? fallback; },
        set(value) { this.setAttribute(attribute, value); },
        enumerable: true, configurable: true,
    });
}

/// Reflects a boolean attribute as a property.
function reflectBoolean(cls, property, attribute = property.toLowerCase()) {
    ObjectDefine(cls.prototype, property, {
        get() { return N.attr(idOf(this), attribute) !== null; },
        set(value) { if (value) this.setAttribute(attribute, ""); else this.removeAttribute(attribute); },
        enumerable: true, configurable: true,
    });
}

/// Reflects a URL attribute: the getter resolves it against the document's URL.
function reflectURL(cls, property, attribute = property.toLowerCase()) {
    ObjectDefine(cls.prototype, property, {
        get() {
            const value = N.attr(idOf(this), attribute);
            if (value === null) return "";
            const resolved = N.resolve(value);
            return resolved === null ? value : resolved;
        },
        set(value) { this.setAttribute(attribute, value); },
        enumerable: true, configurable: true,
    });
}

function reflectNumber(cls, property, attribute, fallback) {
    ObjectDefine(cls.prototype, property, {
        get() {
            const value = N.attr(idOf(this), attribute);
            const number = value === null ? NaN : parseInt(value, 10);
            return Number.isFinite(number) ? number : fallback;
        },
        set(value) { this.setAttribute(attribute, String(value | 0)); },
        enumerable: true, configurable: true,
    });
}

class HTMLElement extends Element {
    constructor() {
        // A wrapper (KEY, id), or HTML's element constructor steps for a custom element class.
        if (arguments[0] !== KEY) return constructCustomElement(new.target);
        super(KEY, arguments[1]);
    }
    get style() {
        const cache = cacheOf(this);
        if (cache.style === undefined) cache.style = new CSSStyleDeclaration(KEY, this);
        return cache.style;
    }
    set style(value) { this.setAttribute("style", value); }
    attachInternals() { return attachElementInternals(this); }
    get dataset() {
        const cache = cacheOf(this);
        if (cache.dataset === undefined) cache.dataset = datasetProxy(this);
        return cache.dataset;
    }
    get innerText() { return N.innerText(idOf(this)); }
    set innerText(value) {
        value = value === null ? "" : String(value);
        if (observedMutations > 0 || treeFollowed()) removeAllChildren(this);
        const document = documentOf(this);
        N.setText(idOf(this), "");
        const lines = value.split(/\r\n|\r|\n/);
        lines.forEach((line, index) => {
            if (index > 0) insertNode(this, document.createElement("br"), null);
            if (line !== "") insertNode(this, document.createTextNode(line), null);
        });
    }
    get outerText() { return this.innerText; }
    set outerText(value) {
        // HTML's outerText setter: the text's lines with a <br> between them, in the element's place.
        if (N.parent(idOf(this)) < 0) throw domError("NoModificationAllowedError");
        const document = documentOf(this);
        const nodes = [];
        String(value).split(/\r\n|\r|\n/).forEach((line, index) => {
            if (index > 0) nodes.push(document.createElement("br"));
            if (line !== "") nodes.push(document.createTextNode(line));
        });
        if (nodes.length === 0) nodes.push(document.createTextNode(""));
        this.replaceWith(...nodes);
    }
    get isContentEditable() { return false; }
    get offsetParent() { return N.rendered(idOf(this)) ? documentOf(this).body : null; }
    get offsetTop() { return 0; }
    get offsetLeft() { return 0; }
    get offsetWidth() { return blockBorderBox(this).width; }
    get offsetHeight() { return blockBorderBox(this).height; }
    get tabIndex() {
        const value = N.attr(idOf(this), "tabindex");
        const number = value === null ? NaN : parseInt(value, 10);
        if (Number.isFinite(number)) return number;
        return /^(a|area|button|input|select|textarea|iframe)$/.test(this.localName) ? 0 : -1;
    }
    set tabIndex(value) { this.setAttribute("tabindex", String(value | 0)); }
    click() { activate(this, false); }
    focus() { focusElement(this); }
    blur() { blurElement(this); }
}
reflect(HTMLElement, "title");
reflect(HTMLElement, "lang");
reflect(HTMLElement, "dir");
reflect(HTMLElement, "accessKey", "accesskey");
reflect(HTMLElement, "contentEditable", "contenteditable", "inherit");
reflect(HTMLElement, "inputMode", "inputmode");
reflect(HTMLElement, "enterKeyHint", "enterkeyhint");
reflect(HTMLElement, "autocapitalize");
// hidden (HTML §6.1): "until-found" in that state, else whether the attribute is present.
ObjectDefine(HTMLElement.prototype, "hidden", {
    get() {
        const value = N.attr(idOf(this), "hidden");
        if (value === null) return false;
        return asciiLowercase(value) === "until-found" ? "until-found" : true;
    },
    set(value) {
        if (typeof value === "string" && asciiLowercase(value) === "until-found") this.setAttribute("hidden", "until-found");
        else if (value === "" || value === null || value === undefined || value === false || value === 0 || value !== value) this.removeAttribute("hidden");
        else this.setAttribute("hidden", "");
    },
    enumerable: true, configurable: true,
});
reflectBoolean(HTMLElement, "draggable");
reflectBoolean(HTMLElement, "spellcheck");
reflectBoolean(HTMLElement, "inert");
reflectBoolean(HTMLElement, "autofocus");

/// Element interfaces, made the first time a page meets one of their elements or names
/// them: each costs a new global object some microseconds, and a page meets a dozen.
const elementClasses = new Map();
const elementFactories = new Map();
const madeElementClasses = new Map();

const elementInterfaceNames = [];

function elementClass(name, tags, factory) {
    elementFactories.set(name, factory);
    elementInterfaceNames.push(name);
    for (const tag of tags) elementClasses.set(tag, name);
}

/// What to do to an element interface once it is made (event handler properties).
const elementClassHooks = new Map();

function elementClassNamed(name) {
    if (name === "HTMLElement") return HTMLElement;
    let cls = MapGet(madeElementClasses, name);
    if (cls === undefined) {
        cls = MapGet(elementFactories, name)();
        MapSet(madeElementClasses, name, cls);
        // A hand-written class (the generated ones register themselves) gets its brands.
        if (MapGet(interfaceBrands, cls) === undefined) {
            registerInterface(cls, name, ObjectGetPrototypeOf(cls));
            ObjectDefine(cls.prototype, Symbol.toStringTag, { value: name, configurable: true });
        }
        const hook = MapGet(elementClassHooks, name);
        if (hook !== undefined) hook(cls);
        markClass(cls);
    }
    return cls;
}

function elementClassForTag(tag) {
    const name = MapGet(elementClasses, tag);
    return name === undefined ? undefined : elementClassNamed(name);
}

// @bindings: BindingsGenerator puts the interfaces of IDL/*.webidl here.

for (const tag of ["abbr", "address", "article", "aside", "b", "bdi", "bdo", "cite", "code", "dd", "dfn", "dt", "em",
    "figcaption", "figure", "footer", "header", "hgroup", "i", "kbd", "main", "mark", "nav", "noscript", "rp", "rt",
    "ruby", "s", "samp", "search", "section", "small", "strong", "sub", "summary", "sup", "u", "var", "wbr", "center",
    "acronym", "big", "strike", "tt", "nobr", "noframes", "noembed", "plaintext"]) {
    elementClasses.set(tag, "HTMLElement");
}

elementClass("SVGElement", [], () => class SVGElement extends Element {
    get style() {
        const cache = cacheOf(this);
        if (cache.style === undefined) cache.style = new CSSStyleDeclaration(KEY, this);
        return cache.style;
    }
    get dataset() {
        const cache = cacheOf(this);
        if (cache.dataset === undefined) cache.dataset = datasetProxy(this);
        return cache.dataset;
    }
    get className() { return N.attr(idOf(this), "class") ?? ""; }
});
/// The SVG element interfaces (SVG 2 §4, as WebKit has them): each made on first use, under its parent.
const svgInterfaceParents = [
    ["SVGGraphicsElement", "SVGElement", []],
    ["SVGGeometryElement", "SVGGraphicsElement", []],
    ["SVGTextContentElement", "SVGGraphicsElement", []],
    ["SVGTextPositioningElement", "SVGTextContentElement", []],
    ["SVGGradientElement", "SVGElement", []],
    ["SVGSVGElement", "SVGGraphicsElement", ["svg"]], ["SVGGElement", "SVGGraphicsElement", ["g"]],
    ["SVGDefsElement", "SVGGraphicsElement", ["defs"]], ["SVGUseElement", "SVGGraphicsElement", ["use"]],
    ["SVGImageElement", "SVGGraphicsElement", ["image"]], ["SVGForeignObjectElement", "SVGGraphicsElement", ["foreignObject"]],
    ["SVGAElement", "SVGGraphicsElement", ["a"]], ["SVGSwitchElement", "SVGGraphicsElement", ["switch"]],
    ["SVGPathElement", "SVGGeometryElement", ["path"]], ["SVGRectElement", "SVGGeometryElement", ["rect"]],
    ["SVGCircleElement", "SVGGeometryElement", ["circle"]], ["SVGEllipseElement", "SVGGeometryElement", ["ellipse"]],
    ["SVGLineElement", "SVGGeometryElement", ["line"]], ["SVGPolylineElement", "SVGGeometryElement", ["polyline"]],
    ["SVGPolygonElement", "SVGGeometryElement", ["polygon"]],
    ["SVGTextElement", "SVGTextPositioningElement", ["text"]], ["SVGTSpanElement", "SVGTextPositioningElement", ["tspan"]],
    ["SVGTextPathElement", "SVGTextContentElement", ["textPath"]],
    ["SVGLinearGradientElement", "SVGGradientElement", ["linearGradient"]],
    ["SVGRadialGradientElement", "SVGGradientElement", ["radialGradient"]],
    ["SVGStopElement", "SVGElement", ["stop"]], ["SVGClipPathElement", "SVGElement", ["clipPath"]],
    ["SVGMaskElement", "SVGElement", ["mask"]], ["SVGPatternElement", "SVGElement", ["pattern"]],
    ["SVGSymbolElement", "SVGElement", ["symbol"]], ["SVGTitleElement", "SVGElement", ["title"]],
    ["SVGDescElement", "SVGElement", ["desc"]], ["SVGMarkerElement", "SVGElement", ["marker"]],
    ["SVGFilterElement", "SVGElement", ["filter"]], ["SVGStyleElement", "SVGElement", ["style"]],
    ["SVGScriptElement", "SVGElement", ["script"]], ["SVGMetadataElement", "SVGElement", ["metadata"]],
];
const svgElementInterfaces = new Map();
for (const [name, parent, tags] of svgInterfaceParents) {
    for (const tag of tags) svgElementInterfaces.set(tag, name);
    // A named class expression per interface, so that each has its own name.
    elementClass(name, [], () => ({ [name]: class extends elementClassNamed(parent) {} })[name]);
}
elementClass("MathMLElement", [], () => class MathMLElement extends Element {
    get style() {
        const cache = cacheOf(this);
        if (cache.style === undefined) cache.style = new CSSStyleDeclaration(KEY, this);
        return cache.style;
    }
    get dataset() {
        const cache = cacheOf(this);
        if (cache.dataset === undefined) cache.dataset = datasetProxy(this);
        return cache.dataset;
    }
});

/// The interface of an element outside the HTML namespace.
function foreignElementClass(namespace, tag) {
    if (namespace === svgNamespace) return elementClassNamed(MapGet(svgElementInterfaces, tag) ?? "SVGElement");
    if (namespace === mathMLNamespace) return elementClassNamed("MathMLElement");
    return Element;
}

const validCustomElementName = /^[a-z][a-z0-9._\-\u00b7\u00c0-\ud7ff\ue000-\ufffd]*-[a-z0-9._\-\u00b7\u00c0-\ud7ff\ue000-\ufffd]*$/;
const knownUnknown = new Set(["applet", "bgsound", "blink", "isindex", "keygen", "multicol", "nextid", "spacer"]);
