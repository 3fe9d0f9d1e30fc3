// The window: time, timers, microtasks, the console, location, history, navigator, storage,
// dialogs, URLs, encodings, blobs, fetch and XMLHttpRequest, mutation observers; then the
// globals and the host's entry point.

// ---------------------------------------------------------------------------------------------
// Time and randomness: virtual in flows (the clock moves only when the host advances it).

const OriginalDate = Date;
const OriginalPromise = Promise;
const promiseThen = Promise.prototype.then;
const resolvedPromise = Promise.resolve();

if (C.virtualClock) {
    const VirtualDate = function Date(...args) {
        if (new.target === undefined) return new OriginalDate(N.now()).toString();
        return Reflect.construct(OriginalDate, args.length === 0 ? [N.now()] : args, new.target);
    };
    VirtualDate.prototype = OriginalDate.prototype;
    ObjectDefine(OriginalDate.prototype, "constructor", { value: VirtualDate, writable: true, configurable: true });
    ObjectDefine(VirtualDate, "length", { value: 7 });
    VirtualDate.now = markNative(function now() { return N.now(); });
    VirtualDate.parse = OriginalDate.parse;
    VirtualDate.UTC = OriginalDate.UTC;
    markNative(VirtualDate, "Date");
    defineGlobal("Date", VirtualDate);
}

/// sfc32, seeded by the engine in flows so a flow's numbers are the same every run.
let randomState = C.seed;
function seededRandom() {
    let [a, b, c, d] = randomState;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    randomState = [a, b, c, d];
    return (t >>> 0) / 4294967296;
}
if (randomState !== null) {
    for (let i = 0; i < 12; i++) seededRandom();
    ObjectDefine(Math, "random", { value: markNative(function random() { return seededRandom(); }), writable: true, configurable: true });
}


// ---------------------------------------------------------------------------------------------
// Tasks, timers and microtasks

const pendingTasks = new Map();
const timerCallbacks = new Map();

/// Runs `callback` in a later task (a network reply, a FileReader result, a queued event).
function postTask(callback) {
    const token = N.post();
    pendingTasks.set(token, callback);
    return token;
}

function installTimer(handler, timeout, args, repeating) {
    if (typeof handler !== "function" && !policyAllows("timer", String(handler), null)) return 0;
    let delay = Number(timeout);
    delay = Number.isFinite(delay) ? delay | 0 : 0;
    const id = N.setTimer(delay < 0 ? 0 : delay, repeating);
    timerCallbacks.set(id, { handler, args, repeating });
    return id;
}

function setTimeout(handler, timeout = 0, ...args) {
    requireArguments(arguments.length, 1);
    return installTimer(handler, timeout, args, false);
}
function setInterval(handler, timeout = 0, ...args) {
    requireArguments(arguments.length, 1);
    return installTimer(handler, timeout, args, true);
}
function clearTimeout(id = 0) {
    id = Number(id) | 0;
    if (timerCallbacks.delete(id)) N.clearTimer(id);
}
function clearInterval(id = 0) { clearTimeout(id); }
function requestAnimationFrame(callback) {
    requireArguments(arguments.length, 1);
    if (typeof callback !== "function") throw typeError("Argument 1 ('callback') to Window.requestAnimationFrame must be a function");
    const id = N.setTimer(16, false);
    timerCallbacks.set(id, { handler: () => callback(N.perfNow()), args: [], repeating: false });
    return id;
}
function cancelAnimationFrame(id) { clearTimeout(id); }

function runTimer(id) {
    const timer = timerCallbacks.get(id);
    if (timer === undefined) return;
    if (!timer.repeating) timerCallbacks.delete(id);
    try {
        if (typeof timer.handler === "function") timer.handler.apply(G, timer.args);
        else OriginalEval(String(timer.handler));
    } catch (error) {
        reportException(error);
    }
}

// A chain of microtasks is a series of separate entries into JavaScriptCore, which its time
// limit never stops (webkit-bridge-facts.md §7.3): `then`, `queueMicrotask`, mutation observer
// deliveries and unhandled rejection reports are counted, and once the task has run longer than
// the limit they queue (or report) nothing more until the next task.
let microtaskCount = 0;
let microtasksStopped = false;
let stoppedInTask = -1;

function mayQueueMicrotask() {
    if (microtasksStopped) {
        if (N.taskNumber() === stoppedInTask) return false;
        microtasksStopped = false;
    }
    if ((++microtaskCount & 1023) === 0 && N.overBudget()) {
        microtasksStopped = true;
        stoppedInTask = N.taskNumber();
        N.microtaskLimit();
        return false;
    }
    return true;
}

ObjectDefine(Promise.prototype, "then", {
    value: markNative(function then(onFulfilled, onRejected) {
        if (!mayQueueMicrotask()) return new OriginalPromise(() => {});
        return promiseThen.call(this, onFulfilled, onRejected);
    }, "then"),
    writable: true, configurable: true, enumerable: false,
});

function queueMicrotask(callback) {
    requireArguments(arguments.length, 1);
    if (typeof callback !== "function") throw typeError("Argument 1 ('callback') to Window.queueMicrotask must be a function");
    if (!mayQueueMicrotask()) return;
    promiseThen.call(resolvedPromise, () => {
        try { callback(); } catch (error) { reportException(error); }
    });
}

// ---------------------------------------------------------------------------------------------
// The console, formatted as Safari's Web Inspector shows values (WebKit's
// InjectedScriptSource.js previews and WebInspectorUI's ObjectPreviewView.js).

const platformClasses = [];

function isPlatformObject(value) {
    for (const cls of platformClasses) if (value instanceof cls) return true;
    return false;
}

function nodePreview(node) {
    const name = node.nodeName.toLowerCase();
    switch (node.nodeType) {
    case 1:
        if (node.id) return "<" + name + " id=\"" + node.id + "\">";
        if (node.classList.length) return "<" + name + " class=\"" + node.classList.toString().replace(/\s+/, " ") + "\">";
        if (name === "input" && node.type) return "<" + name + " type=\"" + node.type + "\">";
        return "<" + name + ">";
    case 3: return name + " \"" + node.nodeValue + "\"";
    case 8: return "<!--" + node.nodeValue + "-->";
    default: return name;
    }
}

function subtypeOf(value) {
    if (value === null) return "null";
    if (Array.isArray(value)) return "array";
    if (value instanceof OriginalDate) return "date";
    if (value instanceof RegExp) return "regexp";
    if (value instanceof Error || value instanceof DOMException) return "error";
    if (value instanceof Map) return "map";
    if (value instanceof Set) return "set";
    if (value instanceof WeakMap) return "weakmap";
    if (value instanceof WeakSet) return "weakset";
    if (isNode(value) && idOf(value) >= 0) return "node";
    if (value instanceof NodeList || value instanceof HTMLCollection) return "array";
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return "array";
    return null;
}

function className(value) {
    if (Array.isArray(value)) return "Array";
    const proto = Object.getPrototypeOf(value);
    if (proto === null) return "Object";
    const constructor = proto.constructor;
    return typeof constructor === "function" && constructor.name ? constructor.name : "Object";
}

function describe(value) {
    const subtype = subtypeOf(value);
    if (subtype === "regexp" || subtype === "date" || subtype === "error") return String(value);
    if (subtype === "node") return nodePreview(value);
    if (typeof value === "function") return "function";
    return className(value);
}

function abbreviate(text, middle) {
    if (text.length <= 100) return text;
    if (middle) return text.slice(0, 50) + "\u2026" + text.slice(text.length - 49);
    return text.slice(0, 100) + "\u2026";
}

function formatPrimitive(value, quoted) {
    switch (typeof value) {
    case "string": return quoted ? "\"" + abbreviate(value) + "\"" : value;
    case "number": return Object.is(value, -0) ? "-0" : String(value);
    case "bigint": return String(value) + "n";
    case "symbol": return value.toString();
    case "undefined": return "undefined";
    default: return String(value);
    }
}

function isPreviewable(value, known, depth) {
    if (depth > 3) return false;
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return true;
    if (known.has(value)) return false;
    known.add(value);
    if (typeof value === "function") return false;
    if (Array.isArray(value)) {
        if (value.length > 5) return false;
        for (let i = 0; i < value.length; i++) if (!isPreviewable(value[i], known, depth + 1)) return false;
        return true;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && Object.getPrototypeOf(proto) !== null) return false;
    const names = Object.getOwnPropertyNames(value);
    if (names.length > 3) return false;
    for (const name of names) {
        const descriptor = Object.getOwnPropertyDescriptor(value, name);
        if (!("value" in descriptor)) return false;
        if (!isPreviewable(descriptor.value, known, depth + 1)) return false;
    }
    return true;
}

/// The one-line preview of an object (`{a: 1, b: "x"}`, `[1, 2]`, `Map {"a" => 1}`).
function preview(value, seen) {
    const subtype = subtypeOf(value);
    if (subtype === "regexp" || subtype === "date" || subtype === "error") return String(value);
    if (subtype === "node") return nodePreview(value);
    let prefix = "";
    if (subtype !== "array") {
        const name = className(value);
        if (name !== "Object") prefix = name + " ";
    }
    if (subtype === "map" || subtype === "set") {
        const entries = [];
        let overflow = false;
        for (const entry of value) {
            if (entries.length === 5) { overflow = true; break; }
            entries.push(subtype === "map" ? propertyValue(entry[0], seen) + " => " + propertyValue(entry[1], seen) : propertyValue(entry, seen));
        }
        return prefix + "{" + entries.join(", ") + (overflow ? "\u2026" : "") + "}";
    }
    if (subtype === "weakmap" || subtype === "weakset") return prefix + "{}";
    const isArray = subtype === "array";
    const parts = [];
    let properties = 5, indexes = 10, overflow = false;
    const visited = new Set();
    const add = (name, text) => {
        if (String(name >>> 0) === name) indexes--; else properties--;
        if (indexes < 0 || properties < 0) { overflow = true; return false; }
        if (text !== null) parts.push(isArray && String(name >>> 0) === name ? text : name + ": " + text);
        return true;
    };
    try {
        if (isArray) {
            for (let i = 0; i < value.length; i++) {
                if (!(i in value)) continue;
                if (!add(String(i), propertyValue(value[i], seen))) break;
            }
        } else {
            outer: for (let object = value, own = true; object !== null; object = Object.getPrototypeOf(object), own = false) {
                if (!own && (object === Object.prototype || isPlatformPrototype(object))) break;
                for (const name of Object.getOwnPropertyNames(object)) {
                    if (visited.has(name) || name === "__proto__") continue;
                    visited.add(name);
                    const descriptor = Object.getOwnPropertyDescriptor(object, name);
                    if (!descriptor.enumerable && !own) continue;
                    if (!("value" in descriptor)) { if (!add(name, null)) break outer; continue; }
                    if (!descriptor.enumerable && typeof descriptor.value === "function") continue;
                    if (name === "constructor") continue;
                    if (!add(name, propertyValue(descriptor.value, seen))) break outer;
                }
            }
        }
    } catch (e) {}
    return prefix + (isArray ? "[" : "{") + parts.join(", ") + (overflow ? "\u2026" : "") + (isArray ? "]" : "}");
}

function isPlatformPrototype(object) {
    return platformClasses.some((cls) => cls.prototype === object);
}

function propertyValue(value, seen) {
    if (value === null) return "null";
    if (typeof value === "function") return "function";
    if (typeof value !== "object") return formatPrimitive(value, true);
    if (!seen.has(value) && isPreviewable(value, new Set([seen.values().next().value]), 1)) {
        seen.add(value);
        const text = preview(value, seen);
        seen.delete(value);
        return text;
    }
    return abbreviate(describe(value), subtypeOf(value) === "regexp");
}

function formatTopLevel(value) {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return formatPrimitive(value, false);
    if (typeof value === "function") {
        try { return FunctionToString.call(value) === toStringPatched.call(value) ? String(value) : toStringPatched.call(value); } catch (e) { return "function"; }
    }
    if (isNode(value) && idOf(value) >= 0) return nodePreview(value);
    if (value === G) return "Window";
    try {
        return preview(value, new Set([value]));
    } catch (e) {
        return describe(value);
    }
}

function formatArguments(args) {
    const parts = [];
    let index = 0;
    if (typeof args[0] === "string" && args.length > 1 && /%[sdifoOc%]/.test(args[0])) {
        index = 1;
        parts.push(args[0].replace(/%([sdifoOc%])/g, (match, type) => {
            if (type === "%") return "%";
            if (index >= args.length) return match;
            const argument = args[index++];
            switch (type) {
            case "s": return typeof argument === "object" && argument !== null ? formatTopLevel(argument) : formatPrimitive(argument, false);
            case "d": case "i": { const n = parseInt(argument, 10); return Number.isNaN(n) ? "NaN" : String(n); }
            case "f": return String(parseFloat(argument));
            case "c": return "";
            default: return formatTopLevel(argument);
            }
        }));
    }
    for (; index < args.length; index++) parts.push(formatTopLevel(args[index]));
    return parts.join(" ");
}

