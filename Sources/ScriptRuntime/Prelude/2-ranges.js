// Ranges (DOM §5): AbstractRange, StaticRange and Range, whose boundary points follow every
// change of the tree (the "live range" steps of insert, remove, replace data, split text and
// normalize, run by 1-core.js through the functions below), and the window's Selection over
// one range (Selection API, as WebKit keeps it).

const ObjectCreate = Object.create;
const WeakRefConstructor = WeakRef;

// ---------------------------------------------------------------------------------------------
// The steps live ranges and node iterators take as the tree changes. 1-core.js calls them only
// while `liveRanges` or `liveIterators` hold something, before the change it names.

/// Calls `step` with each live object of `list` (weak references), dropping those gone.
function forEachLive(list, step) {
    for (let i = 0; i < list.length;) {
        const live = WeakRefDeref(list[i]);
        if (live === undefined) { list[i] = list[list.length - 1]; list.pop(); continue; }
        step(live);
        i += 1;
    }
}

/// The live-range steps: this global object's, made now when the live ranges it changes were
/// made by another of the page world's global objects (a frame's, 5-frames.js).
function liveRangeSteps() {
    if (rangeSteps === null) rangeInterface("Range");
    return rangeSteps;
}

/// How many siblings come before a node.
function childIndex(id) {
    let index = 0;
    for (let sibling = N.prev(id); sibling >= 0; sibling = N.prev(sibling)) index += 1;
    return index;
}

/// The removing steps (DOM "remove", steps 4 to 7, and NodeIterator's pre-removing steps),
/// before `childID` leaves `parentID`, where it has `index`; `previousIsNull` when the node
/// will have no previous sibling as it goes (a "remove all children" takes them in order).
function treeRemoving(parentID, childID, index, previousIsNull) {
    if (liveIterators.length) {
        if (nodeIteratorRemoving === null) traversalInterface("NodeIterator");
        forEachLive(liveIterators, (iterator) => nodeIteratorRemoving(iterator, childID, previousIsNull));
    }
    if (liveRanges.length === 0) return;
    const inside = insideTest(childID);
    for (let i = 0; i < liveRanges.length; i++) liveRangeSteps().removing(liveRanges[i], parentID, inside, index);
}

/// A test of whether a node ID is an inclusive descendant of `id`: a set of the subtree's IDs
/// when it is small (most removed nodes are leaves), else the native's.
function insideTest(id) {
    if (N.first(id) < 0) return (other) => other === id;
    const ids = new Set();
    const limit = 64;
    for (let node = id; node >= 0;) {
        ids.add(node);
        if (ids.size > limit) return (other) => inclusiveAncestor(id, other);
        let next = N.first(node);
        if (next < 0) {
            for (let up = node; up !== id && up >= 0; up = N.parent(up)) {
                next = N.next(up);
                if (next >= 0) break;
            }
        }
        node = next;
    }
    return (other) => ids.has(other);
}

/// The removing steps for every child of a node about to lose them all at once.
function treeRemovingChildren(parentID) {
    for (const child of N.children(parentID)) treeRemoving(parentID, child, 0, true);
}

/// Insert's steps before the change (DOM "insert", steps 4, 5 and 7's removal from the old
/// parent): `childID` (a node or a fragment) goes into `parentID` before `referenceID` (-1: last).
function treeInserting(parentID, childID, referenceID, isFragment) {
    let count = 1;
    if (isFragment) {
        const children = N.children(childID);
        for (const child of children) treeRemoving(childID, child, 0, true);
        count = children.length;
        if (count === 0) return;
    }
    if (referenceID >= 0 && liveRanges.length) {
        const index = childIndex(referenceID);
        for (let i = 0; i < liveRanges.length; i++) liveRangeSteps().shifting(liveRanges[i], parentID, index, count);
    }
    if (!isFragment) {
        const oldParent = N.parent(childID);
        if (oldParent >= 0) treeRemoving(oldParent, childID, childIndex(childID), N.prev(childID) < 0);
    }
}

/// Replace data's steps for live ranges (DOM "replace data", steps 8 to 11).
function rangesReplacingData(id, offset, count, added) {
    for (let i = 0; i < liveRanges.length; i++) liveRangeSteps().replacingData(liveRanges[i], id, offset, count, added);
}

/// Split text's steps for live ranges (DOM "split a Text node", steps 7.2 to 7.5), after the
/// new node went in.
function rangesSplittingText(id, newID, offset, parentID, index) {
    for (let i = 0; i < liveRanges.length; i++) liveRangeSteps().splittingText(liveRanges[i], id, newID, offset, parentID, index);
}

/// Normalize's steps for live ranges (DOM "normalize", steps 6.5.1 to 6.5.4): `currentID`'s
/// data is being merged into `nodeID`, whose data was `length` long.
function rangesMergingText(currentID, nodeID, length, parentID, index) {
    for (let i = 0; i < liveRanges.length; i++) liveRangeSteps().mergingText(liveRanges[i], currentID, nodeID, length, parentID, index);
}

