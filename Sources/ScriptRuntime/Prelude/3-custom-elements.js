// Custom elements (HTML §4.13): the window's registry, definitions, construction, upgrades and
// the lifecycle callbacks, with the order WebKitGTK 2.50 gives them (DECISIONS.md, "Custom
// elements"). Until a page defines one, each hook below costs one test of `customElementsActive`.

/// Whether this window defined a custom element (the hooks in 1-core.js run only then).
let customElementsActive = false;
const customDefinitionsByName = new Map();
const customDefinitionsByConstructor = new Map();
/// `whenDefined` promises not yet resolved, by name: [promise, resolve].
const customWhenDefined = new Map();
let customDefinitionRunning = false;
/// Each element wrapper whose custom element state is not its default → { state, definition }.
const customElementData = new WeakMap();
/// HTML's "already constructed" marker on a definition's construction stack.
const alreadyConstructed = {};
/// Reactions waiting to run: [element, callback or null for an upgrade, arguments or definition].
const customReactions = [];
let runningCustomReactions = false;

/// An element's custom element state (HTML §4.13.4): "undefined" by default for an HTML element
/// with a valid custom element name, "uncustomized" for the others.
function customElementState(element) {
    const data = WeakMapGet(customElementData, element);
    if (data !== undefined) return data.state;
    const id = idOf(element);
    const name = N.tag(id);
    return N.ns(id) === htmlNamespace && validCustomElementName.test(name) && !SetHas(reservedCustomElementNames, name)
        ? "undefined" : "uncustomized";
}

function customDefinitionFor(element) {
    const id = idOf(element);
    if (N.ns(id) !== htmlNamespace) return undefined;
    const definition = MapGet(customDefinitionsByName, N.tag(id));
    return definition !== undefined && definition.localName === definition.name ? definition : undefined;
}

/// HTML "enqueue a custom element callback reaction": nothing unless the element is custom
/// and its definition has the callback (and, for attributes, observes the attribute).
function enqueueCustomCallback(element, name, args) {
    const data = WeakMapGet(customElementData, element);
    if (data === undefined || data.state !== "custom") return;
    const callback = data.definition.callbacks[name];
    if (callback === undefined) return;
    if (name === "attributeChangedCallback" && !SetHas(data.definition.observedAttributes, args[0])) return;
    appendOwn(customReactions, [element, callback, args]);
}

function enqueueCustomUpgrade(element, definition) {
    appendOwn(customReactions, [element, null, definition]);
}

/// Runs the queued reactions in order (those they queue too); an exception is reported.
function runCustomReactions() {
    if (runningCustomReactions) return;
    runningCustomReactions = true;
    try {
        for (let i = 0; i < customReactions.length; i++) {
            const [element, callback, argument] = customReactions[i];
            if (callback === null) { upgradeElement(element, argument); continue; }
            try { ReflectApply(callback, element, argument); } catch (error) { reportException(error); }
        }
    } finally {
        customReactions.length = 0;
        runningCustomReactions = false;
    }
}

/// HTML "upgrade an element": the constructor runs with the element on the construction stack
/// (its `super()` returns the element), then a callback for each observed attribute, then
/// `connectedCallback` when connected. A constructor that throws leaves the element "failed".
function upgradeElement(element, definition) {
    const state = customElementState(element);
    if (state !== "undefined" && state !== "uncustomized") return;
    const data = { state: "precustomized", definition };
    WeakMapSet(customElementData, element, data);
    const stack = definition.constructionStack;
    appendOwn(stack, element);
    try {
        const result = ReflectConstruct(definition.constructor, []);
        if (result !== element) throw typeError("Custom element constructor did not return the element being upgraded");
    } catch (error) {
        data.state = "failed";
        reportException(error);
        return;
    } finally {
        stack.length--;
    }
    data.state = "custom";
    const id = idOf(element);
    N.customElementDefined(id);
    if (definition.formAssociated) formAssociatedElementUpgraded(element);
    if (definition.callbacks.attributeChangedCallback !== undefined) {
        const attributes = attributeTriples(id);
        for (let i = 0; i < attributes.length; i++) {
            enqueueCustomCallback(element, "attributeChangedCallback", [attributeLocalName(attributes[i]), null, attributes[i][2], attributes[i][1]]);
        }
    }
    if (connectedInShadowIncludingTree(id)) enqueueCustomCallback(element, "connectedCallback", []);
}