const consoleCounts = new Map();
const consoleTimers = new Map();
const consoleObject = {
    log(...args) { N.log("log", formatArguments(args)); },
    info(...args) { N.log("info", formatArguments(args)); },
    warn(...args) { N.log("warn", formatArguments(args)); },
    error(...args) { N.log("error", formatArguments(args)); },
    debug(...args) { N.log("debug", formatArguments(args)); },
    trace(...args) { N.log("log", formatArguments(["Trace", ...args])); },
    dir(value) { N.log("log", formatTopLevel(value)); },
    dirxml(...args) { N.log("log", formatArguments(args)); },
    table(...args) { N.log("log", formatArguments(args)); },
    assert(condition, ...args) {
        if (condition) return;
        N.log("error", args.length ? "Assertion failed: " + formatArguments(args) : "Assertion failed");
    },
    count(label = "default") {
        label = String(label);
        const count = (consoleCounts.get(label) || 0) + 1;
        consoleCounts.set(label, count);
        N.log("debug", label + ": " + count);
    },
    countReset(label = "default") { consoleCounts.delete(String(label)); },
    group(...args) { if (args.length) N.log("log", formatArguments(args)); },
    groupCollapsed(...args) { if (args.length) N.log("log", formatArguments(args)); },
    groupEnd() {},
    time(label = "default") { consoleTimers.set(String(label), N.perfNow()); },
    timeLog(label = "default", ...args) {
        label = String(label);
        if (!consoleTimers.has(label)) return;
        N.log("debug", label + ": " + (N.perfNow() - consoleTimers.get(label)).toFixed(3) + "ms" + (args.length ? " " + formatArguments(args) : ""));
    },
    timeEnd(label = "default") {
        label = String(label);
        if (!consoleTimers.has(label)) return;
        N.log("debug", label + ": " + (N.perfNow() - consoleTimers.get(label)).toFixed(3) + "ms");
        consoleTimers.delete(label);
    },
    clear() {},
    profile() {},
    profileEnd() {},
    timeStamp() {},
    record() {},
    recordEnd() {},
    screenshot() {},
};
for (const key of Object.keys(consoleObject)) pendingNatives.push(consoleObject[key], key);
ObjectDefine(consoleObject, Symbol.toStringTag, { value: "console" });

// ---------------------------------------------------------------------------------------------
// URLs

function urlParts(url, base) {
    const parts = N.parseURL(String(url), base === undefined ? null : String(base));
    return parts;
}

const urlPartNames = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"];

function withPart(parts, name, value) {
    const [, protocol, username, password, host, , , pathname, search, hash] = parts;
    const p = { protocol, username, password, host, pathname, search, hash };
    switch (name) {
    case "protocol": p.protocol = String(value).replace(/:.*$/, "") + ":"; break;
    case "username": p.username = String(value); break;
    case "password": p.password = String(value); break;
    case "host": p.host = String(value); break;
    case "hostname": p.host = String(value) + (parts[6] ? ":" + parts[6] : ""); break;
    case "port": p.host = parts[5] + (String(value) === "" ? "" : ":" + String(value)); break;
    case "pathname": p.pathname = String(value).startsWith("/") || p.host === "" ? String(value) : "/" + String(value); break;
    case "search": { const s = String(value); p.search = s === "" ? "" : (s.startsWith("?") ? s : "?" + s); break; }
    case "hash": { const h = String(value); p.hash = h === "" ? "" : (h.startsWith("#") ? h : "#" + h); break; }
    }
    const authority = p.host === "" && p.protocol !== "file:" ? "" : "//" + (p.username ? p.username + (p.password ? ":" + p.password : "") + "@" : "") + p.host;
    return p.protocol + authority + p.pathname + p.search + p.hash;
}

const blobURLs = new Map();

let madeURLInterfaces;

/// The URL family's interface `name` (URL, URLSearchParams), the family made on first use
/// (see `lazyFamily`).
function urlInterface(name) {
    if (madeURLInterfaces === undefined) madeURLInterfaces = makeURLInterfaces();
    return madeURLInterfaces[name];
}

/// Whether a value is a URLSearchParams: none exists before the family is made.
function isURLSearchParams(value) {
    return madeURLInterfaces !== undefined && value instanceof madeURLInterfaces.URLSearchParams;
}

