// Documents, fragments, events and their dispatch, event handlers, focus, forms and the
// default actions of clicks (WebKit's activation behaviours).

// ---------------------------------------------------------------------------------------------
// Documents

const validElementName = /^[A-Za-z][^\s\/>\x00]*$|^[:_A-Za-z\u00c0-\uffff][^\s\/>\x00]*$/;

class Document extends Node {
    constructor() {
        if (arguments[0] === KEY) { super(KEY, arguments[1]); return; }
        const id = N.create(9, "application/xml", -1);
        super(KEY, id);
        strongWrappers.set(id, this);
        N.info(id);
    }
    get nodeType() { return 9; }
    get nodeName() { return "#document"; }
    get isMain() { return isWindowDocument(this); }
    get documentElement() {
        for (const id of N.elementChildren(idOf(this))) return wrap(id);
        return null;
    }
    get head() { return childOfRoot(this, "head"); }
    get body() {
        const html = this.documentElement;
        if (html === null) return null;
        for (const id of N.elementChildren(idOf(html))) {
            const tag = N.tag(id);
            if (tag === "body" || tag === "frameset") return wrap(id);
        }
        return null;
    }
    set body(value) {
        if (value === null || typeof value !== "object" || !isNode(value) || !/^(body|frameset)$/.test(value.localName)) {
            throw domError("HierarchyRequestError");
        }
        const current = this.body;
        if (current === value) return;
        const html = this.documentElement;
        if (html === null) throw domError("HierarchyRequestError");
        if (current !== null) html.replaceChild(value, current); else html.appendChild(value);
    }
    get title() { return N.title(idOf(this)); }
    set title(value) { N.setTitle(idOf(this), String(value)); }
    get readyState() { return isWindowDocument(this) ? N.readyState() : "complete"; }
    get URL() { return isWindowDocument(this) ? N.url() : N.documentURL(idOf(this)); }
    get documentURI() { return this.URL; }
    get baseURI() { return this.URL; }
    get location() { return isWindowDocument(this) ? G.location : null; }
    set location(value) { if (isWindowDocument(this)) G.location.href = value; }
    get defaultView() { return windowOfDocument(idOf(this)); }
    get cookie() { return isWindowDocument(this) ? N.cookie() : ""; }
    set cookie(value) { if (isWindowDocument(this)) N.setCookie(String(value)); }
    get domain() { return isWindowDocument(this) ? G.location.hostname : ""; }
    get referrer() { return ""; }
    get characterSet() { return N.characterSet(idOf(this)); }
    get charset() { return N.characterSet(idOf(this)); }
    get inputEncoding() { return N.characterSet(idOf(this)); }
    get contentType() { return N.reportedContentType(idOf(this)); }
    get compatMode() { return N.compatMode(idOf(this)); }
    get doctype() {
        for (let id = N.first(idOf(this)); id >= 0; id = N.next(id)) if (N.kind(id) === 10) return wrap(id);
        return null;
    }
    get dir() { const html = this.documentElement; return html === null ? "" : html.dir; }
    set dir(value) { const html = this.documentElement; if (html !== null) html.dir = value; }
    get lastModified() { return formatLastModified(N.now()); }
    get activeElement() {
        // The focused element retargeted against the document: a shadow tree's host (HTML §6.6.6).
        const id = N.activeElement();
        if (id >= 0 && N.owner(id) === idOf(this) && connectedInShadowIncludingTree(id)) return retargetAgainst(wrap(id), this);
        return this.body;
    }
    hasFocus() { return isWindowDocument(this); }
    get visibilityState() { return "visible"; }
    get hidden() { return false; }
    get webkitVisibilityState() { return "visible"; }
    get webkitHidden() { return false; }
    get fullscreenElement() { return null; }
    get webkitFullscreenElement() { return null; }
    get fullscreenEnabled() { return false; }
    get pointerLockElement() { return null; }
    get designMode() { return "off"; }
    set designMode(value) {}
    get currentScript() { return isWindowDocument(this) ? wrap(N.currentScript()) : null; }
    get scripts() { return documentCollection(this, (id) => N.byTag(id, "script")); }
    get forms() { return documentCollection(this, (id) => N.byTag(id, "form")); }
    get images() { return documentCollection(this, (id) => N.byTag(id, "img")); }
    get embeds() { return documentCollection(this, (id) => N.byTag(id, "embed")); }
    get plugins() { return this.embeds; }
    get links() {
        return documentCollection(this, (id) => N.byTag(id, "*").filter((e) => /^(a|area)$/.test(N.tag(e)) && N.attr(e, "href") !== null));
    }
    get anchors() {
        return documentCollection(this, (id) => N.byTag(id, "a").filter((e) => N.attr(e, "name") !== null));
    }
    get styleSheets() { return styleSheetInterface("styleSheetList")(this); }
    get implementation() {
        const cache = cacheOf(this);
        if (cache.implementation === undefined) cache.implementation = new DOMImplementation(KEY, this);
        return cache.implementation;
    }
    createElement(name) {
        requireArguments(arguments.length, 1);
        name = String(name);
        if (!xmlName.test(name)) throw domError("InvalidCharacterError");
        const type = N.contentType(idOf(this));
        if (type === "text/html") {
            const localName = asciiLowercase(name);
            return createDefinedElement(this, localName) ?? wrap(N.create(1, localName, idOf(this)));
        }
        return wrap(N.createNS(type === "application/xhtml+xml" ? htmlNamespace : null, name, null, idOf(this)));
    }
    createElementNS(namespace, qualifiedName) {
        requireArguments(arguments.length, 2);
        const [ns, prefix, localName] = validateAndExtract(namespace, qualifiedName);
        if (ns === htmlNamespace && prefix === null) {
            const defined = createDefinedElement(this, localName);
            if (defined !== null) return defined;
        }
        return wrap(N.createNS(ns, localName, prefix, idOf(this)));
    }
    createTextNode(data) {
        requireArguments(arguments.length, 1);
        data = String(data);
        return wrap(keepCharacterData(N.create(3, data, idOf(this)), data));
    }
    createComment(data) {
        requireArguments(arguments.length, 1);
        data = String(data);
        return wrap(keepCharacterData(N.create(8, data, idOf(this)), data));
    }
    createCDATASection(data) {
        requireArguments(arguments.length, 1);
        data = String(data);
        if (N.contentType(idOf(this)) === "text/html") throw domError("NotSupportedError");
        if (data.includes("]]>")) throw domError("InvalidCharacterError");
        return wrap(N.create(4, data, idOf(this)));
    }
    createProcessingInstruction(target, data) {
        requireArguments(arguments.length, 2);
        target = String(target);
        data = String(data);
        if (!xmlName.test(target) || data.includes("?>")) throw domError("InvalidCharacterError");
        return wrap(N.createPI(target, data, idOf(this)));
    }
    createDocumentFragment() { return wrap(N.create(11, "", idOf(this))); }
    createAttribute(name) {
        requireArguments(arguments.length, 1);
        name = String(name);
        if (!xmlName.test(name)) throw domError("InvalidCharacterError");
        // ASCII lowercase in an HTML document only (DOM §4.5 createAttribute).
        return new Attr(KEY, null, N.contentType(idOf(this)) === "text/html" ? asciiLowercase(name) : name, "");
    }
    createAttributeNS(namespace, qualifiedName) {
        requireArguments(arguments.length, 2);
        const [ns] = validateAndExtract(namespace, qualifiedName);
        return new Attr(KEY, null, String(qualifiedName), "", ns);
    }
    createEvent(interfaceName) {
        requireArguments(arguments.length, 1);
        const name = legacyEventInterfaces[String(interfaceName).toLowerCase()];
        if (name === undefined) throw domError("NotSupportedError");
        return makeUninitializedEvent(eventClassNamed(name));
    }
    createRange() {
        const Range = rangeInterface("Range");
        rangeStartDocument = this;
        return new Range();
    }
    createTreeWalker(root, whatToShow = 0xFFFFFFFF, filter = null) { const TreeWalker = traversalInterface("TreeWalker"); return new TreeWalker(KEY, root, whatToShow, filter); }
    createNodeIterator(root, whatToShow = 0xFFFFFFFF, filter = null) { const NodeIterator = traversalInterface("NodeIterator"); return new NodeIterator(KEY, root, whatToShow, filter); }
    importNode(node, deep = false) {
        requireArguments(arguments.length, 1);
        const id = nodeArgument(node, "Document", "importNode", 1, "node");
        if (node.nodeType === 9) throw domError("NotSupportedError");
        if (isAttr(node)) { const [, name, namespace] = attrFields(node); return new Attr(KEY, null, name, node.value, namespace); }
        return wrap(N.clone(id, !!deep, idOf(this)));
    }
    adoptNode(node) {
        requireArguments(arguments.length, 1);
        const id = nodeArgument(node, "Document", "adoptNode", 1, "node");
        if (node.nodeType === 9) throw domError("NotSupportedError");
        // A shadow root cannot leave its host (DOM adoptNode step 2).
        if (node.nodeType === 11 && shadowHostID(id) >= 0) throw domError("HierarchyRequestError");
        // A template's content keeps its document (DOM adoptNode step 3: a fragment with a host).
        if (node.nodeType === 11 && N.isTemplateContent(id)) return node;
        const parent = node.parentNode;
        if (parent !== null) removeNode(parent, node);
        const oldDocument = customElementsActive ? N.owner(id) : -1;
        N.adopt(id, idOf(this));
        if (customElementsActive && oldDocument !== idOf(this)) customNodesAdopted(id, wrap(oldDocument), this);
        return node;
    }
    getElementById(elementId) {
        requireArguments(arguments.length, 1);
        return wrap(N.byId(idOf(this), String(elementId)));
    }
    getElementsByName(name) {
        requireArguments(arguments.length, 1);
        const id = idOf(this), wanted = String(name);
        return liveNodeList(() => N.byName(id, wanted));
    }
    elementFromPoint() { return null; }
    elementsFromPoint() { return []; }
    caretRangeFromPoint() { return null; }
    getSelection() { return isWindowDocument(this) ? G.getSelection() : null; }
    execCommand() { return false; }
    queryCommandSupported() { return false; }
    queryCommandEnabled() { return false; }
    queryCommandState() { return false; }
    queryCommandValue() { return ""; }
    exitFullscreen() { return Promise.resolve(); }
    webkitExitFullscreen() {}
    open() {
        if (idOf(this) !== 0) return this;
        N.documentOpen();
        return this;
    }
    close() { if (isWindowDocument(this)) N.documentClose(); }
    write(...text) { if (isWindowDocument(this)) N.write(text.join("")); }
    writeln(...text) { if (isWindowDocument(this)) N.write(text.join("") + "\n"); }
    getElementsByTagNameNS(namespace, name) { return this.getElementsByTagName(name); }
}
mixin(Document, parentNodeMethods);
defineHandlerProperties(Document.prototype, ["readystatechange", "visibilitychange", "selectionchange"]);

