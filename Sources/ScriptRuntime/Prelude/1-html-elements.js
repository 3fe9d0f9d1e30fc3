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
    contentDocument: () => null,
    contentWindow: () => null,
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

implementation("HTMLTableElement", () => ({
    caption: (self) => firstChildElementNamed(idOf(self), "caption"),
    tHead: (self) => firstChildElementNamed(idOf(self), "thead"),
    tFoot: (self) => firstChildElementNamed(idOf(self), "tfoot"),
    tBodies(self) { const id = idOf(self); return liveCollection(() => childElementsNamed(id, "tbody")); },
    rows(self) { const id = idOf(self); return liveCollection(() => N.byTag(id, "tr")); },
}));

implementation("HTMLTableSectionElement", () => ({
    rows(self) { const id = idOf(self); return liveCollection(() => childElementsNamed(id, "tr")); },
}));

implementation("HTMLTableRowElement", () => ({
    rowIndex(self) {
        let table = N.parent(idOf(self));
        while (table >= 0 && !(N.kind(table) === 1 && N.tag(table) === "table")) table = N.parent(table);
        if (table < 0) return -1;
        const rows = N.byTag(table, "tr");
        const id = idOf(self);
        for (let i = 0; i < rows.length; i++) if (rows[i] === id) return i;
        return -1;
    },
    cells(self) {
        const id = idOf(self);
        return liveCollection(() => {
            const result = [];
            const children = N.elementChildren(id);
            for (let i = 0; i < children.length; i++) {
                const tag = N.tag(children[i]);
                if (tag === "td" || tag === "th") result[result.length] = children[i];
            }
            return result;
        });
    },
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
