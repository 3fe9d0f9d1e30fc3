// The implementations of HTML's element interfaces (IDL/html-elements.webidl): what their
// members do beyond reflecting content attributes, which the generated bindings do. Each
// function gets the checked element and the converted arguments.

/// `textContent = value` without going through the page's (replaceable) accessor.
function setTextContent(node, value) {
    const id = idOf(node);
    replaceAllChildren(node, () => N.setText(id, value));
}

implementation("HTMLTitleElement", () => ({
    text: (self) => N.text(idOf(self)),
    setText: (self, value) => setTextContent(self, value),
}));

/// The `rel` tokens WebKit supports on `<link>` (LinkRelAttribute::isSupported, as
/// WebKitGTK 2.50 answers `relList.supports`) and on `<a>`, `<area>` and `<form>`.
const linkRelations = ["stylesheet", "alternate", "icon", "apple-touch-icon", "dns-prefetch", "preconnect", "preload", "modulepreload", "expect"];
const hyperlinkRelations = ["noreferrer", "noopener", "opener"];

implementation("HTMLLinkElement", () => ({
    relList: (self) => new DOMTokenList(KEY, self, "rel", linkRelations),
    sizes: (self) => new DOMTokenList(KEY, self, "sizes"),
    sheet: (self) => styleSheetOf(self),
}));

implementation("HTMLStyleElement", () => ({
    sheet: (self) => styleSheetOf(self),
}));

implementation("HTMLScriptElement", () => ({
    async: (self) => N.scriptAsync(idOf(self)),
    setAsync(self, value) {
        N.setScriptAsync(idOf(self), value);
        setReflectedBoolean(self, "async", value);
    },
    text: (self) => N.scriptText(idOf(self)),
    setText: (self, value) => setTextContent(self, value),
}));

implementation("HTMLTemplateElement", () => ({
    content: (self) => sameObject(self, "content", () => wrap(N.templateContent(idOf(self)))),
}));

/// The parts of an `<a>` or `<area>`'s href resolved against the document's base URL (in
/// `urlPartNames`' order), or null when it has none or it does not parse (HTML §4.6.3).
function hyperlinkURL(self) {
    const value = contentAttribute(self, "href");
    if (value === null) return null;
    const resolved = N.resolve(value);
    return resolved === null ? null : N.parseURL(resolved, null);
}

/// HTMLHyperlinkElementUtils' URL parts: a getter gives "" (the protocol ":") when the href is
/// missing or invalid; a setter changes the href only when there is a URL to change and the
/// result parses, as WebKit does.
function hyperlinkUtilities() {
    const members = {};
    const part = (index, none) => (self) => {
        const parts = hyperlinkURL(self);
        return parts === null ? none : parts[index];
    };
    const setter = (name) => (self, value) => {
        const parts = hyperlinkURL(self);
        if (parts === null) return;
        const changed = N.parseURL(withPart(parts, name, value), null);
        if (changed !== null) setAttributeValue(self, "href", changed[0]);
    };
    members.origin = part(10, "");
    const names = [["protocol", "setProtocol"], ["username", "setUsername"], ["password", "setPassword"], ["host", "setHost"],
        ["hostname", "setHostname"], ["port", "setPort"], ["pathname", "setPathname"], ["search", "setSearch"], ["hash", "setHash"]];
    for (let i = 0; i < names.length; i++) {
        const name = names[i][0];
        members[name] = part(i + 1, name === "protocol" ? ":" : "");
        members[names[i][1]] = setter(name);
    }
    return members;
}

implementation("HTMLAnchorElement", () => ({
    ...hyperlinkUtilities(),
    relList: (self) => new DOMTokenList(KEY, self, "rel", hyperlinkRelations),
    text: (self) => N.text(idOf(self)),
    setText: (self, value) => setTextContent(self, value),
}));

implementation("HTMLAreaElement", () => ({
    ...hyperlinkUtilities(),
    relList: (self) => new DOMTokenList(KEY, self, "rel", hyperlinkRelations),
}));

implementation("HTMLImageElement", () => ({
    naturalWidth: () => 0,
    naturalHeight: () => 0,
    complete: () => true,
    currentSrc: (self) => reflectedURL(self, "src"),
    decode: () => OriginalPromise.resolve(),
}));