/// `Node.normalize` run step by step (DOM "normalize"), so that mutation records and live
/// ranges see each change; the native does it at once when nothing follows the tree.
function normalizeStepByStep(root) {
    const texts = [];
    const pending = [idOf(root)];
    while (pending.length) {
        const id = pending.pop();
        const children = N.children(id);
        for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
        if (id !== idOf(root) && N.kind(id) === 3) texts.push(id);
    }
    for (const id of texts) {
        const parentID = N.parent(id);
        if (parentID < 0) continue;
        let length = N.data(id).length;
        if (length === 0) { removeNode(wrap(parentID), wrap(id)); continue; }
        let data = "";
        for (let sibling = N.next(id); sibling >= 0 && N.kind(sibling) === 3; sibling = N.next(sibling)) data += N.data(sibling);
        if (data === "") continue;
        replaceCharacterData(wrap(id), length, 0, data);
        for (let current = N.next(id); current >= 0 && N.kind(current) === 3; current = N.next(current)) {
            if (liveRanges.length) rangesMergingText(current, id, length, parentID, childIndex(current));
            length += N.data(current).length;
        }
        for (let sibling = N.next(id); sibling >= 0 && N.kind(sibling) === 3; sibling = N.next(id)) {
            removeNode(wrap(parentID), wrap(sibling));
        }
    }
}

/// Makes a range live: its boundary points (`b`) join `liveRanges`, which holds them, not
/// the range, so that the steps never keep a range alive; those of ranges gone are dropped
/// whenever the list has doubled.
function followTree(range, b) {
    b.range = new WeakRefConstructor(range);
    if (liveRanges.length >= liveRangesPruneAt) {
        let kept = 0;
        for (let i = 0; i < liveRanges.length; i++) {
            if (WeakRefDeref(liveRanges[i].range) !== undefined) liveRanges[kept++] = liveRanges[i];
        }
        liveRanges.length = kept;
        liveRangesPruneAt = MathMax(64, kept * 2);
    }
    liveRanges.push(b);
}
let liveRangesPruneAt = 64;

/// The steps ranges take, set by the family when it is made (only then can there be any).
let rangeSteps = null;
/// The document `createRange` was called on, for the Range it constructs next.
let rangeStartDocument = null;

// ---------------------------------------------------------------------------------------------
// Boundary points over node IDs

/// A node's length (DOM §4.2): 0 for a doctype or an attribute, the data's for character
/// data, else its number of children.
function nodeLength(node) {
    const type = node.nodeType;
    if (type === 10 || type === 2) return 0;
    if (type === 3 || type === 4 || type === 7 || type === 8) return N.data(idOf(node)).length;
    return N.children(idOf(node)).length;
}

/// A node's root: an attribute (not in the tree) is its own.
function rootOfNode(node) {
    const id = idOf(node);
    return id < 0 ? node : wrap(N.root(id));
}

function isCharacterData(node) {
    const type = node.nodeType;
    return type === 3 || type === 4 || type === 7 || type === 8;
}

/// Whether `a` is an inclusive ancestor of `b` (IDs).
function inclusiveAncestor(a, b) {
    return a === b || (a >= 0 && b >= 0 && N.contains(a, b));
}

/// The position of boundary point (a, offsetA) relative to (b, offsetB) in the same tree
/// (DOM §5.2): -1 before, 0 equal, 1 after.
function comparePoints(a, offsetA, b, offsetB) {
    const idA = idOf(a), idB = idOf(b);
    if (idA === idB) return offsetA === offsetB ? 0 : offsetA < offsetB ? -1 : 1;
    if (N.position(idB, idA) & 4) return -comparePoints(b, offsetB, a, offsetA);
    if (N.contains(idA, idB)) {
        let child = idB;
        while (N.parent(child) !== idA) child = N.parent(child);
        if (childIndex(child) < offsetA) return 1;
    }
    return -1;
}

// ---------------------------------------------------------------------------------------------
// The family

