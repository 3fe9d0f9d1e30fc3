// Forms and their controls. A control's value, checkedness and selectedness live natively
// (FormControls.swift), separate from the attributes as in browsers, so the host's layout and
// every world see the same state.

function submitForm(form, submitter, fromSubmitMethod, trusted) {
    const formID = idOf(form);
    if (N.formSubmitting(formID)) return;
    if (!fromSubmitMethod) {
        // Interactive validation (HTML §4.10.21.3 step 6.2), unless the form or the submitter says not to.
        const submitterID = submitter === null || submitter === form ? -1 : idOf(submitter);
        if (N.attr(formID, "novalidate") === null && (submitterID < 0 || N.attr(submitterID, "formnovalidate") === null)
            && !formControlsValid(form, true, true)) return;
        const event = makeEvent("SubmitEvent", "submit", { bubbles: true, cancelable: true, submitter: submitter === form ? null : submitter });
        if (!dispatch(form, event, trusted)) return;
        if (!N.connected(formID)) return;
    }
    const submission = N.formSubmission(formID, submitter === null || submitter === form ? -1 : idOf(submitter));
    if (submission === null) return;
    const [url, target, posted] = submission;
    if (/^javascript:/i.test(url)) {
        runJavaScriptURL(url);
        return;
    }
    if (target !== "" && !/^(_self|_top|_parent)$/i.test(target)) N.windowOpen(url, target);
    else if (posted) N.postForm(formID, submitter === null || submitter === form ? -1 : idOf(submitter));
    else N.navigate(url, false, "form");
}

/// Whether a `pattern` matches a whole value, compiled as WebKit compiles it (no flags); a
/// pattern that does not compile matches everything.
function patternMatches(pattern, value) {
    let expression;
    try {
        expression = new OriginalRegExp("^(?:" + pattern + ")$");
    } catch (error) {
        return true;
    }
    return RegExpExec(expression, value) !== null;
}

function resetForm(form, trusted) {
    const event = new Event("reset", { bubbles: true, cancelable: true });
    if (!dispatch(form, event, trusted)) return;
    N.resetForm(idOf(form));
    formAssociatedElementsReset(form);
}

function buttonType(button) {
    const type = (N.attr(idOf(button), "type") || "").toLowerCase();
    return type === "reset" || type === "button" ? type : "submit";
}

const inputTypes = new Set(["hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button"]);

