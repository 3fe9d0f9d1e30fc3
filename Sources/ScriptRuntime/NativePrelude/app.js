// The native side of the simulated app (bridge.md §1, §2): a global object of its own, which
// no page can reach, holding the profile's handler and intercept functions and the `app`
// object they are handed.
//
// Evaluated once per native context as the body of `function (N, C)`: N holds the natives
// (ScriptRuntime/NativeApp.swift), C the values [bundleId, pushToken].

"use strict";
const G = globalThis;
const ObjectDefine = Object.defineProperty;
const JSONStringify = JSON.stringify;
const JSONParse = JSON.parse;
const promiseThen = Promise.prototype.then;
const functions = [];
const pendingRequests = new Map();

/// A value as tagged JSON (ResultValueCoding.swift), as WebKit's serialisation takes it; null
/// when something in it has no native form (a function, a symbol, a Promise, a cycle), false
/// when it is longer than the bridge's limit once serialised.
function convert(value) {
    return taggedJSON(value, Date, Promise, () => false, C[2]);
}

/// Tagged JSON as this context's values.
function revive(json) {
    return revivedValue(json, Date);
}

/// The text a throw gives the page as the error string: an error's message, else String(value).
function errorText(error) {
    if (error instanceof Error) return String(error.message);
    try { return String(error); } catch (e) { return "Error"; }
}

function isThenable(value) {
    return value !== null && (typeof value === "object" || typeof value === "function") && typeof value.then === "function";
}

function worldOption(options) {
    if (options === undefined || options === null || options.world === undefined) return "page";
    return String(options.world);
}

/// evaluateJavaScript / callAsyncJavaScript on the top screen, answered in a later task.
function request(kind, source, args, options) {
    let argumentsJSON = "";
    if (kind === "callAsync") {
        argumentsJSON = convert(args === undefined || args === null ? {} : args);
        if (typeof argumentsJSON !== "string" || !argumentsJSON.startsWith('{"t":"o"')) argumentsJSON = null;
    }
    return new Promise((resolve, reject) => {
        const token = N.evaluate(kind, String(source), argumentsJSON, worldOption(options));
        pendingRequests.set(token, [resolve, reject]);
    });
}

const app = {
    evaluate(js, options) { return request("evaluate", js, undefined, options); },
    callAsync(body, args, options) { return request("callAsync", body, args, options); },
    open(url) { N.request("open", String(url), ""); },
    alert(title, message) { N.request("alert", title === undefined ? "" : String(title), message === undefined ? "" : String(message)); },
    toast(text) { N.request("toast", String(text), ""); },
    restart() { N.request("restart", "", ""); },
    openStore(url) { N.request("openStore", String(url), ""); },
    saveDownload(file) {
        const details = file === undefined || file === null ? {} : file;
        const type = details.type === undefined || details.type === null ? "" : String(details.type);
        return N.saveDownload(String(details.data === undefined ? "" : details.data), details.name === undefined ? "" : String(details.name), type);
    },
    notify(payload, options) {
        const json = convert(payload);
        if (json === null) throw new TypeError("app.notify: the payload must be JSON-like (no functions or cycles)");
        if (json === false) throw new TypeError("app.notify: the payload is too large");
        const after = options === undefined || options === null ? 0 : Number(options.afterMs);
        N.notify(json, Number.isFinite(after) && after > 0 ? after : 0);
    },
    log(text) { N.request("log", String(text), ""); },
    uuid() { return N.uuid(); },
};
ObjectDefine(app, "bundleId", { value: C[0], enumerable: true });
ObjectDefine(app, "pushToken", { value: C[1], enumerable: true });
Object.freeze(app);
ObjectDefine(G, "console", { value: Object.freeze({ log(...items) { N.request("log", items.map(String).join(" "), ""); } }), writable: true, configurable: true });

function replyWith(token, value) {
    const json = convert(value);
    if (json === null) N.reply(token, false, "The result value passed back from the WKWebView API client was unable to be serialized");
    else if (json === false) N.reply(token, false, "The reply is too large to send to the page: longer than " + C[2] / 1048576 + " MB once serialised");
    else N.reply(token, true, json);
}

return function host(op, a, b, c, d, e) {
    switch (op) {
    case "define":
        if (typeof a !== "function") return false;
        functions.push(a);
        return true;
    case "message": {
        // a: function index, b: body (tagged JSON), c: [name, world, frameURL], d: token, e: replies
        const body = revive(b);
        const message = { name: c[0], world: c[1], frameURL: c[2], body };
        let result;
        try {
            result = functions[a](body, app, message);
        } catch (error) {
            if (e) N.reply(d, false, errorText(error));
            else {
                N.failed(String(error), error !== null && typeof error === "object" ? [error.sourceURL, error.line, error.column] : []);
                N.reply(d, true, "{\"t\":\"u\"}");
            }
            return;
        }
        if (!e) {
            N.reply(d, true, "{\"t\":\"u\"}");
        } else if (isThenable(result)) {
            try {
                promiseThen.call(Promise.resolve(result), (value) => replyWith(d, value), (error) => N.reply(d, false, errorText(error)));
            } catch (error) {
                N.reply(d, false, errorText(error));
            }
        } else {
            replyWith(d, result);
        }
        return;
    }
    case "intercept": {
        const result = functions[a](b, app);
        if (isThenable(result)) {
            promiseThen.call(Promise.resolve(result), undefined,
                (error) => N.failed("Unhandled Promise Rejection: " + String(error), error !== null && typeof error === "object" ? [error.sourceURL, error.line, error.column] : []));
        }
        return;
    }
    case "settle": {
        // a: token, b: ok, c: value (tagged JSON) or [code, description, message, line, column]
        const entry = pendingRequests.get(a);
        pendingRequests.delete(a);
        if (entry === undefined) return;
        if (b) {
            entry[0](revive(c));
        } else {
            const error = new Error(c[1]);
            ObjectDefine(error, "code", { value: c[0], writable: true, configurable: true });
            if (c[2] !== null) ObjectDefine(error, "exceptionMessage", { value: c[2], writable: true, configurable: true });
            if (c[3] !== null) ObjectDefine(error, "exceptionLine", { value: c[3], writable: true, configurable: true });
            if (c[4] !== null) ObjectDefine(error, "exceptionColumn", { value: c[4], writable: true, configurable: true });
            entry[1](error);
        }
        return;
    }
    }
};
