// Shared by the DOM prelude and the native side's prelude: Scripts/generate-prelude.py appends
// this file to each (a function declaration, so hoisted; each context gets its own copy).

/// A value in tagged JSON's object form (ResultValueCoding.swift), as WebKit's serialisation
/// takes it; null when something in it has no native form: a function, a symbol, a Promise
/// (`PromiseType`), a cycle, or a value `isOpaque` names. Dates are `DateType`'s instances.
function taggedValue(value, DateType, PromiseType, isOpaque) {
    const seen = new Set();
    const unsupported = {};
    const step = (input, nested) => {
        if (input === undefined) return nested === "array" ? { t: "n" } : { t: "u" };
        if (input === null) return { t: "n" };
        switch (typeof input) {
        case "boolean": return { t: "b", v: input };
        case "number": return Number.isFinite(input) ? { t: "d", v: input } : { t: "x", v: String(input) };
        case "string": return { t: "s", v: input };
        case "object": break;
        default: throw unsupported;
        }
        if (input instanceof DateType) return { t: "D", v: input.getTime() };
        if (input instanceof PromiseType || isOpaque(input) || seen.has(input)) throw unsupported;
        seen.add(input);
        let result;
        if (Array.isArray(input)) {
            const items = [];
            for (let i = 0; i < input.length; i++) items.push(i in input ? step(input[i], "array") : { t: "n" });
            result = { t: "a", v: items };
        } else {
            const entries = [];
            for (const key in input) {
                const item = input[key];
                if (item === undefined) continue;
                entries.push([key, step(item, "object")]);
            }
            result = { t: "o", v: entries };
        }
        seen.delete(input);
        return result;
    };
    try {
        return step(value, null);
    } catch (error) {
        if (error === unsupported) return null;
        throw error;
    }
}
