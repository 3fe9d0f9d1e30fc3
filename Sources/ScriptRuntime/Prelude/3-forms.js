// Forms and their controls. A control's value, checkedness and selectedness live natively
// (FormControls.swift), separate from the attributes as in browsers, so the host's layout and
// every world see the same state.

function submitForm(form, submitter, fromSubmitMethod, trusted) {
    const formID = idOf(form);
    if (N.formSubmitting(formID)) return;
    if (!fromSubmitMethod) {
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

function resetForm(form, trusted) {
    const event = new Event("reset", { bubbles: true, cancelable: true });
    if (!dispatch(form, event, trusted)) return;
    N.resetForm(idOf(form));
}

function buttonType(button) {
    const type = (N.attr(idOf(button), "type") || "").toLowerCase();
    return type === "reset" || type === "button" ? type : "submit";
}

const inputTypes = new Set(["hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button"]);

/// ValidityState and FileList, made the first time a control's validity or files are read.
const formExtraInterface = lazyFamily(() => {
    class ValidityState {
        get valueMissing() { return false; }
        get typeMismatch() { return false; }
        get patternMismatch() { return false; }
        get tooLong() { return false; }
        get tooShort() { return false; }
        get rangeUnderflow() { return false; }
        get rangeOverflow() { return false; }
        get stepMismatch() { return false; }
        get badInput() { return false; }
        get customError() { return false; }
        get valid() { return true; }
    }

    class FileList {
        get length() { return 0; }
        item() { return null; }
        *[Symbol.iterator]() {}
    }
    familyClasses([ValidityState, FileList]);
    return { ValidityState, FileList, validState: new ValidityState() };
});

/// What every form-associated control has.
const controlMembers = {
    get form() { return wrap(N.formOwner(idOf(this))); },
    get labels() {
        const id = idOf(this);
        return staticNodeList(N.labels(id));
    },
    get validity() { return formExtraInterface("validState"); },
    get validationMessage() { return ""; },
    get willValidate() { return !N.disabled(idOf(this)); },
    checkValidity() { return true; },
    reportValidity() { return true; },
    setCustomValidity() {},
};

elementClass("HTMLFormElement", ["form"], () => {
    const HTMLFormElement = class extends HTMLElement {
        get elements() {
            const cache = cacheOf(this);
            if (cache.elements === undefined) {
                const id = idOf(this);
                cache.elements = liveCollection(() => N.formElements(id));
            }
            return cache.elements;
        }
        get length() { return N.formElements(idOf(this)).length; }
        get action() {
            const value = N.attr(idOf(this), "action");
            if (value === null || value === "") return N.url();
            return N.resolve(value) ?? value;
        }
        set action(value) { this.setAttribute("action", value); }
        get method() {
            const value = (N.attr(idOf(this), "method") || "").toLowerCase();
            return value === "post" || value === "dialog" ? value : "get";
        }
        set method(value) { this.setAttribute("method", value); }
        get enctype() {
            const value = (N.attr(idOf(this), "enctype") || "").toLowerCase();
            return value === "multipart/form-data" || value === "text/plain" ? value : "application/x-www-form-urlencoded";
        }
        set enctype(value) { this.setAttribute("enctype", value); }
        get encoding() { return this.enctype; }
        set encoding(value) { this.enctype = value; }
        submit() { submitForm(this, this, true, false); }
        requestSubmit(submitter) {
            if (submitter !== undefined && submitter !== null) {
                if (submitter.form !== this) throw domError("NotFoundError");
            }
            submitForm(this, submitter === undefined ? null : submitter, false, false);
        }
        reset() { resetForm(this, false); }
        checkValidity() { return true; }
        reportValidity() { return true; }
        item(index) { return this.elements.item(index); }
        namedItem(name) { return this.elements.namedItem(name); }
    };
    reflect(HTMLFormElement, "name");
    reflect(HTMLFormElement, "target");
    reflect(HTMLFormElement, "acceptCharset", "accept-charset");
    reflect(HTMLFormElement, "autocomplete", "autocomplete", "on");
    reflectBoolean(HTMLFormElement, "noValidate", "novalidate");
    return HTMLFormElement;
});

elementClass("HTMLInputElement", ["input"], () => {
    const HTMLInputElement = class extends HTMLElement {
        #indeterminate = false;
        get type() {
            const value = (N.attr(idOf(this), "type") || "").toLowerCase();
            return inputTypes.has(value) ? value : "text";
        }
        set type(value) { this.setAttribute("type", value); }
        get value() { return N.value(idOf(this)); }
        set value(value) {
            if (this.type === "file") {
                if (value !== "" && value !== null) throw domError("InvalidStateError");
                return;
            }
            N.setValue(idOf(this), value === null ? "" : String(value));
        }
        get defaultValue() { return N.attr(idOf(this), "value") ?? ""; }
        set defaultValue(value) { this.setAttribute("value", value); }
        get checked() { return N.checked(idOf(this)); }
        set checked(value) { N.setChecked(idOf(this), !!value); }
        get defaultChecked() { return N.attr(idOf(this), "checked") !== null; }
        set defaultChecked(value) { if (value) this.setAttribute("checked", ""); else this.removeAttribute("checked"); }
        get indeterminate() { return this.#indeterminate; }
        set indeterminate(value) { this.#indeterminate = !!value; }
        get files() { const FileList = formExtraInterface("FileList"); return this.type === "file" ? new FileList() : null; }
        get valueAsNumber() {
            const number = parseFloat(this.value);
            return /^(number|range)$/.test(this.type) && Number.isFinite(number) ? number : NaN;
        }
        set valueAsNumber(value) { this.value = String(value); }
        get valueAsDate() { return null; }
        set valueAsDate(value) {}
        get list() { const id = N.attr(idOf(this), "list"); return id === null ? null : documentOf(this).getElementById(id); }
        get selectionStart() { return this.value.length; }
        set selectionStart(value) {}
        get selectionEnd() { return this.value.length; }
        set selectionEnd(value) {}
        get selectionDirection() { return "none"; }
        select() {}
        setSelectionRange() {}
        setRangeText(text) { this.value = String(text); }
        stepUp(n = 1) { this.value = String((parseFloat(this.value) || 0) + n * (parseFloat(this.step) || 1)); }
        stepDown(n = 1) { this.stepUp(-n); }
        showPicker() {}
    };
    mixin(HTMLInputElement, controlMembers);
    for (const name of ["name", "placeholder", "min", "max", "step", "pattern", "accept", "alt", "autocomplete", "dirName",
        "formAction", "formEnctype", "formMethod", "formTarget", "inputMode"]) {
        reflect(HTMLInputElement, name, name.toLowerCase());
    }
    reflectURL(HTMLInputElement, "src");
    for (const name of ["disabled", "required", "readOnly", "multiple", "autofocus", "formNoValidate"]) reflectBoolean(HTMLInputElement, name);
    reflectNumber(HTMLInputElement, "maxLength", "maxlength", -1);
    reflectNumber(HTMLInputElement, "minLength", "minlength", -1);
    reflectNumber(HTMLInputElement, "size", "size", 20);
    return HTMLInputElement;
});

elementClass("HTMLButtonElement", ["button"], () => {
    const HTMLButtonElement = class extends HTMLElement {
        get type() { return buttonType(this); }
        set type(value) { this.setAttribute("type", value); }
    };
    mixin(HTMLButtonElement, controlMembers);
    reflect(HTMLButtonElement, "name");
    reflect(HTMLButtonElement, "value");
    reflect(HTMLButtonElement, "formAction", "formaction");
    reflect(HTMLButtonElement, "formMethod", "formmethod");
    reflect(HTMLButtonElement, "formTarget", "formtarget");
    reflectBoolean(HTMLButtonElement, "disabled");
    reflectBoolean(HTMLButtonElement, "autofocus");
    return HTMLButtonElement;
});

elementClass("HTMLSelectElement", ["select"], () => {
    const HTMLSelectElement = class extends HTMLElement {
        get type() { return this.multiple ? "select-multiple" : "select-one"; }
        get options() {
            const cache = cacheOf(this);
            if (cache.options === undefined) {
                const id = idOf(this);
                const collection = liveCollection(() => N.options(id));
                cache.options = collection;
            }
            return cache.options;
        }
        get length() { return N.options(idOf(this)).length; }
        set length(value) {
            const options = N.options(idOf(this));
            value = value >>> 0;
            for (let i = options.length - 1; i >= value; i--) wrap(options[i]).remove();
            for (let i = options.length; i < value; i++) this.appendChild(documentOf(this).createElement("option"));
        }
        get selectedOptions() {
            const id = idOf(this);
            return liveCollection(() => N.options(id).filter((option) => N.selected(option)));
        }
        get selectedIndex() { return N.selectedIndex(idOf(this)); }
        set selectedIndex(value) { N.setSelectedIndex(idOf(this), value | 0); }
        get value() { return N.value(idOf(this)); }
        set value(value) { N.setValue(idOf(this), value === null ? "" : String(value)); }
        item(index) { return this.options.item(index); }
        namedItem(name) { return this.options.namedItem(name); }
        add(element, before = null) {
            if (typeof before === "number") before = this.options.item(before);
            if (before === null) this.appendChild(element);
            else before.parentNode.insertBefore(element, before);
        }
        remove(index) {
            if (arguments.length === 0) { childNodeMethods.remove.call(this); return; }
            const option = this.options.item(index);
            if (option !== null) option.remove();
        }
    };
    mixin(HTMLSelectElement, controlMembers);
    reflect(HTMLSelectElement, "name");
    reflectBoolean(HTMLSelectElement, "disabled");
    reflectBoolean(HTMLSelectElement, "multiple");
    reflectBoolean(HTMLSelectElement, "required");
    reflectBoolean(HTMLSelectElement, "autofocus");
    reflectNumber(HTMLSelectElement, "size", "size", 0);
    return HTMLSelectElement;
});

elementClass("HTMLOptionElement", ["option"], () => {
    const HTMLOptionElement = class extends HTMLElement {
        get value() { return N.attr(idOf(this), "value") ?? this.text; }
        set value(value) { this.setAttribute("value", value); }
        get text() { return N.optionText(idOf(this)); }
        set text(value) { this.textContent = value; }
        get label() { return N.attr(idOf(this), "label") ?? this.text; }
        set label(value) { this.setAttribute("label", value); }
        get selected() { return N.selected(idOf(this)); }
        set selected(value) { N.setSelected(idOf(this), !!value); }
        get defaultSelected() { return N.attr(idOf(this), "selected") !== null; }
        set defaultSelected(value) { if (value) this.setAttribute("selected", ""); else this.removeAttribute("selected"); }
        get index() { return N.optionIndex(idOf(this)); }
        get form() { return wrap(N.formOwner(idOf(this))); }
    };
    reflectBoolean(HTMLOptionElement, "disabled");
    return HTMLOptionElement;
});

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


elementClass("HTMLOptGroupElement", ["optgroup"], () => {
    const HTMLOptGroupElement = class extends HTMLElement {};
    reflect(HTMLOptGroupElement, "label");
    reflectBoolean(HTMLOptGroupElement, "disabled");
    return HTMLOptGroupElement;
});

elementClass("HTMLTextAreaElement", ["textarea"], () => {
    const HTMLTextAreaElement = class extends HTMLElement {
        get type() { return "textarea"; }
        get value() { return N.value(idOf(this)); }
        set value(value) { N.setValue(idOf(this), value === null ? "" : String(value)); }
        get defaultValue() { return N.text(idOf(this)); }
        set defaultValue(value) { this.textContent = value; }
        get textLength() { return this.value.length; }
        get selectionStart() { return this.value.length; }
        set selectionStart(value) {}
        get selectionEnd() { return this.value.length; }
        set selectionEnd(value) {}
        select() {}
        setSelectionRange() {}
    };
    mixin(HTMLTextAreaElement, controlMembers);
    for (const name of ["name", "placeholder", "wrap", "autocomplete"]) reflect(HTMLTextAreaElement, name);
    for (const name of ["disabled", "required", "readOnly", "autofocus"]) reflectBoolean(HTMLTextAreaElement, name);
    reflectNumber(HTMLTextAreaElement, "rows", "rows", 2);
    reflectNumber(HTMLTextAreaElement, "cols", "cols", 20);
    reflectNumber(HTMLTextAreaElement, "maxLength", "maxlength", -1);
    return HTMLTextAreaElement;
});

elementClass("HTMLLabelElement", ["label"], () => {
    const HTMLLabelElement = class extends HTMLElement {
        get control() { return wrap(N.labelControl(idOf(this))); }
        get form() { const control = this.control; return control === null ? null : control.form; }
    };
    reflect(HTMLLabelElement, "htmlFor", "for");
    return HTMLLabelElement;
});

elementClass("HTMLFieldSetElement", ["fieldset"], () => {
    const HTMLFieldSetElement = class extends HTMLElement {
        get type() { return "fieldset"; }
        get elements() {
            const id = idOf(this);
            return liveCollection(() => N.byTag(id, "*").filter((e) => /^(button|fieldset|input|object|output|select|textarea)$/.test(N.tag(e))));
        }
    };
    mixin(HTMLFieldSetElement, controlMembers);
    reflect(HTMLFieldSetElement, "name");
    reflectBoolean(HTMLFieldSetElement, "disabled");
    return HTMLFieldSetElement;
});

elementClass("HTMLLegendElement", ["legend"], () => {
    const HTMLLegendElement = class extends HTMLElement {
        get form() { const parent = this.parentNode; return parent !== null && parent.localName === "fieldset" ? parent.form : null; }
    };
    return HTMLLegendElement;
});

elementClass("HTMLOutputElement", ["output"], () => {
    const HTMLOutputElement = class extends HTMLElement {
        get type() { return "output"; }
        get value() { return this.textContent; }
        set value(value) { this.textContent = value; }
        get defaultValue() { return this.textContent; }
    };
    mixin(HTMLOutputElement, controlMembers);
    reflect(HTMLOutputElement, "name");
    return HTMLOutputElement;
});

elementClass("HTMLDataListElement", ["datalist"], () => {
    const HTMLDataListElement = class extends HTMLElement {
        get options() { const id = idOf(this); return liveCollection(() => N.byTag(id, "option")); }
    };
    return HTMLDataListElement;
});

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