/// HTML element constructors (HTML §3.2.3), for `new C()` and a `super()` in C: a new element
/// of the definition's name in this window's document, or the element being upgraded.
function constructCustomElement(newTarget) {
    const definition = newTarget === undefined ? undefined : MapGet(customDefinitionsByConstructor, newTarget);
    if (definition === undefined) {
        throw typeError(newTarget === HTMLElement ? "new.target is not a valid custom element constructor"
            : "new.target does not define a custom element");
    }
    if (definition.localName !== definition.name) throw typeError("Illegal constructor");
    let prototype = newTarget.prototype;
    if (prototype === null || (typeof prototype !== "object" && typeof prototype !== "function")) prototype = HTMLElement.prototype;
    const stack = definition.constructionStack;
    if (stack.length === 0) {
        const element = wrap(N.create(1, definition.name, idOf(documentWrapper)));
        ObjectSetPrototypeOf(element, prototype);
        WeakMapSet(customElementData, element, { state: "custom", definition });
        N.customElementDefined(idOf(element));
        if (definition.formAssociated) formAssociatedElementUpgraded(element);
        return element;
    }
    const element = stack[stack.length - 1];
    if (element === alreadyConstructed) throw typeError("Custom element constructor was already called for this element");
    ObjectSetPrototypeOf(element, prototype);
    stack[stack.length - 1] = alreadyConstructed;
    return element;
}

/// HTML "create an element" with the synchronous custom elements flag, for a defined name:
/// the constructor's element after the checks, or (the exception reported) a "failed"
/// HTMLUnknownElement of that name.
function createCustomElementNow(definition) {
    try {
        const result = ReflectConstruct(definition.constructor, []);
        // The checks of HTML "create an element" step 6.1.3, with WebKit's messages.
        if (!implementsInterface(result, "HTMLElement")) throw typeError("The result of constructing a custom element must be a HTMLElement");
        const id = idOf(result);
        const problem = N.attrs(id).length !== 0 ? "must not have attributes" : N.first(id) >= 0 ? "must not have child nodes"
            : N.parent(id) >= 0 ? "must not have a parent node" : N.owner(id) !== idOf(documentWrapper) ? "belongs to a wrong document"
            : N.tag(id) !== definition.name ? "has incorrect local name" : null;
        if (problem !== null) throw domError("NotSupportedError", "A newly constructed custom element " + problem);
        return result;
    } catch (error) {
        reportException(error);
        const element = wrap(N.create(1, definition.name, idOf(documentWrapper)));
        becomeFailedElement(element);
        return element;
    }
}

/// A custom element whose construction failed: an HTMLUnknownElement in state "failed".
function becomeFailedElement(element) {
    ObjectSetPrototypeOf(element, elementClassNamed("HTMLUnknownElement").prototype);
    WeakMapSet(customElementData, element, { state: "failed", definition: null });
}

/// `createElement` of a defined name in this window's document; null when no definition applies.
function createDefinedElement(document, localName) {
    if (!customElementsActive || document !== documentWrapper) return null;
    const definition = MapGet(customDefinitionsByName, localName);
    if (definition === undefined || definition.localName !== definition.name) return null;
    return createCustomElementNow(definition);
}