class HTMLDocument extends Document {}
class XMLDocument extends Document {}

function childOfRoot(document, tag) {
    const html = document.documentElement;
    if (html === null) return null;
    for (const id of N.elementChildren(idOf(html))) if (N.tag(id) === tag) return wrap(id);
    return null;
}

function documentCollection(document, compute) {
    const id = idOf(document);
    return liveCollection(() => compute(id));
}

function formatLastModified(milliseconds) {
    const date = new OriginalDate(milliseconds);
    const pad = (n) => String(n).padStart(2, "0");
    return pad(date.getMonth() + 1) + "/" + pad(date.getDate()) + "/" + date.getFullYear() + " " +
        pad(date.getHours()) + ":" + pad(date.getMinutes()) + ":" + pad(date.getSeconds());
}

class DocumentFragment extends Node {
    constructor() {
        if (arguments[0] === KEY) { super(KEY, arguments[1]); return; }
        const id = N.create(11, "", idOf(documentWrapper));
        super(KEY, id);
        strongWrappers.set(id, this);
        N.info(id);
    }
    get nodeType() { return 11; }
    get nodeName() { return "#document-fragment"; }
    getElementById(elementId) { requireArguments(arguments.length, 1); return wrap(N.byId(idOf(this), String(elementId))); }
}
mixin(DocumentFragment, parentNodeMethods);

/// A shadow root (DOM §4.8): a DocumentFragment wrapper given this prototype by attachShadow.
class ShadowRoot extends DocumentFragment {
    constructor() { throw typeError("Illegal constructor"); }
    get mode() { return shadowRootState(this).mode; }
    get host() { shadowRootState(this); return wrap(N.shadowHost(idOf(this))); }
    get delegatesFocus() { return shadowRootState(this).delegatesFocus; }
    get slotAssignment() { return shadowRootState(this).slotAssignment; }
    get clonable() { return shadowRootState(this).clonable; }
    get serializable() { return shadowRootState(this).serializable; }
    get activeElement() {
        // The focused element retargeted against this root, when that lands in this tree.
        shadowRootState(this);
        const id = N.activeElement();
        if (id < 0 || !connectedInShadowIncludingTree(id)) return null;
        const candidate = retargetAgainst(wrap(id), this);
        return N.root(idOf(candidate)) === idOf(this) ? candidate : null;
    }
    get innerHTML() { shadowRootState(this); return N.html(idOf(this), false); }
    set innerHTML(value) {
        shadowRootState(this);
        const id = idOf(this), host = N.shadowHost(id);
        const fragment = parsedMarkup(host, value === null ? "" : String(value));
        replaceAllChildren(this, () => {
            for (const child of N.children(id)) N.remove(child);
            N.insert(id, fragment, -1);
        });
    }
    getHTML() { shadowRootState(this); return N.html(idOf(this), false); }
}


ObjectDefine(Text.prototype, "assignedSlot", {
    get: markNative(Object.getOwnPropertyDescriptor({ get assignedSlot() { return assignedSlotOf(this, true); } }, "assignedSlot").get, "assignedSlot"),
    enumerable: true, configurable: true,
});

/// HTMLSlotElement's members beyond `name` (HTML §4.12.4).
elementClassHooks.set("HTMLSlotElement", (cls) => {
    /// The receiver's ID, or WebKit's TypeError for a receiver that is not a slot.
    const slotID = (self, member) => {
        if (self === null || typeof self !== "object" || !isNode(self) || N.kind(idOf(self)) !== 1 || N.tag(idOf(self)) !== "slot") {
            throw typeError("Can only call HTMLSlotElement." + member + " on instances of HTMLSlotElement");
        }
        return idOf(self);
    };
    const members = {
        assignedNodes(options = undefined) {
            const id = slotID(this, "assignedNodes");
            const flatten = options !== undefined && options !== null && !!options.flatten;
            return wrapAll(flatten ? findFlattenedSlottables(id) : findSlottables(id));
        },
        assignedElements(options = undefined) {
            const id = slotID(this, "assignedElements");
            const flatten = options !== undefined && options !== null && !!options.flatten;
            return wrapAll((flatten ? findFlattenedSlottables(id) : findSlottables(id)).filter((node) => N.kind(node) === 1));
        },
        assign(...nodes) {
            const id = slotID(this, "assign");
            const ids = [];
            for (const node of nodes) {
                if (!isNodeValue(node) || (N.kind(idOf(node)) !== 1 && N.kind(idOf(node)) !== 3)) throw typeError("Argument 1 ('nodes') to HTMLSlotElement.assign must be an instance of Element or Text");
                if (!ids.includes(idOf(node))) ids[ids.length] = idOf(node);
            }
            // A node has one manual slot assignment: the last assign() that names it (DOM §4.2.2.4).
            const roots = [N.root(id)];
            manualSlotAssignments.forEach((list, slot) => {
                if (slot === id || !list.some((node) => ids.includes(node))) return;
                MapSet(manualSlotAssignments, slot, list.filter((node) => !ids.includes(node)));
                if (!roots.includes(N.root(slot))) roots[roots.length] = N.root(slot);
            });
            MapSet(manualSlotAssignments, id, ids);
            if (slotWatch !== 0) for (let i = 0; i < roots.length; i++) if (shadowHostID(roots[i]) >= 0) updateSlotAssignments(roots[i]);
        },
    };
    for (const key of Object.keys(members)) {
        ObjectDefine(cls.prototype, key, { value: markNative(members[key], key), writable: true, enumerable: true, configurable: true });
    }
});

class DocumentType extends Node {
    constructor() {
        if (arguments[0] !== KEY) throw typeError("Illegal constructor");
        super(KEY, arguments[1]);
    }
    get nodeType() { return 10; }
    get nodeName() { return N.doctype(idOf(this))[0]; }
    get name() { return N.doctype(idOf(this))[0]; }
    get publicId() { return N.doctype(idOf(this))[1]; }
    get systemId() { return N.doctype(idOf(this))[2]; }
    get textContent() { return null; }
    set textContent(value) {}
}
mixin(DocumentType, childNodeMethods);

