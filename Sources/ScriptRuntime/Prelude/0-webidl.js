// What the generated bindings (BindingsGenerator, from IDL/*.webidl) call: WebIDL's value
// conversions, brand checks with WebKit's messages, the interface objects' layout and HTML's
// reflection rules. Every built-in they use is captured here, before any page script runs, so a
// page that replaces Array, Map, Reflect, Object or Function.prototype members cannot break or
// subvert them.

const FunctionCall = Function.prototype.call;
/// `f` as a function of its receiver and arguments, immune to later changes of `call`.
const uncurryThis = (f) => FunctionCall.bind(f);
const ReflectApply = Reflect.apply;
const ReflectConstruct = Reflect.construct;
const ReflectSet = Reflect.set;
const ReflectGet = Reflect.get;
const ReflectDefineProperty = Reflect.defineProperty;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectDefineProperty = Object.defineProperty;
const StringFromValue = String;
const StringFromCharCode = String.fromCharCode;
const TypeErrorConstructor = TypeError;
const MathTrunc = Math.trunc;
const MathFloor = Math.floor;
const MathMin = Math.min;
const MathMax = Math.max;
const NumberIsFinite = Number.isFinite;
const BigIntFromNumber = BigInt;
const BigIntAsIntN = BigInt.asIntN;
const BigIntAsUintN = BigInt.asUintN;
const NumberFromValue = Number;
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const MapGet = uncurryThis(Map.prototype.get);
const MapSet = uncurryThis(Map.prototype.set);
const MapDelete = uncurryThis(Map.prototype.delete);
const MapHas = uncurryThis(Map.prototype.has);
const ObjectIs = Object.is;
const WeakRefDeref = uncurryThis(WeakRef.prototype.deref);
const WeakMapGet = uncurryThis(WeakMap.prototype.get);
const SetHas = uncurryThis(Set.prototype.has);
const SetAdd = uncurryThis(Set.prototype.add);
const SetDelete = uncurryThis(Set.prototype.delete);
const WeakMapSet = uncurryThis(WeakMap.prototype.set);
const StringCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringSlice = uncurryThis(String.prototype.slice);
const StringToLowerCase = uncurryThis(String.prototype.toLowerCase);
const StringIndexOf = uncurryThis(String.prototype.indexOf);
const StringIncludes = uncurryThis(String.prototype.includes);
const RegExpExec = uncurryThis(RegExp.prototype.exec);
const StringToWellFormed = String.prototype.toWellFormed === undefined ? null : uncurryThis(String.prototype.toWellFormed);

// ---------------------------------------------------------------------------------------------
// Interface objects and brand checks

/// What the page world's global objects share once the page has a frame (5-frames.js); null until then.
let frameLink = null;

/// Each interface object's names: its own and its ancestors' (a null-prototype object, so
/// nothing a page adds to Object.prototype reads as a brand).
const interfaceBrands = new Map();

/// Records an interface object, the one its wrappers are made with, and its parent's.
function registerInterface(F, name, Parent) {
    const brands = { __proto__: null };
    const inherited = Parent === null ? undefined : MapGet(interfaceBrands, Parent);
    if (inherited !== undefined) for (const key in inherited) brands[key] = true;
    brands[name] = true;
    MapSet(interfaceBrands, F, brands);
}

/// Whether `value` is a platform object implementing interface `name`: a wrapper (a Proxy of
/// one or an object merely inheriting from its prototype is not) made with that interface or
/// one inheriting from it.
function implementsInterface(value, name) {
    if (value === null || typeof value !== "object" || !isNode(value)) return false;
    let brands = MapGet(interfaceBrands, interfaceOf(value));
    // A wrapper made by a frame's window (or its parent) carries that global object's interfaces.
    if (brands === undefined && frameLink !== null) brands = foreignBrands(value);
    return brands !== undefined && brands[name] === true;
}

/// Kinds of member a brand check guards: their TypeErrors say it as WebKit's bindings do.
const brandGetter = 0, brandSetter = 1, brandOperation = 2;

function brandError(name, member, kind) {
    if (kind === brandGetter) return typeError("The " + name + "." + member + " getter can only be used on instances of " + name);
    if (kind === brandSetter) return typeError("The " + name + "." + member + " setter can only be used on instances of " + name);
    return typeError("Can only call " + name + "." + member + " on instances of " + name);
}

/// The `this` check of interface `name`'s members: returns the object or throws.
function brandCheck(F, name) {
    return (value, member, kind) => {
        if (implementsInterface(value, name)) return value;
        throw brandError(name, member, kind);
    };
}