const rangeInterface = lazyFamily(() => {
    const docType = (node) => node.nodeType === 10;

    /// DOM's AbstractRange: what StaticRange and Range share.
    class AbstractRange {
        constructor() { throw typeError("Illegal constructor"); }
        get startContainer() { return boundaries(this).startNode; }
        get startOffset() { return boundaries(this).startOffset; }
        get endContainer() { return boundaries(this).endNode; }
        get endOffset() { return boundaries(this).endOffset; }
        get collapsed() {
            const b = boundaries(this);
            return b.startNode === b.endNode && b.startOffset === b.endOffset;
        }
    }
    /// Each range's boundary points, by range (the private state AbstractRange's getters read).
    const boundaryTable = new WeakMap();
    function boundaries(range) {
        const b = range !== null && typeof range === "object" ? WeakMapGet(boundaryTable, range) : undefined;
        if (b === undefined) throw typeError("The AbstractRange.startContainer getter can only be used on instances of AbstractRange");
        return b;
    }
    function makeBoundaries(range, node, offset) {
        const b = { startNode: node, startOffset: offset, endNode: node, endOffset: offset, selection: null };
        WeakMapSet(boundaryTable, range, b);
        return b;
    }

    /// A range that does not follow the tree (DOM §5.4).
    class StaticRange extends AbstractRange {
        constructor(init) {
            requireArguments(arguments.length, 1);
            if (init === null || init === undefined || typeof init !== "object") {
                if (init !== null && init !== undefined) throw typeError("Type error");
            }
            const member = (name) => {
                const value = init === null || init === undefined ? undefined : init[name];
                if (value === undefined) throw typeError("Member StaticRangeInit." + name + " is required and must be an instance of Node");
                return value;
            };
            const startContainer = member("startContainer");
            if (startContainer === null || typeof startContainer !== "object" || !isNode(startContainer)) throw typeError("Type error");
            const startOffset = member("startOffset") >>> 0;
            const endContainer = member("endContainer");
            if (endContainer === null || typeof endContainer !== "object" || !isNode(endContainer)) throw typeError("Type error");
            const endOffset = member("endOffset") >>> 0;
            const kinds = [startContainer.nodeType, endContainer.nodeType];
            if (kinds.includes(10) || kinds.includes(2)) throw domError("InvalidNodeTypeError");
            const self = ObjectCreate(new.target.prototype);
            const b = makeBoundaries(self, startContainer, startOffset);
            b.endNode = endContainer;
            b.endOffset = endOffset;
            return self;
        }
    }

    /// A range whose boundary points follow the tree (DOM §5.5).
    class Range extends AbstractRange {
        constructor() {
            const self = ObjectCreate(new.target.prototype);
            // `document.createRange()` starts at that document (`rangeStartDocument`), `new Range()` at the window's.
            const start = rangeStartDocument === null ? G.document : rangeStartDocument;
            rangeStartDocument = null;
            const b = makeBoundaries(self, start, 0);
            WeakMapSet(liveTable, self, b);
            followTree(self, b);
            return self;
        }
        get commonAncestorContainer() {
            const b = liveBoundaries(this, "commonAncestorContainer");
            let container = b.startNode;
            while (!inclusiveAncestor(idOf(container), idOf(b.endNode))) container = container.parentNode;
            return container;
        }
        setStart(node, offset) {
            requireArguments(arguments.length, 2);
            checkNode(node, "setStart", 1);
            setBoundary(liveBoundaries(this, "setStart"), true, node, offset >>> 0);
        }
        setEnd(node, offset) {
            requireArguments(arguments.length, 2);
            checkNode(node, "setEnd", 1);
            setBoundary(liveBoundaries(this, "setEnd"), false, node, offset >>> 0);
        }
        setStartBefore(node) {
            requireArguments(arguments.length, 1);
            const [parent, index] = parentAndIndex(checkNode(node, "setStartBefore", 1));
            setBoundary(liveBoundaries(this, "setStartBefore"), true, parent, index);
        }
        setStartAfter(node) {
            requireArguments(arguments.length, 1);
            const [parent, index] = parentAndIndex(checkNode(node, "setStartAfter", 1));
            setBoundary(liveBoundaries(this, "setStartAfter"), true, parent, index + 1);
        }
        setEndBefore(node) {
            requireArguments(arguments.length, 1);
            const [parent, index] = parentAndIndex(checkNode(node, "setEndBefore", 1));
            setBoundary(liveBoundaries(this, "setEndBefore"), false, parent, index);
        }
        setEndAfter(node) {
            requireArguments(arguments.length, 1);
            const [parent, index] = parentAndIndex(checkNode(node, "setEndAfter", 1));
            setBoundary(liveBoundaries(this, "setEndAfter"), false, parent, index + 1);
        }
        collapse(toStart = false) {
            const b = liveBoundaries(this, "collapse");
            if (toStart) { b.endNode = b.startNode; b.endOffset = b.startOffset; } else { b.startNode = b.endNode; b.startOffset = b.endOffset; }
            selectionChanged(b);
        }
        selectNode(node) {
            requireArguments(arguments.length, 1);
            const [parent, index] = parentAndIndex(checkNode(node, "selectNode", 1));
            const b = liveBoundaries(this, "selectNode");
            b.startNode = b.endNode = parent;
            b.startOffset = index;
            b.endOffset = index + 1;
            selectionChanged(b);
        }
        selectNodeContents(node) {
            requireArguments(arguments.length, 1);
            checkNode(node, "selectNodeContents", 1);
            if (docType(node)) throw domError("InvalidNodeTypeError");
            const b = liveBoundaries(this, "selectNodeContents");
            b.startNode = b.endNode = node;
            b.startOffset = 0;
            b.endOffset = nodeLength(node);
            selectionChanged(b);
        }
        compareBoundaryPoints(how, sourceRange) {
            requireArguments(arguments.length, 2);
            how = (how >>> 0) & 0xFFFF;
            const source = sourceRange !== null && typeof sourceRange === "object" ? WeakMapGet(liveTable, sourceRange) : undefined;
            if (source === undefined) throw argumentError("Range", "compareBoundaryPoints", 2, "sourceRange", "Range");
            const b = liveBoundaries(this, "compareBoundaryPoints");
            if (how > 3) throw domError("NotSupportedError");
            if (rootOfNode(b.startNode) !== rootOfNode(source.startNode)) throw domError("WrongDocumentError");
            const [thisNode, thisOffset] = how === 0 || how === 3 ? [b.startNode, b.startOffset] : [b.endNode, b.endOffset];
            const [otherNode, otherOffset] = how === 0 || how === 1 ? [source.startNode, source.startOffset] : [source.endNode, source.endOffset];
            return comparePoints(thisNode, thisOffset, otherNode, otherOffset);
        }
        comparePoint(node, offset) {
            requireArguments(arguments.length, 2);
            checkNode(node, "comparePoint", 1);
            offset = offset >>> 0;
            const b = liveBoundaries(this, "comparePoint");
            if (rootOfNode(node) !== rootOfNode(b.startNode)) throw domError("WrongDocumentError");
            if (docType(node)) throw domError("InvalidNodeTypeError");
            if (offset > nodeLength(node)) throw domError("IndexSizeError");
            if (comparePoints(node, offset, b.startNode, b.startOffset) < 0) return -1;
            if (comparePoints(node, offset, b.endNode, b.endOffset) > 0) return 1;
            return 0;
        }
        isPointInRange(node, offset) {
            requireArguments(arguments.length, 2);
            checkNode(node, "isPointInRange", 1);
            offset = offset >>> 0;
            const b = liveBoundaries(this, "isPointInRange");
            if (rootOfNode(node) !== rootOfNode(b.startNode)) return false;
            if (docType(node)) throw domError("InvalidNodeTypeError");
            if (offset > nodeLength(node)) throw domError("IndexSizeError");
            return comparePoints(node, offset, b.startNode, b.startOffset) >= 0 && comparePoints(node, offset, b.endNode, b.endOffset) <= 0;
        }
        intersectsNode(node) {
            requireArguments(arguments.length, 1);
            checkNode(node, "intersectsNode", 1);
            const b = liveBoundaries(this, "intersectsNode");
            if (rootOfNode(node) !== rootOfNode(b.startNode)) return false;
            const parent = node.parentNode;
            if (parent === null) return true;
            const index = childIndex(idOf(node));
            return comparePoints(parent, index, b.endNode, b.endOffset) < 0 && comparePoints(parent, index + 1, b.startNode, b.startOffset) > 0;
        }
        deleteContents() { deleteContents(liveBoundaries(this, "deleteContents")); }
        extractContents() { return extractContents(liveBoundaries(this, "extractContents")); }
        cloneContents() { return cloneContents(liveBoundaries(this, "cloneContents")); }
        insertNode(node) {
            requireArguments(arguments.length, 1);
            checkNode(node, "insertNode", 1);
            insertIntoRange(liveBoundaries(this, "insertNode"), node);
        }
        surroundContents(newParent) {
            requireArguments(arguments.length, 1);
            checkNode(newParent, "surroundContents", 1);
            const b = liveBoundaries(this, "surroundContents");
            const common = commonAncestor(b);
            for (const end of [b.startNode, b.endNode]) {
                for (let node = end; node !== common; node = node.parentNode) {
                    if (node.nodeType !== 3 && node.nodeType !== 4) throw domError("InvalidStateError");
                }
            }
            const type = newParent.nodeType;
            if (type === 9 || type === 10 || type === 11) throw domError("InvalidNodeTypeError");
            const fragment = extractContents(b);
            if (N.first(idOf(newParent)) >= 0) {
                removeAllChildren(newParent);
            }
            insertIntoRange(b, newParent);
            insertNode(newParent, fragment, null);
            const [parent, index] = parentAndIndex(newParent);
            b.startNode = b.endNode = parent;
            b.startOffset = index;
            b.endOffset = index + 1;
            selectionChanged(b);
        }
        cloneRange() {
            const b = liveBoundaries(this, "cloneRange");
            const range = new Range();
            const copy = WeakMapGet(liveTable, range);
            copy.startNode = b.startNode; copy.startOffset = b.startOffset;
            copy.endNode = b.endNode; copy.endOffset = b.endOffset;
            return range;
        }
        detach() { liveBoundaries(this, "detach"); }
        getClientRects() { liveBoundaries(this, "getClientRects"); return []; }
        getBoundingClientRect() { liveBoundaries(this, "getBoundingClientRect"); return new DOMRect(0, 0, 0, 0); }
        createContextualFragment(fragment) {
            requireArguments(arguments.length, 1);
            const b = liveBoundaries(this, "createContextualFragment");
            let context = b.startNode;
            const type = context.nodeType;
            if (type === 9 || type === 11) context = null;
            else if (type !== 1) context = context.parentElement;
            if (context === null || (context.localName === "html" && context.namespaceURI === htmlNamespace)) {
                context = documentOf(b.startNode).createElement("body");
            }
            return wrap(parsedMarkup(idOf(context), String(fragment), true));
        }
        toString() {
            const b = liveBoundaries(this, "toString");
            const isText = (node) => node.nodeType === 3 || node.nodeType === 4;
            if (b.startNode === b.endNode && isText(b.startNode)) return N.data(idOf(b.startNode)).slice(b.startOffset, b.endOffset);
            let text = isText(b.startNode) ? N.data(idOf(b.startNode)).slice(b.startOffset) : "";
            const common = commonAncestor(b);
            const pending = [idOf(common)];
            const texts = [];
            while (pending.length) {
                const id = pending.pop();
                const children = N.children(id);
                for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
                if (N.kind(id) === 3) texts.push(id);
            }
            for (const id of texts) {
                const node = wrap(id);
                if (contained(b, node)) text += N.data(id);
            }
            if (isText(b.endNode)) text += N.data(idOf(b.endNode)).slice(0, b.endOffset);
            return text;
        }
    }
    for (const [name, value] of [["START_TO_START", 0], ["START_TO_END", 1], ["END_TO_END", 2], ["END_TO_START", 3]]) {
        ObjectDefine(Range, name, { value, enumerable: true });
        ObjectDefine(Range.prototype, name, { value, enumerable: true });
    }

    /// Live ranges' boundary points, by range.
    const liveTable = new WeakMap();

    function liveBoundaries(range, member) {
        const b = range !== null && typeof range === "object" ? WeakMapGet(liveTable, range) : undefined;
        if (b === undefined) throw typeError("Can only call Range." + member + " on instances of Range");
        return b;
    }

    function checkNode(node, method, index) {
        if (node === null || typeof node !== "object" || !isNode(node)) throw argumentError("Range", method, index, "node", "Node");
        return node;
    }

    function parentAndIndex(node) {
        const parent = node.parentNode;
        if (parent === null) throw domError("InvalidNodeTypeError");
        return [parent, childIndex(idOf(node))];
    }

    /// DOM "set the start or end" of a range.
    function setBoundary(b, start, node, offset) {
        if (docType(node)) throw domError("InvalidNodeTypeError");
        if (offset > nodeLength(node)) throw domError("IndexSizeError");
        const otherRoot = rootOfNode(start ? b.endNode : b.startNode);
        if (start) {
            if (rootOfNode(node) !== otherRoot || comparePoints(node, offset, b.endNode, b.endOffset) > 0) {
                b.endNode = node; b.endOffset = offset;
            }
            b.startNode = node; b.startOffset = offset;
        } else {
            if (rootOfNode(node) !== otherRoot || comparePoints(node, offset, b.startNode, b.startOffset) < 0) {
                b.startNode = node; b.startOffset = offset;
            }
            b.endNode = node; b.endOffset = offset;
        }
        selectionChanged(b);
    }

    function selectionChanged(b) {
        if (b.selection !== null) scheduleSelectionChange();
    }

    function commonAncestor(b) {
        let container = b.startNode;
        while (!inclusiveAncestor(idOf(container), idOf(b.endNode))) container = container.parentNode;
        return container;
    }

    /// Whether a node is contained in a range (DOM §5.5): in its root, wholly after its start
    /// and before its end.
    function contained(b, node) {
        return rootOfNode(node) === rootOfNode(b.startNode) && comparePoints(node, 0, b.startNode, b.startOffset) > 0
            && comparePoints(node, nodeLength(node), b.endNode, b.endOffset) < 0;
    }

    function partiallyContained(b, node) {
        const id = idOf(node), start = inclusiveAncestor(id, idOf(b.startNode)), end = inclusiveAncestor(id, idOf(b.endNode));
        return start !== end;
    }

    /// A shallow copy of a node, in its node document.
    function cloneShallow(node) { return wrap(N.clone(idOf(node), false, null)); }
    function cloneDeep(node) { return wrap(N.clone(idOf(node), true, null)); }

    function newFragment(node) { return documentOf(node).createDocumentFragment(); }

    /// Where a range's boundary points go once its contents are gone (delete and extract,
    /// steps 5 and 6 / 11 and 12).
    function collapsePoint(b) {
        if (inclusiveAncestor(idOf(b.startNode), idOf(b.endNode))) return [b.startNode, b.startOffset];
        let reference = b.startNode;
        while (reference.parentNode !== null && !inclusiveAncestor(idOf(reference.parentNode), idOf(b.endNode))) reference = reference.parentNode;
        return [reference.parentNode, childIndex(idOf(reference)) + 1];
    }

    function deleteContents(b) {
        if (b.startNode === b.endNode && b.startOffset === b.endOffset) return;
        const { startNode, startOffset, endNode, endOffset } = b;
        if (startNode === endNode && isCharacterData(startNode)) {
            replaceCharacterData(startNode, startOffset, endOffset - startOffset, "");
            return;
        }
        const removed = [];
        const collect = (parent) => {
            for (const id of N.children(idOf(parent))) {
                const child = wrap(id);
                if (contained(b, child)) removed.push(child);
                else if (partiallyContained(b, child)) collect(child);
            }
        };
        collect(commonAncestor(b));
        const [newNode, newOffset] = collapsePoint(b);
        if (isCharacterData(startNode)) replaceCharacterData(startNode, startOffset, nodeLength(startNode) - startOffset, "");
        for (const node of removed) {
            const parent = node.parentNode;
            if (parent !== null) removeNode(parent, node);
        }
        if (isCharacterData(endNode)) replaceCharacterData(endNode, 0, endOffset, "");
        b.startNode = b.endNode = newNode;
        b.startOffset = b.endOffset = newOffset;
        selectionChanged(b);
    }

    /// The children of a range's common ancestor that it partially contains (first and last)
    /// and contains, for extract and clone (steps 5 to 10).
    function splitChildren(b) {
        const common = commonAncestor(b);
        let first = null, last = null;
        const inside = [];
        const startInEnd = inclusiveAncestor(idOf(b.startNode), idOf(b.endNode));
        const endInStart = inclusiveAncestor(idOf(b.endNode), idOf(b.startNode));
        for (const id of N.children(idOf(common))) {
            const child = wrap(id);
            if (partiallyContained(b, child)) {
                if (first === null && !startInEnd) first = child;
                if (!endInStart) last = child;
            } else if (contained(b, child)) {
                inside.push(child);
            }
        }
        if (startInEnd) first = null;
        if (endInStart) last = null;
        if (first !== null && last === first && !endInStart && !startInEnd) {
            // One child cannot be partially contained on both sides: the end's is the last one.
            last = null;
            for (const id of N.children(idOf(common))) {
                const child = wrap(id);
                if (partiallyContained(b, child) && inclusiveAncestor(id, idOf(b.endNode))) last = child;
            }
        }
        for (const child of inside) if (child.nodeType === 10) throw domError("HierarchyRequestError");
        return { first, last, inside };
    }

    function subrange(startNode, startOffset, endNode, endOffset) {
        return { startNode, startOffset, endNode, endOffset, selection: null };
    }

    function extractContents(b) {
        const fragment = newFragment(b.startNode);
        if (b.startNode === b.endNode && b.startOffset === b.endOffset) return fragment;
        const { startNode, startOffset, endNode, endOffset } = b;
        if (startNode === endNode && isCharacterData(startNode)) {
            const clone = cloneShallow(startNode);
            N.setData(idOf(clone), N.data(idOf(startNode)).slice(startOffset, endOffset));
            insertNode(fragment, clone, null);
            replaceCharacterData(startNode, startOffset, endOffset - startOffset, "");
            return fragment;
        }
        const { first, last, inside } = splitChildren(b);
        const [newNode, newOffset] = collapsePoint(b);
        if (first !== null && isCharacterData(first)) {
            const clone = cloneShallow(first);
            N.setData(idOf(clone), N.data(idOf(startNode)).slice(startOffset));
            insertNode(fragment, clone, null);
            replaceCharacterData(startNode, startOffset, nodeLength(startNode) - startOffset, "");
        } else if (first !== null) {
            const clone = cloneShallow(first);
            insertNode(fragment, clone, null);
            insertNode(clone, extractContents(subrange(startNode, startOffset, first, nodeLength(first))), null);
        }
        for (const child of inside) insertNode(fragment, child, null);
        if (last !== null && isCharacterData(last)) {
            const clone = cloneShallow(last);
            N.setData(idOf(clone), N.data(idOf(endNode)).slice(0, endOffset));
            insertNode(fragment, clone, null);
            replaceCharacterData(endNode, 0, endOffset, "");
        } else if (last !== null) {
            const clone = cloneShallow(last);
            insertNode(fragment, clone, null);
            insertNode(clone, extractContents(subrange(last, 0, endNode, endOffset)), null);
        }
        b.startNode = b.endNode = newNode;
        b.startOffset = b.endOffset = newOffset;
        selectionChanged(b);
        return fragment;
    }

    function cloneContents(b) {
        const fragment = newFragment(b.startNode);
        if (b.startNode === b.endNode && b.startOffset === b.endOffset) return fragment;
        const { startNode, startOffset, endNode, endOffset } = b;
        if (startNode === endNode && isCharacterData(startNode)) {
            const clone = cloneShallow(startNode);
            N.setData(idOf(clone), N.data(idOf(startNode)).slice(startOffset, endOffset));
            insertNode(fragment, clone, null);
            return fragment;
        }
        const { first, last, inside } = splitChildren(b);
        if (first !== null && isCharacterData(first)) {
            const clone = cloneShallow(first);
            N.setData(idOf(clone), N.data(idOf(startNode)).slice(startOffset));
            insertNode(fragment, clone, null);
        } else if (first !== null) {
            const clone = cloneShallow(first);
            insertNode(fragment, clone, null);
            insertNode(clone, cloneContents(subrange(startNode, startOffset, first, nodeLength(first))), null);
        }
        for (const child of inside) insertNode(fragment, cloneDeep(child), null);
        if (last !== null && isCharacterData(last)) {
            const clone = cloneShallow(last);
            N.setData(idOf(clone), N.data(idOf(endNode)).slice(0, endOffset));
            insertNode(fragment, clone, null);
        } else if (last !== null) {
            const clone = cloneShallow(last);
            insertNode(fragment, clone, null);
            insertNode(clone, cloneContents(subrange(last, 0, endNode, endOffset)), null);
        }
        return fragment;
    }

    /// DOM "insert" a node into a range.
    function insertIntoRange(b, node) {
        const start = b.startNode, type = start.nodeType;
        if (type === 7 || type === 8 || ((type === 3 || type === 4) && start.parentNode === null) || start === node) {
            throw domError("HierarchyRequestError");
        }
        let reference = null;
        if (type === 3 || type === 4) reference = start;
        else {
            const children = N.children(idOf(start));
            reference = b.startOffset < children.length ? wrap(children[b.startOffset]) : null;
        }
        const parent = reference === null ? start : reference.parentNode;
        throwInsertError(N.canPreInsert(idOf(parent), idOf(node), reference === null ? -1 : idOf(reference)));
        if (type === 3 || type === 4) reference = splitTextNode(start, b.startOffset);
        if (node === reference) reference = node.nextSibling;
        const oldParent = node.parentNode;
        if (oldParent !== null) removeNode(oldParent, node);
        let newOffset = reference === null ? nodeLength(parent) : childIndex(idOf(reference));
        newOffset += node.nodeType === 11 ? nodeLength(node) : 1;
        insertNode(parent, node, reference);
        if (b.startNode === b.endNode && b.startOffset === b.endOffset) { b.endNode = parent; b.endOffset = newOffset; }
        selectionChanged(b);
    }

    rangeSteps = {
        removing(b, parentID, inside, index) {
            if (inside(idOf(b.startNode))) { b.startNode = wrap(parentID); b.startOffset = index; }
            if (inside(idOf(b.endNode))) { b.endNode = wrap(parentID); b.endOffset = index; }
            if (idOf(b.startNode) === parentID && b.startOffset > index) b.startOffset -= 1;
            if (idOf(b.endNode) === parentID && b.endOffset > index) b.endOffset -= 1;
        },
        shifting(b, parentID, index, count) {
            if (idOf(b.startNode) === parentID && b.startOffset > index) b.startOffset += count;
            if (idOf(b.endNode) === parentID && b.endOffset > index) b.endOffset += count;
        },
        replacingData(b, id, offset, count, added) {
            if (idOf(b.startNode) === id) {
                if (b.startOffset > offset + count) b.startOffset += added - count;
                else if (b.startOffset > offset) b.startOffset = offset;
            }
            if (idOf(b.endNode) === id) {
                if (b.endOffset > offset + count) b.endOffset += added - count;
                else if (b.endOffset > offset) b.endOffset = offset;
            }
        },
        splittingText(b, id, newID, offset, parentID, index) {
            if (idOf(b.startNode) === id && b.startOffset > offset) { b.startNode = wrap(newID); b.startOffset -= offset; }
            if (idOf(b.endNode) === id && b.endOffset > offset) { b.endNode = wrap(newID); b.endOffset -= offset; }
            if (idOf(b.startNode) === parentID && b.startOffset === index + 1) b.startOffset += 1;
            if (idOf(b.endNode) === parentID && b.endOffset === index + 1) b.endOffset += 1;
        },
        mergingText(b, currentID, nodeID, length, parentID, index) {
            if (idOf(b.startNode) === currentID) { b.startNode = wrap(nodeID); b.startOffset += length; }
            if (idOf(b.endNode) === currentID) { b.endNode = wrap(nodeID); b.endOffset += length; }
            if (idOf(b.startNode) === parentID && b.startOffset === index) { b.startNode = wrap(nodeID); b.startOffset = length; }
            if (idOf(b.endNode) === parentID && b.endOffset === index) { b.endNode = wrap(nodeID); b.endOffset = length; }
        },
    };

    // -----------------------------------------------------------------------------------------
    // Selection (Selection API; WebKit keeps one live range, returned as itself by getRangeAt)

    let selectionChangeScheduled = false;
    function scheduleSelectionChange() {
        if (selectionChangeScheduled) return;
        selectionChangeScheduled = true;
        postTask(() => {
            selectionChangeScheduled = false;
            dispatch(G.document, new Event("selectionchange"), false);
        });
    }

    const selectionState = new WeakMap();
    function selectionOf(selection, member) {
        const state = selection !== null && typeof selection === "object" ? WeakMapGet(selectionState, selection) : undefined;
        if (state === undefined) throw typeError("Can only call Selection." + member + " on instances of Selection");
        return state;
    }
    const inDocument = (node) => rootOfNode(node) === G.document;

    class Selection {
        constructor() {
            if (arguments[0] !== KEY) throw typeError("Illegal constructor");
            WeakMapSet(selectionState, this, { range: null, forwards: true });
        }
        get anchorNode() { const s = selectionOf(this, "anchorNode"); return s.range === null ? null : anchor(s)[0]; }
        get anchorOffset() { const s = selectionOf(this, "anchorOffset"); return s.range === null ? 0 : anchor(s)[1]; }
        get focusNode() { const s = selectionOf(this, "focusNode"); return s.range === null ? null : focus(s)[0]; }
        get focusOffset() { const s = selectionOf(this, "focusOffset"); return s.range === null ? 0 : focus(s)[1]; }
        get isCollapsed() { const s = selectionOf(this, "isCollapsed"); return s.range === null || s.range.collapsed; }
        get rangeCount() { return selectionOf(this, "rangeCount").range === null ? 0 : 1; }
        get type() {
            const s = selectionOf(this, "type");
            return s.range === null ? "None" : s.range.collapsed ? "Caret" : "Range";
        }
        get direction() {
            const s = selectionOf(this, "direction");
            return s.range === null || s.range.collapsed ? "none" : s.forwards ? "forward" : "backward";
        }
        // WebKit's legacy names.
        get baseNode() { return this.anchorNode; }
        get baseOffset() { return this.anchorOffset; }
        get extentNode() { return this.focusNode; }
        get extentOffset() { return this.focusOffset; }
        getRangeAt(index) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "getRangeAt");
            if ((index >>> 0) !== 0 || s.range === null) throw domError("IndexSizeError");
            return s.range;
        }
        addRange(range) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "addRange");
            const b = range !== null && typeof range === "object" ? WeakMapGet(liveTable, range) : undefined;
            if (b === undefined) throw argumentError("Selection", "addRange", 1, "range", "Range");
            if (s.range !== null || !inDocument(b.startNode)) return;
            setRange(s, range, true);
        }
        removeRange(range) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "removeRange");
            if (range === null || typeof range !== "object" || WeakMapGet(liveTable, range) === undefined) {
                throw argumentError("Selection", "removeRange", 1, "range", "Range");
            }
            if (range !== s.range) throw domError("NotFoundError");
            setRange(s, null, true);
        }
        removeAllRanges() { const s = selectionOf(this, "removeAllRanges"); if (s.range !== null) setRange(s, null, true); }
        empty() { this.removeAllRanges(); }
        collapse(node, offset = 0) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "collapse");
            if (node === null) { if (s.range !== null) setRange(s, null, true); return; }
            checkSelectionNode(node, "collapse");
            offset = offset >>> 0;
            if (docType(node)) throw domError("InvalidNodeTypeError");
            if (offset > nodeLength(node)) throw domError("IndexSizeError");
            if (!inDocument(node)) return;
            setRange(s, rangeFrom(node, offset, node, offset), true);
        }
        setPosition(node, offset = 0) { return this.collapse(node, offset); }
        collapseToStart() {
            const s = selectionOf(this, "collapseToStart");
            if (s.range === null) throw domError("InvalidStateError");
            const b = WeakMapGet(liveTable, s.range);
            setRange(s, rangeFrom(b.startNode, b.startOffset, b.startNode, b.startOffset), true);
        }
        collapseToEnd() {
            const s = selectionOf(this, "collapseToEnd");
            if (s.range === null) throw domError("InvalidStateError");
            const b = WeakMapGet(liveTable, s.range);
            setRange(s, rangeFrom(b.endNode, b.endOffset, b.endNode, b.endOffset), true);
        }
        extend(node, offset = 0) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "extend");
            checkSelectionNode(node, "extend");
            offset = offset >>> 0;
            if (!inDocument(node)) return;
            if (s.range === null) throw domError("InvalidStateError");
            if (docType(node)) throw domError("InvalidNodeTypeError");
            if (offset > nodeLength(node)) throw domError("IndexSizeError");
            const [anchorNode, anchorOffset] = anchor(s);
            let range;
            if (rootOfNode(node) !== rootOfNode(anchorNode)) range = rangeFrom(node, offset, node, offset);
            else if (comparePoints(anchorNode, anchorOffset, node, offset) <= 0) range = rangeFrom(anchorNode, anchorOffset, node, offset);
            else range = rangeFrom(node, offset, anchorNode, anchorOffset);
            setRange(s, range, rootOfNode(node) !== rootOfNode(anchorNode) || comparePoints(anchorNode, anchorOffset, node, offset) <= 0);
        }
        setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset) {
            requireArguments(arguments.length, 4);
            const s = selectionOf(this, "setBaseAndExtent");
            checkSelectionNode(anchorNode, "setBaseAndExtent");
            checkSelectionNode(focusNode, "setBaseAndExtent", 3, "focusNode");
            anchorOffset = anchorOffset >>> 0;
            focusOffset = focusOffset >>> 0;
            if (docType(anchorNode) || docType(focusNode)) throw domError("InvalidNodeTypeError");
            if (anchorOffset > nodeLength(anchorNode) || focusOffset > nodeLength(focusNode)) throw domError("IndexSizeError");
            if (!inDocument(anchorNode) || !inDocument(focusNode)) return;
            const forwards = comparePoints(anchorNode, anchorOffset, focusNode, focusOffset) <= 0;
            setRange(s, forwards ? rangeFrom(anchorNode, anchorOffset, focusNode, focusOffset) : rangeFrom(focusNode, focusOffset, anchorNode, anchorOffset), forwards);
        }
        selectAllChildren(node) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "selectAllChildren");
            checkSelectionNode(node, "selectAllChildren");
            if (docType(node)) throw domError("InvalidNodeTypeError");
            if (!inDocument(node)) return;
            setRange(s, rangeFrom(node, 0, node, N.children(idOf(node)).length), true);
        }
        deleteFromDocument() {
            const s = selectionOf(this, "deleteFromDocument");
            if (s.range !== null) s.range.deleteContents();
        }
        containsNode(node, allowPartialContainment = false) {
            requireArguments(arguments.length, 1);
            const s = selectionOf(this, "containsNode");
            checkSelectionNode(node, "containsNode");
            if (s.range === null || !inDocument(node)) return false;
            const b = WeakMapGet(liveTable, s.range);
            const length = nodeLength(node);
            if (allowPartialContainment) {
                return comparePoints(b.startNode, b.startOffset, node, length) <= 0 && comparePoints(b.endNode, b.endOffset, node, 0) >= 0;
            }
            return comparePoints(b.startNode, b.startOffset, node, 0) <= 0 && comparePoints(b.endNode, b.endOffset, node, length) >= 0;
        }
        modify() {}
        toString() {
            const s = selectionOf(this, "toString");
            return s.range === null ? "" : s.range.toString();
        }
    }

    function checkSelectionNode(node, method, index = 1, name = "node") {
        if (node === null || typeof node !== "object" || !isNode(node)) throw argumentError("Selection", method, index, name, "Node");
    }
    function anchor(s) {
        const b = WeakMapGet(liveTable, s.range);
        return s.forwards ? [b.startNode, b.startOffset] : [b.endNode, b.endOffset];
    }
    function focus(s) {
        const b = WeakMapGet(liveTable, s.range);
        return s.forwards ? [b.endNode, b.endOffset] : [b.startNode, b.startOffset];
    }
    function rangeFrom(startNode, startOffset, endNode, endOffset) {
        const range = new Range();
        const b = WeakMapGet(liveTable, range);
        b.startNode = startNode; b.startOffset = startOffset; b.endNode = endNode; b.endOffset = endOffset;
        return range;
    }
    function setRange(s, range, forwards) {
        if (s.range !== null) WeakMapGet(liveTable, s.range).selection = null;
        s.range = range;
        s.forwards = forwards;
        if (range !== null) WeakMapGet(liveTable, range).selection = s;
        scheduleSelectionChange();
    }

    familyClasses([AbstractRange, StaticRange, Range, Selection]);
    return { AbstractRange, StaticRange, Range, Selection };
});