implementation("HTMLIFrameElement", () => ({
    contentDocument: (self) => {
        if (N.frameIsOpaque(idOf(self))) return null;
        const window = frameWindowOf(self);
        return window === null ? null : window.document;
    },
    contentWindow: (self) => frameWindowOf(self),
}));

implementation("HTMLCanvasElement", () => ({
    getContext: () => null,
    toDataURL: () => "data:,",
}));

implementation("HTMLMediaElement", () => ({
    load() {},
    canPlayType: () => "",
    paused: () => true,
    play: () => OriginalPromise.reject(domError("NotAllowedError")),
    pause() {},
}));

/// The element children of `id` named `tag`.
function childElementsNamed(id, tag) {
    const result = [];
    const children = N.elementChildren(id);
    for (let i = 0; i < children.length; i++) if (N.tag(children[i]) === tag) result[result.length] = children[i];
    return result;
}

function firstChildElementNamed(id, tag) {
    const children = N.elementChildren(id);
    for (let i = 0; i < children.length; i++) if (N.tag(children[i]) === tag) return wrap(children[i]);
    return null;
}

/// A `<frame>` loads nothing in webnav (as `<iframe>`): no document, no window.
implementation("HTMLFrameElement", () => ({
    contentDocument: () => null,
    contentWindow: () => null,
}));

/// A new HTML element `tag` of `node`'s document.
function newElementBeside(node, tag) {
    return wrap(N.create(1, tag, idOf(documentOf(node))));
}

/// A table's rows (HTML §4.9.1): its thead's rows, then the rows of its tbodies and its own
/// rows in tree order, then its tfoot's; not those of nested tables.
function tableRows(id) {
    const head = [], body = [], foot = [];
    const children = N.elementChildren(id);
    for (let i = 0; i < children.length; i++) {
        const child = children[i], tag = N.ns(child) === htmlNamespace ? N.tag(child) : "";
        if (tag === "tr") body[body.length] = child;
        else if (tag === "thead" || tag === "tbody" || tag === "tfoot") {
            const rows = childElementsNamed(child, "tr"), into = tag === "thead" ? head : tag === "tfoot" ? foot : body;
            for (let j = 0; j < rows.length; j++) into[into.length] = rows[j];
        }
    }
    return [...head, ...body, ...foot];
}

/// The steps shared by deleteRow and deleteCell: IndexSizeError outside -1..count-1; -1 the last.
function deleteIndexed(ids, index) {
    if (index < -1 || index >= ids.length) throw domError("IndexSizeError");
    if (ids.length === 0) return;
    const victim = wrap(ids[index === -1 ? ids.length - 1 : index]);
    removeNode(victim.parentNode, victim);
}

/// insertRow/insertCell within one parent: IndexSizeError outside -1..count; -1 or count appends.
function insertIndexed(parent, ids, index, tag) {
    if (index < -1 || index > ids.length) throw domError("IndexSizeError");
    const made = newElementBeside(parent, tag);
    insertNode(parent, made, index === -1 || index === ids.length ? null : wrap(ids[index]));
    return made;
}

/// Removes a table's first child element named `tag`, if any (deleteCaption, deleteTHead, deleteTFoot).
function removeFirstChildNamed(table, tag) {
    const found = firstChildElementNamed(idOf(table), tag);
    if (found !== null) removeNode(table, found);
}