/// Lays out an interface object as WebIDL §3.7 does: its [[Prototype]] the parent interface
/// object, `prototype` neither writable nor enumerable nor configurable, `constructor`
/// not enumerable, `Symbol.toStringTag` the interface's name.
function finishInterface(F, P, Parent, name) {
    ObjectSetPrototypeOf(F, Parent);
    ObjectDefineProperty(F, "prototype", { value: P, writable: false });
    ObjectDefineProperty(P, "constructor", { value: F, writable: true, enumerable: false, configurable: true });
    ObjectDefineProperty(P, SymbolToStringTag, { value: name, writable: false, enumerable: false, configurable: true });
    registerInterface(F, name, Parent);
}

/// The prototype of an interface with [LegacyOverrideBuiltIns] named properties (HTMLFormElement):
/// a proxy that answers an instance's lookups with its named property, when it has one, before the
/// prototype's members. (`in` cannot see them: a prototype's [[HasProperty]] gets no receiver.)
function overridingNamedPrototype(P, name, namedProperty) {
    const proxy = new Proxy(P, {
        get(target, key, receiver) {
            if (typeof key === "string" && receiver !== proxy && typeof receiver === "object" && receiver !== null && isNode(receiver)
                && implementsInterface(receiver, name)) {
                const value = namedProperty(receiver, key);
                if (value !== undefined) return value;
            }
            return ReflectGet(target, key, receiver);
        },
    });
    return proxy;
}

/// A constant on the interface object and its prototype (enumerable, read-only, permanent).
function defineConstant(F, P, name, value) {
    ObjectDefineProperty(F, name, { value, writable: false, enumerable: true, configurable: false });
    ObjectDefineProperty(P, name, { value, writable: false, enumerable: true, configurable: false });
}

/// The value a [SameObject] attribute returns every time: made once per object.
function sameObject(self, key, make) {
    const cache = cacheOf(self);
    let value = cache[key];
    if (value === undefined) {
        value = make(self);
        cache[key] = value;
    }
    return value;
}

/// A [Replaceable] attribute's setter: the object gets an own data property (WebIDL §3.7.6).
function replaceAttribute(self, key, value) {
    ReflectDefineProperty(self, key, { value, writable: true, enumerable: true, configurable: true });
}

/// [CEReactions]: the custom element reactions stack's push and pop around a member. Nothing
/// is queued until custom elements exist; the depth is kept so they can be added here.
let reactionsDepth = 0;
function enterReactions() { reactionsDepth += 1; }
function leaveReactions() { reactionsDepth -= 1; }

function notEnoughArguments() { return typeError("Not enough arguments"); }

// ---------------------------------------------------------------------------------------------
// Conversions (WebIDL §3.2)

function toDOMString(V) {
    if (typeof V === "string") return V;
    if (typeof V === "symbol") throw typeError("Cannot convert a symbol to a string");
    return StringFromValue(V);
}

/// A USVString: lone surrogates become U+FFFD.
function toUSVString(V) {
    const text = toDOMString(V);
    if (StringToWellFormed !== null) return StringToWellFormed(text);
    let result = "";
    for (let i = 0; i < text.length; i++) {
        const code = StringCharCodeAt(text, i);
        if (code >= 0xD800 && code <= 0xDBFF && i + 1 < text.length) {
            const next = StringCharCodeAt(text, i + 1);
            if (next >= 0xDC00 && next <= 0xDFFF) { result += StringSlice(text, i, i + 2); i++; continue; }
        }
        result += code >= 0xD800 && code <= 0xDFFF ? "\ufffd" : StringSlice(text, i, i + 1);
    }
    return result;
}

function toByteString(V) {
    const text = toDOMString(V);
    for (let i = 0; i < text.length; i++) {
        if (StringCharCodeAt(text, i) > 255) throw typeError("Value is not a valid ByteString");
    }
    return text;
}

/// ToNumber: a Symbol or a BigInt throws, as WebIDL's conversions do.
function toNumber(V) { return +V; }

function toFiniteNumber(V) {
    const x = +V;
    if (!NumberIsFinite(x)) throw typeError("The provided value is non-finite");
    return x;
}