class DOMImplementation {
    #document;
    constructor(key, document) {
        if (key !== KEY) throw typeError("Illegal constructor");
        this.#document = document;
    }
    createHTMLDocument(title) {
        const document = wrap(N.create(9, "text/html", -1));
        document.appendChild(wrap(N.createDoctype("html", "", "", idOf(document))));
        const html = document.createElement("html");
        const head = document.createElement("head");
        html.appendChild(head);
        if (title !== undefined) {
            const titleElement = document.createElement("title");
            titleElement.appendChild(document.createTextNode(String(title)));
            head.appendChild(titleElement);
        }
        html.appendChild(document.createElement("body"));
        document.appendChild(html);
        return document;
    }
    createDocument(namespace, qualifiedName, doctype = null) {
        requireArguments(arguments.length, 2);
        if (doctype !== null && !(isNode(doctype) && doctype.nodeType === 10)) {
            throw typeError("Argument 3 ('doctype') to DOMImplementation.createDocument must be an instance of DocumentType");
        }
        qualifiedName = qualifiedName === null ? "" : String(qualifiedName);
        const type = namespace === htmlNamespace ? "application/xhtml+xml" : namespace === svgNamespace ? "image/svg+xml" : "application/xml";
        const document = wrap(N.create(9, type, -1));
        if (doctype !== null && doctype !== undefined) document.appendChild(doctype);
        if (qualifiedName) document.appendChild(document.createElementNS(namespace, qualifiedName));
        return document;
    }
    createDocumentType(qualifiedName, publicId, systemId) {
        requireArguments(arguments.length, 3);
        qualifiedName = String(qualifiedName);
        validateQualifiedName(qualifiedName);
        return wrap(N.createDoctype(qualifiedName, String(publicId), String(systemId), idOf(this.#document)));
    }
    hasFeature() { return true; }
}

const parsingInterface = lazyFamily(() => {
    class DOMParser {
        // The brand is shared by every frame's DOMParser (a frame's method takes this frame's
        // parser); its value gives the URL of the parser's own window's document.
        constructor() { ObjectDefine(this, PARSER_REALM, { value: parserRealmURL }); }
        parseFromString(text, type) {
            const brand = this === null || typeof this !== "object" ? undefined : ReflectGetOwnPropertyDescriptor(this, PARSER_REALM);
            if (brand === undefined || typeof brand.value !== "function") {
                throw typeError("Can only call DOMParser.parseFromString on instances of DOMParser");
            }
            requireArguments(arguments.length, 2);
            type = String(type);
            if (!/^(text\/html|text\/xml|application\/xml|application\/xhtml\+xml|image\/svg\+xml)$/.test(type)) {
                throw typeError("Argument 2 ('type') to DOMParser.parseFromString must be one of: \"text/html\", \"text/xml\", \"application/xml\", \"application/xhtml+xml\", \"image/svg+xml\"");
            }
            return wrap(N.parseDocument(String(text), type, false, brand.value()));
        }
    }

    class XMLSerializer {
        #serializer = true;
        serializeToString(node) {
            if (this === null || typeof this !== "object" || !(#serializer in this)) {
                throw typeError("Can only call XMLSerializer.serializeToString on instances of XMLSerializer");
            }
            const id = nodeArgument(node, "XMLSerializer", "serializeToString", 1, "root");
            return N.xml(id);
        }
    }
    // WebIDL's shape: operations enumerable, the class string the interface's name.
    for (const [cls, operation] of [[DOMParser, "parseFromString"], [XMLSerializer, "serializeToString"]]) {
        ObjectDefine(cls.prototype, operation, { enumerable: true });
        ObjectDefine(cls.prototype, Symbol.toStringTag, { value: cls.name, configurable: true });
    }
    /// XSLTProcessor (WebKit's, over libxslt): a stylesheet node, string parameters by
    /// namespace and name, and the two transforms; a transform that fails gives null.
    class XSLTProcessor {
        #stylesheet = -1;
        #parameters = new InternalMap();
        static #check(self, member) {
            if (self === null || typeof self !== "object" || !(#parameters in self)) {
                throw typeError("Can only call XSLTProcessor." + member + " on instances of XSLTProcessor");
            }
        }
        #transform(source, member) {
            const sourceID = nodeArgument(source, "XSLTProcessor", member, 1, "source");
            if (this.#stylesheet < 0) return null;
            const parameters = [];
            this.#parameters.forEach((value, key) => { parameters.push(StringSlice(key, StringIndexOf(key, " ") + 1), value); });
            return N.xsltTransform(this.#stylesheet, sourceID, parameters);
        }
        importStylesheet(style) {
            XSLTProcessor.#check(this, "importStylesheet");
            requireArguments(arguments.length, 1);
            this.#stylesheet = nodeArgument(style, "XSLTProcessor", "importStylesheet", 1, "style");
        }
        transformToDocument(source) {
            XSLTProcessor.#check(this, "transformToDocument");
            requireArguments(arguments.length, 1);
            const result = this.#transform(source, "transformToDocument");
            if (result === null) return null;
            return wrap(N.parseDocument(result[0], result[1] ? "text/html" : "application/xml", false, N.url()));
        }
        transformToFragment(source, output) {
            XSLTProcessor.#check(this, "transformToFragment");
            requireArguments(arguments.length, 2);
            const outputID = nodeArgument(output, "XSLTProcessor", "transformToFragment", 2, "output");
            if (N.kind(outputID) !== 9) throw typeError("Argument 2 ('output') to XSLTProcessor.transformToFragment must be an instance of Document");
            const result = this.#transform(source, "transformToFragment");
            if (result === null) return null;
            // The output as the output document's markup, its scripts runnable once inserted.
            const text = result[0];
            const context = output.body ?? output.documentElement;
            if (context === null) return null;
            return wrap(parsedMarkup(idOf(context), text, true));
        }
        setParameter(namespaceURI, localName, value) {
            XSLTProcessor.#check(this, "setParameter");
            requireArguments(arguments.length, 3);
            MapSet(this.#parameters, (namespaceURI === null || namespaceURI === undefined ? "" : String(namespaceURI)) + " " + String(localName), String(value));
        }
        getParameter(namespaceURI, localName) {
            XSLTProcessor.#check(this, "getParameter");
            requireArguments(arguments.length, 2);
            const value = MapGet(this.#parameters, (namespaceURI === null || namespaceURI === undefined ? "" : String(namespaceURI)) + " " + String(localName));
            return value === undefined ? null : value;
        }
        removeParameter(namespaceURI, localName) {
            XSLTProcessor.#check(this, "removeParameter");
            requireArguments(arguments.length, 2);
            MapDelete(this.#parameters, (namespaceURI === null || namespaceURI === undefined ? "" : String(namespaceURI)) + " " + String(localName));
        }
        clearParameters() { XSLTProcessor.#check(this, "clearParameters"); this.#parameters.clear(); }
        reset() { XSLTProcessor.#check(this, "reset"); this.#parameters.clear(); this.#stylesheet = -1; }
    }
    for (const operation of ["importStylesheet", "transformToDocument", "transformToFragment", "setParameter", "getParameter",
        "removeParameter", "clearParameters", "reset"]) {
        ObjectDefine(XSLTProcessor.prototype, operation, { enumerable: true });
    }
    ObjectDefine(XSLTProcessor.prototype, Symbol.toStringTag, { value: "XSLTProcessor", configurable: true });
    familyClasses([DOMParser, XMLSerializer, XSLTProcessor]);
    return { DOMParser, XMLSerializer, XSLTProcessor };
});

/// NodeIterator's pre-removing steps, set when the traversal family is made.
let nodeIteratorRemoving = null;

const traversalInterface = lazyFamily(() => {
    /// The traversers whose filter is running (DOM §6 "filter": the active flag).
    const activeTraversers = new WeakMap();
    /// What a traversal's `whatToShow` and filter say of a node: 1 accept, 2 reject, 3 skip
    /// (DOM §6 "filter"; the filter is a callback interface, WebIDL §3.12 "call a user object's
    /// operation", its result an `unsigned short`). A filter that calls back into its own
    /// traverser gets InvalidStateError.
    function acceptance(traverser, show, filter, node) {
        if (WeakMapGet(activeTraversers, traverser) === true) throw domError("InvalidStateError");
        if (!(show & (1 << (node.nodeType - 1)))) return 3;
        if (filter === null) return 1;
        WeakMapSet(activeTraversers, traverser, true);
        try {
            let result;
            if (typeof filter === "function") result = filter(node);
            else {
                const operation = filter.acceptNode;
                if (typeof operation !== "function") throw typeError("acceptNode is not a function");
                result = ReflectApply(operation, filter, [node]);
            }
            return (+result & 0xFFFF) >>> 0;
        } finally {
            WeakMapSet(activeTraversers, traverser, false);
        }
    }
    /// The node after `node` in document order, staying inside `root`.
    function followingWithin(root, node) {
        const rootID = idOf(root);
        let id = idOf(node);
        const first = N.first(id);
        if (first >= 0) return wrap(first);
        while (id !== rootID) {
            const next = N.next(id);
            if (next >= 0) return wrap(next);
            id = N.parent(id);
            if (id < 0) return null;
        }
        return null;
    }
    /// The node before `node` in document order, staying inside `root` (none before `root`).
    function precedingWithin(root, node) {
        if (node === root) return null;
        let id = idOf(node);
        const previous = N.prev(id);
        if (previous < 0) { const parent = N.parent(id); return parent < 0 ? null : wrap(parent); }
        id = previous;
        while (N.last(id) >= 0) id = N.last(id);
        return wrap(id);
    }

    /// A tree walker over the live tree (DOM §6.2): a rejected node's subtree is left out, a
    /// skipped node's children are still visited.
    class TreeWalker {
        #root; #show; #filter; #current;
        constructor(key, root, whatToShow, filter) {
            if (key !== KEY) throw typeError("Illegal constructor");
            nodeArgument(root, "Document", "createTreeWalker", 1, "root");
            this.#root = root; this.#show = whatToShow >>> 0; this.#filter = filter; this.#current = root;
        }
        get root() { return this.#root; }
        get whatToShow() { return this.#show; }
        get filter() { return this.#filter; }
        get currentNode() { return this.#current; }
        set currentNode(node) { this.#current = node; }
        #accept(node) { return acceptance(this, this.#show, this.#filter, node); }
        #take(node) { this.#current = node; return node; }
        parentNode() {
            let node = this.#current;
            while (node !== null && node !== this.#root) {
                node = node.parentNode;
                if (node !== null && this.#accept(node) === 1) return this.#take(node);
            }
            return null;
        }
        #children(first) {
            let node = first ? this.#current.firstChild : this.#current.lastChild;
            while (node !== null) {
                const result = this.#accept(node);
                if (result === 1) return this.#take(node);
                if (result === 3) {
                    const child = first ? node.firstChild : node.lastChild;
                    if (child !== null) { node = child; continue; }
                }
                for (;;) {
                    const sibling = first ? node.nextSibling : node.previousSibling;
                    if (sibling !== null) { node = sibling; break; }
                    const parent = node.parentNode;
                    if (parent === null || parent === this.#root || parent === this.#current) return null;
                    node = parent;
                }
            }
            return null;
        }
        firstChild() { return this.#children(true); }
        lastChild() { return this.#children(false); }
        #siblings(next) {
            let node = this.#current;
            if (node === this.#root) return null;
            for (;;) {
                let sibling = next ? node.nextSibling : node.previousSibling;
                while (sibling !== null) {
                    node = sibling;
                    const result = this.#accept(node);
                    if (result === 1) return this.#take(node);
                    sibling = next ? node.firstChild : node.lastChild;
                    if (result === 2 || sibling === null) sibling = next ? node.nextSibling : node.previousSibling;
                }
                node = node.parentNode;
                if (node === null || node === this.#root || this.#accept(node) === 1) return null;
            }
        }
        previousSibling() { return this.#siblings(false); }
        nextSibling() { return this.#siblings(true); }
        previousNode() {
            let node = this.#current;
            while (node !== this.#root) {
                let sibling = node.previousSibling;
                while (sibling !== null) {
                    node = sibling;
                    let result = this.#accept(node);
                    while (result !== 2 && node.lastChild !== null) {
                        node = node.lastChild;
                        result = this.#accept(node);
                    }
                    if (result === 1) return this.#take(node);
                    sibling = node.previousSibling;
                }
                if (node === this.#root || node.parentNode === null) return null;
                node = node.parentNode;
                if (this.#accept(node) === 1) return this.#take(node);
            }
            return null;
        }
        nextNode() {
            let node = this.#current, result = 1;
            for (;;) {
                while (result !== 2 && node.firstChild !== null) {
                    node = node.firstChild;
                    result = this.#accept(node);
                    if (result === 1) return this.#take(node);
                }
                let sibling = null;
                for (let temporary = node; temporary !== null; temporary = temporary.parentNode) {
                    if (temporary === this.#root) return null;
                    sibling = temporary.nextSibling;
                    if (sibling !== null) { node = sibling; break; }
                }
                if (sibling === null) return null;
                result = this.#accept(node);
                if (result === 1) return this.#take(node);
            }
        }
    }

    /// A node iterator (DOM §6.1): a reference node and whether the pointer is before it, so
    /// the first `nextNode()` returns the root itself; a rejected node is skipped, not its
    /// subtree.
    class NodeIterator {
        #root; #show; #filter; #reference; #beforeReference = true;
        constructor(key, root, whatToShow, filter) {
            if (key !== KEY) throw typeError("Illegal constructor");
            nodeArgument(root, "Document", "createNodeIterator", 1, "root");
            this.#root = root; this.#show = whatToShow >>> 0; this.#filter = filter; this.#reference = root;
            liveIterators.push(new WeakRef(this));
        }
        static {
            /// NodeIterator's pre-removing steps (DOM §6.1): a reference node about to be
            /// removed (or inside one) gives way to the next node, or else the previous one.
            nodeIteratorRemoving = (iterator, removedID, previousIsNull) => {
                const referenceID = idOf(iterator.#reference), rootID = idOf(iterator.#root);
                // An ancestor of the root takes the iterator's whole collection with it: nothing
                // changes (WebKit's NodeIterator::updateForNodeRemoval, as WPT expects).
                if (!inclusiveAncestor(removedID, referenceID) || inclusiveAncestor(removedID, rootID)) return;
                if (iterator.#beforeReference) {
                    let next = -1;
                    for (let id = removedID; id >= 0 && id !== rootID; id = N.parent(id)) {
                        next = N.next(id);
                        if (next >= 0) break;
                    }
                    if (next >= 0 && inclusiveAncestor(rootID, next)) { iterator.#reference = wrap(next); return; }
                    iterator.#beforeReference = false;
                }
                const previous = previousIsNull ? -1 : N.prev(removedID);
                if (previous < 0) { iterator.#reference = wrap(N.parent(removedID)); return; }
                let last = previous;
                while (N.last(last) >= 0) last = N.last(last);
                iterator.#reference = wrap(last);
            };
        }
        get root() { return this.#root; }
        get whatToShow() { return this.#show; }
        get filter() { return this.#filter; }
        get referenceNode() { return this.#reference; }
        get pointerBeforeReferenceNode() { return this.#beforeReference; }
        #traverse(forward) {
            let node = this.#reference, before = this.#beforeReference;
            for (;;) {
                if (forward) {
                    if (before) before = false;
                    else if ((node = followingWithin(this.#root, node)) === null) return null;
                } else if (!before) before = true;
                else if ((node = precedingWithin(this.#root, node)) === null) return null;
                if (acceptance(this, this.#show, this.#filter, node) === 1) break;
            }
            this.#reference = node; this.#beforeReference = before;
            return node;
        }
        nextNode() { return this.#traverse(true); }
        previousNode() { return this.#traverse(false); }
        detach() {}
    }
    familyClasses([TreeWalker, NodeIterator]);

    /// NodeFilter's legacy callback interface object (WebIDL §3.7.7): a function that is not a
    /// constructor and has no `prototype`, holding the constants.
    const NodeFilter = markNative({ NodeFilter() { throw typeError("Illegal constructor"); } }.NodeFilter);
    for (const [name, value] of [["FILTER_ACCEPT", 1], ["FILTER_REJECT", 2], ["FILTER_SKIP", 3], ["SHOW_ALL", 0xFFFFFFFF],
        ["SHOW_ELEMENT", 0x1], ["SHOW_ATTRIBUTE", 0x2], ["SHOW_TEXT", 0x4], ["SHOW_CDATA_SECTION", 0x8],
        ["SHOW_ENTITY_REFERENCE", 0x10], ["SHOW_ENTITY", 0x20], ["SHOW_PROCESSING_INSTRUCTION", 0x40], ["SHOW_COMMENT", 0x80],
        ["SHOW_DOCUMENT", 0x100], ["SHOW_DOCUMENT_TYPE", 0x200], ["SHOW_DOCUMENT_FRAGMENT", 0x400], ["SHOW_NOTATION", 0x800]]) {
        ObjectDefine(NodeFilter, name, { value, enumerable: true, writable: false, configurable: false });
    }
    return { TreeWalker, NodeIterator, NodeFilter };
});

// ---------------------------------------------------------------------------------------------
// Events

let eventState;

class Event {
    #type; #bubbles; #cancelable; #composed;
    #target = null; #currentTarget = null; #phase = 0; #canceled = false; #passive = false;
    #stop = false; #stopImmediate = false; #dispatching = false; #trusted = false;
    #initialized = true; #timeStamp; #path = []; #structs = null;
    constructor(type, init) {
        requireArguments(arguments.length, 1);
        this.#type = String(type);
        init = dictionaryArgument(init, "Event", "eventInitDict");
        this.#bubbles = !!init.bubbles;
        this.#cancelable = !!init.cancelable;
        this.#composed = !!init.composed;
        this.#timeStamp = N.perfNow();
        // [LegacyUnforgeable]: each event's own property, one getter for all.
        ObjectDefine(this, "isTrusted", isTrustedProperty);
    }
    static {
        eventState = {
            begin(event, target, trusted) {
                event.#dispatching = true;
                event.#target = target;
                event.#trusted = trusted;
            },
            trusted(event) { return event.#trusted; },
            setPath(event, path) { event.#path = path; event.#structs = null; },
            setStructs(event, structs) { event.#structs = structs; },
            currentTarget(event) { return event.#currentTarget; },
            at(event, currentTarget, phase) { event.#currentTarget = currentTarget; event.#phase = phase; },
            end(event) {
                event.#dispatching = false;
                event.#currentTarget = null;
                event.#phase = 0;
                event.#stop = false;
                event.#stopImmediate = false;
                event.#path = [];
                event.#structs = null;
            },
            stopped(event) { return event.#stop; },
            stoppedImmediately(event) { return event.#stopImmediate; },
            passive(event, passive) { event.#passive = passive; },
            dispatching(event) { return event.#dispatching; },
            initialized(event) { return event.#initialized; },
            uninitialize(event) { event.#initialized = false; },
            init(event, type, bubbles, cancelable) {
                event.#initialized = true;
                event.#type = String(type);
                event.#bubbles = !!bubbles;
                event.#cancelable = !!cancelable;
                event.#canceled = false;
                event.#stop = false;
                event.#stopImmediate = false;
                event.#target = null;
            },
            retarget(event, target) { event.#target = target; },
            setType(event, type) { event.#type = type; },
            // What another world's mirror of the event is made from, and how its listeners act
            // on it: the event's own state, never its properties, which the page may redefine.
            mirrored(event) {
                return [event.#type, event.#bubbles, event.#cancelable, event.#composed, event.#target, event.#trusted, event.#canceled];
            },
            cancel(event) { if (event.#cancelable && !event.#passive) event.#canceled = true; },
            stop(event, immediately) { event.#stop = true; if (immediately) event.#stopImmediate = true; },
        };
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#currentTarget; }
    get eventPhase() { return this.#phase; }
    get bubbles() { return this.#bubbles; }
    get cancelable() { return this.#cancelable; }
    get composed() { return this.#composed; }
    get defaultPrevented() { return this.#canceled; }
    get returnValue() { return !this.#canceled; }
    set returnValue(value) { if (!value) this.preventDefault(); }
    get cancelBubble() { return this.#stop; }
    set cancelBubble(value) { if (value) this.#stop = true; }
    get timeStamp() { return this.#timeStamp; }
    composedPath() {
        if (!this.#dispatching) return [];
        return this.#structs === null ? this.#path.slice() : composedPathOf(this.#structs, this.#currentTarget);
    }
    preventDefault() { if (this.#cancelable && !this.#passive) this.#canceled = true; }
    stopPropagation() { this.#stop = true; }
    stopImmediatePropagation() { this.#stop = true; this.#stopImmediate = true; }
    initEvent(type, bubbles = false, cancelable = false) {
        requireArguments(arguments.length, 1);
        if (this.#dispatching) return;
        eventState.init(this, type, bubbles, cancelable);
    }
}
for (const [name, value] of [["NONE", 0], ["CAPTURING_PHASE", 1], ["AT_TARGET", 2], ["BUBBLING_PHASE", 3]]) {
    ObjectDefine(Event, name, { value, enumerable: true });
    ObjectDefine(Event.prototype, name, { value, enumerable: true });
}

/// The descriptor of every event's own `isTrusted`.
const isTrustedProperty = {
    get: markNative(Object.getOwnPropertyDescriptor({ get isTrusted() { return eventState.trusted(this); } }, "isTrusted").get, "isTrusted"),
    enumerable: true, configurable: false,
};

/// A WebIDL dictionary argument: undefined and null are an empty one, other non-objects a TypeError.
function dictionaryArgument(value, iface, name) {
    if (value === undefined || value === null) return {};
    if (typeof value !== "object" && typeof value !== "function") {
        throw typeError("Argument 2 ('" + name + "') to the " + iface + " constructor must be an object");
    }
    return value;
}

function makeUninitializedEvent(cls) {
    const event = new cls("");
    eventState.uninitialize(event);
    return event;
}

/// Defines an Event subclass whose init dictionary members become read-only properties.
/// Event interfaces beyond Event, made on first use like the element interfaces.
const eventFactories = new Map();
const madeEventClasses = new Map();

/// Registers an Event subclass whose init dictionary members become read-only properties.
const eventInterfaceNames = [];

function eventClass(name, parentName, members, extend) {
    eventInterfaceNames.push(name);
    eventFactories.set(name, () => {
        const parent = parentName === "Event" ? Event : eventClassNamed(parentName);
        const cls = class extends parent {
            constructor(type, init) {
                requireArguments(arguments.length, 1);
                super(type, init);
                const values = {};
                init = init === undefined || init === null ? {} : init;
                for (const [member, fallback] of members) values[member] = member in init && init[member] !== undefined ? init[member] : fallback;
                if ("view" in values) values.view = windowOrNull(values.view, name);
                eventMembers.set(this, Object.assign(eventMembers.get(this) || {}, values));
            }
        };
        ObjectDefine(cls, "name", { value: name });
        for (const [member] of members) {
            ObjectDefine(cls.prototype, member, { get() { const values = eventMembers.get(this); return values ? values[member] : undefined; }, enumerable: true, configurable: true });
        }
        if (extend !== undefined) extend(cls);
        return cls;
    });
}

/// The event interfaces made so far by their prototypes, for mirrors in other worlds.
const eventInterfaceOfPrototype = new InternalMap();

function eventClassNamed(name) {
    if (name === "Event") return Event;
    let cls = madeEventClasses.get(name);
    if (cls === undefined) {
        cls = eventFactories.get(name)();
        madeEventClasses.set(name, cls);
        eventInterfaceOfPrototype.set(cls.prototype, name);
        markClass(cls);
    }
    return cls;
}

/// A new event of a (lazily made) Event subclass.
function makeEvent(name, type, init) {
    const cls = eventClassNamed(name);
    return new cls(type, init);
}
const eventMembers = new WeakMap();

function getModifierState(key) {
    return { Control: this.ctrlKey, Shift: this.shiftKey, Alt: this.altKey, Meta: this.metaKey }[key] || false;
}

eventClass("UIEvent", "Event", [["view", null], ["detail", 0], ["which", 0]], (cls) => {
    cls.prototype.initUIEvent = function initUIEvent(type, bubbles = false, cancelable = false, view = null, detail = 0) {
        requireArguments(arguments.length, 1);
        if (eventState.dispatching(this)) return;
        this.initEvent(type, bubbles, cancelable);
        const values = eventMembers.get(this) || {};
        values.view = windowOrNull(view, "initUIEvent");
        values.detail = detail | 0;
        eventMembers.set(this, values);
    };
});

/// A `Window?` argument: the window or null, else a TypeError.
function windowOrNull(value, member) {
    if (value === undefined || value === null) return null;
    if (value !== G) throw typeError("The " + member + " view must be a Window");
    return value;
}
const mouseMembers = [["screenX", 0], ["screenY", 0], ["clientX", 0], ["clientY", 0], ["ctrlKey", false], ["shiftKey", false],
    ["altKey", false], ["metaKey", false], ["button", 0], ["buttons", 0], ["relatedTarget", null], ["movementX", 0],
    ["movementY", 0], ["offsetX", 0], ["offsetY", 0], ["pageX", 0], ["pageY", 0], ["x", 0], ["y", 0]];
eventClass("MouseEvent", "UIEvent", mouseMembers, (cls) => {
    cls.prototype.getModifierState = getModifierState;
    cls.prototype.initMouseEvent = function initMouseEvent(type, bubbles, cancelable, view, detail) {
        this.initEvent(type, bubbles, cancelable);
        const values = eventMembers.get(this) || {};
        values.view = view === undefined ? null : view;
        values.detail = detail | 0;
        eventMembers.set(this, values);
    };
});
eventClass("PointerEvent", "MouseEvent", [["pointerId", 0], ["width", 1], ["height", 1], ["pressure", 0],
    ["tiltX", 0], ["tiltY", 0], ["pointerType", ""], ["isPrimary", false]]);
eventClass("WheelEvent", "MouseEvent", [["deltaX", 0], ["deltaY", 0], ["deltaZ", 0], ["deltaMode", 0]]);
eventClass("KeyboardEvent", "UIEvent", [["key", ""], ["code", ""], ["location", 0], ["ctrlKey", false],
    ["shiftKey", false], ["altKey", false], ["metaKey", false], ["repeat", false], ["isComposing", false], ["charCode", 0], ["keyCode", 0]],
    (cls) => {
        cls.prototype.getModifierState = getModifierState;
        cls.prototype.initKeyboardEvent = function initKeyboardEvent(type, bubbles = false, cancelable = false, view = null, key = "",
            location = 0, ctrlKey = false, altKey = false, shiftKey = false, metaKey = false) {
            requireArguments(arguments.length, 1);
            if (eventState.dispatching(this)) return;
            this.initEvent(type, bubbles, cancelable);
            const values = eventMembers.get(this) || {};
            Object.assign(values, { view: windowOrNull(view, "initKeyboardEvent"), key: String(key), location: location >>> 0,
                ctrlKey: !!ctrlKey, altKey: !!altKey, shiftKey: !!shiftKey, metaKey: !!metaKey });
            eventMembers.set(this, values);
        };
    });
eventClass("FocusEvent", "UIEvent", [["relatedTarget", null]]);
eventClass("DragEvent", "MouseEvent", [["dataTransfer", null]]);
eventClass("DeviceMotionEvent", "Event", [["acceleration", null], ["accelerationIncludingGravity", null], ["rotationRate", null], ["interval", 0]]);
eventClass("DeviceOrientationEvent", "Event", [["alpha", null], ["beta", null], ["gamma", null], ["absolute", false]]);
eventClass("InputEvent", "UIEvent", [["data", null], ["inputType", ""], ["isComposing", false], ["dataTransfer", null]]);
eventClass("CompositionEvent", "UIEvent", [["data", ""]]);
eventClass("TouchEvent", "UIEvent", [["touches", []], ["targetTouches", []], ["changedTouches", []],
    ["ctrlKey", false], ["shiftKey", false], ["altKey", false], ["metaKey", false]]);
eventClass("CustomEvent", "Event", [["detail", null]], (cls) => {
    cls.prototype.initCustomEvent = function initCustomEvent(type, bubbles = false, cancelable = false, detail = null) {
        requireArguments(arguments.length, 1);
        if (eventState.dispatching(this)) return;
        this.initEvent(type, bubbles, cancelable);
        const values = eventMembers.get(this) || {};
        values.detail = detail === undefined ? null : detail;
        eventMembers.set(this, values);
    };
});
eventClass("ErrorEvent", "Event", [["message", ""], ["filename", ""], ["lineno", 0], ["colno", 0], ["error", undefined]]);
eventClass("PromiseRejectionEvent", "Event", [["promise", undefined], ["reason", undefined]]);
eventClass("SecurityPolicyViolationEvent", "Event", [["documentURI", ""], ["referrer", ""], ["blockedURI", ""], ["violatedDirective", ""],
    ["effectiveDirective", ""], ["originalPolicy", ""], ["sourceFile", ""], ["sample", ""], ["disposition", "enforce"], ["statusCode", 0],
    ["lineNumber", 0], ["columnNumber", 0]]);
eventClass("HashChangeEvent", "Event", [["oldURL", ""], ["newURL", ""]]);
eventClass("PopStateEvent", "Event", [["state", null]]);
eventClass("PageTransitionEvent", "Event", [["persisted", false]]);
eventClass("ProgressEvent", "Event", [["lengthComputable", false], ["loaded", 0], ["total", 0]]);
eventClass("MessageEvent", "Event", [["data", null], ["origin", ""], ["lastEventId", ""], ["source", null], ["ports", []]]);
eventClass("SubmitEvent", "Event", [["submitter", null]]);
eventClass("StorageEvent", "Event", [["key", null], ["oldValue", null], ["newValue", null], ["url", ""], ["storageArea", null]]);
eventClass("AnimationEvent", "Event", [["animationName", ""], ["elapsedTime", 0], ["pseudoElement", ""]]);
eventClass("TransitionEvent", "Event", [["propertyName", ""], ["elapsedTime", 0], ["pseudoElement", ""]]);
eventClass("BeforeUnloadEvent", "Event", []);
eventClass("ToggleEvent", "Event", [["oldState", ""], ["newState", ""]]);

/// createEvent's interface names, lowercase (DOM §4.5 with WebKit's additions, as WebKitGTK 2.50
/// answers: AnimationEvent, TransitionEvent, ErrorEvent, PageTransitionEvent and ProgressEvent are
/// refused; the device events are iOS WebKit's, which has DEVICE_ORIENTATION).
const legacyEventInterfaces = {
    event: "Event", events: "Event", htmlevents: "Event", svgevents: "Event", uievent: "UIEvent", uievents: "UIEvent",
    mouseevent: "MouseEvent", mouseevents: "MouseEvent", keyboardevent: "KeyboardEvent", keyboardevents: "KeyboardEvent",
    customevent: "CustomEvent", focusevent: "FocusEvent", compositionevent: "CompositionEvent", hashchangeevent: "HashChangeEvent",
    messageevent: "MessageEvent", storageevent: "StorageEvent", textevent: "CompositionEvent", touchevent: "TouchEvent",
    popstateevent: "PopStateEvent", beforeunloadevent: "BeforeUnloadEvent", wheelevent: "WheelEvent", dragevent: "DragEvent",
    devicemotionevent: "DeviceMotionEvent", deviceorientationevent: "DeviceOrientationEvent",
};

// ---------------------------------------------------------------------------------------------
// Listeners and dispatch

let LISTENERS = Symbol("listeners");
/// DOMParser's brand, shared by the frames of a page (5-frames.js).
let PARSER_REALM = Symbol("parser");
/// This window's document's URL, which a DOMParser made here gives the documents it parses.
function parserRealmURL() { return N.url(); }
let HANDLERS = Symbol("handlers");

function listenersOf(target, create) {
    let map = target[LISTENERS];
    if (map === undefined && create) {
        map = new Map();
        ObjectDefine(target, LISTENERS, { value: map });
    }
    return map;
}

/// EventListenerOptions' `capture` (a boolean argument is it): removeEventListener reads
/// no other member.
function flattenCapture(options) {
    if (options === undefined || options === null) return false;
    if (typeof options !== "object" && typeof options !== "function") return !!options;
    return !!options.capture;
}

/// AddEventListenerOptions, its members read in WebIDL's order (capture, once, passive, signal).
function flattenOptions(options) {
    if (options === undefined || options === null || (typeof options !== "object" && typeof options !== "function")) {
        return { capture: flattenCapture(options), once: false, passive: null, signal: null };
    }
    const capture = !!options.capture, once = !!options.once, passive = options.passive, signal = options.signal;
    if (signal !== undefined && (signal === null || typeof signal !== "object" || !(signal instanceof networkInterface("AbortSignal")))) {
        throw typeError("Member AddEventListenerOptions.signal is not of type AbortSignal");
    }
    return { capture, once, passive: passive === undefined ? null : !!passive, signal: signal === undefined ? null : signal };
}

/// Whether the host knows this world has listeners (other worlds' dispatches then call in).
let listeningNoted = false;

function addListener(target, type, callback, options) {
    if (callback !== null && callback !== undefined && typeof callback !== "function" && typeof callback !== "object") {
        throw typeError("Argument 2 ('callback') to EventTarget.addEventListener must be an object");
    }
    const flat = flattenOptions(options);
    if (callback === null || callback === undefined) return;
    if (flat.signal !== null && flat.signal.aborted) return;
    type = String(type);
    const map = listenersOf(target, true);
    let list = map.get(type);
    if (list === undefined) { list = []; map.set(type, list); }
    if (!listeningNoted) {
        listeningNoted = true;
        N.listening();
    }
    for (const listener of list) {
        if (listener.callback === callback && listener.capture === flat.capture && !listener.removed) return;
    }
    const passive = flat.passive === null ? defaultPassive(target, type) : flat.passive;
    const listener = { callback, capture: flat.capture, once: flat.once, passive, removed: false, handler: false };
    list.push(listener);
    if (flat.signal !== null) flat.signal.addEventListener("abort", () => removeListener(target, type, callback, flat.capture));
}

/// WebKit makes touchstart/touchmove/wheel listeners on the window, document and body passive.
function defaultPassive(target, type) {
    if (!/^(touchstart|touchmove|wheel|mousewheel)$/.test(type)) return false;
    return target === G || target === G.document || (isNode(target) && (target === G.document.documentElement || target === G.document.body));
}

function removeListener(target, type, callback, capture) {
    const map = listenersOf(target, false);
    if (map === undefined) return;
    const list = map.get(String(type));
    if (list === undefined) return;
    const index = list.findIndex((listener) => listener.callback === callback && listener.capture === capture && !listener.handler);
    if (index >= 0) {
        list[index].removed = true;
        list.splice(index, 1);
    }
}

const eventTargetMethods = {
    addEventListener(type, callback, options) {
        requireArguments(arguments.length, 2);
        addListener(this === undefined || this === null ? G : this, type, callback, options);
    },
    removeEventListener(type, callback, options) {
        requireArguments(arguments.length, 2);
        removeListener(this === undefined || this === null ? G : this, type, callback, flattenCapture(options));
    },
    dispatchEvent(event) {
        requireArguments(arguments.length, 1);
        if (!(event instanceof Event)) {
            // An event another of the page world's global objects made is dispatched by it.
            const realm = frameLink === null ? undefined : eventRealm(event);
            if (realm !== undefined) return realm.dispatchEvent(this, event);
            throw argumentError("EventTarget", "dispatchEvent", 1, "event", "Event");
        }
        if (eventState.dispatching(event) || !eventState.initialized(event)) throw domError("InvalidStateError");
        const target = this === undefined || this === null ? G : this;
        if (event.type === "click" && isNode(target) && event instanceof eventClassNamed("MouseEvent")) {
            dispatchActivating(target, event, false);
            return !event.defaultPrevented;
        }
        return dispatch(target, event, false);
    },
};
for (const key of Object.keys(eventTargetMethods)) {
    ObjectDefine(EventTarget.prototype, key, { value: eventTargetMethods[key], writable: true, configurable: true, enumerable: true });
}

/// The targets an event goes through: the node and its ancestors, then the window for nodes
/// of this page's document (but not for `load`, whose path stops at the document).
function eventPath(target, event) {
    const path = [target];
    if (target === G || !isNode(target) || idOf(target) < 0) return path;
    let id = idOf(target);
    while ((id = N.parent(id)) >= 0) path.push(wrap(id));
    const top = path[path.length - 1];
    if (top.nodeType === 9 && event.type !== "load") {
        const window = windowOfDocument(idOf(top));
        if (window !== null) path.push(window);
    }
    return path;
}

let currentEvent;

function dispatch(target, event, trusted) {
    if (shadowRootCount > 0) return dispatchThroughShadowTrees(target, event, trusted);
    eventState.begin(event, target, trusted);
    const path = eventPath(target, event);
    eventState.setPath(event, path);
    const previousEvent = currentEvent;
    currentEvent = event;
    // Other worlds' listeners on the same targets run after this world's, target by target.
    const serial = N.foreignDispatchSerial();
    try {
        for (let i = path.length - 1; i >= 0 && !eventState.stopped(event); i--) {
            invokeListeners(path[i], event, i === 0 ? 2 : 1, true);
            if (serial !== 0) invokeForeign(path[i], event, i === 0 ? 2 : 1, true, serial);
        }
        for (let i = 0; i < path.length && !eventState.stopped(event); i++) {
            if (i > 0 && !event.bubbles) break;
            invokeListeners(path[i], event, i === 0 ? 2 : 3, false);
            if (serial !== 0) invokeForeign(path[i], event, i === 0 ? 2 : 3, false, serial);
        }
    } finally {
        currentEvent = previousEvent;
        eventState.end(event);
    }
    return !event.defaultPrevented;
}

// ---------------------------------------------------------------------------------------------
// Dispatch through shadow trees (DOM §2.9 "dispatch", with its path structs): once a page has a
// shadow root, events take this way; until then the plain walk above, which gives the same
// path without them.

/// A value is a node (isNode asks objects only).
function isNodeValue(value) { return value !== null && (typeof value === "object" || typeof value === "function") && isNode(value); }

/// The node's root is a shadow root.
function inShadowTree(target) { return isNodeValue(target) && idOf(target) >= 0 && shadowHostID(N.root(idOf(target))) >= 0; }

/// A is a shadow-including inclusive ancestor of B (both nodes).
function shadowIncludingInclusiveAncestor(a, b) {
    const ancestor = idOf(a);
    let node = idOf(b);
    for (;;) {
        if (ancestor === node || N.contains(ancestor, node)) return true;
        const host = shadowHostID(N.root(node));
        if (host < 0) return false;
        node = host;
    }
}

/// DOM "retarget A against B".
function retargetAgainst(a, b) {
    for (;;) {
        if (a === null || !isNodeValue(a) || idOf(a) < 0) return a;
        const root = N.root(idOf(a)), host = shadowHostID(root);
        if (host < 0 || (isNodeValue(b) && idOf(b) >= 0 && shadowIncludingInclusiveAncestor(wrap(root), b))) return a;
        a = wrap(host);
    }
}

/// DOM "get the parent" of an event target for this event (`firstTarget`: the path's first
/// invocation target).
function eventParent(target, event, firstTarget) {
    if (target === G || !isNodeValue(target)) return null;
    const id = idOf(target);
    if (id < 0) return null;
    const kind = N.kind(id);
    if (kind === 1 || kind === 3) {
        const slot = findSlot(id, false);
        if (slot >= 0) return wrap(slot);
    }
    if (kind === 11) {
        const host = shadowHostID(id);
        if (host < 0) return null;
        if (!event.composed && isNodeValue(firstTarget) && N.root(idOf(firstTarget)) === id) return null;
        return wrap(host);
    }
    if (kind === 9) {
        if (event.type === "load") return null;
        return windowOfDocument(id);
    }
    return wrap(N.parent(id));
}

function relatedTargetOf(event) {
    const values = eventMembers.get(event);
    return values === undefined || values.relatedTarget === undefined ? null : values.relatedTarget;
}

function setRelatedTarget(event, value) {
    const values = eventMembers.get(event);
    if (values !== undefined && "relatedTarget" in values) values.relatedTarget = value;
}

/// A path struct: the invocation target, its shadow-adjusted target (null for a non-target
/// struct), related target, whether the target is in a shadow tree, and the closed-tree flags.
function pathStruct(invocationTarget, shadowAdjustedTarget, relatedTarget, slotInClosedTree) {
    const rootOfClosedTree = isNodeValue(invocationTarget) && idOf(invocationTarget) >= 0 && shadowHostID(idOf(invocationTarget)) >= 0
        && shadowSettingsOf(idOf(invocationTarget)).mode === "closed";
    return { invocationTarget, shadowAdjustedTarget, relatedTarget, inShadowTree: inShadowTree(invocationTarget),
        rootOfClosedTree, slotInClosedTree };
}

function dispatchThroughShadowTrees(target, event, trusted) {
    eventState.begin(event, target, trusted);
    const originalRelated = relatedTargetOf(event);
    let relatedTarget = retargetAgainst(originalRelated, target);
    let clearTargets = false;
    const structs = [];
    const previousEvent = currentEvent;
    const serial = N.foreignDispatchSerial();
    try {
        if (target !== relatedTarget || target === originalRelated) {
            structs.push(pathStruct(target, target, relatedTarget, false));
            const first = target;
            let slottable = isNodeValue(target) && (target.nodeType === 1 || target.nodeType === 3) && findSlot(idOf(target), false) >= 0 ? target : null;
            let slotInClosedTree = false;
            let current = target;
            let parent = eventParent(target, event, first);
            while (parent !== null) {
                if (slottable !== null) {
                    slottable = null;
                    const root = N.root(idOf(parent));
                    if (shadowHostID(root) >= 0 && shadowSettingsOf(root).mode === "closed") slotInClosedTree = true;
                }
                if (isNodeValue(parent) && (parent.nodeType === 1 || parent.nodeType === 3) && findSlot(idOf(parent), false) >= 0) slottable = parent;
                relatedTarget = retargetAgainst(originalRelated, parent);
                if (parent === G || (isNodeValue(parent) && isNodeValue(current) && shadowIncludingInclusiveAncestor(wrap(N.root(idOf(current))), parent))) {
                    structs.push(pathStruct(parent, null, relatedTarget, slotInClosedTree));
                } else if (parent === relatedTarget) {
                    parent = null;
                } else {
                    current = parent;
                    structs.push(pathStruct(parent, current, relatedTarget, slotInClosedTree));
                }
                if (parent !== null) parent = eventParent(parent, event, first);
                slotInClosedTree = false;
            }
            let clearStruct = null;
            for (let i = structs.length - 1; i >= 0; i--) if (structs[i].shadowAdjustedTarget !== null) { clearStruct = structs[i]; break; }
            if (clearStruct !== null && (inShadowTree(clearStruct.shadowAdjustedTarget) || inShadowTree(clearStruct.relatedTarget))) clearTargets = true;
            eventState.setPath(event, structs.map((struct) => struct.invocationTarget));
            eventState.setStructs(event, structs);
            const invoke = (index, phase, capture) => {
                const struct = structs[index];
                let adjusted = null;
                for (let i = index; i >= 0 && adjusted === null; i--) adjusted = structs[i].shadowAdjustedTarget;
                eventState.retarget(event, adjusted);
                setRelatedTarget(event, struct.relatedTarget);
                if (eventState.stopped(event)) return;
                currentEvent = struct.inShadowTree ? previousEvent : event;
                invokeListeners(struct.invocationTarget, event, phase, capture);
                if (serial !== 0) invokeForeign(struct.invocationTarget, event, phase, capture, serial);
            };
            for (let i = structs.length - 1; i >= 0; i--) invoke(i, structs[i].shadowAdjustedTarget !== null ? 2 : 1, true);
            for (let i = 0; i < structs.length; i++) {
                if (structs[i].shadowAdjustedTarget !== null) invoke(i, 2, false);
                else if (event.bubbles) invoke(i, 3, false);
            }
        }
    } finally {
        currentEvent = previousEvent;
        eventState.end(event);
    }
    if (clearTargets || structs.length === 0) {
        eventState.retarget(event, null);
        setRelatedTarget(event, null);
    }
    return !event.defaultPrevented;
}

/// `composedPath()` (DOM §2.3): the path as the current target may see it, closed trees hidden.
function composedPathOf(structs, currentTarget) {
    if (structs.length === 0 || currentTarget === null) return [];
    const path = [currentTarget];
    let currentTargetIndex = 0, hiddenLevel = 0;
    for (let index = structs.length - 1; index >= 0; index--) {
        if (structs[index].rootOfClosedTree) hiddenLevel++;
        if (structs[index].invocationTarget === currentTarget) { currentTargetIndex = index; break; }
        if (structs[index].slotInClosedTree) hiddenLevel--;
    }
    let currentLevel = hiddenLevel, maxLevel = hiddenLevel;
    for (let index = currentTargetIndex - 1; index >= 0; index--) {
        if (structs[index].rootOfClosedTree) currentLevel++;
        if (currentLevel <= maxLevel) path.unshift(structs[index].invocationTarget);
        if (structs[index].slotInClosedTree) { currentLevel--; if (currentLevel < maxLevel) maxLevel = currentLevel; }
    }
    currentLevel = hiddenLevel; maxLevel = hiddenLevel;
    for (let index = currentTargetIndex + 1; index < structs.length; index++) {
        if (structs[index].slotInClosedTree) currentLevel++;
        if (currentLevel <= maxLevel) path.push(structs[index].invocationTarget);
        if (structs[index].rootOfClosedTree) { currentLevel--; if (currentLevel < maxLevel) maxLevel = currentLevel; }
    }
    return path;
}

/// A reference to an event target another world can wrap: a node's ID, -2 for the window.
function targetReference(target) {
    if (target === G) return -2;
    return isNode(target) ? idOf(target) : -3;
}

/// Runs the listeners other worlds have on this target for this phase (WebKit keeps every
/// world's listeners on the one EventTarget); their cancel and stops apply to this event.
function invokeForeign(target, event, phase, capture, serial) {
    if (eventState.stoppedImmediately(event)) return;
    const reference = targetReference(target);
    if (reference === -3 || (reference < 0 && reference !== -2)) return;
    const state = eventState.mirrored(event);
    const info = [eventInterfaceName(event), state[1], state[2], state[3], targetReference(state[4]), state[5], state[6]];
    const flags = N.foreignListeners(reference, state[0], phase, capture, info, serial);
    if (flags & 1) eventState.cancel(event);
    if (flags & 6) eventState.stop(event, (flags & 4) !== 0);
}

/// The platform interface an event is an instance of (`MouseEvent` for a page's subclass of it),
/// found on its prototype chain with the intrinsic captured before page scripts ran.
function eventInterfaceName(event) {
    let prototype = event;
    for (let depth = 0; depth < 64; depth++) {
        prototype = ObjectGetPrototypeOf(prototype);
        if (prototype === null) break;
        if (prototype === Event.prototype) return "Event";
        const name = eventInterfaceOfPrototype.get(prototype);
        if (name !== undefined) return name;
    }
    return "Event";
}

/// The legacy types a trusted animation or transition event is also delivered as, to a target
/// with no listener of its own type (DOM §2.10 "invoke", step 8).
const legacyEventTypes = new Map([["animationend", "webkitAnimationEnd"], ["animationiteration", "webkitAnimationIteration"],
    ["animationstart", "webkitAnimationStart"], ["transitionend", "webkitTransitionEnd"]]);

function invokeListeners(target, event, phase, capture, skipAttributeHandlers) {
    const type = event.type;
    if (!capture && !skipAttributeHandlers) prepareAttributeHandler(target, type);
    if (invokeListenersOfType(target, event, type, phase, capture)) return;
    const legacyType = legacyEventTypes.get(type);
    if (legacyType === undefined || !eventState.trusted(event)) return;
    if (!capture && !skipAttributeHandlers) prepareAttributeHandler(target, legacyType);
    eventState.setType(event, legacyType);
    try {
        invokeListenersOfType(target, event, legacyType, phase, capture);
    } finally {
        eventState.setType(event, type);
    }
}

/// Runs the target's listeners of `type` for the phase; whether it has any of that type.
function invokeListenersOfType(target, event, type, phase, capture) {
    const map = target[LISTENERS];
    if (map === undefined) return false;
    const list = map.get(type);
    if (list === undefined || list.length === 0) return false;
    let found = false;
    for (let i = 0; i < list.length && !found; i++) found = !list[i].removed;
    if (!found) return false;
    eventState.at(event, target, phase);
    for (const listener of list.slice()) {
        if (listener.removed) continue;
        if (phase === 1 && !listener.capture) continue;
        if (phase === 3 && listener.capture) continue;
        if (phase === 2 && listener.capture !== capture) continue;
        if (listener.once) removeListener(target, type, listener.callback, listener.capture);
        eventState.passive(event, listener.passive);
        try {
            const callback = listener.callback;
            if (typeof callback === "function") {
                callback.call(target, event);
            } else {
                const handleEvent = callback.handleEvent;
                if (typeof handleEvent !== "function") throw typeError("'handleEvent' property of event listener should be callable");
                handleEvent.call(callback, event);
            }
        } catch (error) {
            reportException(error);
        }
        eventState.passive(event, false);
        if (eventState.stoppedImmediately(event)) break;
    }
    return true;
}

// Event handlers: `onclick` properties and attributes share one listener slot per type.

const windowForwardedHandlers = new Set(["load", "unload", "beforeunload", "hashchange", "popstate", "pageshow",
    "pagehide", "resize", "scroll", "message", "error", "focus", "blur", "online", "offline", "storage", "orientationchange"]);

function handlerSlot(target, type, create) {
    let handlers = target[HANDLERS];
    if (handlers === undefined) {
        if (!create) return undefined;
        handlers = new Map();
        ObjectDefine(target, HANDLERS, { value: handlers });
    }
    let slot = handlers.get(type);
    if (slot === undefined && create) {
        slot = { value: null, source: null };
        handlers.set(type, slot);
        const list = (() => {
            const map = listenersOf(target, true);
            let list = map.get(type);
            if (list === undefined) { list = []; map.set(type, list); }
            return list;
        })();
        const listener = {
            callback: (event) => runHandler(target, slot, event), capture: false, once: false, passive: false,
            removed: false, handler: true,
        };
        if (slot.fromAttribute) list.unshift(listener); else list.push(listener);
    }
    return slot;
}

function runHandler(target, slot, event) {
    const handler = slot.value;
    if (typeof handler !== "function") return;
    let result;
    if (event.type === "error" && target === G && event instanceof eventClassNamed("ErrorEvent")) {
        result = handler.call(target, event.message, event.filename, event.lineno, event.colno, event.error);
        if (result === true) event.preventDefault();
        return;
    }
    result = handler.call(target, event);
    if (event.type === "beforeunload") {
        if (result !== undefined && result !== null) event.preventDefault();
    } else if (result === false) {
        event.preventDefault();
    }
}

/// Compiles an `on…` attribute into its handler when the attribute is new or changed.
function prepareAttributeHandler(target, type) {
    let element = target, slotTarget = target;
    if (target === G) {
        if (!windowForwardedHandlers.has(type)) return;
        element = G.document.body;
        if (element === null) return;
    } else if (!isNode(target) || idOf(target) < 0 || N.kind(idOf(target)) !== 1) {
        return;
    } else if (windowForwardedHandlers.has(type) && /^(body|frameset)$/.test(target.localName) && type !== "error" && type !== "scroll") {
        return;
    }
    const source = N.attr(idOf(element), "on" + StringToLowerCase(type));
    const existing = handlerSlot(slotTarget, type, false);
    if (source === null) {
        if (existing !== undefined && existing.source !== null) { existing.value = null; existing.source = null; }
        return;
    }
    if (existing !== undefined && existing.source === source) return;
    let slot = existing;
    if (slot === undefined) {
        const handlers = slotTarget[HANDLERS] || new Map();
        if (slotTarget[HANDLERS] === undefined) ObjectDefine(slotTarget, HANDLERS, { value: handlers });
        slot = { value: null, source: null, fromAttribute: true };
        handlers.set(type, slot);
        const map = listenersOf(slotTarget, true);
        let list = map.get(type);
        if (list === undefined) { list = []; map.set(type, list); }
        list.unshift({ callback: (event) => runHandler(slotTarget, slot, event), capture: false, once: false, passive: false, removed: false, handler: true });
    }
    slot.source = source;
    slot.value = compileHandler(element, type, source, target === G);
}

function compileHandler(element, type, source, forWindow) {
    const parameters = forWindow && type === "error" ? "event, source, lineno, colno, error" : "event";
    if (!policyAllows("handler", source, element)) return null;
    try {
        const factory = new OriginalFunction("element", "document", "form",
            "with (document) { with (form || {}) { with (element) { return function on" + type + "(" + parameters + ") {\n" + source + "\n}; } } }");
        const document = element.ownerDocument || G.document;
        const form = typeof element.form === "object" ? element.form : null;
        return factory(element, document, form);
    } catch (error) {
        reportException(error);
        return null;
    }
}


/// The element an `on…` property of `object` works on: itself, or the window for `<body>`'s
/// window events (`forwardFromBody`) or always (`forwardAlways`).
function handlerTarget(object, type, forward) {
    if (object === undefined) object = G;
    if (forward === forwardNone) return object;
    if (forward === forwardAlways) return G;
    return /^(body|frameset)$/.test(object.localName) && type !== "error" && type !== "scroll" ? G : object;
}

function getHandlerProperty(object, type, forward) {
    const target = handlerTarget(object, type, forward);
    prepareAttributeHandler(target, type);
    const slot = handlerSlot(target, type, false);
    return slot === undefined ? null : slot.value;
}

function setHandlerProperty(object, type, forward, value) {
    const target = handlerTarget(object, type, forward);
    const slot = handlerSlot(target, type, true);
    slot.value = typeof value === "function" || (value !== null && typeof value === "object") ? value : null;
    slot.source = null;
    const attribute = "on" + StringToLowerCase(type);
    if (target !== G && isNode(target) && idOf(target) >= 0 && N.attr(idOf(target), attribute) !== null) {
        slot.source = N.attr(idOf(target), attribute);
    }
}

/// Defines `on<type>` on a prototype for each of `types`, forwarded as `forward` says, or from
/// `<body>` for the types in `forwardedFromBody`. The accessors are shared by every prototype
/// with the same forwarding, so a new global object makes each pair once. One loop, not a
/// call per property: a new global object defines some 350 of them.
function defineHandlerProperties(prototype, types, forward = forwardNone, forwardedFromBody = null) {
    for (let i = 0; i < types.length; i++) {
        const type = types[i];
        const kind = forwardedFromBody !== null && forwardedFromBody.has(type) ? forwardFromBody : forward;
        let descriptor = handlerDescriptors[kind].get(type);
        if (descriptor === undefined) {
            // In an array, not as `get:`/`set:` values, so that they keep the empty name they have always had.
            const accessors = [
                function () { return getHandlerProperty(this, type, kind); },
                function (value) { setHandlerProperty(this, type, kind, value); },
            ];
            const name = "on" + StringToLowerCase(type);
            if (installingNatives) {
                pendingNatives.push(accessors[0], name, accessors[1], name);
            } else {
                setNative(accessors[0], name);
                setNative(accessors[1], name);
            }
            descriptor = { get: accessors[0], set: accessors[1], enumerable: true, configurable: true };
            handlerDescriptors[kind].set(type, descriptor);
        }
        ObjectDefine(prototype, "on" + StringToLowerCase(type), descriptor);
    }
}

const elementEventTypes = ["abort", "animationend", "animationiteration", "animationstart", "auxclick", "beforeinput", "blur",
    "cancel", "canplay", "canplaythrough", "change", "click", "close", "contextmenu", "copy", "cut", "dblclick", "drag",
    "dragend", "dragenter", "dragleave", "dragover", "dragstart", "drop", "durationchange", "emptied", "ended", "error",
    "focus", "focusin", "focusout", "formdata", "input", "invalid", "keydown", "keypress", "keyup", "load", "loadeddata",
    "loadedmetadata", "loadstart", "mousedown", "mouseenter", "mouseleave", "mousemove", "mouseout", "mouseover", "mouseup",
    "paste", "pause", "play", "playing", "pointercancel", "pointerdown", "pointerenter", "pointerleave", "pointermove",
    "pointerout", "pointerover", "pointerup", "progress", "ratechange", "reset", "resize", "scroll", "search", "seeked",
    "seeking", "select", "selectionchange", "selectstart", "slotchange", "stalled", "submit", "suspend", "timeupdate", "toggle",
    "touchcancel", "touchend", "touchmove", "touchstart", "transitioncancel", "transitionend", "transitionrun",
    "transitionstart", "volumechange", "waiting", "webkitAnimationEnd", "webkitAnimationIteration", "webkitAnimationStart",
    "webkitTransitionEnd", "wheel",
    "gesturestart", "gesturechange", "gestureend"];
defineHandlerProperties(HTMLElement.prototype, elementEventTypes, forwardNone, windowForwardedHandlers);
defineHandlerProperties(Document.prototype, elementEventTypes);
defineHandlerProperties(ShadowRoot.prototype, ["slotchange"]);
elementClassHooks.set("SVGElement", (cls) => { defineHandlerProperties(cls.prototype, elementEventTypes); });
elementClassHooks.set("HTMLBodyElement", (cls) => {
    defineHandlerProperties(cls.prototype, ["afterprint", "beforeprint", "beforeunload", "hashchange", "languagechange", "message",
        "messageerror", "offline", "online", "pagehide", "pageshow", "popstate", "rejectionhandled", "storage", "unhandledrejection",
        "unload", "orientationchange", "devicemotion", "deviceorientation"], forwardAlways);
});

// ---------------------------------------------------------------------------------------------
// Errors: a listener's or script's exception goes to window `error` listeners, then the console.

function reportException(error) {
    let message, url = "", line = 0, column = 0;
    try {
        message = error instanceof Error || (error !== null && typeof error === "object" && "message" in error)
            ? String(error) : String(error);
    } catch (e) {
        message = "Error";
    }
    if (error !== null && typeof error === "object") {
        try {
            if (typeof error.sourceURL === "string") url = error.sourceURL;
            if (typeof error.line === "number") line = error.line;
            if (typeof error.column === "number") column = error.column;
        } catch (e) {}
    }
    reportError(message, url, line, column, error, false);
}

let reportingError = false;

function reportError(message, url, line, column, error, alreadyFormatted) {
    let canceled = false;
    const body = G.document ? G.document.body : null;
    const listened = G[LISTENERS] !== undefined || (body !== null && N.attr(idOf(body), "onerror") !== null);
    if (!reportingError && listened) {
        reportingError = true;
        try {
            const event = makeEvent("ErrorEvent", "error", { cancelable: true, message, filename: url, lineno: line, colno: column, error });
            canceled = !dispatch(G, event, true);
        } catch (e) {
        } finally {
            reportingError = false;
        }
    }
    if (!canceled) N.error(message, url, line, column);
}

function reportRejection(promise, reason) {
    // JavaScriptCore reports each rejection in an entry of its own: a handler that rejects
    // again would loop past the time limit, so reports count as microtasks do.
    if (!mayQueueMicrotask()) return;
    const event = makeEvent("PromiseRejectionEvent", "unhandledrejection", { cancelable: true, promise, reason });
    let canceled = false;
    try { canceled = !dispatch(G, event, true); } catch (e) {}
    if (canceled) return;
    let message;
    try { message = String(reason); } catch (e) { message = "Error"; }
    let url = "", line = 0, column = 0;
    if (reason !== null && typeof reason === "object") {
        try {
            if (typeof reason.sourceURL === "string") url = reason.sourceURL;
            if (typeof reason.line === "number") line = reason.line;
            if (typeof reason.column === "number") column = reason.column;
        } catch (e) {}
    }
    N.error("Unhandled Promise Rejection: " + message, url, line, column);
}

// ---------------------------------------------------------------------------------------------
// Focus

function isFocusable(element) {
    if (!connectedInShadowIncludingTree(idOf(element))) return false;
    const tag = element.localName;
    if (/^(input|select|textarea|button)$/.test(tag)) return !N.disabled(idOf(element)) && !(tag === "input" && element.type === "hidden");
    if ((tag === "a" || tag === "area") && element.hasAttribute("href")) return true;
    if (element.hasAttribute("tabindex")) return true;
    return tag === "iframe" || tag === "summary" || element.hasAttribute("contenteditable");
}

function fireFocusEvent(target, type, related, bubbles, trusted) {
    dispatch(target, makeEvent("FocusEvent", type, { bubbles, composed: true, relatedTarget: related, view: G }), trusted);
}

function focusElement(element, trusted = false) {
    if (!isFocusable(element)) return;
    const previousID = N.activeElement();
    const previous = previousID >= 0 && connectedInShadowIncludingTree(previousID) ? wrap(previousID) : null;
    if (previous === element) return;
    if (previous !== null) {
        N.setActiveElement(-1);
        fireFocusEvent(previous, "blur", element, false, trusted);
        fireFocusEvent(previous, "focusout", element, true, trusted);
    }
    N.setActiveElement(idOf(element));
    fireFocusEvent(element, "focus", previous, false, trusted);
    fireFocusEvent(element, "focusin", previous, true, trusted);
}

function blurElement(element, trusted = false) {
    if (N.activeElement() !== idOf(element)) return;
    N.setActiveElement(-1);
    fireFocusEvent(element, "blur", null, false, trusted);
    fireFocusEvent(element, "focusout", null, true, trusted);
}

// ---------------------------------------------------------------------------------------------
// Clicks and their default actions

const clicking = new Set();
let navigationInitiator = "location";

/// Fires `click` at an element (as a tap when trusted, as `element.click()` otherwise) and
/// performs the default action unless a listener prevented it. Returns "followLink" when the
/// host should follow a link itself, "prevented", or "done".
function activate(element, trusted) {
    const id = idOf(element);
    if (clicking.has(id)) return "done";
    if (/^(button|input|select|textarea|option|optgroup|fieldset)$/.test(element.localName) && N.disabled(id)) return "done";
    clicking.add(id);
    try {
        const event = makeEvent("MouseEvent", "click", { bubbles: true, cancelable: true, composed: true, view: G, detail: trusted ? 1 : 0 });
        return dispatchActivating(element, event, trusted);
    } finally {
        clicking.delete(id);
    }
}

/// DOM dispatch of an activation event (a `click` MouseEvent): the target, or when it bubbles
/// its first ancestor, with an activation behaviour has its legacy pre-activation steps run
/// before the listeners, undone when one cancels, and its activation behaviour after.
function dispatchActivating(element, event, trusted) {
    const activatable = activationTarget(element, event.bubbles);
    const undo = activatable !== null ? preActivate(activatable) : null;
    const allowed = dispatch(element, event, trusted);
    if (!allowed) {
        if (undo !== null) undo();
        return "prevented";
    }
    if (activatable === null) return "done";
    return activationBehavior(activatable, element, trusted, undo !== null);
}

/// The element whose activation behaviour a click on `element` triggers.
function activationTarget(element, bubbles = true) {
    for (let node = element; node !== null; node = bubbles ? node.parentNode : null) {
        if (node.nodeType !== 1) continue;
        const tag = node.localName;
        if ((tag === "a" || tag === "area") && node.hasAttribute("href")) return node;
        if (tag === "button") return node;
        if (tag === "input" && /^(submit|image|reset|checkbox|radio|button)$/.test(node.type)) return node;
        if (tag === "label") return node;
        if (tag === "summary" && node.parentNode !== null && node.parentNode.localName === "details") return node;
    }
    return null;
}

/// Checkboxes and radio buttons change before the click is dispatched; returns how to undo it.
function preActivate(element) {
    if (element.localName !== "input") return null;
    const id = idOf(element);
    if (element.type === "checkbox") {
        const old = N.checked(id);
        N.setChecked(id, !old);
        return () => N.setChecked(id, old);
    }
    if (element.type === "radio") {
        const group = N.radioGroup(id);
        const previous = group.find((radio) => N.checked(radio));
        N.setChecked(id, true);
        return () => { N.setChecked(id, false); if (previous !== undefined) N.setChecked(previous, true); };
    }
    return null;
}

function activationBehavior(element, target, trusted, changedState) {
    const tag = element.localName;
    if (tag === "a" || tag === "area") return followHyperlink(element, trusted);
    if (tag === "input" && (element.type === "checkbox" || element.type === "radio")) {
        if (changedState && (N.connected(idOf(element)) || (shadowRootCount > 0 && connectedInShadowIncludingTree(idOf(element))))) {
            dispatch(element, new Event("input", { bubbles: true, composed: true }), trusted);
            dispatch(element, new Event("change", { bubbles: true }), trusted);
        }
        return "done";
    }
    if (tag === "button" || tag === "input") {
        const type = tag === "button" ? buttonType(element) : element.type;
        const form = element.form;
        // A form not connected cannot navigate (HTML "form submission algorithm", step 1).
        if (form === null || N.disabled(idOf(element)) || !N.connected(idOf(form))) return "done";
        if (type === "submit" || type === "image") submitForm(form, element, false, trusted);
        else if (type === "reset") resetForm(form, trusted);
        return "done";
    }
    if (tag === "label") {
        const control = element.control;
        if (control !== null && control !== target && !control.contains(target)) {
            activate(control, trusted);
            if (/^(input|textarea|select)$/.test(control.localName) && !/^(checkbox|radio|submit|reset|button|image)$/.test(control.type)) {
                focusElement(control, trusted);
            }
        }
        return "done";
    }
    if (tag === "summary") {
        const details = element.parentNode;
        if (details.hasAttribute("open")) details.removeAttribute("open"); else details.setAttribute("open", "");
        const task = N.post();
        pendingTasks.set(task, () => dispatch(details, new Event("toggle"), true));
        return "done";
    }
    return "done";
}

function followHyperlink(anchor, trusted) {
    const href = N.attr(idOf(anchor), "href");
    const resolved = N.resolve(href);
    if (resolved !== null && /^javascript:/i.test(resolved)) {
        runJavaScriptURL(resolved);
        return "done";
    }
    const target = N.attr(idOf(anchor), "target") || "";
    if (resolved !== null && (target === "" || /^(_self|_top|_parent)$/i.test(target)) && isSameDocumentFragment(resolved)) {
        fragmentNavigation(resolved, false);
        return "done";
    }
    if (trusted) return "followLink";
    if (resolved === null) return "done";
    if (target !== "" && !/^(_self|_top|_parent)$/i.test(target)) N.windowOpen(resolved, target);
    else N.navigate(resolved, false, "link");
    return "done";
}

/** Runs a `javascript:` URL in this window and returns its result (a frame shows a string one). */
function runJavaScriptURL(url) {
    let source = url.replace(/^javascript:/i, "");
    try { source = decodeURIComponent(source); } catch (e) {}
    if (!policyAllows("javascript", source, null)) return;
    const previous = navigationInitiator;
    navigationInitiator = "javascriptURL";
    try {
        return OriginalEval(source);
    } catch (error) {
        reportException(error);
    } finally {
        navigationInitiator = previous;
    }
}