implementation("HTMLTableElement", () => ({
    caption: (self) => firstChildElementNamed(idOf(self), "caption"),
    tHead: (self) => firstChildElementNamed(idOf(self), "thead"),
    tFoot: (self) => firstChildElementNamed(idOf(self), "tfoot"),
    tBodies(self) { const id = idOf(self); return liveCollection(() => childElementsNamed(id, "tbody")); },
    rows(self) { const id = idOf(self); return liveCollection(() => tableRows(id)); },
    createCaption(self) {
        const found = firstChildElementNamed(idOf(self), "caption");
        if (found !== null) return found;
        return insertNode(self, newElementBeside(self, "caption"), self.firstChild);
    },
    deleteCaption(self) { removeFirstChildNamed(self, "caption"); },
    createTHead(self) {
        const found = firstChildElementNamed(idOf(self), "thead");
        if (found !== null) return found;
        // Before the first child that is neither a caption nor a colgroup element.
        const children = N.elementChildren(idOf(self));
        let reference = null;
        for (let i = 0; i < children.length && reference === null; i++) {
            const tag = N.tag(children[i]);
            if (tag !== "caption" && tag !== "colgroup") reference = wrap(children[i]);
        }
        return insertNode(self, newElementBeside(self, "thead"), reference);
    },
    deleteTHead(self) { removeFirstChildNamed(self, "thead"); },
    createTFoot(self) {
        const found = firstChildElementNamed(idOf(self), "tfoot");
        if (found !== null) return found;
        return insertNode(self, newElementBeside(self, "tfoot"), null);
    },
    deleteTFoot(self) { removeFirstChildNamed(self, "tfoot"); },
    createTBody(self) {
        const bodies = childElementsNamed(idOf(self), "tbody");
        const reference = bodies.length === 0 ? null : wrap(bodies[bodies.length - 1]).nextSibling;
        return insertNode(self, newElementBeside(self, "tbody"), reference);
    },
    insertRow(self, index) {
        const rows = tableRows(idOf(self));
        if (index < -1 || index > rows.length) throw domError("IndexSizeError");
        const row = newElementBeside(self, "tr");
        if (rows.length === 0) {
            const bodies = childElementsNamed(idOf(self), "tbody");
            if (bodies.length === 0) insertNode(insertNode(self, newElementBeside(self, "tbody"), null), row, null);
            else insertNode(wrap(bodies[bodies.length - 1]), row, null);
        } else if (index === -1 || index === rows.length) {
            insertNode(wrap(N.parent(rows[rows.length - 1])), row, null);
        } else {
            insertNode(wrap(N.parent(rows[index])), row, wrap(rows[index]));
        }
        return row;
    },
    deleteRow(self, index) { deleteIndexed(tableRows(idOf(self)), index); },
}));

implementation("HTMLTableSectionElement", () => ({
    rows(self) { const id = idOf(self); return liveCollection(() => childElementsNamed(id, "tr")); },
    insertRow: (self, index) => insertIndexed(self, childElementsNamed(idOf(self), "tr"), index, "tr"),
    deleteRow(self, index) { deleteIndexed(childElementsNamed(idOf(self), "tr"), index); },
}));

/// The td and th children of a row.
function rowCells(id) {
    const result = [];
    const children = N.elementChildren(id);
    for (let i = 0; i < children.length; i++) {
        const tag = N.tag(children[i]);
        if (tag === "td" || tag === "th") result[result.length] = children[i];
    }
    return result;
}

implementation("HTMLTableRowElement", () => ({
    rowIndex(self) {
        let table = N.parent(idOf(self));
        if (table >= 0 && N.kind(table) === 1 && ["thead", "tbody", "tfoot"].includes(N.tag(table))) table = N.parent(table);
        if (table < 0 || N.kind(table) !== 1 || N.tag(table) !== "table") return -1;
        const rows = tableRows(table);
        return rows.indexOf(idOf(self));
    },
    sectionRowIndex(self) {
        const parent = N.parent(idOf(self));
        if (parent < 0 || N.kind(parent) !== 1) return -1;
        const tag = N.tag(parent);
        if (tag === "table") return tableRows(parent).indexOf(idOf(self));
        if (tag === "thead" || tag === "tbody" || tag === "tfoot") return childElementsNamed(parent, "tr").indexOf(idOf(self));
        return -1;
    },
    insertCell: (self, index) => insertIndexed(self, rowCells(idOf(self)), index, "td"),
    deleteCell(self, index) { deleteIndexed(rowCells(idOf(self)), index); },
    cells(self) { const id = idOf(self); return liveCollection(() => rowCells(id)); },
}));

const dialogReturnValues = new WeakMap();

implementation("HTMLDialogElement", () => ({
    returnValue: (self) => WeakMapGet(dialogReturnValues, self) ?? "",
    setReturnValue: (self, value) => { WeakMapSet(dialogReturnValues, self, value); },
    show: (self) => setAttributeValue(self, "open", ""),
    showModal: (self) => setAttributeValue(self, "open", ""),
    close(self, value) {
        if (value !== undefined) WeakMapSet(dialogReturnValues, self, value);
        removeAttributeValue(self, "open");
    },
}));