/// ValidityState and FileList, made the first time a control's validity or files are read.
const formExtraInterface = lazyFamily(() => {
    /// A control's validity: live for a built-in control (its flags come from the native
    /// constraint validation each time), the flags `ElementInternals.setValidity` set for a
    /// custom one.
    class ValidityState {
        #flags;
        #element;
        constructor(key, flags, element) {
            if (key !== KEY) throw typeError("Illegal constructor");
            this.#flags = flags ?? null;
            this.#element = element ?? null;
        }
        #has(bit, name) {
            if (this.#element !== null) return (N.validity(idOf(this.#element)) & bit) !== 0;
            return this.#flags?.[name] ?? false;
        }
        get valueMissing() { return this.#has(1, "valueMissing"); }
        get typeMismatch() { return this.#has(2, "typeMismatch"); }
        get patternMismatch() { return this.#has(4, "patternMismatch"); }
        get tooLong() { return this.#has(8, "tooLong"); }
        get tooShort() { return this.#has(16, "tooShort"); }
        get rangeUnderflow() { return this.#has(32, "rangeUnderflow"); }
        get rangeOverflow() { return this.#has(64, "rangeOverflow"); }
        get stepMismatch() { return this.#has(128, "stepMismatch"); }
        get badInput() { return this.#has(256, "badInput"); }
        get customError() { return this.#has(512, "customError"); }
        get valid() { return this.#element !== null ? N.validity(idOf(this.#element)) === 0 : this.#flags === null; }
    }

    class FileList {
        get length() { return 0; }
        item() { return null; }
        *[Symbol.iterator]() {}
    }
    /// A form's `elements` (HTML §2.6.3.1): a name shared by several controls gives a live
    /// RadioNodeList of them, the same object each time.
    class HTMLFormControlsCollection extends HTMLCollection {
        #form;
        constructor(key, form) {
            super(key, () => N.formElements(form));
            this.#form = form;
        }
        namedItem(name) {
            requireArguments(arguments.length, 1);
            const found = formNamedItem(this.#form, StringFromValue(name));
            return found === undefined ? null : found;
        }
    }

    /// The controls of a RadioNodeList; `value` is its checked radio button's (HTML §2.6.3.2).
    class RadioNodeList extends NodeList {
        get value() {
            for (let i = 0; i < this.length; i++) {
                const element = this.item(i);
                if (isRadioButton(element) && element.checked) return element.value;
            }
            return "";
        }
        set value(value) {
            value = String(value);
            for (let i = 0; i < this.length; i++) {
                const element = this.item(i);
                if (isRadioButton(element) && element.value === value) { element.checked = true; return; }
            }
        }
    }

    let optionsSetIndex;
    /// A select's `options` (HTML §2.6.3.3): its list of options, changed through the select.
    class HTMLOptionsCollection extends HTMLCollection {
        #select;
        constructor(key, select) {
            const id = idOf(select);
            super(key, () => N.options(id));
            this.#select = select;
        }
        get length() { return collectionIds(this).length; }
        set length(value) { this.#select.length = value; }
        get selectedIndex() { return this.#select.selectedIndex; }
        set selectedIndex(value) { this.#select.selectedIndex = value; }
        add(element, before = null) { requireArguments(arguments.length, 1); this.#select.add(element, before); }
        remove(index) { requireArguments(arguments.length, 1); this.#select.remove(index); }
        static {
            /// The indexed setter (HTML §2.6.3.3), as WebKit's HTMLSelectElement::setItem does
            /// it: null removes; past the end pads with new options up to `index`; within
            /// the list, replaces the option there.
            optionsSetIndex = (options, index, option) => {
                if (option === null || option === undefined) { options.#select.remove(index); return; }
                if (!isNode(option) || N.tag(idOf(option)) !== "option" || N.ns(idOf(option)) !== htmlNamespace) {
                    throw typeError("Failed to set an indexed property on 'HTMLOptionsCollection': parameter 2 is not of type 'HTMLOptionElement'.");
                }
                const select = options.#select, length = collectionIds(options).length;
                let before = null;
                if (index > length) select.length = index;
                else if (index < length) { before = select.options.item(index + 1); select.remove(index); }
                select.add(option, before);
            };
        }
    }
    for (const cls of [HTMLFormControlsCollection, RadioNodeList, HTMLOptionsCollection]) legacyMembers(cls);
    familyClasses([ValidityState, FileList, HTMLFormControlsCollection, RadioNodeList, HTMLOptionsCollection]);
    for (const cls of [HTMLFormControlsCollection, RadioNodeList, HTMLOptionsCollection]) {
        ObjectDefine(cls.prototype, Symbol.toStringTag, { value: cls.name, configurable: true });
    }
    const formControlsNamedItem = legacyMember(HTMLFormControlsCollection.prototype, "namedItem", "value");
    const handlers = {
        HTMLFormControlsCollection: legacyHandler(HTMLFormControlsCollection.prototype, {
            named: (target, name) => formControlsNamedItem(target, name),
            names: collectionNamedProperties.names,
        }),
        RadioNodeList: legacyHandler(RadioNodeList.prototype),
        HTMLOptionsCollection: legacyHandler(HTMLOptionsCollection.prototype, {
            ...collectionNamedProperties, setIndex: (target, index, value) => optionsSetIndex(target, index, value),
        }),
    };
    return { ValidityState, FileList, HTMLFormControlsCollection, RadioNodeList, HTMLOptionsCollection, handlers };
});

/// A new `name` object of the forms family (HTMLFormControlsCollection, RadioNodeList,
/// HTMLOptionsCollection) as a legacy platform object.
function formCollection(name, ...parameters) {
    const cls = formExtraInterface(name);
    return legacyObject(new cls(KEY, ...parameters), formExtraInterface("handlers")[name]);
}

function formElementsCollection(form) {
    return formCollection("HTMLFormControlsCollection", idOf(form));
}

/// The elements of `ids` whose id or name is `name`, in order.
function namedControls(ids, name) {
    const result = [];
    for (let i = 0; i < ids.length; i++) {
        if (N.attr(ids[i], "id") === name || N.attr(ids[i], "name") === name) result[result.length] = ids[i];
    }
    return result;
}

function isRadioButton(element) {
    return N.tag(idOf(element)) === "input" && asciiLowercase(N.attr(idOf(element), "type") ?? "") === "radio";
}

/// The RadioNodeLists of each form, by name: the same object each time.
const radioNodeLists = new WeakMap();

/// A form's control named `name` (by id or name), a RadioNodeList when several are, else
/// WebKit's fallback: an `img` in the form so named; undefined when none is.
function formNamedItem(form, name) {
    if (name === "") return undefined;
    const matches = namedControls(N.formElements(form), name);
    if (matches.length === 1) return wrap(matches[0]);
    if (matches.length === 0) {
        const images = namedControls(N.byTag(form, "img"), name);
        return images.length === 0 ? undefined : wrap(images[0]);
    }
    const wrapper = wrap(form);
    let lists = WeakMapGet(radioNodeLists, wrapper);
    if (lists === undefined) {
        lists = new Map();
        WeakMapSet(radioNodeLists, wrapper, lists);
    }
    let list = MapGet(lists, name);
    if (list === undefined) {
        list = formCollection("RadioNodeList", () => namedControls(N.formElements(form), name));
        MapSet(lists, name, list);
    }
    return list;
}

/// A form's named properties (HTML §4.10.3, [LegacyOverrideBuiltIns]): its controls by index,
/// and by id or name, ahead of the prototype's members.
function formNamedProperty(form, key) {
    const id = idOf(form);
    const index = toIndex(key);
    if (index >= 0) {
        const ids = N.formElements(id);
        return index < ids.length ? wrap(ids[index]) : undefined;
    }
    return formNamedItem(id, key);
}

/// What every form-associated control's implementation has.
const controlImplementation = {
    form: (self) => wrap(N.formOwner(idOf(self))),
    labels: (self) => staticNodeList(N.labels(idOf(self))),
    validity(self) {
        let state = WeakMapGet(validityStates, self);
        if (state === undefined) {
            state = new (formExtraInterface("ValidityState"))(KEY, null, self);
            WeakMapSet(validityStates, self, state);
        }
        return state;
    },
    validationMessage: (self) => N.validationMessage(idOf(self)),
    willValidate: (self) => N.willValidate(idOf(self)),
    checkValidity: (self) => checkControlValidity(self, false),
    reportValidity: (self) => checkControlValidity(self, true),
    setCustomValidity(self, error) { N.setCustomValidity(idOf(self), error); },
};
/// Each control's ValidityState ([SameObject]).
const validityStates = new WeakMap();

/// A control's checkValidity (and reportValidity, which also focuses it when its `invalid`
/// event is not cancelled, where WebKit shows its validation bubble).
function checkControlValidity(element, report) {
    const id = idOf(element);
    if (!N.willValidate(id) || N.validity(id) === 0) return true;
    const proceed = dispatch(element, makeEvent("Event", "invalid", { cancelable: true }), true);
    if (report && proceed) focusElement(element, true);
    return false;
}

/// HTML §4.10.20.2 "statically validate the constraints" of a form (then, to report, focus the
/// first control whose `invalid` event was not cancelled): its built-in controls', then its
/// form-associated custom elements'.
function formControlsValid(form, report, submitting = false) {
    const invalid = [];
    const ids = N.formElements(idOf(form));
    for (let i = 0; i < ids.length; i++) {
        if (N.willValidate(ids[i]) && N.validity(ids[i]) !== 0) invalid.push(ids[i]);
    }
    let first = null;
    for (let i = 0; i < invalid.length; i++) {
        const element = wrap(invalid[i]);
        if (dispatch(element, makeEvent("Event", "invalid", { cancelable: true }), true) && first === null) first = element;
    }
    const customValid = formAssociatedElementsValid(form);
    if (report && first !== null) {
        focusElement(first, true);
        if (submitting) N.formNotSubmitted(idOf(first));
    }
    return invalid.length === 0 && customValid;
}

implementation("HTMLFormElement", () => ({
    action(self) {
        const value = N.attr(idOf(self), "action");
        if (value === null || value === "") return N.url();
        return N.resolve(value) ?? value;
    },
    setAction: (self, value) => setAttributeValue(self, "action", value),
    relList: (self) => new DOMTokenList(KEY, self, "rel", hyperlinkRelations),
    elements: formElementsCollection,
    namedProperty: (self, key) => formNamedProperty(self, key),
    length: (self) => N.formElements(idOf(self)).length,
    submit: (self) => submitForm(self, self, true, false),
    requestSubmit(self, submitter) {
        if (submitter !== null) {
            if (!isSubmitButton(submitter)) throw typeError("The specified element is not a submit button.");
            if (wrap(N.formOwner(idOf(submitter))) !== self) throw domError("NotFoundError");
        }
        submitForm(self, submitter, false, false);
    },
    reset: (self) => resetForm(self, false),
    checkValidity: (self) => formControlsValid(self, false),
    reportValidity: (self) => formControlsValid(self, true),
}));

/// Whether an element is a submit button (HTML §4.10.2): a button of type submit, an input of type submit or image.
function isSubmitButton(element) {
    const id = idOf(element);
    const tag = N.tag(id);
    if (tag === "button") return buttonType(element) === "submit";
    if (tag !== "input") return false;
    const type = asciiLowercase(N.attr(id, "type") || "");
    return type === "submit" || type === "image";
}

const indeterminateInputs = new WeakMap();
const maximumSelectItems = 10000;

function inputType(self) {
    const value = asciiLowercase(N.attr(idOf(self), "type") || "");
    return inputTypes.has(value) ? value : "text";
}

function setInputValue(self, value) {
    if (inputType(self) === "file") {
        if (value !== "") throw domError("InvalidStateError");
        return;
    }
    N.setValue(idOf(self), value);
}

implementation("HTMLInputElement", () => ({
    ...controlImplementation,
    checked: (self) => N.checked(idOf(self)),
    setChecked: (self, value) => N.setChecked(idOf(self), value),
    files(self) { const FileList = formExtraInterface("FileList"); return inputType(self) === "file" ? new FileList() : null; },
    indeterminate: (self) => WeakMapGet(indeterminateInputs, self) === true,
    setIndeterminate: (self, value) => { WeakMapSet(indeterminateInputs, self, value); },
    list(self) {
        const id = N.attr(idOf(self), "list");
        if (id === null) return null;
        const found = wrap(N.byId(N.owner(idOf(self)), id));
        return found !== null && N.tag(idOf(found)) === "datalist" ? found : null;
    },
    type: (self) => inputType(self),
    setType: (self, value) => setAttributeValue(self, "type", value),
    value: (self) => N.value(idOf(self)),
    setValue: (self, value) => setInputValue(self, value),
    valueAsDate: () => null,
    setValueAsDate() {},
    valueAsNumber(self) {
        const number = parseHTMLDouble(N.value(idOf(self)));
        const type = inputType(self);
        return (type === "number" || type === "range") && number === number ? number : NaN;
    },
    setValueAsNumber: (self, value) => setInputValue(self, "" + value),
    stepUp(self, n) {
        const step = parseHTMLDouble(reflectedString(self, "step"));
        const current = parseHTMLDouble(N.value(idOf(self)));
        setInputValue(self, "" + ((current === current ? current : 0) + n * (step === step && step > 0 ? step : 1)));
    },
    stepDown(self, n) {
        const step = parseHTMLDouble(reflectedString(self, "step"));
        const current = parseHTMLDouble(N.value(idOf(self)));
        setInputValue(self, "" + ((current === current ? current : 0) - n * (step === step && step > 0 ? step : 1)));
    },
    select() {},
    selectionStart: (self) => N.value(idOf(self)).length,
    setSelectionStart() {},
    selectionEnd: (self) => N.value(idOf(self)).length,
    setSelectionEnd() {},
    selectionDirection: () => "none",
    setRangeText: (self, text) => setInputValue(self, text),
    setSelectionRange() {},
    showPicker() {},
}));

implementation("HTMLButtonElement", () => ({
    ...controlImplementation,
    type: (self) => buttonType(self),
    setType: (self, value) => setAttributeValue(self, "type", value),
}));

implementation("HTMLSelectElement", () => ({
    ...controlImplementation,
    type: (self) => reflectedBoolean(self, "multiple") ? "select-multiple" : "select-one",
    options(self) { return formCollection("HTMLOptionsCollection", self); },
    length: (self) => N.options(idOf(self)).length,
    setLength(self, value) {
        const options = N.options(idOf(self));
        // WebKit's bound (HTMLSelectElement::setLength, maxSelectItems): `select.length = 2 ** 31`
        // would otherwise make two billion options.
        if (value > options.length && value > maximumSelectItems) {
            N.log("warn", "Blocked attempt to expand the option list to " + value + " items. The maximum number of items allowed is "
                + maximumSelectItems + ".");
            return;
        }
        for (let i = options.length - 1; i >= value; i--) {
            const option = wrap(options[i]);
            const parent = wrap(N.parent(options[i]));
            if (parent !== null) removeNode(parent, option);
        }
        const document = documentOf(self);
        for (let i = options.length; i < value; i++) insertNode(self, document.createElement("option"), null);
    },
    item(self, index) {
        const options = N.options(idOf(self));
        return index < options.length ? wrap(options[index]) : null;
    },
    namedItem(self, name) {
        if (name === "") return null;
        const options = N.options(idOf(self));
        for (let i = 0; i < options.length; i++) if (N.attr(options[i], "id") === name) return wrap(options[i]);
        for (let i = 0; i < options.length; i++) if (N.attr(options[i], "name") === name) return wrap(options[i]);
        return null;
    },
    add(self, element, before) {
        if (typeof before === "number") {
            const options = N.options(idOf(self));
            before = before >= 0 && before < options.length ? wrap(options[before]) : null;
        }
        if (before === null) { insertNode(self, element, null); return; }
        const parent = wrap(N.parent(idOf(before)));
        if (parent === null || !N.contains(idOf(self), idOf(before))) throw domError("NotFoundError");
        insertNode(parent, element, before);
    },
    remove(self, index) {
        if (index === undefined) {
            const parent = wrap(N.parent(idOf(self)));
            if (parent !== null) removeNode(parent, self);
            return;
        }
        const options = N.options(idOf(self));
        if (index < 0 || index >= options.length) return;
        const parent = wrap(N.parent(options[index]));
        if (parent !== null) removeNode(parent, wrap(options[index]));
    },
    selectedOptions(self) {
        const id = idOf(self);
        return liveCollection(() => {
            const result = [];
            const options = N.options(id);
            for (let i = 0; i < options.length; i++) if (N.selected(options[i])) result[result.length] = options[i];
            return result;
        });
    },
    selectedIndex: (self) => N.selectedIndex(idOf(self)),
    setSelectedIndex: (self, value) => N.setSelectedIndex(idOf(self), value),
    value: (self) => N.value(idOf(self)),
    setValue: (self, value) => N.setValue(idOf(self), value),
}));

implementation("HTMLDataListElement", () => ({
    options(self) { const id = idOf(self); return liveCollection(() => N.byTag(id, "option")); },
}));

implementation("HTMLOptionElement", () => ({
    form: (self) => wrap(N.formOwner(idOf(self))),
    label: (self) => N.attr(idOf(self), "label") ?? N.optionText(idOf(self)),
    setLabel: (self, value) => setAttributeValue(self, "label", value),
    selected: (self) => N.selected(idOf(self)),
    setSelected: (self, value) => N.setSelected(idOf(self), value),
    value: (self) => N.attr(idOf(self), "value") ?? N.optionText(idOf(self)),
    setValue: (self, value) => setAttributeValue(self, "value", value),
    text: (self) => N.optionText(idOf(self)),
    setText: (self, value) => setTextContent(self, value),
    index: (self) => N.optionIndex(idOf(self)),
}));

function Option(text = "", value, defaultSelected = false, selected = false) {
    if (!new.target) throw typeError("Constructor requires 'new'");
    const option = G.document.createElement("option");
    if (text !== "") option.appendChild(G.document.createTextNode(String(text)));
    if (value !== undefined) option.setAttribute("value", String(value));
    if (defaultSelected) option.setAttribute("selected", "");
    if (selected) option.selected = true;
    return option;
}


function Image(width, height) {
    if (!new.target) throw typeError("Constructor requires 'new'");
    const image = G.document.createElement("img");
    if (width !== undefined) image.setAttribute("width", String(width));
    if (height !== undefined) image.setAttribute("height", String(height));
    return image;
}


function Audio(src) {
    if (!new.target) throw typeError("Constructor requires 'new'");
    const audio = G.document.createElement("audio");
    if (src !== undefined) audio.setAttribute("src", String(src));
    return audio;
}

implementation("HTMLTextAreaElement", () => ({
    ...controlImplementation,
    type: () => "textarea",
    defaultValue: (self) => N.text(idOf(self)),
    setDefaultValue: (self, value) => setTextContent(self, value),
    value: (self) => N.value(idOf(self)),
    setValue: (self, value) => N.setValue(idOf(self), value),
    textLength: (self) => N.value(idOf(self)).length,
    select() {},
    selectionStart: (self) => N.value(idOf(self)).length,
    setSelectionStart() {},
    selectionEnd: (self) => N.value(idOf(self)).length,
    setSelectionEnd() {},
    setSelectionRange() {},
}));

implementation("HTMLLabelElement", () => ({
    control: (self) => wrap(N.labelControl(idOf(self))),
    form(self) {
        const control = N.labelControl(idOf(self));
        return control < 0 ? null : wrap(N.formOwner(control));
    },
}));

implementation("HTMLFieldSetElement", () => ({
    ...controlImplementation,
    type: () => "fieldset",
    elements(self) {
        const id = idOf(self);
        return liveCollection(() => {
            const result = [];
            const all = N.byTag(id, "*");
            for (let i = 0; i < all.length; i++) {
                const tag = N.tag(all[i]);
                if (tag === "button" || tag === "fieldset" || tag === "input" || tag === "object" || tag === "output"
                    || tag === "select" || tag === "textarea") result[result.length] = all[i];
            }
            return result;
        });
    },
}));

implementation("HTMLLegendElement", () => ({
    form(self) {
        const parent = N.parent(idOf(self));
        return parent >= 0 && N.kind(parent) === 1 && N.tag(parent) === "fieldset" ? wrap(N.formOwner(parent)) : null;
    },
}));

implementation("HTMLOutputElement", () => ({
    ...controlImplementation,
    htmlFor: (self) => new DOMTokenList(KEY, self, "for"),
    type: () => "output",
    defaultValue: (self) => N.text(idOf(self)),
    setDefaultValue: (self, value) => setTextContent(self, value),
    value: (self) => N.text(idOf(self)),
    setValue: (self, value) => setTextContent(self, value),
}));

/// `new FormData(form)` and the list a form submits.
class FormData {
    #entries = [];
    constructor(form, submitter) {
        if (form !== undefined && form !== null) {
            if (!(form instanceof elementClassNamed("HTMLFormElement"))) throw argumentError("FormData", "constructor", 1, "form", "HTMLFormElement");
            const list = N.formDataSet(idOf(form), submitter === undefined || submitter === null ? -1 : idOf(submitter));
            for (let i = 0; i < list.length; i += 2) this.#entries.push([list[i], list[i + 1]]);
        }
    }
    append(name, value, filename) { this.#entries.push([String(name), isBlob(value) ? value : String(value)]); }
    delete(name) { name = String(name); this.#entries = this.#entries.filter((entry) => entry[0] !== name); }
    get(name) { name = String(name); const entry = this.#entries.find((e) => e[0] === name); return entry === undefined ? null : entry[1]; }
    getAll(name) { name = String(name); return this.#entries.filter((e) => e[0] === name).map((e) => e[1]); }
    has(name) { name = String(name); return this.#entries.some((e) => e[0] === name); }
    set(name, value) {
        name = String(name);
        const index = this.#entries.findIndex((e) => e[0] === name);
        const entry = [name, isBlob(value) ? value : String(value)];
        if (index < 0) { this.#entries.push(entry); return; }
        this.#entries[index] = entry;
        this.#entries = this.#entries.filter((e, position) => position <= index || e[0] !== name);
    }
    forEach(callback, thisArg) { for (const [name, value] of this.#entries.slice()) callback.call(thisArg, value, name, this); }
    *entries() { yield* this.#entries.map((e) => [e[0], e[1]]); }
    *keys() { for (const e of this.#entries) yield e[0]; }
    *values() { for (const e of this.#entries) yield e[1]; }
    [Symbol.iterator]() { return this.entries(); }
}