/// The parser created a defined element (HTMLParserPause.customElement): WebKit constructs it
/// before its attributes and its place in the tree (its constructor sees neither), then sets
/// the attributes and inserts it, each with its callbacks.
function parsedCustomElement(id) {
    const element = wrap(id);
    const definition = customDefinitionFor(element);
    if (definition === undefined || customElementState(element) !== "undefined") return;
    const parent = N.parent(id), next = N.next(id), attributes = attributeTriples(id);
    N.remove(id);
    for (let i = 0; i < attributes.length; i++) N.removeAttrNS(id, attributes[i][1], attributeLocalName(attributes[i]));
    upgradeElement(element, definition);
    runCustomReactions();
    if (customElementState(element) !== "custom") {
        becomeFailedElement(element);
        for (let i = 0; i < attributes.length; i++) N.setAttrNS(id, attributes[i][1], attributes[i][0], attributes[i][2]);
        if (parent >= 0) N.insert(parent, id, next);
        return;
    }
    for (let i = 0; i < attributes.length; i++) {
        const [name, namespace, value] = attributes[i];
        N.setAttrNS(id, namespace, name, value);
        enqueueCustomCallback(element, "attributeChangedCallback", [attributeLocalName(attributes[i]), null, value, namespace]);
        runCustomReactions();
    }
    if (parent >= 0) N.insert(parent, id, next);
    if (connectedInShadowIncludingTree(id)) enqueueCustomCallback(element, "connectedCallback", []);
    const record = MapGet(formAssociatedElements, element);
    if (record !== undefined) formAssociationChecked(element, record);
    runCustomReactions();
}

/// An element's attributes as [qualified name, namespace, value] entries, in order.
function attributeTriples(id) {
    const list = N.attrsNS(id), entries = [];
    for (let i = 0; i < list.length; i += 3) appendOwn(entries, [list[i], list[i + 1], list[i + 2]]);
    return entries;
}

function attributeLocalName(entry) {
    const colon = StringIndexOf(entry[0], ":");
    return entry[1] === null || colon < 0 ? entry[0] : StringSlice(entry[0], colon + 1);
}

/// The custom-named elements of the trees rooted at `ids` and of the shadow trees inside them,
/// in shadow-including tree order.
function customCandidatesOf(ids) {
    if (ids.length === 1) return N.customCandidates(ids[0]);
    const found = [];
    for (let i = 0; i < ids.length; i++) {
        const list = N.customCandidates(ids[i]);
        for (let j = 0; j < list.length; j++) appendOwn(found, list[j]);
    }
    return found;
}

/// After an insertion (DOM "insert" step 7.7): each connected custom element gets
/// `connectedCallback`; each defined one not yet custom is upgraded, connected or not when the
/// nodes come from markup (WebKit upgrades what `innerHTML` parses into a detached element).
function customNodesInserted(ids, fromMarkup) {
    if (ids.length === 0) return;
    const connected = connectedInShadowIncludingTree(ids[0]);
    if (!connected && !fromMarkup) {
        if (formAssociatedElements.size !== 0) formAssociationsChanged();
        return;
    }
    const candidates = customCandidatesOf(ids);
    for (let i = 0; i < candidates.length; i++) {
        const element = wrap(candidates[i]);
        const state = customElementState(element);
        if (state === "custom") { if (connected) enqueueCustomCallback(element, "connectedCallback", []); }
        else if (state === "undefined") {
            const definition = customDefinitionFor(element);
            if (definition !== undefined) enqueueCustomUpgrade(element, definition);
        }
    }
    // WebKit calls formAssociatedCallback after connectedCallback.
    if (formAssociatedElements.size !== 0) formAssociationsChecked();
    runCustomReactions();
}

/// The custom elements a removal will disconnect (taken before it), for `customNodesRemoved`.
function customElementsLeaving(ids) {
    if (ids.length === 0 || !connectedInShadowIncludingTree(ids[0])) return null;
    const leaving = [];
    const candidates = customCandidatesOf(ids);
    for (let i = 0; i < candidates.length; i++) {
        const element = wrap(candidates[i]);
        if (customElementState(element) === "custom") appendOwn(leaving, element);
    }
    return leaving.length === 0 ? null : leaving;
}

function customNodesRemoved(leaving) {
    if (formAssociatedElements.size !== 0) formAssociationsChanged();
    if (leaving === null) return;
    for (let i = 0; i < leaving.length; i++) enqueueCustomCallback(leaving[i], "disconnectedCallback", []);
    runCustomReactions();
}

/// An attribute changed (DOM "handle attribute changes" step 3): `attributeChangedCallback`.
function customAttributeChanged(element, localName, oldValue, namespace) {
    if (formAssociatedElements.size !== 0 && namespace === null && (localName === "disabled" || localName === "form" || localName === "id")) {
        formAssociationsChanged();
    }
    const data = WeakMapGet(customElementData, element);
    if (data === undefined || data.state !== "custom") return;
    const entry = namespacedAttribute(element, namespace, localName);
    enqueueCustomCallback(element, "attributeChangedCallback", [localName, oldValue, entry === null ? null : entry[2], namespace]);
    runCustomReactions();
}

