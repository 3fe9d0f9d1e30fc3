// Shared by the DOM prelude and the native side's prelude: Scripts/generate-prelude.py appends
// this file to each (function declarations only, so hoisted; each context gets its own copy).

/// A value as tagged JSON text (ResultValueCoding.swift), as WebKit's serialisation takes it:
/// strings, finite numbers, booleans and null are themselves and arrays are arrays, so a long
/// array costs its elements and nothing more; objects are tagged: {"t":"u"} undefined,
/// {"t":"x","v":"NaN"} NaN, the infinities and -0, {"t":"D","v":ms} a Date (`DateType`; "NaN" when
/// invalid), {"t":"o","v":[[key, value], …]} an object. Null when something in it has no native
/// form (a function, a symbol, a Promise (`PromiseType`), a cycle, or a value `isOpaque` names);
/// false when the text would be longer than `limit` characters, found before it is made.
function taggedJSON(value, DateType, PromiseType, isOpaque, limit) {
    const seen = new Set();
    const unsupported = {}, tooLarge = {};
    let size = 0;
    const grow = (characters) => { if ((size += characters) > limit) throw tooLarge; };
    const step = (input, nested) => {
        switch (typeof input) {
        case "string": grow(input.length + 2); return input;
        case "boolean": grow(5); return input;
        case "number":
            grow(1);
            if (input === 0 && 1 / input < 0) return { t: "x", v: "-0" };
            return Number.isFinite(input) ? input : { t: "x", v: String(input) };
        case "undefined": grow(4); return nested === "array" ? null : { t: "u" };
        case "object": break;
        default: throw unsupported;
        }
        if (input === null) { grow(4); return null; }
        if (input instanceof DateType) {
            grow(16);
            const time = input.getTime();
            return { t: "D", v: Number.isFinite(time) ? time : "NaN" };
        }
        if (input instanceof PromiseType || isOpaque(input) || seen.has(input)) throw unsupported;
        seen.add(input);
        let result;
        if (Array.isArray(input)) {
            const length = input.length;
            grow(2 + length);
            result = new Array(length);
            for (let i = 0; i < length; i++) result[i] = i in input ? step(input[i], "array") : null;
        } else {
            const entries = [];
            grow(16);
            for (const key in input) {
                const item = input[key];
                if (item === undefined) continue;
                grow(key.length + 6);
                entries.push([key, step(item, "object")]);
            }
            result = { t: "o", v: entries };
        }
        seen.delete(input);
        return result;
    };
    let tagged;
    try {
        tagged = step(value, null);
    } catch (error) {
        if (error === unsupported) return null;
        if (error === tooLarge) return false;
        throw error;
    }
    const json = JSONStringify(tagged);
    return json.length > limit ? false : json;
}

/// Tagged JSON (above) as values of this global object, dates made by `DateType`. Arrays are
/// reused in place: the text was parsed for this call alone.
function revivedValue(json, DateType) {
    const revive = (item) => {
        if (item === null || typeof item !== "object") return item;
        if (Array.isArray(item)) {
            for (let i = 0; i < item.length; i++) item[i] = revive(item[i]);
            return item;
        }
        switch (item.t) {
        case "x": return Number(item.v);
        case "D": return new DateType(item.v === "NaN" ? NaN : item.v);
        case "o": {
            const object = {};
            for (let i = 0; i < item.v.length; i++) {
                ObjectDefine(object, item.v[i][0], { value: revive(item.v[i][1]), writable: true, enumerable: true, configurable: true });
            }
            return object;
        }
        default: return undefined;
        }
    };
    return revive(JSONParse(json));
}