function makeURLInterfaces() {
    class URL {
        #parts; #searchParams = null;
        constructor(url, base) {
            requireArguments(arguments.length, 1);
            const parts = urlParts(url, base);
            if (parts === null) throw typeError("\"" + String(url) + "\" cannot be parsed as a URL.");
            this.#parts = parts;
        }
        static canParse(url, base) { return urlParts(url, base) !== null; }
        static createObjectURL(blob) {
            if (!isBlob(blob)) throw argumentError("URL", "createObjectURL", 1, "blob", "Blob");
            const url = "blob:" + (N.origin() === "null" ? "null" : N.origin()) + "/" + randomUUID();
            blobURLs.set(url, blob);
            return url;
        }
        static revokeObjectURL(url) { blobURLs.delete(String(url)); }
        #set(name, value) {
            const parts = urlParts(withPart(this.#parts, name, value));
            if (parts !== null) this.#parts = parts;
            if (name === "search" && this.#searchParams !== null) searchParamsState.reset(this.#searchParams, this.#parts[8]);
        }
        get href() { return this.#parts[0]; }
        set href(value) {
            const parts = urlParts(value);
            if (parts === null) throw typeError("\"" + String(value) + "\" cannot be parsed as a URL.");
            this.#parts = parts;
            if (this.#searchParams !== null) searchParamsState.reset(this.#searchParams, this.#parts[8]);
        }
        get origin() { return this.#parts[10]; }
        get protocol() { return this.#parts[1]; }
        set protocol(value) { this.#set("protocol", value); }
        get username() { return this.#parts[2]; }
        set username(value) { this.#set("username", value); }
        get password() { return this.#parts[3]; }
        set password(value) { this.#set("password", value); }
        get host() { return this.#parts[4]; }
        set host(value) { this.#set("host", value); }
        get hostname() { return this.#parts[5]; }
        set hostname(value) { this.#set("hostname", value); }
        get port() { return this.#parts[6]; }
        set port(value) { this.#set("port", value); }
        get pathname() { return this.#parts[7]; }
        set pathname(value) { this.#set("pathname", value); }
        get search() { return this.#parts[8]; }
        set search(value) { this.#set("search", value); }
        get searchParams() {
            if (this.#searchParams === null) {
                this.#searchParams = new URLSearchParams(this.#parts[8]);
                searchParamsState.attach(this.#searchParams, (query) => this.#set("search", query));
            }
            return this.#searchParams;
        }
        get hash() { return this.#parts[9]; }
        set hash(value) { this.#set("hash", value); }
        toString() { return this.#parts[0]; }
        toJSON() { return this.#parts[0]; }
    }

    function formEncode(text) {
        const bytes = utf8Encode(String(text));
        let out = "";
        for (const byte of bytes) {
            if (byte === 0x20) out += "+";
            else if ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) ||
                byte === 0x2a || byte === 0x2d || byte === 0x2e || byte === 0x5f) out += String.fromCharCode(byte);
            else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
        }
        return out;
    }

    function formDecode(text) {
        const bytes = [];
        const source = text.replace(/\+/g, " ");
        for (let i = 0; i < source.length; i++) {
            const c = source.charCodeAt(i);
            if (c === 0x25 && i + 2 < source.length + 0 && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 1, i + 3))) {
                bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
                i += 2;
            } else {
                for (const byte of utf8Encode(source[i] === undefined ? "" : String.fromCharCode(c))) bytes.push(byte);
            }
        }
        return utf8Decode(bytes);
    }

    let searchParamsState;

    class URLSearchParams {
        #list = []; #update = null;
        constructor(init = "") {
            if (init instanceof URLSearchParams) {
                this.#list = init.#list.map((pair) => pair.slice());
            } else if (init !== null && typeof init === "object") {
                if (typeof init[Symbol.iterator] === "function") {
                    for (const pair of init) {
                        const items = Array.from(pair);
                        if (items.length !== 2) throw typeError("Type error");
                        this.#list.push([String(items[0]), String(items[1])]);
                    }
                } else {
                    for (const key of Object.keys(init)) this.#list.push([key, String(init[key])]);
                }
            } else {
                this.#parse(String(init));
            }
        }
        static {
            searchParamsState = {
                attach(params, update) { params.#update = update; },
                reset(params, query) { params.#list = []; params.#parse(query); },
            };
        }
        #parse(text) {
            if (text.startsWith("?")) text = text.slice(1);
            for (const piece of text.split("&")) {
                if (piece === "") continue;
                const equals = piece.indexOf("=");
                const name = equals < 0 ? piece : piece.slice(0, equals);
                const value = equals < 0 ? "" : piece.slice(equals + 1);
                this.#list.push([formDecode(name), formDecode(value)]);
            }
        }
        #changed() {
            if (this.#update !== null) {
                const query = this.toString();
                this.#update(query === "" ? "" : "?" + query);
            }
        }
        get size() { return this.#list.length; }
        append(name, value) { requireArguments(arguments.length, 2); this.#list.push([String(name), String(value)]); this.#changed(); }
        delete(name, value) {
            name = String(name);
            this.#list = this.#list.filter((pair) => pair[0] !== name || (value !== undefined && pair[1] !== String(value)));
            this.#changed();
        }
        get(name) { name = String(name); const pair = this.#list.find((p) => p[0] === name); return pair === undefined ? null : pair[1]; }
        getAll(name) { name = String(name); return this.#list.filter((p) => p[0] === name).map((p) => p[1]); }
        has(name, value) { name = String(name); return this.#list.some((p) => p[0] === name && (value === undefined || p[1] === String(value))); }
        set(name, value) {
            requireArguments(arguments.length, 2);
            name = String(name);
            const index = this.#list.findIndex((p) => p[0] === name);
            if (index < 0) this.#list.push([name, String(value)]);
            else {
                this.#list[index] = [name, String(value)];
                this.#list = this.#list.filter((p, position) => position <= index || p[0] !== name);
            }
            this.#changed();
        }
        sort() {
            this.#list = this.#list.map((pair, index) => [pair, index]).sort((a, b) => {
                if (a[0][0] < b[0][0]) return -1;
                if (a[0][0] > b[0][0]) return 1;
                return a[1] - b[1];
            }).map((entry) => entry[0]);
            this.#changed();
        }
        forEach(callback, thisArg) { for (const [name, value] of this.#list.slice()) callback.call(thisArg, value, name, this); }
        *entries() { for (const pair of this.#list.slice()) yield [pair[0], pair[1]]; }
        *keys() { for (const pair of this.#list.slice()) yield pair[0]; }
        *values() { for (const pair of this.#list.slice()) yield pair[1]; }
        [Symbol.iterator]() { return this.entries(); }
        toString() { return this.#list.map((p) => formEncode(p[0]) + "=" + formEncode(p[1])).join("&"); }
    }
    familyClasses([URL, URLSearchParams]);
    return { URL, URLSearchParams };
}

// ---------------------------------------------------------------------------------------------
// Content-Security-Policy: the host checks and reports (PolicyEnforcement.swift); here the
// places only script can see (handlers, javascript: URLs, string timers, eval) ask it.

/// Whether the page's policy lets `kind` run `source`; a violation is reported with the place in
/// the page's own code that asked (`target`: the element it belongs to).
function policyAllows(kind, source, target) {
    if (!N.hasPolicy()) return true;
    const place = fromCaller(new Error());
    return N.policyAllows(kind, String(source), target === null ? -1 : idOf(target),
        typeof place.sourceURL === "string" ? place.sourceURL : "", place.line | 0, place.column | 0);
}

/// A policy without 'unsafe-eval': `eval` and `Function` throw WebKit's EvalError, reported.
function forbidEval(message) {
    function eval(source) {
        policyAllows("eval", "", null);
        throw new EvalError(message);
    }
    function Function(...parts) {
        policyAllows("eval", "", null);
        throw new EvalError(message);
    }
    markNative(eval, "eval");
    markNative(Function, "Function");
    ObjectDefine(Function, "prototype", { value: OriginalFunction.prototype, writable: false });
    ObjectDefine(OriginalFunction.prototype, "constructor", { value: Function, writable: true, configurable: true, enumerable: false });
    defineGlobal("eval", eval);
    defineGlobal("Function", Function);
}

/// A violation of the page's policy, as its `securitypolicyviolation` event at the element it
/// concerns (or the document), bubbling.
function dispatchPolicyViolation(targetID, fields) {
    const target = targetID >= 0 ? wrap(targetID) : G.document;
    const [effective, blocked, policy, sourceFile, line, column, status] = fields;
    const event = makeEvent("SecurityPolicyViolationEvent", "securitypolicyviolation", {
        bubbles: true, composed: true, documentURI: N.url(), blockedURI: blocked, violatedDirective: effective,
        effectiveDirective: effective, originalPolicy: policy, sourceFile, lineNumber: line, columnNumber: column,
        statusCode: status, disposition: "enforce", sample: "",
    });
    if (target !== null) dispatch(target, event, true);
}

// ---------------------------------------------------------------------------------------------
// Location and history

function resolveOrThrow(url) {
    const resolved = N.resolve(String(url));
    if (resolved === null) throw domError("SyntaxError");
    return resolved;
}

/// Whether a URL is this document's own with a fragment (a navigation that loads nothing).
function isSameDocumentFragment(url) {
    const hashIndex = url.indexOf("#");
    return hashIndex >= 0 && url.slice(0, hashIndex) === N.url().replace(/#.*$/, "") && !/^javascript:/i.test(url);
}

function navigateTo(url, replace) {
    if (isSameDocumentFragment(url)) {
        fragmentNavigation(url, replace);
        return;
    }
    if (/^javascript:/i.test(url)) { runJavaScriptURL(url); return; }
    N.navigate(url, replace, navigationInitiator);
}

/// A navigation to a fragment of this document: no load, a history entry, the URL changed,
/// `popstate` at once and `hashchange` in a task, as WebKit does (the terminal scrolls to the
/// target, and `:target` matches it).
function fragmentNavigation(url, replace) {
    const oldURL = N.url();
    if (oldURL === url) return;
    const stateID = replace ? currentStateID : 0;
    N.history(replace ? "fragment replace" : "fragment push", url, stateID);
    if (!replace) currentStateID = 0;
    dispatch(G, makeEvent("PopStateEvent", "popstate", { state: currentStateID === 0 ? null : historyStates.get(currentStateID) ?? null }), true);
    postTask(() => dispatch(G, makeEvent("HashChangeEvent", "hashchange", { oldURL, newURL: url }), true));
}

class Location {
    constructor(key) { if (key !== KEY) throw typeError("Illegal constructor"); }
    get href() { return N.url(); }
    set href(value) { navigateTo(resolveOrThrow(value), false); }
    get origin() { return urlParts(N.url())[10]; }
    get protocol() { return urlParts(N.url())[1]; }
    set protocol(value) { navigateTo(withPart(urlParts(N.url()), "protocol", value), false); }
    get host() { return urlParts(N.url())[4]; }
    set host(value) { navigateTo(withPart(urlParts(N.url()), "host", value), false); }
    get hostname() { return urlParts(N.url())[5]; }
    set hostname(value) { navigateTo(withPart(urlParts(N.url()), "hostname", value), false); }
    get port() { return urlParts(N.url())[6]; }
    set port(value) { navigateTo(withPart(urlParts(N.url()), "port", value), false); }
    get pathname() { return urlParts(N.url())[7]; }
    set pathname(value) { navigateTo(withPart(urlParts(N.url()), "pathname", value), false); }
    get search() { return urlParts(N.url())[8]; }
    set search(value) { navigateTo(withPart(urlParts(N.url()), "search", value), false); }
    get hash() { return urlParts(N.url())[9]; }
    set hash(value) {
        const h = String(value);
        navigateTo(N.url().replace(/#.*$/, "") + (h.startsWith("#") ? h : "#" + h), false);
    }
    get ancestorOrigins() { return []; }
    assign(url) { requireArguments(arguments.length, 1); navigateTo(resolveOrThrow(url), false); }
    replace(url) { requireArguments(arguments.length, 1); navigateTo(resolveOrThrow(url), true); }
    reload() { N.navigate(N.url(), true, "location"); }
    toString() { return N.url(); }
    valueOf() { return this; }
}

const historyStates = new Map();
let currentStateID = 0;
let nextStateID = 1;

class History {
    constructor(key) { if (key !== KEY) throw typeError("Illegal constructor"); }
    get length() { return N.historyLength(); }
    get state() { return currentStateID === 0 ? null : historyStates.get(currentStateID) ?? null; }
    get scrollRestoration() { return "auto"; }
    set scrollRestoration(value) {}
    pushState(state, unused, url) { this.#change("push", state, url, arguments.length); }
    replaceState(state, unused, url) { this.#change("replace", state, url, arguments.length); }
    #change(kind, state, url, count) {
        requireArguments(count, 2);
        const cloned = structuredClone(state);
        let target = N.url();
        if (url !== undefined && url !== null) {
            target = resolveOrThrow(url);
            if (N.originOf(target) !== N.originOf(N.url())) {
                throw domError("SecurityError", "Blocked attempt to use history." + kind + "State() to change session history URL from " +
                    N.url() + " to " + target + ". Protocols, domains, ports, usernames, and passwords must match.");
            }
        }
        const id = nextStateID++;
        historyStates.set(id, cloned);
        N.history(kind, target, id);
        currentStateID = id;
    }
    back() { N.history("go", "", -1); }
    forward() { N.history("go", "", 1); }
    go(delta = 0) { N.history("go", "", delta | 0); }
}

// ---------------------------------------------------------------------------------------------
// Navigator, screen, media queries, computed style, selection

class Navigator {
    constructor(key) { if (key !== KEY) throw typeError("Illegal constructor"); }
    get userAgent() { return C.userAgent; }
    get appVersion() { return C.userAgent.replace(/^Mozilla\//, ""); }
    get appName() { return "Netscape"; }
    get appCodeName() { return "Mozilla"; }
    get product() { return "Gecko"; }
    get productSub() { return "20030107"; }
    get vendor() { return "Apple Computer, Inc."; }
    get vendorSub() { return ""; }
    get platform() { return /iPad/.test(C.userAgent) ? "iPad" : /iPhone/.test(C.userAgent) ? "iPhone" : "MacIntel"; }
    get language() { return "en-US"; }
    get languages() { return ["en-US"]; }
    get onLine() { return true; }
    get cookieEnabled() { return true; }
    get maxTouchPoints() { return 5; }
    get hardwareConcurrency() { return 4; }
    get standalone() { return false; }
    get doNotTrack() { return null; }
    get webdriver() { return false; }
    get pdfViewerEnabled() { return false; }
    get geolocation() { return geolocation; }
    javaEnabled() { return false; }
    sendBeacon() { return true; }
    vibrate() { return false; }
}

const geolocation = {
    getCurrentPosition(success, failure) {
        if (typeof failure === "function") postTask(() => failure({ code: 1, message: "User denied Geolocation", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }));
    },
    watchPosition(success, failure) { this.getCurrentPosition(success, failure); return 1; },
    clearWatch() {},
};



function matchMedia(query) {
    requireArguments(arguments.length, 1);
    const MediaQueryList = windowObjectInterface("MediaQueryList");
    return new MediaQueryList(KEY, String(query));
}

/// `getComputedStyle`: the resolved values of the properties ComputedValues.swift computes
/// from the cascade; other properties as the inline style gives them.
class ComputedStyle {
    #element;
    constructor(key, element) {
        if (key !== KEY) throw typeError("Illegal constructor");
        if (!computedStyleProperties) {
            computedStyleProperties = true;
            defineCSSProperties(ComputedStyle.prototype, false);
        }
        this.#element = element;
    }
    getPropertyValue(name) {
        name = String(name).toLowerCase();
        if (this.#element === null) return "";
        if (motionBefore.size > 0) runStyleUpdate();
        const value = N.computedStyle(idOf(this.#element), name);
        if (!motionOn && value !== null) noteStyleRead(this.#element, name, value);
        if (value !== null) return value;
        if (this.#element.style === undefined) return "";
        return this.#element.style.getPropertyValue(name);
    }
    getPropertyPriority() { return ""; }
    get length() { return 0; }
    item() { return ""; }
    get cssText() { return ""; }
}
let computedStyleProperties = false;

// ---------------------------------------------------------------------------------------------
// CSS transitions and animations (CSS Transitions 1 §3, CSS Animations 1 §4) on the page's
// clock: a change of an element's `class`, `style` or `id` is a style change; its style before
// is taken just before the first such change since the last style update, its style after at
// the update (the next task, or a `getComputedStyle` read before it). The events are trusted,
// bubble, are not cancelable, and fire at their times (DECISIONS.md, "CSSOM style sheets and
// animation events").

let motionOn = false, motionCheckedTask = -1;
let motionBefore = new Map();
let styleUpdateTimer = 0;
/// Running transitions by element, then property: { timers }.
const runningTransitions = new WeakMap();
/// Animations by element, then name: { timers, finished }.
const runningAnimations = new WeakMap();
let keyframesTask = -1, keyframesKnown = [];
/// The values `getComputedStyle` gave while motion was off, by element: { task, values }.
let styleReads = new WeakMap();

function noteStyleRead(element, property, value) {
    const task = N.taskNumber();
    let read = styleReads.get(element);
    if (read === undefined || read.task !== task) { read = { task, values: new Map() }; styleReads.set(element, read); }
    read.values.set(property, value);
}

/// Whether the page can animate at all: a sheet mentions transitions, animations or keyframes
/// (asked once per task until one does), or a style attribute set one.
function motionPossible() {
    if (motionOn) return true;
    const task = N.taskNumber();
    if (task === motionCheckedTask) return false;
    motionCheckedTask = task;
    motionOn = N.motionDeclared();
    return motionOn;
}

/// Called before an element's `class`, `style` or `id` changes to `value`.
function styleInputChanging(element, name, value) {
    if (!motionOn && !(name === "style" && value !== null && /transition|animation/.test(String(value))) && !motionPossible()) return;
    motionOn = true;
    if (motionBefore.has(element)) return;
    const id = idOf(element);
    if (!N.connected(id)) return;
    const before = styleSnapshotOf(id);
    // What `getComputedStyle` read in this task before motion was on is the style before.
    const read = styleReads.get(element);
    if (read !== undefined && read.task === N.taskNumber()) for (const [property, old] of read.values) before.set(property, old);
    motionBefore.set(element, before);
    if (styleUpdateTimer === 0) styleUpdateTimer = motionTimer(0, runStyleUpdate);
}

function styleSnapshotOf(id) {
    const flat = N.styleSnapshot(id), snapshot = new Map();
    for (let i = 0; i + 1 < flat.length; i += 2) snapshot.set(flat[i], flat[i + 1]);
    return snapshot;
}

/// A timer of the prelude's own on the page's clock.
function motionTimer(ms, handler) {
    const id = N.setTimer(ms < 0 ? 0 : ms, false);
    timerCallbacks.set(id, { handler, args: [], repeating: false });
    return id;
}

/// The style update: the changed elements' styles after, and the transitions and animations
/// they start or cancel.
function runStyleUpdate() {
    if (styleUpdateTimer !== 0) { clearTimeout(styleUpdateTimer); styleUpdateTimer = 0; }
    if (motionBefore.size === 0) return;
    const changed = motionBefore;
    motionBefore = new Map();
    for (const [element, before] of changed) {
        const id = idOf(element);
        if (!N.connected(id)) continue;
        const after = styleSnapshotOf(id);
        startTransitions(element, before, after);
        updateAnimations(element, after);
    }
}

/// A comma-separated computed list; times in milliseconds.
function motionList(value) { return (value ?? "").split(",").map((part) => part.trim()); }
function motionMilliseconds(value) {
    const number = parseFloat(value);
    if (!(number === number)) return 0;
    return value.endsWith("ms") ? number : number * 1000;
}
function motionSeconds(ms) { return Math.round(ms * 1000) / 1e6; }

function fireMotionEvent(element, interfaceName, type, init) {
    if (!N.connected(idOf(element))) return;
    dispatch(element, makeEvent(interfaceName, type, { bubbles: true, cancelable: false, pseudoElement: "", ...init }), true);
}

function startTransitions(element, before, after) {
    const properties = motionList(after.get("transition-property"));
    const durations = motionList(after.get("transition-duration")), delays = motionList(after.get("transition-delay"));
    const chosen = new Map();
    for (let i = 0; i < properties.length; i++) {
        const name = properties[i];
        if (name === "none" || name === "") continue;
        const duration = motionMilliseconds(durations[i % durations.length]), delay = motionMilliseconds(delays[i % delays.length]);
        const names = name === "all"
            ? [...after.keys()].filter((key) => !key.startsWith("transition-") && !key.startsWith("animation-"))
            : after.has(name) ? [name] : [...after.keys()].filter((key) => key.startsWith(name + "-"));
        for (const property of names) chosen.set(property, { duration, delay });
    }
    const sorted = [...chosen.keys()].sort();
    let running = runningTransitions.get(element);
    for (const property of sorted) {
        const { duration, delay } = chosen.get(property);
        if (before.get(property) === after.get(property) || duration + delay <= 0 || duration < 0) continue;
        if (running === undefined) { running = new Map(); runningTransitions.set(element, running); }
        const previous = running.get(property);
        if (previous !== undefined) {
            for (const timer of previous.timers) clearTimeout(timer);
            fireMotionEvent(element, "TransitionEvent", "transitioncancel", { propertyName: property, elapsedTime: 0 });
        }
        const record = { timers: [] };
        running.set(property, record);
        const startElapsed = motionSeconds(Math.max(-delay, 0));
        record.timers.push(motionTimer(0, () => fireMotionEvent(element, "TransitionEvent", "transitionrun", { propertyName: property, elapsedTime: startElapsed })));
        record.timers.push(motionTimer(Math.max(delay, 0), () => fireMotionEvent(element, "TransitionEvent", "transitionstart", { propertyName: property, elapsedTime: startElapsed })));
        record.timers.push(motionTimer(delay + duration, () => {
            if (running.get(property) === record) running.delete(property);
            fireMotionEvent(element, "TransitionEvent", "transitionend", { propertyName: property, elapsedTime: motionSeconds(duration) });
        }));
    }
}

/// The animations of the elements the parser made, started when the document is parsed (the
/// first style update WebKit runs for them).
function startParsedAnimations() {
    if (!motionPossible()) return;
    const ids = N.animatedElements();
    for (let i = 0; i < ids.length; i++) {
        const element = wrap(ids[i]);
        if (runningAnimations.has(element)) continue;
        updateAnimations(element, styleSnapshotOf(ids[i]));
    }
}

function keyframesNamed(name) {
    const task = N.taskNumber();
    if (task !== keyframesTask) { keyframesTask = task; keyframesKnown = N.keyframesNames(); }
    return keyframesKnown.includes(name);
}

function updateAnimations(element, after) {
    const names = motionList(after.get("animation-name"));
    const durations = motionList(after.get("animation-duration")), delays = motionList(after.get("animation-delay"));
    const counts = motionList(after.get("animation-iteration-count"));
    let running = runningAnimations.get(element);
    if (running !== undefined) {
        for (const [name, record] of [...running]) {
            if (names.includes(name)) continue;
            running.delete(name);
            for (const timer of record.timers) clearTimeout(timer);
            if (!record.finished) fireMotionEvent(element, "AnimationEvent", "animationcancel", { animationName: name, elapsedTime: 0 });
        }
    }
    for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (name === "none" || name === "" || (running !== undefined && running.has(name)) || !keyframesNamed(name)) continue;
        if (running === undefined) { running = new Map(); runningAnimations.set(element, running); }
        const duration = Math.max(motionMilliseconds(durations[i % durations.length]), 0);
        const delay = motionMilliseconds(delays[i % delays.length]);
        const countText = counts[i % counts.length];
        const count = countText === "infinite" ? Infinity : Math.max(parseFloat(countText) || 0, 0);
        const record = { timers: [], finished: false };
        running.set(name, record);
        const event = (type, elapsed) => () => fireMotionEvent(element, "AnimationEvent", type, { animationName: name, elapsedTime: motionSeconds(elapsed) });
        record.timers.push(motionTimer(Math.max(delay, 0), event("animationstart", Math.max(-delay, 0))));
        if (duration > 0) {
            // One iteration event at a time, so an infinite animation holds one timer.
            const iterate = (k) => {
                if (k >= count) return;
                record.timers.push(motionTimer(duration, () => {
                    event("animationiteration", duration * k)();
                    iterate(k + 1);
                }));
            };
            if (count > 1) {
                record.timers.push(motionTimer(delay + duration, () => { event("animationiteration", duration)(); iterate(2); }));
            }
        }
        if (count !== Infinity) {
            record.timers.push(motionTimer(delay + duration * count, () => { record.finished = true; event("animationend", duration * count)(); }));
        }
    }
}

function getComputedStyle(element) {
    requireArguments(arguments.length, 1);
    if (element === null || typeof element !== "object" || !isNode(element) || element.nodeType !== 1) {
        throw argumentError("Window", "getComputedStyle", 1, "element", "Element");
    }
    return new ComputedStyle(KEY, element);
}

let selection;

/// The window's one Selection, made the first time a page asks for it.
function currentSelection() {
    if (selection === undefined) {
        const Selection = rangeInterface("Selection");
        selection = new Selection(KEY);
    }
    return selection;
}

// ---------------------------------------------------------------------------------------------
// Storage (localStorage, sessionStorage) through the host's WebStorage

const storageKinds = new WeakMap();


function makeStorage(kind) {
    const Storage = windowObjectInterface("Storage");
    const target = Object.create(Storage.prototype);
    const proxy = new Proxy(target, {
        get(t, key, receiver) {
            if (typeof key === "string" && !(key in Storage.prototype)) {
                const value = N.storage(kind, "get", key, "");
                if (value !== null) return value;
            }
            return Reflect.get(t, key, receiver);
        },
        set(t, key, value) {
            if (typeof key === "string" && !(key in Storage.prototype)) {
                if (!N.storage(kind, "set", key, String(value))) throw domError("QuotaExceededError");
                return true;
            }
            return Reflect.set(t, key, value);
        },
        has(t, key) { return (typeof key === "string" && N.storage(kind, "get", key, "") !== null) || Reflect.has(t, key); },
        deleteProperty(t, key) { if (typeof key === "string") N.storage(kind, "remove", key, ""); return true; },
        ownKeys() { return N.storage(kind, "keys", "", ""); },
        getOwnPropertyDescriptor(t, key) {
            if (typeof key !== "string") return undefined;
            const value = N.storage(kind, "get", key, "");
            return value === null ? undefined : { value, writable: true, enumerable: true, configurable: true };
        },
    });
    storageKinds.set(proxy, kind);
    return proxy;
}

// ---------------------------------------------------------------------------------------------
// Dialogs and windows

function alert(message) {
    N.dialog("alert", arguments.length === 0 ? "" : String(message), "");
}
function confirm(message = "") {
    return N.dialog("confirm", String(message), "");
}
function prompt(message = "", defaultValue = "") {
    return N.dialog("prompt", String(message), String(defaultValue));
}

function open(url = "", target = "_blank", features = "") {
    url = String(url);
    target = String(target) || "_blank";
    const resolved = url === "" ? "about:blank" : N.resolve(url);
    if (resolved === null) throw domError("SyntaxError");
    if (/^(_self|_top|_parent)$/i.test(target)) {
        const previous = navigationInitiator;
        navigationInitiator = "windowOpen";
        try { navigateTo(resolved, false); } finally { navigationInitiator = previous; }
        return G;
    }
    N.windowOpen(resolved, target);
    return null;
}

function postMessage(message, targetOrigin, transfer) {
    requireArguments(arguments.length, 1);
    const data = structuredClone(message);
    const origin = N.origin();
    postTask(() => dispatch(G, makeEvent("MessageEvent", "message", { data, origin, source: G }), true));
}

// ---------------------------------------------------------------------------------------------
// Encodings, base64, structured clone, crypto

function utf8Encode(text) {
    const bytes = [];
    for (let i = 0; i < text.length; i++) {
        let code = text.charCodeAt(i);
        if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) { code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00); i++; }
            else code = 0xfffd;
        } else if (code >= 0xd800 && code <= 0xdfff) {
            code = 0xfffd;
        }
        if (code < 0x80) bytes.push(code);
        else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
        else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
        else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return bytes;
}

function utf8Decode(bytes, fatal = false) {
    let out = "";
    for (let i = 0; i < bytes.length;) {
        const byte = bytes[i];
        let code = -1, needed = 0, lower = 0x80;
        if (byte < 0x80) { code = byte; needed = 0; }
        else if (byte >= 0xc2 && byte <= 0xdf) { code = byte & 0x1f; needed = 1; }
        else if (byte >= 0xe0 && byte <= 0xef) { code = byte & 0x0f; needed = 2; lower = byte === 0xe0 ? 0xa0 : 0x80; }
        else if (byte >= 0xf0 && byte <= 0xf4) { code = byte & 0x07; needed = 3; lower = byte === 0xf0 ? 0x90 : 0x80; }
        let upper = byte === 0xed ? 0x9f : byte === 0xf4 ? 0x8f : 0xbf;
        i++;
        if (code < 0) {
            if (fatal) throw typeError("The encoded data was not valid.");
            out += "\ufffd";
            continue;
        }
        let valid = true;
        for (let k = 0; k < needed; k++) {
            const next = bytes[i];
            if (next === undefined || next < lower || next > upper) { valid = false; break; }
            lower = 0x80; upper = 0xbf;
            code = (code << 6) | (next & 0x3f);
            i++;
        }
        if (!valid) {
            if (fatal) throw typeError("The encoded data was not valid.");
            out += "\ufffd";
            continue;
        }
        out += String.fromCodePoint(code);
    }
    return out;
}


const decoderLabels = { "utf-8": "utf-8", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8", "utf-16le": "utf-16le", "utf-16": "utf-16le",
    "iso-8859-1": "windows-1252", "latin1": "windows-1252", "windows-1252": "windows-1252", "ascii": "windows-1252", "us-ascii": "windows-1252" };

const encodingInterface = lazyFamily(() => {
    class TextEncoder {
        get encoding() { return "utf-8"; }
        encode(input = "") { return new Uint8Array(utf8Encode(String(input))); }
        encodeInto(source, destination) {
            const bytes = utf8Encode(String(source));
            const written = Math.min(bytes.length, destination.length);
            destination.set(bytes.slice(0, written));
            return { read: String(source).length, written };
        }
    }

    class TextDecoder {
        #encoding; #fatal; #ignoreBOM;
        constructor(label = "utf-8", options = {}) {
            const encoding = decoderLabels[String(label).trim().toLowerCase()];
            if (encoding === undefined) throw new RangeError("Cannot construct TextDecoder: \"" + label + "\" is not a supported encoding.");
            this.#encoding = encoding;
            this.#fatal = !!(options && options.fatal);
            this.#ignoreBOM = !!(options && options.ignoreBOM);
        }
        get encoding() { return this.#encoding; }
        get fatal() { return this.#fatal; }
        get ignoreBOM() { return this.#ignoreBOM; }
        decode(input) {
            if (input === undefined) return "";
            let bytes;
            if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
            else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
            else throw typeError("Argument 1 ('input') to TextDecoder.decode must be an instance of ArrayBuffer");
            if (this.#encoding === "utf-16le") {
                let out = "";
                let start = !this.#ignoreBOM && bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
                for (let i = start; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
                return out;
            }
            if (this.#encoding === "windows-1252") {
                let out = "";
                for (const byte of bytes) out += String.fromCharCode(byte);
                return out;
            }
            let start = !this.#ignoreBOM && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
            return utf8Decode(start ? bytes.subarray(start) : bytes, this.#fatal);
        }
    }
    familyClasses([TextEncoder, TextDecoder]);
    return { TextEncoder, TextDecoder };
});

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function bytesToBase64(bytes) {
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
        const a = bytes[i], b = bytes[i + 1], c = bytes[i + 2];
        out += base64Alphabet[a >> 2] + base64Alphabet[((a & 3) << 4) | ((b ?? 0) >> 4)];
        out += b === undefined ? "=" : base64Alphabet[((b & 15) << 2) | ((c ?? 0) >> 6)];
        out += c === undefined ? "=" : base64Alphabet[c & 63];
    }
    return out;
}

function btoa(data) {
    requireArguments(arguments.length, 1);
    data = String(data);
    const bytes = new Array(data.length);
    for (let i = 0; i < data.length; i++) {
        const code = data.charCodeAt(i);
        if (code > 255) throw domError("InvalidCharacterError");
        bytes[i] = code;
    }
    return bytesToBase64(bytes);
}

function base64ToBytes(data) {
    data = String(data).replace(/[\t\n\f\r ]/g, "");
    if (data.length % 4 === 0) data = data.replace(/==?$/, "");
    if (data.length % 4 === 1 || /[^A-Za-z0-9+\/]/.test(data)) return null;
    const bytes = [];
    let buffer = 0, bits = 0;
    for (const c of data) {
        buffer = (buffer << 6) | base64Alphabet.indexOf(c);
        bits += 6;
        if (bits >= 8) { bits -= 8; bytes.push((buffer >> bits) & 255); }
    }
    return bytes;
}

function atob(data) {
    requireArguments(arguments.length, 1);
    const bytes = base64ToBytes(data);
    if (bytes === null) throw domError("InvalidCharacterError");
    let out = "";
    for (const byte of bytes) out += String.fromCharCode(byte);
    return out;
}

function structuredClone(value, options) {
    const memory = new Map();
    const clone = (input) => {
        if (input === null || (typeof input !== "object" && typeof input !== "function")) {
            if (typeof input === "symbol") throw domError("DataCloneError");
            return input;
        }
        if (memory.has(input)) return memory.get(input);
        if (typeof input === "function" || isPlatformObject(input) && !isBlob(input) || input instanceof OriginalPromise ||
            input instanceof WeakMap || input instanceof WeakSet) {
            throw domError("DataCloneError");
        }
        let output;
        if (Array.isArray(input)) {
            output = new Array(input.length);
            memory.set(input, output);
            for (const key of Object.keys(input)) output[key] = clone(input[key]);
            return output;
        }
        if (input instanceof OriginalDate) output = new OriginalDate(input.getTime());
        else if (input instanceof RegExp) output = new RegExp(input.source, input.flags);
        else if (input instanceof ArrayBuffer) output = input.slice(0);
        else if (ArrayBuffer.isView(input)) output = new input.constructor(clone(input.buffer), input.byteOffset, input instanceof DataView ? input.byteLength : input.length);
        else if (isBlob(input)) output = input;
        else if (input instanceof Map) { output = new Map(); memory.set(input, output); for (const [k, v] of input) output.set(clone(k), clone(v)); return output; }
        else if (input instanceof Set) { output = new Set(); memory.set(input, output); for (const v of input) output.add(clone(v)); return output; }
        else if (input instanceof Error) { output = new (G[input.name] instanceof Function && G[input.name].prototype instanceof Error ? G[input.name] : Error)(input.message); }
        else if (input instanceof Boolean || input instanceof Number || input instanceof String) output = Object(input.valueOf());
        else {
            output = {};
            memory.set(input, output);
            for (const key of Object.keys(input)) output[key] = clone(input[key]);
            return output;
        }
        memory.set(input, output);
        return output;
    };
    return clone(value);
}

/// A value as text that another window can read back whole (HTML's StructuredSerialize,
/// for windows that share no objects): every value is ["kind", …]; objects are numbered in
/// the order met, so shared and cyclic references come back shared and cyclic. A function,
/// symbol or platform object is WebKit's DataCloneError.
function serializeForTransfer(value) {
    const objects = new Map(), nodes = [];
    const encode = (input) => {
        switch (typeof input) {
        case "undefined": return ["u"];
        case "boolean": return ["b", input];
        case "string": return ["s", input];
        case "bigint": return ["g", String(input)];
        case "number":
            if (Number.isNaN(input) || !Number.isFinite(input) || ObjectIs(input, -0)) return ["f", String(ObjectIs(input, -0) ? "-0" : input)];
            return ["n", input];
        case "symbol": case "function": throw domError("DataCloneError", "The object can not be cloned.");
        }
        if (input === null) return ["z"];
        if (objects.has(input)) return ["r", objects.get(input)];
        if ((isPlatformObject(input) && !isBlob(input)) || isBlob(input) || input instanceof OriginalPromise || input instanceof WeakMap
            || input instanceof WeakSet || input instanceof WeakRef) {
            throw domError("DataCloneError", "The object can not be cloned.");
        }
        const index = nodes.length;
        objects.set(input, index);
        nodes.push(null);
        let node;
        if (Array.isArray(input)) node = ["A", input.length, Object.keys(input).map((key) => [key, encode(input[key])])];
        else if (input instanceof OriginalDate) node = ["D", String(input.getTime())];
        else if (input instanceof RegExp) node = ["R", input.source, input.flags];
        else if (input instanceof ArrayBuffer) node = ["B", Array.from(new Uint8Array(input))];
        else if (ArrayBuffer.isView(input)) {
            node = ["V", input.constructor.name, encode(input.buffer), input.byteOffset, input instanceof DataView ? input.byteLength : input.length];
        } else if (input instanceof Map) node = ["M", [...input].map(([key, entry]) => [encode(key), encode(entry)])];
        else if (input instanceof Set) node = ["S", [...input].map((entry) => encode(entry))];
        else if (input instanceof Error) node = ["E", input.name, String(input.message)];
        else if (input instanceof Boolean || input instanceof Number || input instanceof String) node = ["W", encode(input.valueOf())];
        else node = ["O", Object.keys(input).map((key) => [key, encode(input[key])])];
        nodes[index] = node;
        return ["r", index];
    };
    const root = encode(value);
    return JSONStringify({ root, nodes });
}

/// A value `serializeForTransfer` wrote, made in this window (its own Dates, Maps, arrays…).
function deserializeTransfer(text) {
    const { root, nodes } = JSONParse(text);
    const made = new Array(nodes.length);
    const errorTypes = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
    const typedArrays = { Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array,
        Float64Array, BigInt64Array, BigUint64Array, DataView };
    const decode = (value) => {
        switch (value[0]) {
        case "u": return undefined;
        case "z": return null;
        case "b": case "s": case "n": return value[1];
        case "g": return BigInt(value[1]);
        case "f": return value[1] === "-0" ? -0 : Number(value[1]);
        case "r": return object(value[1]);
        }
        return undefined;
    };
    const object = (index) => {
        if (made[index] !== undefined) return made[index];
        const node = nodes[index];
        switch (node[0]) {
        case "A": { const array = new Array(node[1]); made[index] = array; for (const [key, entry] of node[2]) array[key] = decode(entry); return array; }
        case "O": { const plain = {}; made[index] = plain; for (const [key, entry] of node[1]) plain[key] = decode(entry); return plain; }
        case "D": return (made[index] = new OriginalDate(Number(node[1])));
        case "R": return (made[index] = new RegExp(node[1], node[2]));
        case "B": return (made[index] = new Uint8Array(node[1]).buffer);
        case "V": {
            const View = typedArrays[node[1]] ?? Uint8Array;
            return (made[index] = new View(decode(node[2]), node[3], node[4]));
        }
        case "M": { const map = new Map(); made[index] = map; for (const [key, entry] of node[1]) map.set(decode(key), decode(entry)); return map; }
        case "S": { const set = new Set(); made[index] = set; for (const entry of node[1]) set.add(decode(entry)); return set; }
        case "E": return (made[index] = new (errorTypes[node[1]] ?? Error)(node[2]));
        case "W": return (made[index] = Object(decode(node[1])));
        }
        return (made[index] = {});
    };
    return decode(root);
}

function fillRandom(array) {
    if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array) {
        throw domError("TypeMismatchError");
    }
    if (array.byteLength > 65536) throw domError("QuotaExceededError");
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return array;
}

function randomUUID() {
    const bytes = fillRandom(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}

/// Performance, Screen, MediaQueryList, Storage and Crypto: their objects are made
/// when a page first asks for them (window.performance, matchMedia…), their classes with them.
const windowObjectInterface = lazyFamily(() => {
    class Performance extends EventTarget {
        now() { return N.perfNow(); }
        get timeOrigin() { return N.timeOrigin(); }
        get timing() { const start = N.timeOrigin(); return { navigationStart: start, fetchStart: start, domLoading: start, domInteractive: start, domContentLoadedEventStart: start, domContentLoadedEventEnd: start, domComplete: start, loadEventStart: start, loadEventEnd: start }; }
        get navigation() { return { type: 0, redirectCount: 0 }; }
        mark() {}
        measure() {}
        clearMarks() {}
        clearMeasures() {}
        getEntries() { return []; }
        getEntriesByName() { return []; }
        getEntriesByType() { return []; }
        toJSON() { return { timeOrigin: this.timeOrigin }; }
    }

    class Screen {
        get width() { return 390; }
        get height() { return 844; }
        get availWidth() { return 390; }
        get availHeight() { return 844; }
        get colorDepth() { return 24; }
        get pixelDepth() { return 24; }
        get orientation() { return { type: "portrait-primary", angle: 0, addEventListener() {}, removeEventListener() {} }; }
    }

    class MediaQueryList extends EventTarget {
        #media;
        constructor(key, media) { if (key !== KEY) throw typeError("Illegal constructor"); super(); this.#media = media; }
        get media() { return this.#media; }
        get matches() { return false; }
        addListener(callback) { this.addEventListener("change", callback); }
        removeListener(callback) { this.removeEventListener("change", callback); }
    }
    defineHandlerProperties(MediaQueryList.prototype, ["change"]);

    class Storage {
        constructor() { throw typeError("Illegal constructor"); }
        get length() { return N.storage(storageKinds.get(this), "length", "", ""); }
        key(index) { return N.storage(storageKinds.get(this), "key", String(index >>> 0), ""); }
        getItem(key) { requireArguments(arguments.length, 1); return N.storage(storageKinds.get(this), "get", String(key), ""); }
        setItem(key, value) {
            requireArguments(arguments.length, 2);
            if (!N.storage(storageKinds.get(this), "set", String(key), String(value))) throw domError("QuotaExceededError");
        }
        removeItem(key) { requireArguments(arguments.length, 1); N.storage(storageKinds.get(this), "remove", String(key), ""); }
        clear() { N.storage(storageKinds.get(this), "clear", "", ""); }
    }

    class Crypto {
        getRandomValues(array) { requireArguments(arguments.length, 1); return fillRandom(array); }
        randomUUID() { return randomUUID(); }
        get subtle() { return undefined; }
    }
    familyClasses([Performance, Screen, MediaQueryList, Storage, Crypto]);
    return { Performance, Screen, MediaQueryList, Storage, Crypto };
});

// ---------------------------------------------------------------------------------------------
// Style sheets (CSSOM §6): `document.styleSheets`, `<style>` and `<link>` elements' `sheet`,
// their rules, and `insertRule`/`deleteRule`, whose edits the cascade reads (the native side
// keeps the edited sheet's text; see StyleSheetEditing.swift).

/// The CSSStyleSheet of a `<style>` or `<link rel=stylesheet>` element: null while it is not in a
/// document or not CSS; one object per element.
function styleSheetOf(element) {
    const id = idOf(element);
    if (!N.connected(id)) return null;
    const tag = N.tag(id);
    const type = N.attr(id, "type");
    if (type !== null && type.trim() !== "" && type.trim().toLowerCase() !== "text/css") return null;
    if (tag === "link") {
        const rel = " " + (N.attr(id, "rel") ?? "").toLowerCase().replace(/[\t\n\f\r ]+/g, " ") + " ";
        if (!rel.includes(" stylesheet ") || rel.includes(" alternate ") || (N.attr(id, "href") ?? "") === "") return null;
    }
    return sameObject(element, "sheet", () => {
        const CSSStyleSheet = styleSheetInterface("CSSStyleSheet");
        return new CSSStyleSheet(KEY, element);
    });
}

const styleSheetInterface = lazyFamily(() => {
    const ruleTypes = { STYLE_RULE: 1, CHARSET_RULE: 2, IMPORT_RULE: 3, MEDIA_RULE: 4, FONT_FACE_RULE: 5, PAGE_RULE: 6,
        KEYFRAMES_RULE: 7, KEYFRAME_RULE: 8, NAMESPACE_RULE: 10, COUNTER_STYLE_RULE: 11, SUPPORTS_RULE: 12, FONT_FEATURE_VALUES_RULE: 14 };

    class MediaList {
        #read;
        constructor(key, read) { if (key !== KEY) throw typeError("Illegal constructor"); this.#read = read; }
        #items() { return this.#read().split(",").map((part) => part.trim()).filter((part) => part !== ""); }
        get mediaText() { return this.#items().join(", "); }
        get length() { return this.#items().length; }
        item(index) { const items = this.#items(); index = index >>> 0; return index < items.length ? items[index] : null; }
        toString() { return this.mediaText; }
    }

    class StyleSheet {
        #owner;
        constructor(key, owner) { if (key !== KEY) throw typeError("Illegal constructor"); this.#owner = owner; }
        get type() { return "text/css"; }
        get href() {
            if (this.#owner.localName !== "link") return null;
            return this.#owner.href;
        }
        get ownerNode() { return this.#owner; }
        get parentStyleSheet() { return null; }
        get title() { return N.attr(idOf(this.#owner), "title"); }
        get media() { return sameObject(this, "media", () => new MediaList(KEY, () => N.attr(idOf(this.#owner), "media") ?? "")); }
        get disabled() { return false; }
        set disabled(value) {}
    }

    class CSSStyleSheet extends StyleSheet {
        #text = null; #rules = []; #list = null;
        constructor(key, owner) { super(key, owner); }
        get ownerRule() { return null; }
        /// The rule objects, kept by position across this sheet's own edits and made again
        /// when the element's text changed.
        #current() {
            const id = idOf(this.ownerNode);
            if (this.ownerNode.localName === "link") return this.#rules;
            const text = N.sheetText(id);
            if (text !== this.#text) {
                this.#rules = [];
                this.#refresh(id);
            }
            return this.#rules;
        }
        #refresh(id) {
            const data = N.sheetRules(id);
            for (let i = 0; i < data.length; i++) {
                const [type, interfaceName] = data[i];
                let rule = this.#rules[i];
                if (rule === undefined || ruleState.get(rule).interfaceName !== interfaceName) {
                    rule = makeRule(interfaceName);
                    this.#rules[i] = rule;
                }
                const state = ruleState.get(rule);
                state.sheet = this; state.data = data[i]; state.interfaceName = interfaceName; state.index = i; state.type = type;
            }
            this.#rules.length = data.length;
            this.#text = N.sheetText(id);
        }
        get cssRules() {
            if (this.#list === null) this.#list = legacyObject(new CSSRuleList(KEY, () => this.#current()), ruleListHandler);
            return this.#list;
        }
        get rules() { return this.cssRules; }
        #edit(operation, index, text) {
            const id = idOf(this.ownerNode);
            if (this.ownerNode.localName === "link") throw domError("NotSupportedError", "Linked style sheets cannot be edited in webnav.");
            this.#current();
            const result = N.sheetEdit(id, operation, index, text);
            if (result === -1) throw domError("SyntaxError", "The string did not match the expected pattern.");
            if (result === -2) throw domError("IndexSizeError", "The index is not in the allowed range.");
            if (operation === "insert") this.#rules.splice(index, 0, undefined);
            else if (operation === "delete") this.#rules.splice(index, 1);
            this.#refresh(id);
            if (operation === "delete") return undefined;
            return result;
        }
        insertRule(rule, index = 0) {
            requireArguments(arguments.length, 1);
            return this.#edit("insert", index >>> 0, String(rule));
        }
        deleteRule(index) {
            requireArguments(arguments.length, 1);
            this.#edit("delete", index >>> 0, "");
        }
        addRule(selector = "undefined", style = "undefined", index = undefined) {
            const at = index === undefined ? this.#current().length : index >>> 0;
            this.#edit("insert", at, String(selector) + " { " + String(style) + " }");
            return -1;
        }
        removeRule(index = 0) { this.deleteRule(index); }
        /// Replaces the rule at `index` (a style rule's `selectorText` or `style` set).
        replaceRuleAt(key, index, text) {
            if (key !== KEY) throw typeError("Illegal invocation");
            this.#edit("replace", index, text);
        }
    }

    class StyleSheetList {
        #compute;
        constructor(key, compute) { if (key !== KEY) throw typeError("Illegal constructor"); this.#compute = compute; }
        get length() { return this.#compute().length; }
        item(index) { const sheets = this.#compute(); index = index >>> 0; return index < sheets.length ? sheets[index] : null; }
    }

    class CSSRuleList {
        #compute;
        constructor(key, compute) { if (key !== KEY) throw typeError("Illegal constructor"); this.#compute = compute; }
        get length() { return this.#compute().length; }
        item(index) { const rules = this.#compute(); index = index >>> 0; return index < rules.length ? rules[index] : null; }
    }
    legacyMembers(CSSRuleList);
    legacyMembers(StyleSheetList);
    const ruleListHandler = legacyHandler(CSSRuleList.prototype);
    const sheetListHandler = legacyHandler(StyleSheetList.prototype);
    arrayIteration(CSSRuleList, false);
    arrayIteration(StyleSheetList, false);

    /// Each rule object's sheet, position and native data ([type, interface, cssText, prelude, declarations]).
    const ruleState = new WeakMap();

    class CSSRule {
        constructor(key) { if (key !== KEY) throw typeError("Illegal constructor"); }
        get type() { return ruleState.get(this).type; }
        get cssText() { return ruleState.get(this).data[2]; }
        set cssText(value) {}
        get parentStyleSheet() { return ruleState.get(this).sheet; }
        get parentRule() { return null; }
    }
    for (const name in ruleTypes) {
        ObjectDefine(CSSRule, name, { value: ruleTypes[name], enumerable: true });
        ObjectDefine(CSSRule.prototype, name, { value: ruleTypes[name], enumerable: true });
    }

    /// Rewrites a style rule through its sheet with a new selector or declarations.
    function replaceStyleRule(rule, selector, declarations) {
        const state = ruleState.get(rule);
        state.sheet.replaceRuleAt(KEY, state.index, selector + " { " + declarations + " }");
    }

    class CSSStyleRule extends CSSRule {
        get selectorText() { return ruleState.get(this).data[3]; }
        set selectorText(value) {
            const state = ruleState.get(this);
            try { replaceStyleRule(this, String(value), state.data[4]); } catch (error) {}
        }
        get style() {
            return sameObject(this, "style", () => new CSSStyleDeclaration(KEY, null, {
                rule: this,
                read: () => ruleState.get(this).data[4],
                write: (text) => replaceStyleRule(this, ruleState.get(this).data[3], text),
            }));
        }
    }
    class CSSGroupingRule extends CSSRule {
        get cssRules() { return sameObject(this, "cssRules", () => legacyObject(new CSSRuleList(KEY, () => []), ruleListHandler)); }
    }
    class CSSConditionRule extends CSSGroupingRule {
        get conditionText() { return ruleState.get(this).data[3]; }
    }
    class CSSMediaRule extends CSSConditionRule {
        get media() { return sameObject(this, "media", () => new MediaList(KEY, () => ruleState.get(this).data[3])); }
    }
    class CSSSupportsRule extends CSSConditionRule {}
    class CSSKeyframesRule extends CSSRule {
        get name() { return ruleState.get(this).data[3]; }
        get cssRules() { return sameObject(this, "cssRules", () => legacyObject(new CSSRuleList(KEY, () => []), ruleListHandler)); }
    }
    class CSSImportRule extends CSSRule {
        get href() { return ruleState.get(this).data[3]; }
        get media() { return sameObject(this, "media", () => new MediaList(KEY, () => "")); }
        get styleSheet() { return null; }
    }
    class CSSFontFaceRule extends CSSRule {
        get style() {
            return sameObject(this, "style", () => new CSSStyleDeclaration(KEY, null, {
                rule: this, read: () => ruleState.get(this).data[4], write: () => {},
            }));
        }
    }
    class CSSPageRule extends CSSFontFaceRule {
        get selectorText() { return ruleState.get(this).data[3]; }
    }
    class CSSNamespaceRule extends CSSRule {
        get prefix() { const parts = ruleState.get(this).data[3].split(" "); return parts.length > 1 ? parts[0] : ""; }
    }
    class CSSLayerBlockRule extends CSSGroupingRule {
        get name() { return ruleState.get(this).data[3]; }
    }
    class CSSLayerStatementRule extends CSSRule {
        get nameList() { return ruleState.get(this).data[3].split(",").map((name) => name.trim()); }
    }
    const ruleClasses = { CSSStyleRule, CSSMediaRule, CSSSupportsRule, CSSKeyframesRule, CSSImportRule, CSSFontFaceRule,
        CSSPageRule, CSSNamespaceRule, CSSLayerBlockRule, CSSLayerStatementRule };
    function makeRule(interfaceName) {
        const rule = new (ruleClasses[interfaceName] ?? CSSRule)(KEY);
        ruleState.set(rule, { sheet: null, data: [0, interfaceName, "", "", ""], interfaceName, index: 0, type: 0 });
        return rule;
    }

    /// `document.styleSheets`: the sheets of the document's style and link elements, in tree order.
    function documentStyleSheets(document) {
        const ids = N.query(idOf(document), "style, link", true);
        const sheets = [];
        if (typeof ids !== "object") return sheets;
        for (let i = 0; i < ids.length; i++) {
            const sheet = styleSheetOf(wrap(ids[i]));
            if (sheet !== null) sheets[sheets.length] = sheet;
        }
        return sheets;
    }
    function styleSheetList(document) {
        return sameObject(document, "styleSheets", () => legacyObject(new StyleSheetList(KEY, () => documentStyleSheets(document)), sheetListHandler));
    }

    familyClasses([MediaList, StyleSheet, CSSStyleSheet, StyleSheetList, CSSRuleList, CSSRule, CSSStyleRule, CSSGroupingRule,
        CSSConditionRule, CSSMediaRule, CSSSupportsRule, CSSKeyframesRule, CSSImportRule, CSSFontFaceRule, CSSPageRule,
        CSSNamespaceRule, CSSLayerBlockRule, CSSLayerStatementRule]);
    ObjectDefine(MediaList.prototype, SymbolToStringTag, { value: "MediaList", configurable: true });
    return { MediaList, StyleSheet, CSSStyleSheet, StyleSheetList, CSSRuleList, CSSRule, CSSStyleRule, CSSGroupingRule,
        CSSConditionRule, CSSMediaRule, CSSSupportsRule, CSSKeyframesRule, CSSImportRule, CSSFontFaceRule, CSSPageRule,
        CSSNamespaceRule, CSSLayerBlockRule, CSSLayerStatementRule, styleSheetList };
});

// ---------------------------------------------------------------------------------------------
// Blobs, files, fetch and XMLHttpRequest: made on a global object's first use of one of them
// (most pages use none), so a new page's context does not pay for their classes.

const pendingLoads = new Map();

function deliverLoad(token, response, error) {
    const done = pendingLoads.get(token);
    pendingLoads.delete(token);
    if (done !== undefined) done(response, error);
}

let madeNetworkInterfaces;

/// This global object's network family, made on first use.
function networkInterfaces() {
    if (madeNetworkInterfaces === undefined) madeNetworkInterfaces = makeNetworkInterfaces();
    return madeNetworkInterfaces;
}

/// The network family's interface `name`, the family made on first use.
function networkInterface(name) {
    return networkInterfaces()[name];
}

/// Whether a value is a Blob: none exists before the family is made.
function isBlob(value) {
    return madeNetworkInterfaces !== undefined && value instanceof madeNetworkInterfaces.Blob;
}

function makeNetworkInterfaces() {
    class Blob {
        #bytes; #type;
        constructor(parts = [], options = {}) {
            const bytes = [];
            if (parts !== null && typeof parts === "object" && typeof parts[Symbol.iterator] === "function") {
                for (const part of parts) {
                    if (part instanceof Blob) for (const byte of part.#bytes) bytes.push(byte);
                    else if (part instanceof ArrayBuffer) for (const byte of new Uint8Array(part)) bytes.push(byte);
                    else if (ArrayBuffer.isView(part)) for (const byte of new Uint8Array(part.buffer, part.byteOffset, part.byteLength)) bytes.push(byte);
                    else for (const byte of utf8Encode(String(part))) bytes.push(byte);
                }
            } else if (parts !== undefined) {
                throw typeError("Value is not a sequence");
            }
            this.#bytes = Uint8Array.from(bytes);
            const type = options && options.type !== undefined ? String(options.type) : "";
            this.#type = /^[\x20-\x7e]*$/.test(type) ? type.toLowerCase() : "";
        }
        static bytesOf(blob) { return blob.#bytes; }
        get size() { return this.#bytes.length; }
        get type() { return this.#type; }
        slice(start = 0, end = this.#bytes.length, type = "") {
            const size = this.#bytes.length;
            const from = start < 0 ? Math.max(size + start, 0) : Math.min(start, size);
            const to = end < 0 ? Math.max(size + end, 0) : Math.min(end, size);
            return new Blob([this.#bytes.slice(from, Math.max(from, to))], { type });
        }
        text() { return OriginalPromise.resolve(utf8Decode(this.#bytes)); }
        arrayBuffer() { return OriginalPromise.resolve(this.#bytes.slice().buffer); }
        bytes() { return OriginalPromise.resolve(this.#bytes.slice()); }
    }

    class File extends Blob {
        #name; #lastModified;
        constructor(parts, name, options = {}) {
            requireArguments(arguments.length, 2);
            super(parts, options);
            this.#name = String(name);
            this.#lastModified = options && options.lastModified !== undefined ? Number(options.lastModified) : N.now();
        }
        get name() { return this.#name; }
        get lastModified() { return this.#lastModified; }
        get webkitRelativePath() { return ""; }
    }

    class FileReader extends EventTarget {
        #state = 0; #result = null; #error = null; #token = 0;
        get readyState() { return this.#state; }
        get result() { return this.#result; }
        get error() { return this.#error; }
        #read(blob, method, encoding) {
            if (!isBlob(blob)) throw argumentError("FileReader", method, 1, "blob", "Blob");
            if (this.#state === 1) throw domError("InvalidStateError");
            this.#state = 1;
            this.#result = null;
            const token = ++this.#token;
            const bytes = Blob.bytesOf(blob);
            postTask(() => {
                if (token !== this.#token) return;
                dispatch(this, makeEvent("ProgressEvent", "loadstart", { lengthComputable: true, loaded: 0, total: bytes.length }), true);
                if (token !== this.#token) return;
                switch (method) {
                case "readAsDataURL":
                    this.#result = "data:" + (blob.type || "application/octet-stream") + ";base64," + bytesToBase64(bytes);
                    break;
                case "readAsText":
                    this.#result = new (encodingInterface("TextDecoder"))(encoding === undefined ? "utf-8" : encoding in decoderLabels ? encoding : "utf-8").decode(bytes);
                    break;
                case "readAsArrayBuffer":
                    this.#result = bytes.slice().buffer;
                    break;
                default: {
                    let text = "";
                    for (const byte of bytes) text += String.fromCharCode(byte);
                    this.#result = text;
                }
                }
                this.#state = 2;
                dispatch(this, makeEvent("ProgressEvent", "progress", { lengthComputable: true, loaded: bytes.length, total: bytes.length }), true);
                dispatch(this, makeEvent("ProgressEvent", "load", { lengthComputable: true, loaded: bytes.length, total: bytes.length }), true);
                dispatch(this, makeEvent("ProgressEvent", "loadend", { lengthComputable: true, loaded: bytes.length, total: bytes.length }), true);
            });
        }
        readAsDataURL(blob) { this.#read(blob, "readAsDataURL"); }
        readAsText(blob, encoding) { this.#read(blob, "readAsText", encoding); }
        readAsArrayBuffer(blob) { this.#read(blob, "readAsArrayBuffer"); }
        readAsBinaryString(blob) { this.#read(blob, "readAsBinaryString"); }
        abort() {
            if (this.#state !== 1) return;
            this.#token++;
            this.#state = 2;
            this.#result = null;
            dispatch(this, makeEvent("ProgressEvent", "abort"), true);
            dispatch(this, makeEvent("ProgressEvent", "loadend"), true);
        }
    }
    for (const [name, value] of [["EMPTY", 0], ["LOADING", 1], ["DONE", 2]]) {
        ObjectDefine(FileReader, name, { value, enumerable: true });
        ObjectDefine(FileReader.prototype, name, { value, enumerable: true });
    }
    defineHandlerProperties(FileReader.prototype, ["loadstart", "progress", "load", "loadend", "abort", "error"]);

    // fetch and XMLHttpRequest, through the host's resource reader in later tasks

    function binaryToBytes(binary) {
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i) & 255;
        return bytes;
    }

    function bytesToBinary(bytes) {
        let out = "";
        for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
        return out;
    }

    /// Starts a load: blob: and data: URLs are answered here, others by the host; `done` gets
    /// [status, statusText, url, headers (flat), text, token] or an error message, in a later task.
    function startLoad(kind, method, url, headers, body, done, mode = null, credentials = null) {
        if (url.startsWith("blob:")) {
            const blob = blobURLs.get(url);
            postTask(() => {
                if (blob === undefined) { done(null, "Load failed"); return; }
                const bytes = Blob.bytesOf(blob);
                const token = N.keepBytes(bytesToBinary(bytes));
                done([200, "OK", url, ["Content-Type", blob.type, "Content-Length", String(bytes.length)], utf8Decode(bytes), token], null);
            });
            return;
        }
        if (/^data:/i.test(url)) {
            postTask(() => {
                const match = /^data:([^,]*?)(;base64)?,(.*)$/is.exec(url);
                if (match === null) { done(null, "Load failed"); return; }
                let bytes;
                if (match[2]) bytes = base64ToBytes(decodeURIComponent(match[3]));
                else bytes = utf8Encode(decodeURIComponent(match[3]));
                if (bytes === null) { done(null, "Load failed"); return; }
                const array = Uint8Array.from(bytes);
                const token = N.keepBytes(bytesToBinary(array));
                done([200, "OK", url, ["Content-Type", match[1] || "text/plain;charset=US-ASCII"], utf8Decode(array), token], null);
            });
            return;
        }
        const token = N.load(kind, method, url, headers, body === null ? null : body, mode, credentials);
        pendingLoads.set(token, done);
    }

    function bodyToBinary(body) {
        if (body === null || body === undefined) return [null, null];
        if (body instanceof Blob) return [bytesToBinary(Blob.bytesOf(body)), body.type || null];
        if (body instanceof ArrayBuffer) return [bytesToBinary(new Uint8Array(body)), null];
        if (ArrayBuffer.isView(body)) return [bytesToBinary(new Uint8Array(body.buffer, body.byteOffset, body.byteLength)), null];
        if (isURLSearchParams(body)) return [bytesToBinary(Uint8Array.from(utf8Encode(body.toString()))), "application/x-www-form-urlencoded;charset=UTF-8"];
        if (body instanceof FormData) {
            const URLSearchParams = urlInterface("URLSearchParams");
            const params = new URLSearchParams();
            for (const [name, value] of body) params.append(name, value instanceof Blob ? "" : value);
            return [bytesToBinary(Uint8Array.from(utf8Encode(params.toString()))), "application/x-www-form-urlencoded;charset=UTF-8"];
        }
        return [bytesToBinary(Uint8Array.from(utf8Encode(String(body)))), "text/plain;charset=UTF-8"];
    }

    class Headers {
        #list = [];
        constructor(init) {
            if (init instanceof Headers) this.#list = init.#list.map((pair) => pair.slice());
            else if (Array.isArray(init)) for (const [name, value] of init) this.append(name, value);
            else if (init !== undefined && init !== null) for (const key of Object.keys(init)) this.append(key, init[key]);
        }
        append(name, value) { this.#list.push([String(name).toLowerCase(), String(value).trim()]); }
        delete(name) { name = String(name).toLowerCase(); this.#list = this.#list.filter((p) => p[0] !== name); }
        get(name) {
            name = String(name).toLowerCase();
            const values = this.#list.filter((p) => p[0] === name).map((p) => p[1]);
            return values.length ? values.join(", ") : null;
        }
        has(name) { name = String(name).toLowerCase(); return this.#list.some((p) => p[0] === name); }
        set(name, value) { this.delete(name); this.append(name, value); }
        forEach(callback, thisArg) { for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this); }
        *entries() {
            const names = [...new Set(this.#list.map((p) => p[0]))].sort();
            for (const name of names) yield [name, this.get(name)];
        }
        *keys() { for (const [name] of this.entries()) yield name; }
        *values() { for (const [, value] of this.entries()) yield value; }
        [Symbol.iterator]() { return this.entries(); }
        flat() { const out = []; for (const [name, value] of this.#list) out.push(name, value); return out; }
    }

    class Body {
        #used = false;
        consume() {
            if (this.#used) return OriginalPromise.reject(typeError("Body is disturbed or locked"));
            this.#used = true;
            return null;
        }
        get bodyUsed() { return this.#used; }
    }

    const requestModes = ["cors", "no-cors", "same-origin", "navigate"];
    const credentialsModes = ["omit", "same-origin", "include"];

    class Request extends Body {
        #url; #method; #headers; #body; #signal; #mode = "cors"; #credentials = "same-origin";
        constructor(input, init = {}) {
            super();
            if (input instanceof Request) {
                this.#url = input.url; this.#method = input.method; this.#headers = new Headers(input.headers); this.#body = input.#body;
                this.#mode = input.#mode; this.#credentials = input.#credentials;
            } else {
                const resolved = N.resolve(String(input));
                if (resolved === null) throw typeError("Type error");
                this.#url = resolved; this.#method = "GET"; this.#headers = new Headers(); this.#body = null;
            }
            init = init || {};
            if (init.method !== undefined) this.#method = String(init.method).toUpperCase();
            if (init.headers !== undefined) this.#headers = new Headers(init.headers);
            if (init.mode !== undefined) {
                const mode = String(init.mode);
                if (!requestModes.includes(mode)) throw typeError("Type error");
                if (mode === "navigate") throw typeError("Cannot construct a Request with a RequestInit whose mode member is set as 'navigate'.");
                this.#mode = mode;
            }
            if (init.credentials !== undefined) {
                const credentials = String(init.credentials);
                if (!credentialsModes.includes(credentials)) throw typeError("Type error");
                this.#credentials = credentials;
            }
            if (init.body !== undefined && init.body !== null) {
                if (this.#method === "GET" || this.#method === "HEAD") throw typeError("Request has method 'GET' and cannot have a body");
                this.#body = init.body;
            }
            this.#signal = init.signal || null;
        }
        get url() { return this.#url; }
        get method() { return this.#method; }
        get headers() { return this.#headers; }
        get signal() { return this.#signal; }
        get bodyValue() { return this.#body; }
        get credentials() { return this.#credentials; }
        get mode() { return this.#mode; }
        get cache() { return "default"; }
        get redirect() { return "follow"; }
        clone() { return new Request(this); }
    }

    class Response extends Body {
        #status; #statusText; #url; #headers; #text; #token; #type = "default";
        constructor(body = null, init = {}) {
            super();
            init = init || {};
            this.#status = init.status === undefined ? 200 : init.status | 0;
            this.#statusText = init.statusText === undefined ? "" : String(init.statusText);
            this.#headers = new Headers(init.headers);
            this.#url = "";
            if (body === null || body === undefined) { this.#text = ""; this.#token = -1; this.bytesValue = new Uint8Array(0); }
            else if (body instanceof Blob) { this.bytesValue = Blob.bytesOf(body); this.#text = utf8Decode(this.bytesValue); this.#token = -1; }
            else { this.bytesValue = Uint8Array.from(utf8Encode(String(body))); this.#text = String(body); this.#token = -1; }
        }
        static fromLoad(parts) {
            const response = new Response();
            response.#status = parts[0];
            response.#statusText = parts[1];
            response.#url = parts[2];
            const headers = new Headers();
            for (let i = 0; i + 1 < parts[3].length; i += 2) headers.append(parts[3][i], parts[3][i + 1]);
            response.#headers = headers;
            response.#text = parts[4];
            response.#token = parts[5];
            response.#type = parts[6] || "basic";
            response.bytesValue = null;
            return response;
        }
        static error() { const response = new Response(); response.#status = 0; response.#type = "error"; return response; }
        static json(data, init) { return new Response(JSON.stringify(data), init); }
        get status() { return this.#status; }
        get statusText() { return this.#statusText; }
        get ok() { return this.#status >= 200 && this.#status < 300; }
        get url() { return this.#url; }
        get headers() { return this.#headers; }
        get redirected() { return false; }
        get type() { return this.#type; }
        get body() { return null; }
        #bytes() {
            if (this.bytesValue === null) this.bytesValue = binaryToBytes(N.bytes(this.#token));
            return this.bytesValue;
        }
        text() { return this.consume() ?? OriginalPromise.resolve(this.#text); }
        json() { return this.consume() ?? new OriginalPromise((resolve) => resolve(JSON.parse(this.#text))); }
        arrayBuffer() { return this.consume() ?? OriginalPromise.resolve(this.#bytes().slice().buffer); }
        blob() { return this.consume() ?? OriginalPromise.resolve(new Blob([this.#bytes()], { type: this.#headers.get("content-type") || "" })); }
        formData() { return this.consume() ?? OriginalPromise.reject(typeError("Type error")); }
        clone() {
            const copy = Response.fromLoad([this.#status, this.#statusText, this.#url, this.#headers.flat(), this.#text, this.#token, this.#type]);
            copy.bytesValue = this.bytesValue;
            return copy;
        }
    }

    class AbortSignal extends EventTarget {
        #aborted = false; #reason = undefined;
        constructor(key) { if (key !== KEY) throw typeError("Illegal constructor"); super(); }
        static abort(reason) { const signal = new AbortSignal(KEY); signal.abortWith(reason); return signal; }
        static timeout(ms) { const signal = new AbortSignal(KEY); setTimeout(() => signal.abortWith(domError("TimeoutError")), ms); return signal; }
        get aborted() { return this.#aborted; }
        get reason() { return this.#reason; }
        throwIfAborted() { if (this.#aborted) throw this.#reason; }
        abortWith(reason) {
            if (this.#aborted) return;
            this.#aborted = true;
            this.#reason = reason === undefined ? domError("AbortError") : reason;
            dispatch(this, new Event("abort"), true);
        }
    }
    defineHandlerProperties(AbortSignal.prototype, ["abort"]);

    class AbortController {
        #signal = new AbortSignal(KEY);
        get signal() { return this.#signal; }
        abort(reason) { this.#signal.abortWith(reason); }
    }

    function fetch(input, init) {
        let request;
        try {
            request = new Request(input, init);
        } catch (error) {
            return OriginalPromise.reject(error);
        }
        return new OriginalPromise((resolve, reject) => {
            const signal = request.signal;
            if (signal !== null && signal.aborted) { reject(signal.reason); return; }
            let settled = false;
            if (signal !== null) signal.addEventListener("abort", () => { if (!settled) { settled = true; reject(signal.reason); } });
            const [body, type] = bodyToBinary(request.bodyValue);
            const headers = request.headers.flat();
            if (type !== null && !request.headers.has("content-type")) headers.push("content-type", type);
            startLoad("fetch", request.method, request.url, headers, body, (parts, error) => {
                if (settled) return;
                settled = true;
                if (parts === null) reject(typeError(error || "Load failed"));
                else resolve(Response.fromLoad(parts));
            }, request.mode, request.credentials);
        });
    }

    class XMLHttpRequestEventTarget extends EventTarget {}
    defineHandlerProperties(XMLHttpRequestEventTarget.prototype, ["loadstart", "progress", "abort", "error", "load", "timeout", "loadend"]);
    class XMLHttpRequestUpload extends XMLHttpRequestEventTarget {}

    class XMLHttpRequest extends XMLHttpRequestEventTarget {
        #state = 0; #method = "GET"; #url = ""; #async = true; #headers = []; #sent = false; #generation = 0;
        #status = 0; #statusText = ""; #responseURL = ""; #responseHeaders = []; #text = ""; #token = -1;
        #responseType = ""; #timeout = 0; #withCredentials = false; #upload = new XMLHttpRequestUpload(); #mime = null; #document = undefined;
        get readyState() { return this.#state; }
        get status() { return this.#status; }
        get statusText() { return this.#statusText; }
        get responseURL() { return this.#responseURL; }
        get responseType() { return this.#responseType; }
        set responseType(value) {
            if (this.#state === 4 || this.#state === 3) throw domError("InvalidStateError");
            value = String(value);
            if (["", "text", "json", "arraybuffer", "blob", "document"].includes(value)) this.#responseType = value;
        }
        get timeout() { return this.#timeout; }
        set timeout(value) { this.#timeout = value >>> 0; }
        get withCredentials() { return this.#withCredentials; }
        set withCredentials(value) { this.#withCredentials = !!value; }
        get upload() { return this.#upload; }
        get responseText() {
            if (this.#responseType !== "" && this.#responseType !== "text") throw domError("InvalidStateError");
            return this.#state === 3 || this.#state === 4 ? this.#text : "";
        }
        get responseXML() {
            if (this.#responseType !== "" && this.#responseType !== "document") throw domError("InvalidStateError");
            return this.#documentResponse();
        }
        /// XHR's "document response": an HTML document only for responseType "document", an XML
        /// document for XML types (null when it is not well-formed), made once per response.
        #documentResponse() {
            if (this.#state !== 4) return null;
            if (this.#document !== undefined) return this.#document;
            const essence = (this.#mime ?? this.getResponseHeader("content-type") ?? "text/xml").split(";")[0].trim().toLowerCase() || "text/xml";
            const html = essence === "text/html";
            const xml = essence === "text/xml" || essence === "application/xml" || /^[^\/]+\/[^\/]+\+xml$/.test(essence);
            let made = null;
            if (html && this.#responseType === "document") made = wrap(N.parseDocument(this.#text, "text/html", false));
            else if (xml) {
                const id = N.parseDocument(this.#text, essence, true);
                made = id < 0 ? null : wrap(id);
            }
            this.#document = made;
            return made;
        }
        get response() {
            if (this.#responseType === "" || this.#responseType === "text") return this.responseText;
            if (this.#state !== 4 || this.#status === 0) return null;
            switch (this.#responseType) {
            case "json": try { return JSON.parse(this.#text); } catch (e) { return null; }
            case "arraybuffer": return binaryToBytes(N.bytes(this.#token)).buffer;
            case "blob": return new Blob([binaryToBytes(N.bytes(this.#token))], { type: this.getResponseHeader("content-type") || "" });
            case "document": return this.#documentResponse();
            }
            return null;
        }
        open(method, url, async = true) {
            requireArguments(arguments.length, 2);
            const resolved = N.resolve(String(url));
            if (resolved === null) throw domError("SyntaxError");
            this.#generation++;
            this.#method = String(method).toUpperCase();
            this.#url = resolved;
            this.#async = arguments.length < 3 ? true : !!async;
            this.#headers = [];
            this.#sent = false;
            this.#status = 0; this.#statusText = ""; this.#text = ""; this.#responseHeaders = []; this.#responseURL = "";
            this.#document = undefined;
            if (this.#state !== 1) {
                this.#state = 1;
                dispatch(this, new Event("readystatechange"), false);
            }
        }
        setRequestHeader(name, value) {
            requireArguments(arguments.length, 2);
            if (this.#state !== 1 || this.#sent) throw domError("InvalidStateError");
            this.#headers.push(String(name), String(value));
        }
        overrideMimeType(mime) { this.#mime = String(mime); }
        getResponseHeader(name) {
            if (this.#state < 2) return null;
            name = String(name).toLowerCase();
            const values = [];
            for (let i = 0; i + 1 < this.#responseHeaders.length; i += 2) {
                if (this.#responseHeaders[i].toLowerCase() === name) values.push(this.#responseHeaders[i + 1]);
            }
            return values.length ? values.join(", ") : null;
        }
        getAllResponseHeaders() {
            if (this.#state < 2) return "";
            const lines = [];
            for (let i = 0; i + 1 < this.#responseHeaders.length; i += 2) lines.push(this.#responseHeaders[i].toLowerCase() + ": " + this.#responseHeaders[i + 1]);
            return lines.sort().map((line) => line + "\r\n").join("");
        }
        send(body = null) {
            if (this.#state !== 1 || this.#sent) throw domError("InvalidStateError");
            this.#sent = true;
            const [payload, type] = this.#method === "GET" || this.#method === "HEAD" ? [null, null] : bodyToBinary(body);
            const headers = this.#headers.slice();
            if (type !== null && !headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === "content-type")) headers.push("Content-Type", type);
            const generation = this.#generation;
            if (!this.#async) {
                const parts = N.loadSync(this.#method, this.#url, headers, payload, "cors", this.#withCredentials ? "include" : "same-origin");
                if (typeof parts === "string") {
                    this.#state = 4;
                    dispatch(this, new Event("readystatechange"), false);
                    throw domError("NetworkError");
                }
                this.#finish(parts);
                return;
            }
            dispatch(this, makeEvent("ProgressEvent", "loadstart"), false);
            startLoad("xhr", this.#method, this.#url, headers, payload, (parts, error) => {
                if (generation !== this.#generation || !this.#sent) return;
                if (parts === null) {
                    this.#state = 4;
                    this.#status = 0;
                    dispatch(this, new Event("readystatechange"), true);
                    dispatch(this, makeEvent("ProgressEvent", "error"), true);
                    dispatch(this, makeEvent("ProgressEvent", "loadend"), true);
                    return;
                }
                this.#finish(parts);
            }, "cors", this.#withCredentials ? "include" : "same-origin");
        }
        #finish(parts) {
            [this.#status, this.#statusText, this.#responseURL, this.#responseHeaders, this.#text, this.#token] = parts;
            const length = this.#text.length;
            this.#state = 2;
            if (this.#async) dispatch(this, new Event("readystatechange"), true);
            this.#state = 3;
            if (this.#async) {
                dispatch(this, new Event("readystatechange"), true);
                dispatch(this, makeEvent("ProgressEvent", "progress", { lengthComputable: true, loaded: length, total: length }), true);
            }
            this.#state = 4;
            dispatch(this, new Event("readystatechange"), this.#async);
            dispatch(this, makeEvent("ProgressEvent", "load", { lengthComputable: true, loaded: length, total: length }), this.#async);
            dispatch(this, makeEvent("ProgressEvent", "loadend", { lengthComputable: true, loaded: length, total: length }), this.#async);
        }
        abort() {
            this.#generation++;
            if ((this.#state === 1 && this.#sent) || this.#state === 2 || this.#state === 3) {
                this.#state = 4;
                this.#sent = false;
                dispatch(this, new Event("readystatechange"), false);
                dispatch(this, makeEvent("ProgressEvent", "abort"), false);
                dispatch(this, makeEvent("ProgressEvent", "loadend"), false);
            }
            this.#state = 0;
        }
    }
    for (const [name, value] of [["UNSENT", 0], ["OPENED", 1], ["HEADERS_RECEIVED", 2], ["LOADING", 3], ["DONE", 4]]) {
        ObjectDefine(XMLHttpRequest, name, { value, enumerable: true });
        ObjectDefine(XMLHttpRequest.prototype, name, { value, enumerable: true });
    }
    defineHandlerProperties(XMLHttpRequest.prototype, ["readystatechange"]);
    for (const cls of [Blob, File, FileReader, Headers, Body, Request, Response, AbortController, AbortSignal, XMLHttpRequest,
        XMLHttpRequestEventTarget, XMLHttpRequestUpload]) {
        markClass(cls);
    }
    platformClasses.push(Headers, Body, Blob);
    markNative(fetch);
    return { Blob, File, FileReader, Headers, Request, Response, AbortController, AbortSignal, XMLHttpRequest,
        XMLHttpRequestEventTarget, XMLHttpRequestUpload, fetch };
}

// ---------------------------------------------------------------------------------------------
// Mutation observers (DOM §4.3): each node's registered observers (transient ones on nodes
// removed from an observed subtree, until the next delivery), records queued as the DOM
// changes (1-core.js) and as the parser inserts nodes, delivered in a microtask in the order
// the observers were made.

/// Registered observers by node ID: { observer, node, options, source } (source: the
/// registration a transient one comes from, else null).
const registeredObservers = new Map();
let mutationDeliveryScheduled = false;

let deliverMutationsTo;

const mutationInterface = lazyFamily(() => {
    const recordFields = new WeakMap();
    const field = (record, name) => {
        const fields = record !== null && typeof record === "object" ? WeakMapGet(recordFields, record) : undefined;
        if (fields === undefined) throw typeError("The MutationRecord." + name + " getter can only be used on instances of MutationRecord");
        return fields[name];
    };
    class MutationRecord {
        constructor(key, fields) {
            if (key !== KEY) throw typeError("Illegal constructor");
            WeakMapSet(recordFields, this, fields);
        }
        get type() { return field(this, "type"); }
        get target() { return field(this, "target"); }
        get addedNodes() { return field(this, "addedNodes"); }
        get removedNodes() { return field(this, "removedNodes"); }
        get previousSibling() { return field(this, "previousSibling"); }
        get nextSibling() { return field(this, "nextSibling"); }
        get attributeName() { return field(this, "attributeName"); }
        get attributeNamespace() { return field(this, "attributeNamespace"); }
        get oldValue() { return field(this, "oldValue"); }
    }

    /// Every observer made, in order (DOM's "mutation observers" of the agent), weakly.
    const observers = [];

    class MutationObserver {
        #callback; #records = []; #nodes = [];
        constructor(callback) {
            requireArguments(arguments.length, 1);
            if (typeof callback !== "function") throw typeError("Argument 1 ('callback') to the MutationObserver constructor must be a function");
            this.#callback = callback;
            observers.push(new WeakRef(this));
        }
        static {
            queueMutationRecord = (type, target, name, oldValue, added, removed, previous, next, namespace = null) => {
                const interested = new Map();
                const targetID = idOf(target);
                for (let id = targetID; id >= 0; id = N.parent(id)) {
                    const list = MapGet(registeredObservers, id);
                    if (list === undefined) continue;
                    for (const registration of list) {
                        const options = registration.options;
                        if (id !== targetID && !options.subtree) continue;
                        if (type === "attributes") {
                            if (!options.attributes) continue;
                            if (options.attributeFilter !== null && !options.attributeFilter.includes(name)) continue;
                        } else if (type === "characterData") {
                            if (!options.characterData) continue;
                        } else if (!options.childList) continue;
                        const observer = registration.observer;
                        if (!interested.has(observer)) interested.set(observer, null);
                        if ((type === "attributes" && options.attributeOldValue) || (type === "characterData" && options.characterDataOldValue)) {
                            interested.set(observer, oldValue);
                        }
                    }
                }
                if (type === "childList" && removed.length) addTransientObservers(targetID, removed);
                for (const [observer, old] of interested) {
                    observer.#records.push(new MutationRecord(KEY, {
                        type, target, addedNodes: staticArray(added), removedNodes: staticArray(removed),
                        previousSibling: previous, nextSibling: next, attributeName: name, attributeNamespace: namespace,
                        oldValue: old,
                    }));
                }
                if (interested.size && !mutationDeliveryScheduled && mayQueueMicrotask()) {
                    mutationDeliveryScheduled = true;
                    promiseThen.call(resolvedPromise, deliverMutations);
                }
            };
            deliverMutationsTo = () => {
                mutationDeliveryScheduled = false;
                const notify = [];
                forEachLive(observers, (observer) => notify.push(observer));
                for (const observer of notify) {
                    const records = observer.#records;
                    observer.#records = [];
                    observer.#dropTransients();
                    if (records.length) {
                        try { ReflectApply(observer.#callback, observer, [records, observer]); } catch (error) { reportException(error); }
                    }
                }
            };
        }
        #dropTransients() {
            for (const node of this.#nodes) {
                const id = idOf(node), list = MapGet(registeredObservers, id);
                if (list === undefined) continue;
                const kept = list.filter((r) => r.observer !== this || r.source === null);
                if (kept.length !== list.length) setRegistrations(id, kept);
            }
            this.#nodes = this.#nodes.filter((node) => (MapGet(registeredObservers, idOf(node)) ?? []).some((r) => r.observer === this));
        }
        observe(target, options = {}) {
            requireArguments(arguments.length, 1);
            nodeArgument(target, "MutationObserver", "observe", 1, "target");
            if (options === null || (typeof options !== "object" && typeof options !== "function")) {
                if (options !== undefined && options !== null) throw typeError("Type error");
                options = {};
            }
            // The dictionary's members, in WebIDL's (lexicographic) order.
            const attributeFilter = options.attributeFilter === undefined ? null : sequenceOfStrings(options.attributeFilter);
            const attributeOldValue = options.attributeOldValue === undefined ? undefined : !!options.attributeOldValue;
            let attributes = options.attributes === undefined ? undefined : !!options.attributes;
            let characterData = options.characterData === undefined ? undefined : !!options.characterData;
            const characterDataOldValue = options.characterDataOldValue === undefined ? undefined : !!options.characterDataOldValue;
            const childList = !!options.childList;
            const subtree = !!options.subtree;
            if ((attributeOldValue !== undefined || attributeFilter !== null) && attributes === undefined) attributes = true;
            if (characterDataOldValue !== undefined && characterData === undefined) characterData = true;
            if (!childList && !attributes && !characterData) {
                throw typeError("The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.");
            }
            if (attributeOldValue && !attributes) throw typeError("The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present.");
            if (attributeFilter !== null && !attributes) throw typeError("The options object may only set 'attributeFilter' when 'attributes' is true or not present.");
            if (characterDataOldValue && !characterData) throw typeError("The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present.");
            const normalized = {
                childList, attributes: !!attributes, characterData: !!characterData, subtree,
                attributeOldValue: !!attributeOldValue, characterDataOldValue: !!characterDataOldValue, attributeFilter,
            };
            const id = idOf(target);
            const list = MapGet(registeredObservers, id) ?? [];
            const existing = list.find((r) => r.observer === this && r.source === null);
            if (existing !== undefined) {
                for (const node of this.#nodes) {
                    const nodeID = idOf(node), registrations = MapGet(registeredObservers, nodeID);
                    if (registrations !== undefined) setRegistrations(nodeID, registrations.filter((r) => r.source !== existing));
                }
                existing.options = normalized;
            } else {
                list.push({ observer: this, node: target, options: normalized, source: null });
                setRegistrations(id, list);
                if (!this.#nodes.includes(target)) this.#nodes.push(target);
            }
            N.observeParser(true);
        }
        disconnect() {
            for (const node of this.#nodes) {
                const id = idOf(node), list = MapGet(registeredObservers, id);
                if (list !== undefined) setRegistrations(id, list.filter((r) => r.observer !== this));
            }
            this.#nodes = [];
            this.#records = [];
            if (observedMutations === 0) N.observeParser(false);
        }
        takeRecords() { const records = this.#records; this.#records = []; return records; }
        static {
            addTransientObservers = (parentID, removed) => {
                for (let id = parentID; id >= 0; id = N.parent(id)) {
                    const list = MapGet(registeredObservers, id);
                    if (list === undefined) continue;
                    for (const registration of list) {
                        if (!registration.options.subtree) continue;
                        for (const node of removed) {
                            const nodeID = idOf(node);
                            const transient = { observer: registration.observer, node, options: registration.options, source: registration };
                            setRegistrations(nodeID, (MapGet(registeredObservers, nodeID) ?? []).concat([transient]));
                            const observer = registration.observer;
                            if (!observer.#nodes.includes(node)) observer.#nodes.push(node);
                        }
                    }
                }
            };
        }
    }

    function sequenceOfStrings(value) {
        if (value === null || typeof value !== "object" || typeof value[SymbolIterator] !== "function") {
            throw typeError("Value is not a sequence");
        }
        return Array.from(value, (item) => toDOMString(item));
    }

    familyClasses([MutationObserver, MutationRecord]);
    return { MutationObserver, MutationRecord };
});

let addTransientObservers = null;

/// Sets a node's registered observers (none: the node leaves the map), keeping
/// `observedMutations` the number of registrations, which the DOM's changes test.
function setRegistrations(id, list) {
    const before = MapGet(registeredObservers, id);
    observedMutations -= before === undefined ? 0 : before.length;
    if (list.length) { MapSet(registeredObservers, id, list); observedMutations += list.length; }
    else MapDelete(registeredObservers, id);
}

function staticArray(nodes) {
    const list = nodes.slice();
    return staticNodeList(list.map((node) => idOf(node)));
}

/// Records for the nodes the parser inserted since the last pause (their IDs in the order
/// they went in), as the parser's insertions queue them: one for each node, on its parent.
function parserInserted(ids) {
    if (observedMutations === 0) return;
    if (slotWatch !== 0) {
        const parents = new Set();
        for (let i = 0; i < ids.length; i++) {
            const parent = N.parent(ids[i]);
            if (parent >= 0 && !SetHas(parents, parent)) { SetAdd(parents, parent); slotTreeChanged(parent, null); }
        }
        if (observedMutations === slotWatch) return;
    }
    const order = new Map();
    for (let i = 0; i < ids.length; i++) order.set(ids[i], i);
    for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if (order.get(id) !== i) continue;
        const parent = N.parent(id);
        if (parent < 0) continue;
        let previous = N.prev(id), next = N.next(id);
        while (previous >= 0 && order.has(previous) && order.get(previous) > i) previous = N.prev(previous);
        while (next >= 0 && order.has(next) && order.get(next) > i) next = N.next(next);
        childListMutation(wrap(parent), [wrap(id)], [], wrap(previous), wrap(next));
    }
}

/// The mutation observers' microtask: their callbacks, then the signalled slots' `slotchange`.
function deliverMutations() {
    mutationDeliveryScheduled = false;
    if (deliverMutationsTo !== undefined) deliverMutationsTo();
    if (signalSlots.length) fireSlotChanges();
}