// Integers modulo 2^bits (WebIDL §3.2.4, ConvertToInt without [EnforceRange] or [Clamp]).
function toInteger8(V) { return (+V << 24) >> 24; }
function toIntegerU8(V) { return +V & 0xFF; }
function toInteger16(V) { return (+V << 16) >> 16; }
function toIntegerU16(V) { return +V & 0xFFFF; }
function toInteger32(V) { return +V | 0; }
function toIntegerU32(V) { return +V >>> 0; }
function toInteger64(V) {
    const x = +V;
    return NumberIsFinite(x) ? NumberFromValue(BigIntAsIntN(64, BigIntFromNumber(MathTrunc(x)))) : 0;
}
function toIntegerU64(V) {
    const x = +V;
    return NumberIsFinite(x) ? NumberFromValue(BigIntAsUintN(64, BigIntFromNumber(MathTrunc(x)))) : 0;
}

/// [EnforceRange]: a value that is not finite or out of range throws WebKit's TypeError.
function enforceRange(V, minimum, maximum) {
    let x = +V;
    if (!NumberIsFinite(x)) throw typeError("Value " + x + " is outside the range [" + minimum + ", " + maximum + "]");
    x = MathTrunc(x);
    if (x < minimum || x > maximum) throw typeError("Value " + x + " is outside the range [" + minimum + ", " + maximum + "]");
    return x + 0;
}

/// [Clamp]: NaN is 0; the value is clamped, then rounded half to even.
function clampInteger(V, minimum, maximum) {
    let x = +V;
    if (x !== x) return 0;
    x = MathMin(MathMax(x, minimum), maximum);
    const floor = MathFloor(x);
    const fraction = x - floor;
    if (fraction > 0.5 || (fraction === 0.5 && floor % 2 !== 0)) return floor + 1 + 0;
    return floor + 0;
}

function toObject(V, context) {
    if (V === null || (typeof V !== "object" && typeof V !== "function")) throw typeError(context + " must be an object");
    return V;
}

function isObject(V) { return V !== null && (typeof V === "object" || typeof V === "function"); }

/// An interface type: a platform object implementing it, else WebKit's TypeError.
function toInterface(V, name, context) {
    if (implementsInterface(V, name)) return V;
    throw typeError(context + " must be an instance of " + name);
}

function isInterface(V, name) { return implementsInterface(V, name); }

function toEnumeration(V, values, context, name) {
    const text = toDOMString(V);
    for (let i = 0; i < values.length; i++) if (values[i] === text) return text;
    let list = "";
    for (let i = 0; i < values.length; i++) list += (i > 0 ? ", \"" : "\"") + values[i] + "\"";
    throw typeError(context + " must be one of: " + list);
}

function toCallback(V, context) {
    if (typeof V !== "function") throw typeError(context + " must be a function");
    return V;
}

/// [LegacyTreatNonObjectAsNull] callbacks (event handlers): anything not an object is null.
function toHandler(V) { return isObject(V) ? V : null; }

/// A callback interface (EventListener, NodeFilter): a function or an object.
function toCallbackInterface(V, context) {
    if (!isObject(V)) throw typeError(context + " must be an object");
    return V;
}

function isIterableObject(V) { return isObject(V) && typeof V[SymbolIterator] === "function"; }

/// A sequence: the value's iterator read to the end (WebIDL §3.2.18), each item converted.
function toSequence(V, convert, context) {
    if (!isObject(V)) throw typeError(context + " must be an object");
    const method = V[SymbolIterator];
    if (typeof method !== "function") throw typeError(context + " must be a sequence");
    const iterator = ReflectApply(method, V, []);
    if (!isObject(iterator)) throw typeError("Iterator result is not an object");
    const next = iterator.next;
    const result = [];
    for (let index = 0; ; index++) {
        const step = ReflectApply(next, iterator, []);
        if (!isObject(step)) throw typeError("Iterator result is not an object");
        if (step.done) return result;
        ObjectDefineProperty(result, index, { value: convert(step.value), writable: true, enumerable: true, configurable: true });
    }
}

/// A record: the object's own enumerable string keys in order, keys and values converted.
function toRecord(V, convertKey, convertValue, context) {
    if (!isObject(V)) throw typeError(context + " must be an object");
    const result = { __proto__: null };
    const keys = ReflectOwnKeys(V);
    for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (typeof key !== "string") continue;
        const descriptor = ReflectGetOwnPropertyDescriptor(V, key);
        if (descriptor === undefined || !descriptor.enumerable) continue;
        ObjectDefineProperty(result, convertKey(key), { value: convertValue(V[key]), writable: true, enumerable: true, configurable: true });
    }
    return result;
}

