// The native functions the DOM prelude calls (`N.name(…)` in Prelude/*.js): one declaration
// each, from which BindingsGenerator makes the Swift side (`DOMNative`, so `define(.name)` in
// NativeDOM.swift, NativeWindow.swift or NativeBridge.swift names a declared native) and
// checks both sides: a prelude call to an undeclared native, a declared native with no Swift
// definition (or two) and a declared native no prelude file calls each fail the build.
//
// Nodes are IDs (numbers); an invalid ID reads as "no node". The types say what the prelude
// passes; the natives read their arguments through NativeCall and never trust them.
[WebnavNatives]
namespace N {
  // Tree reading
  any info(unsigned long node);
  any kind(unsigned long node);
  any tag(unsigned long node);
  any parent(unsigned long node);
  any first(unsigned long node);
  any last(unsigned long node);
  any next(unsigned long node);
  any prev(unsigned long node);
  any children(unsigned long node);
  any elementChildren(unsigned long node);
  any root(unsigned long node);
  any owner(unsigned long node);
  any connected(unsigned long node);
  any contains(unsigned long node0, unsigned long node1);
  any position(unsigned long node0, unsigned long node1);
  any equal(unsigned long node0, unsigned long node1);
  any version();
  any data(unsigned long node);
  any setData(unsigned long node, DOMString arg1);
  any text(unsigned long node);
  any setText(unsigned long node, DOMString arg1);
  any scriptText(unsigned long node);
  any doctype(unsigned long node);
  any target(unsigned long node);
  any compatMode(unsigned long node);
  any characterSet(unsigned long node);
  any reportedContentType(unsigned long node);
  any contentType(unsigned long node);
  any innerText(unsigned long node);
  // Attributes
  any attr(unsigned long node, DOMString arg1);
  any setAttr(unsigned long node, DOMString arg1, DOMString arg2);
  any removeAttr(unsigned long node, DOMString arg1);
  any attrs(unsigned long node);
  any attrsNS(unsigned long node);
  any setAttrNS(unsigned long node, DOMString? arg1, DOMString arg2, DOMString arg3);
  any removeAttrNS(unsigned long node, DOMString? arg1, DOMString arg2);
  any ns(unsigned long node);
  any prefix(unsigned long node);
  // Queries
  any byTag(unsigned long node, DOMString arg1);
  any byClass(unsigned long node, DOMString arg1);
  any byName(unsigned long node, DOMString arg1);
  any byId(unsigned long node, DOMString arg1);
  any customCandidates(unsigned long node);
  any defineCustomElement(DOMString arg0);
  any customElementDefined(unsigned long node);
  any attachShadow(unsigned long node, DOMString arg1, boolean arg2, DOMString arg3, boolean arg4, boolean arg5);
  any shadowRoot(unsigned long node);
  any shadowHost(unsigned long node);
  any shadowSettings(unsigned long node);
  any query(unsigned long node, DOMString arg1, boolean arg2);
  any matches(unsigned long node, DOMString arg1);
  any closest(unsigned long node, DOMString arg1);
  any computedStyle(unsigned long node, DOMString arg1);
  any rendered(unsigned long node);
  // Style sheets (CSSOM)
  any sheetText(unsigned long node);
  any sheetRules(unsigned long node);
  any sheetEdit(unsigned long node, DOMString arg1, long arg2, DOMString arg3);
  // CSS transitions and animations
  any styleSnapshot(unsigned long node);
  any motionDeclared();
  any keyframesNames();
  any animatedElements();
  // Changes
  any create(long arg0, DOMString arg1, unsigned long node);
  any createDoctype(DOMString arg0, DOMString arg1, DOMString arg2, unsigned long node);
  any createPI(DOMString arg0, DOMString arg1, unsigned long node);
  any createNS(DOMString? arg0, DOMString arg1, DOMString? arg2, unsigned long node);
  any insert(unsigned long node0, unsigned long node1, unsigned long node2);
  any canInsert(unsigned long node0, unsigned long node1, unsigned long node2);
  any canPreInsert(unsigned long node0, unsigned long node1, long arg2);
  any remove(unsigned long node);
  any clone(unsigned long node0, boolean arg1, unsigned long node2);
  any adopt(unsigned long node0, unsigned long node1);
  any normalize(unsigned long node);
  any html(unsigned long node, boolean arg1);
  any setHTML(unsigned long node, DOMString arg1);
  any parse(unsigned long node, DOMString arg1, boolean arg2);
  any parseDocument(DOMString arg0, DOMString arg1, boolean arg2, DOMString? url);
  any xsltTransform(unsigned long stylesheet, unsigned long source, any parameters);
  any xml(unsigned long node);
  any documentURL(unsigned long node);
  any templateContent(unsigned long node);
  any isTemplateContent(unsigned long node);
  any observeParser(boolean arg0);
  any title(unsigned long node);
  any setTitle(unsigned long node, DOMString arg1);
  // Forms and focus
  any value(unsigned long node);
  any setValue(unsigned long node, DOMString arg1);
  any checked(unsigned long node);
  any setChecked(unsigned long node, boolean arg1);
  any selected(unsigned long node);
  any setSelected(unsigned long node, boolean arg1);
  any options(unsigned long node);
  any selectedIndex(unsigned long node);
  any setSelectedIndex(unsigned long node, long arg1);
  any optionText(unsigned long node);
  any optionIndex(unsigned long node);
  any radioGroup(unsigned long node);
  any formOwner(unsigned long node);
  any formElements(unsigned long node);
  any labels(unsigned long node);
  any labelControl(unsigned long node);
  any disabled(unsigned long node);
  any resetForm(unsigned long node);
  any formDataSet(unsigned long node0, unsigned long node1);
  any formSubmission(unsigned long node0, unsigned long node1);
  any postForm(unsigned long node0, unsigned long node1);
  any formSubmitting(unsigned long node);
  any setFormAssociatedValue(unsigned long node, DOMString arg1);
  any setCustomStates(unsigned long node, DOMString arg1);
  any validity(unsigned long node);
  any willValidate(unsigned long node);
  any validationMessage(unsigned long node);
  any setCustomValidity(unsigned long node, DOMString arg1);
  any formNotSubmitted(unsigned long node);
  any namedDocumentObject(unsigned long node, any arg1);
  any documentNamedElements(unsigned long node, DOMString arg1);
  any activeElement();
  any setActiveElement(unsigned long node);
  // Scripts and the document
  any currentScript();
  any scriptAsync(unsigned long node);
  any setScriptAsync(unsigned long node);
  any readyState();
  any frameElements();
  any windowProperties(any resolver);
  any frameIsOpaque(unsigned long node);
  any crossOriginPost(long target, DOMString data, DOMString targetOrigin);
  any windowNamedElements(DOMString name);
  any write(DOMString arg0);
  any documentOpen();
  any documentClose();
  // Time
  any now();
  any perfNow();
  any timeOrigin();
  any overBudget();
  any taskNumber();
  any microtaskLimit();
  // Console and errors
  any log(DOMString arg0, DOMString arg1);
  any error(DOMString arg0, DOMString arg1, long arg2, long arg3);
  any setRejectionHandler(any arg0);
  // Timers and tasks
  any setTimer(long arg0, boolean arg1);
  any clearTimer(long arg0);
  any post();
  // Navigation and history
  any navigate(DOMString arg0, boolean arg1, DOMString arg2);
  any windowOpen(DOMString arg0, DOMString arg1);
  any history(DOMString arg0, DOMString arg1, long arg2);
  any historyLength();
  // Dialogs
  any dialog(DOMString arg0, DOMString arg1, DOMString arg2);
  // Loads
  any load(DOMString kind, DOMString method, DOMString url, sequence<DOMString> headers, DOMString? body, DOMString? mode, DOMString? credentials);
  any loadSync(DOMString method, DOMString url, sequence<DOMString> headers, DOMString? body, DOMString? mode, DOMString? credentials);
  any bytes(long arg0);
  any keepBytes(DOMString arg0);
  // Cookies and storage
  any cookie();
  any setCookie(DOMString arg0);
  any storage(DOMString arg0, DOMString arg1, DOMString arg2, DOMString arg3);
  // URLs
  any url();
  any origin();
  any selfOrigin();
  // Content-Security-Policy (PolicyEnforcement.swift)
  any hasPolicy();
  any policyAllows(DOMString kind, DOMString source, long target, DOMString sourceURL, long line, long column);
  any originOf(DOMString arg0);
  any resolve(DOMString arg0);
  any parseURL(DOMString arg0, DOMString? arg1);
  any handlerNames();
  any postMessage(DOMString arg0, DOMString arg1);
  any listening();
  any foreignDispatchSerial();
  any foreignListeners(double arg0, DOMString arg1, double arg2, boolean arg3, any arg4, double arg5);
  any asyncSettled(long arg0, boolean arg1, any arg2);
};