/// A node moved to this document from another: `adoptedCallback` for its custom elements.
function customNodesAdopted(id, oldDocument, newDocument) {
    const candidates = customCandidatesOf([id]);
    for (let i = 0; i < candidates.length; i++) {
        enqueueCustomCallback(wrap(candidates[i]), "adoptedCallback", [oldDocument, newDocument]);
    }
    runCustomReactions();
}

/// The window's CustomElementRegistry (HTML §4.13.4).
class CustomElementRegistry {
    constructor() { if (arguments[0] !== KEY) throw typeError("Illegal constructor"); }
    define(name, constructor, options = undefined) {
        requireArguments(arguments.length, 2);
        name = String(name);
        if (typeof constructor !== "function" || !isConstructor(constructor)) throw typeError("The second argument must be a constructor");
        if (!validCustomElementName.test(name) || SetHas(reservedCustomElementNames, name)) {
            throw domError("SyntaxError", StringIndexOf(name, "-") < 0 ? "Custom element name must contain a hyphen"
                : "Custom element name must be a valid custom element name");
        }
        if (MapGet(customDefinitionsByName, name) !== undefined) {
            throw domError("NotSupportedError", "Cannot define multiple custom elements with the same tag name");
        }
        if (MapGet(customDefinitionsByConstructor, constructor) !== undefined) {
            throw domError("NotSupportedError", "Cannot define multiple custom elements with the same class");
        }
        let localName = name;
        const extendsName = options !== undefined && options !== null ? options.extends : undefined;
        if (extendsName !== undefined && extendsName !== null) localName = String(extendsName);
        if (customDefinitionRunning) throw domError("NotSupportedError", "Custom element definition is already running");
        customDefinitionRunning = true;
        const callbacks = {};
        let observedAttributes = new Set(), formAssociated = false, disableInternals = false, disableShadow = false;
        try {
            const prototype = constructor.prototype;
            if (prototype === null || (typeof prototype !== "object" && typeof prototype !== "function")) {
                throw typeError("Custom element constructor's prototype must be an object");
            }
            for (const callbackName of ["connectedCallback", "disconnectedCallback", "adoptedCallback", "attributeChangedCallback"]) {
                const value = prototype[callbackName];
                if (value === undefined) continue;
                if (typeof value !== "function") throw typeError("'" + callbackName + "' is not a function");
                callbacks[callbackName] = value;
            }
            if (callbacks.attributeChangedCallback !== undefined) {
                const observed = constructor.observedAttributes;
                if (observed !== undefined) {
                    if (observed === null || typeof observed !== "object" || typeof observed[Symbol.iterator] !== "function") {
                        throw typeError("observedAttributes must be a sequence");
                    }
                    for (const attribute of observed) SetAdd(observedAttributes, String(attribute));
                }
            }
            const disabledFeatures = constructor.disabledFeatures;
            if (disabledFeatures !== undefined && disabledFeatures !== null) {
                for (const feature of disabledFeatures) {
                    if (String(feature) === "internals") disableInternals = true;
                    if (String(feature) === "shadow") disableShadow = true;
                }
            }
            formAssociated = !!constructor.formAssociated;
            if (formAssociated) {
                for (const callbackName of ["formAssociatedCallback", "formResetCallback", "formDisabledCallback", "formStateRestoreCallback"]) {
                    const value = prototype[callbackName];
                    if (value === undefined) continue;
                    if (typeof value !== "function") throw typeError("'" + callbackName + "' is not a function");
                    callbacks[callbackName] = value;
                }
            }
        } finally {
            customDefinitionRunning = false;
        }
        const definition = { name, localName, constructor, callbacks, observedAttributes, formAssociated, disableInternals, disableShadow,
            constructionStack: [] };
        MapSet(customDefinitionsByName, name, definition);
        MapSet(customDefinitionsByConstructor, constructor, definition);
        customElementsActive = true;
        attributeWatchers |= 1;
        N.defineCustomElement(name);
        if (localName === name) {
            const candidates = customCandidatesOf([idOf(documentWrapper)]);
            for (let i = 0; i < candidates.length; i++) {
                if (N.tag(candidates[i]) !== name) continue;
                const element = wrap(candidates[i]);
                if (customElementState(element) === "undefined") enqueueCustomUpgrade(element, definition);
            }
            runCustomReactions();
        }
        const waiting = MapGet(customWhenDefined, name);
        if (waiting !== undefined) {
            MapDelete(customWhenDefined, name);
            waiting[1](constructor);
        }
    }
    get(name) {
        requireArguments(arguments.length, 1);
        const definition = MapGet(customDefinitionsByName, String(name));
        return definition === undefined ? undefined : definition.constructor;
    }
    getName(constructor) {
        requireArguments(arguments.length, 1);
        const definition = MapGet(customDefinitionsByConstructor, constructor);
        return definition === undefined ? null : definition.name;
    }
    whenDefined(name) {
        requireArguments(arguments.length, 1);
        name = String(name);
        if (!validCustomElementName.test(name) || SetHas(reservedCustomElementNames, name)) {
            return OriginalPromise.reject(domError("SyntaxError", "Custom element name must be a valid custom element name"));
        }
        const definition = MapGet(customDefinitionsByName, name);
        if (definition !== undefined) return OriginalPromise.resolve(definition.constructor);
        let waiting = MapGet(customWhenDefined, name);
        if (waiting === undefined) {
            let resolve;
            const promise = new OriginalPromise((done) => { resolve = done; });
            waiting = [promise, resolve];
            MapSet(customWhenDefined, name, waiting);
        }
        return waiting[0];
    }
    upgrade(root) {
        requireArguments(arguments.length, 1);
        const id = nodeArgument(root, "CustomElementRegistry", "upgrade", 1, "root");
        const candidates = customCandidatesOf([id]);
        for (let i = 0; i < candidates.length; i++) {
            const element = wrap(candidates[i]), definition = customDefinitionFor(element);
            if (definition !== undefined) enqueueCustomUpgrade(element, definition);
        }
        runCustomReactions();
    }
    initialize(root) {
        requireArguments(arguments.length, 1);
        nodeArgument(root, "CustomElementRegistry", "initialize", 1, "root");
    }
}