/// A dictionary: members are `[name, convert, required, default]` in WebIDL's order (inherited
/// first, each dictionary's sorted); undefined and null are the empty dictionary.
function toDictionary(V, members, context) {
    if (V !== undefined && V !== null && !isObject(V)) throw typeError(context + " must be an object");
    const result = { __proto__: null };
    for (let i = 0; i < members.length; i++) {
        const member = members[i];
        const value = V === undefined || V === null ? undefined : V[member[0]];
        if (value !== undefined) result[member[0]] = member[1](value);
        else if (member[2]) throw typeError("Member " + member[0] + " is required");
        else if (member[3] !== undefined) result[member[0]] = member[3];
    }
    return result;
}

function toPromise(V) { return OriginalPromise.resolve(V); }

/// Throws: a value no member type of a union accepts.
function unionError(context) { throw typeError(context + " is not of an accepted type"); }

/// Variadic arguments converted one by one.
function mapArguments(values, convert) {
    const result = [];
    for (let i = 0; i < values.length; i++) {
        ObjectDefineProperty(result, i, { value: convert(values[i]), writable: true, enumerable: true, configurable: true });
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// Reflected content attributes (HTML §2.6.1): the rules of the attribute's IDL type.

const maximumReflectedInteger = 2147483647;

function isASCIIWhitespace(code) { return code === 0x20 || code === 0x09 || code === 0x0A || code === 0x0C || code === 0x0D; }
function isASCIIDigit(code) { return code >= 0x30 && code <= 0x39; }

/// HTML's rules for parsing integers: NaN when the text holds none.
function parseHTMLInteger(text) {
    let i = 0;
    const length = text.length;
    while (i < length && isASCIIWhitespace(StringCharCodeAt(text, i))) i++;
    let sign = 1;
    if (i < length && StringCharCodeAt(text, i) === 0x2D) { sign = -1; i++; } else if (i < length && StringCharCodeAt(text, i) === 0x2B) i++;
    if (i >= length || !isASCIIDigit(StringCharCodeAt(text, i))) return NaN;
    let value = 0;
    while (i < length && isASCIIDigit(StringCharCodeAt(text, i))) {
        if (value <= 1e10) value = value * 10 + (StringCharCodeAt(text, i) - 0x30);
        i++;
    }
    return sign * value + 0;
}

function parseHTMLNonNegative(text) {
    const value = parseHTMLInteger(text);
    return value < 0 ? NaN : value;
}

/// HTML's rules for parsing floating-point number values: NaN when the text holds none.
function parseHTMLDouble(text) {
    let i = 0;
    const length = text.length;
    while (i < length && isASCIIWhitespace(StringCharCodeAt(text, i))) i++;
    const start = i;
    if (i < length && (StringCharCodeAt(text, i) === 0x2D || StringCharCodeAt(text, i) === 0x2B)) i++;
    const digits = i;
    while (i < length && isASCIIDigit(StringCharCodeAt(text, i))) i++;
    if (i < length && StringCharCodeAt(text, i) === 0x2E && i + 1 < length && isASCIIDigit(StringCharCodeAt(text, i + 1))) {
        i++;
        while (i < length && isASCIIDigit(StringCharCodeAt(text, i))) i++;
    }
    if (i === digits) return NaN;
    if (i < length && (StringCharCodeAt(text, i) === 0x65 || StringCharCodeAt(text, i) === 0x45)) {
        let j = i + 1;
        if (j < length && (StringCharCodeAt(text, j) === 0x2D || StringCharCodeAt(text, j) === 0x2B)) j++;
        if (j < length && isASCIIDigit(StringCharCodeAt(text, j))) {
            while (j < length && isASCIIDigit(StringCharCodeAt(text, j))) j++;
            i = j;
        }
    }
    const value = +StringSlice(text, start, i);
    return NumberIsFinite(value) ? value + 0 : NaN;
}

function contentAttribute(element, name) { return N.attr(idOf(element), name); }

/// Sets a content attribute as `setAttribute` does, with its mutation record.
function setAttributeValue(element, name, value) {
    const id = idOf(element);
    if (observedMutations > 0) attributeMutation(element, name, N.attr(id, name));
    if (name === "class" || name === "style" || name === "id") styleInputChanging(element, name, value);
    N.setAttr(id, name, value);
}

function removeAttributeValue(element, name) {
    const id = idOf(element);
    if (observedMutations > 0) {
        const old = N.attr(id, name);
        if (old !== null) attributeMutation(element, name, old);
    }
    N.removeAttr(id, name);
}

function reflectedString(element, name) { return contentAttribute(element, name) ?? ""; }
function reflectedNullableString(element, name) { return contentAttribute(element, name); }
function setReflectedNullable(element, name, value) {
    if (value === null) removeAttributeValue(element, name); else setAttributeValue(element, name, value);
}

function reflectedBoolean(element, name) { return contentAttribute(element, name) !== null; }
function setReflectedBoolean(element, name, value) {
    if (value) setAttributeValue(element, name, ""); else removeAttributeValue(element, name);
}

/// A USVString URL: the attribute resolved against the document's base URL and serialized as
/// the URL standard does (WebKit: `http://Example.COM:80/` reads `http://example.com/`); its
/// own text when it does not parse; "" when absent.
function reflectedURL(element, name) {
    const value = contentAttribute(element, name);
    if (value === null) return "";
    const resolved = N.resolve(value);
    if (resolved === null) return value;
    const parts = N.parseURL(resolved, null);
    return parts === null ? value : parts[0];
}

/// An enumerated attribute limited to only known values: its keyword in canonical case, else
/// the invalid value default; the missing value default when absent.
function reflectedKeyword(element, name, keywords, missing, invalid) {
    const value = contentAttribute(element, name);
    if (value === null) return missing;
    const lower = asciiLowercase(value);
    for (let i = 0; i < keywords.length; i++) if (StringToLowerCase(keywords[i]) === lower) return keywords[i];
    return invalid;
}

function asciiLowercase(text) {
    let result = "";
    for (let i = 0; i < text.length; i++) {
        const code = StringCharCodeAt(text, i);
        result += code >= 0x41 && code <= 0x5A ? StringFromCharCode(code + 32) : StringSlice(text, i, i + 1);
    }
    return result;
}

function reflectedLong(element, name, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLInteger(value);
    return number === number && number >= -2147483648 && number <= maximumReflectedInteger ? number : fallback;
}

/// A long limited to only non-negative numbers (default -1); setting a negative one throws.
function reflectedNonNegative(element, name, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLNonNegative(value);
    return number === number && number <= maximumReflectedInteger ? number : fallback;
}
function setReflectedNonNegative(element, name, value) {
    if (value < 0) throw domError("IndexSizeError");
    setAttributeValue(element, name, "" + value);
}

function reflectedUnsigned(element, name, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLNonNegative(value);
    return number === number && number <= maximumReflectedInteger ? number : fallback;
}
function setReflectedUnsigned(element, name, value, fallback) {
    setAttributeValue(element, name, "" + (value <= maximumReflectedInteger ? value : fallback));
}

/// An unsigned long limited to only positive numbers (default 1); setting 0 throws.
function reflectedPositive(element, name, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLNonNegative(value);
    return number === number && number > 0 && number <= maximumReflectedInteger ? number : fallback;
}
function setReflectedPositive(element, name, value, fallback) {
    if (value === 0) throw domError("IndexSizeError");
    setAttributeValue(element, name, "" + (value <= maximumReflectedInteger ? value : fallback));
}

/// An unsigned long clamped to [minimum, maximum] (colSpan, rowSpan).
function reflectedClampedUnsigned(element, name, minimum, maximum, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLNonNegative(value);
    if (number !== number) return fallback;
    return MathMin(MathMax(number, minimum), maximum);
}

function reflectedClampedLong(element, name, minimum, maximum, fallback) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLInteger(value);
    if (number !== number) return fallback;
    return MathMin(MathMax(number, minimum), maximum);
}

/// A double (limited to numbers greater than zero when `positive`).
function reflectedDouble(element, name, fallback, positive) {
    const value = contentAttribute(element, name);
    if (value === null) return fallback;
    const number = parseHTMLDouble(value);
    return number === number && (!positive || number > 0) ? number : fallback;
}
function setReflectedDouble(element, name, value, positive) {
    if (positive && !(value > 0)) return;
    setAttributeValue(element, name, "" + value);
}

// ---------------------------------------------------------------------------------------------
// Implementations: what the generated members call (one object per interface).

const implementationFactories = new Map();

/// Declares `make()`, which returns interface `name`'s implementation: for each member the
/// IDL does not reflect, a function of the (checked) object and the converted arguments
/// (`x(self)` and `setX(self, value)` for attributes, `op(self, ...arguments)` for operations).
function implementation(name, make) { MapSet(implementationFactories, name, make); }

/// The implementation of `name`, checked to hold every member the generated code calls.
function elementImplementation(name, members) {
    const make = MapGet(implementationFactories, name);
    const made = make === undefined ? { __proto__: null } : make();
    for (let i = 0; i < members.length; i++) {
        if (typeof made[members[i]] !== "function") throw new TypeErrorConstructor("webnav: " + name + " has no implementation of " + members[i]);
    }
    return made;
}