/// The names HTML §4.13.2 excludes from valid custom element names.
const reservedCustomElementNames = new Set(["annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
    "font-face-format", "font-face-name", "missing-glyph"]);

/// Whether a function can be called with `new` (WebIDL's IsConstructor), without calling it.
function isConstructor(value) {
    try {
        ReflectConstruct(String, [], value);
        return true;
    } catch (error) {
        return false;
    }
}

let customElementRegistryObject = null;
function customElementRegistry() {
    if (customElementRegistryObject === null) customElementRegistryObject = new CustomElementRegistry(KEY);
    return customElementRegistryObject;
}

// Form-associated custom elements and ElementInternals (HTML §4.13.7): a custom element whose
// class says `static formAssociated = true` joins its form as a control does, its value and
// validity set through the internals `attachInternals()` gives, with WebKitGTK 2.50's
// messages. The callbacks follow its form owner and disabled state after each tree or
// attribute change that can move them.

/// Each form-associated custom element → what its form, disabled state and internals were.
const formAssociatedElements = new Map();
/// Each element → its ElementInternals (attached at most once).
const attachedInternals = new WeakMap();
const internalsTargets = new WeakMap();

function attachElementInternals(element) {
    const definition = customDefinitionFor(element);
    if (definition === undefined) throw domError("NotSupportedError", "attachInternals is only supported on a custom element instance");
    if (definition.disableInternals) throw domError("NotSupportedError", "attachInternals is disabled");
    if (WeakMapGet(attachedInternals, element) !== undefined) throw domError("NotSupportedError", "There is already an existing ElementInternals");
    const state = customElementState(element);
    if (state !== "precustomized" && state !== "custom") {
        throw domError("NotSupportedError", "attachInternals is only supported on a custom element instance");
    }
    const internals = new (elementInternalsInterface("ElementInternals"))(KEY);
    WeakMapSet(internalsTargets, internals, element);
    WeakMapSet(attachedInternals, element, internals);
    return internals;
}

/// An element of a form-associated definition became custom: it is a control from now on,
/// with `formAssociatedCallback` if it has a form and `formDisabledCallback` if disabled.
function formAssociatedElementUpgraded(element) {
    const id = idOf(element);
    const record = { form: -1, disabled: false };
    MapSet(formAssociatedElements, element, record);
    N.setFormAssociatedValue(id, "");
    formAssociationChecked(element, record);
}

/// Re-reads every form-associated custom element's form owner and disabled state, queuing the
/// callbacks of those that changed.
function formAssociationsChanged() {
    formAssociationsChecked();
    runCustomReactions();
}

/// Queues the callbacks of the form-associated custom elements whose form owner or disabled
/// state changed.
function formAssociationsChecked() {
    for (const [element, record] of formAssociatedElements) formAssociationChecked(element, record);
}

function formAssociationChecked(element, record) {
    const id = idOf(element);
    const disabled = N.disabled(id);
    if (disabled !== record.disabled) {
        record.disabled = disabled;
        enqueueCustomCallback(element, "formDisabledCallback", [disabled]);
    }
    const form = N.formOwner(id);
    if (form !== record.form) {
        record.form = form;
        enqueueCustomCallback(element, "formAssociatedCallback", [wrap(form)]);
    }
}

/// A form was reset: `formResetCallback` for its form-associated custom elements.
function formAssociatedElementsReset(form) {
    if (formAssociatedElements.size === 0) return;
    const formID = idOf(form);
    for (const [element] of formAssociatedElements) {
        if (N.formOwner(idOf(element)) === formID) enqueueCustomCallback(element, "formResetCallback", []);
    }
    runCustomReactions();
}

/// Whether a form's controls satisfy their constraints: false, with an `invalid` event at each
/// form-associated custom element that does not (the other controls' constraints are not
/// checked).
function formAssociatedElementsValid(form) {
    let valid = true;
    if (formAssociatedElements.size === 0) return valid;
    const formID = idOf(form);
    for (const [element] of formAssociatedElements) {
        if (N.formOwner(idOf(element)) !== formID) continue;
        const internals = WeakMapGet(attachedInternals, element);
        if (internals !== undefined && !internals.checkValidity()) valid = false;
    }
    return valid;
}

const validityFlagNames = ["valueMissing", "typeMismatch", "patternMismatch", "tooLong", "tooShort", "rangeUnderflow",
    "rangeOverflow", "stepMismatch", "badInput", "customError"];
const ariaMixinNames = ["role", "ariaAtomic", "ariaAutoComplete", "ariaBrailleLabel", "ariaBrailleRoleDescription", "ariaBusy",
    "ariaChecked", "ariaColCount", "ariaColIndex", "ariaColIndexText", "ariaColSpan", "ariaCurrent", "ariaDescription", "ariaDisabled",
    "ariaExpanded", "ariaHasPopup", "ariaHidden", "ariaInvalid", "ariaKeyShortcuts", "ariaLabel", "ariaLevel", "ariaLive", "ariaModal",
    "ariaMultiLine", "ariaMultiSelectable", "ariaOrientation", "ariaPlaceholder", "ariaPosInSet", "ariaPressed", "ariaReadOnly",
    "ariaRelevant", "ariaRequired", "ariaRoleDescription", "ariaRowCount", "ariaRowIndex", "ariaRowIndexText", "ariaRowSpan",
    "ariaSelected", "ariaSetSize", "ariaSort", "ariaValueMax", "ariaValueMin", "ariaValueNow", "ariaValueText"];

const elementInternalsInterface = lazyFamily(() => {
    /// The element the internals were attached to, when it is a form-associated custom element.
    function control(internals) {
        const element = WeakMapGet(internalsTargets, internals);
        if (element === undefined) throw typeError("Illegal invocation");
        if (!MapHas(formAssociatedElements, element)) throw domError("NotSupportedError");
        return element;
    }

    class ElementInternals {
        #flags = null;
        #message = "";
        #states;
        #aria = {};
        constructor(key) {
            if (key !== KEY) throw typeError("Illegal constructor");
        }
        get shadowRoot() {
            const element = WeakMapGet(internalsTargets, this);
            if (element === undefined) throw typeError("Illegal invocation");
            return wrap(N.shadowRoot(idOf(element)));
        }
        setFormValue(value, state) {
            requireArguments(arguments.length, 1);
            const id = idOf(control(this));
            if (value === null || value === undefined) { N.setFormAssociatedValue(id, ""); return; }
            if (value instanceof FormData) {
                const entries = [];
                for (const [name, entry] of value) appendOwn(entries, [name, isBlob(entry) ? (entry.name ?? "blob") : entry]);
                N.setFormAssociatedValue(id, JSON.stringify(entries));
                return;
            }
            N.setFormAssociatedValue(id, JSON.stringify([isBlob(value) ? (value.name ?? "blob") : String(value)]));
        }
        get form() { return wrap(N.formOwner(idOf(control(this)))); }
        setValidity(flags, message, anchor) {
            control(this);
            const set = {};
            let any = false;
            for (const name of validityFlagNames) {
                set[name] = flags === undefined || flags === null ? false : !!flags[name];
                if (set[name]) any = true;
            }
            if (any && (message === undefined || String(message) === "")) throw typeError("Type error");
            this.#flags = any ? set : null;
            this.#message = any ? String(message) : "";
        }
        get willValidate() {
            const id = idOf(control(this));
            return !N.disabled(id) && N.attr(id, "readonly") === null;
        }
        get validity() {
            control(this);
            return new (formExtraInterface("ValidityState"))(KEY, this.#flags);
        }
        get validationMessage() { control(this); return this.#message; }
        checkValidity() {
            const element = control(this);
            if (!this.willValidate || this.#flags === null) return true;
            dispatch(element, makeEvent("Event", "invalid", { cancelable: true }), true);
            return false;
        }
        reportValidity() { return this.checkValidity(); }
        get labels() { return staticNodeList(N.labels(idOf(control(this)))); }
        get states() {
            if (this.#states === undefined) {
                const element = WeakMapGet(internalsTargets, this);
                if (element === undefined) throw typeError("Illegal invocation");
                this.#states = new CustomStateSet(KEY, idOf(element));
            }
            return this.#states;
        }
        static ariaGet(internals, name) { return internals.#aria[name] ?? null; }
        static ariaSet(internals, name, value) { internals.#aria[name] = value === null || value === undefined ? null : String(value); }
    }
    // ARIAMixin (WAI-ARIA 1.2 §10): each reflected property as a string or null, kept by the internals.
    const { ariaGet, ariaSet } = ElementInternals;
    delete ElementInternals.ariaGet;
    delete ElementInternals.ariaSet;
    for (const name of ariaMixinNames) {
        ObjectDefine(ElementInternals.prototype, name, {
            get() { return ariaGet(this, name); },
            set(value) { ariaSet(this, name, value); },
            enumerable: true, configurable: true,
        });
    }

    /// `internals.states` (a setlike of strings), told to the native side for `:state()`.
    class CustomStateSet {
        #names = new Set();
        #element;
        constructor(key, element) {
            if (key !== KEY) throw typeError("Illegal constructor");
            this.#element = element;
        }
        #changed() { N.setCustomStates(this.#element, JSON.stringify([...this.#names])); }
        get size() { return this.#names.size; }
        has(value) { return this.#names.has(String(value)); }
        add(value) {
            requireArguments(arguments.length, 1);
            const name = String(value);
            if (!this.#names.has(name)) { this.#names.add(name); this.#changed(); }
            return this;
        }
        delete(value) {
            const removed = this.#names.delete(String(value));
            if (removed) this.#changed();
            return removed;
        }
        clear() {
            if (this.#names.size === 0) return;
            this.#names.clear();
            this.#changed();
        }
        forEach(callback, thisArg) { for (const name of [...this.#names]) callback.call(thisArg, name, name, this); }
        values() { return this.#names.values(); }
        keys() { return this.#names.values(); }
        entries() { return this.#names.entries(); }
        [Symbol.iterator]() { return this.#names.values(); }
    }
    familyClasses([ElementInternals, CustomStateSet]);
    return { ElementInternals, CustomStateSet };
});
