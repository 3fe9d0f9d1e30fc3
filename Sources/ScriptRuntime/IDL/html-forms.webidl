// The form elements of the HTML Standard (§4.10 "Forms"), as the standard's IDL gives them,
// with webnav's reflection attributes (see html-elements.webidl). Members left out are not
// implemented yet: the forms' and selects' indexed and named properties, popover targets,
// `labels` of HTMLOutputElement's `htmlFor`, showPicker's checks.

// The named getter (a control or RadioNodeList by id or name) and the indexed getter are the
// implementation's `namedProperty`, which [LegacyOverrideBuiltIns] makes the generator consult.
[Exposed=Window, ElementTags=(form), LegacyOverrideBuiltIns, LegacyUnenumerableNamedProperties]
interface HTMLFormElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect=accept-charset] attribute DOMString acceptCharset;
  [CEReactions] attribute USVString action;
  [CEReactions, ReflectEnum=(on, off), ReflectMissing=on, ReflectInvalid=on] attribute DOMString autocomplete;
  [CEReactions, ReflectEnum=("application/x-www-form-urlencoded", "multipart/form-data", "text/plain"), ReflectMissing="application/x-www-form-urlencoded", ReflectInvalid="application/x-www-form-urlencoded"] attribute DOMString enctype;
  [CEReactions, ReflectEnum=("application/x-www-form-urlencoded", "multipart/form-data", "text/plain"), ReflectMissing="application/x-www-form-urlencoded", ReflectInvalid="application/x-www-form-urlencoded", Reflect=enctype] attribute DOMString encoding;
  [CEReactions, ReflectEnum=(get, post, dialog), ReflectMissing=get, ReflectInvalid=get] attribute DOMString method;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect=novalidate] attribute boolean noValidate;
  [CEReactions, Reflect] attribute DOMString target;
  [CEReactions, Reflect] attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;

  [SameObject] readonly attribute HTMLFormControlsCollection elements;
  readonly attribute unsigned long length;

  undefined submit();
  undefined requestSubmit(optional HTMLElement? submitter = null);
  [CEReactions] undefined reset();
  boolean checkValidity();
  boolean reportValidity();
};

[Exposed=Window, ElementTags=(label)]
interface HTMLLabelElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect=for] attribute DOMString htmlFor;
  readonly attribute HTMLElement? control;
};

[Exposed=Window, ElementTags=(input)]
interface HTMLInputElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString accept;
  [CEReactions, Reflect] attribute DOMString alt;
  [CEReactions, Reflect] attribute DOMString autocomplete;
  [CEReactions, Reflect=checked] attribute boolean defaultChecked;
  attribute boolean checked;
  [CEReactions, Reflect=dirname] attribute DOMString dirName;
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  readonly attribute FileList? files;
  [CEReactions, Reflect=formaction] attribute USVString formAction;
  [CEReactions, Reflect=formenctype] attribute DOMString formEnctype;
  [CEReactions, Reflect=formmethod] attribute DOMString formMethod;
  [CEReactions, Reflect=formnovalidate] attribute boolean formNoValidate;
  [CEReactions, Reflect=formtarget] attribute DOMString formTarget;
  [CEReactions, Reflect] attribute unsigned long height;
  attribute boolean indeterminate;
  readonly attribute HTMLDataListElement? list;
  [CEReactions, Reflect] attribute DOMString max;
  [CEReactions, Reflect=maxlength, ReflectNonNegative] attribute long maxLength;
  [CEReactions, Reflect] attribute DOMString min;
  [CEReactions, Reflect=minlength, ReflectNonNegative] attribute long minLength;
  [CEReactions, Reflect] attribute boolean multiple;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString pattern;
  [CEReactions, Reflect] attribute DOMString placeholder;
  [CEReactions, Reflect=readonly] attribute boolean readOnly;
  [CEReactions, Reflect] attribute boolean required;
  [CEReactions, Reflect, ReflectPositive, ReflectDefault=20] attribute unsigned long size;
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString step;
  [CEReactions] attribute DOMString type;
  [CEReactions, Reflect=value] attribute DOMString defaultValue;
  [CEReactions] attribute [LegacyNullToEmptyString] DOMString value;
  attribute object? valueAsDate;
  attribute unrestricted double valueAsNumber;
  [CEReactions, Reflect] attribute unsigned long width;

  undefined stepUp(optional long n = 1);
  undefined stepDown(optional long n = 1);

  readonly attribute boolean willValidate;
  readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);

  readonly attribute NodeList? labels;

  undefined select();
  attribute unsigned long? selectionStart;
  attribute unsigned long? selectionEnd;
  readonly attribute DOMString? selectionDirection;
  undefined setRangeText(DOMString replacement);
  undefined setSelectionRange(unsigned long start, unsigned long end, optional DOMString direction);

  undefined showPicker();

  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect=usemap] attribute DOMString useMap;
};

[Exposed=Window, ElementTags=(button)]
interface HTMLButtonElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect=formaction] attribute USVString formAction;
  [CEReactions, Reflect=formenctype] attribute DOMString formEnctype;
  [CEReactions, Reflect=formmethod] attribute DOMString formMethod;
  [CEReactions, Reflect=formnovalidate] attribute boolean formNoValidate;
  [CEReactions, Reflect=formtarget] attribute DOMString formTarget;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions] attribute DOMString type;
  [CEReactions, Reflect] attribute DOMString value;

  readonly attribute boolean willValidate;
  readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);

  readonly attribute NodeList labels;
};

[Exposed=Window, ElementTags=(select)]
interface HTMLSelectElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString autocomplete;
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect] attribute boolean multiple;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute boolean required;
  [CEReactions, Reflect] attribute unsigned long size;

  readonly attribute DOMString type;

  [SameObject] readonly attribute HTMLOptionsCollection options;
  [CEReactions] attribute unsigned long length;
  Element? item(unsigned long index);
  HTMLOptionElement? namedItem(DOMString name);
  [CEReactions] undefined add((HTMLOptionElement or HTMLOptGroupElement) element, optional (HTMLElement or long)? before = null);
  [CEReactions] undefined remove();
  [CEReactions] undefined remove(long index);

  [SameObject] readonly attribute HTMLCollection selectedOptions;
  attribute long selectedIndex;
  attribute DOMString value;

  readonly attribute boolean willValidate;
  readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);

  readonly attribute NodeList labels;
};

[Exposed=Window, ElementTags=(datalist)]
interface HTMLDataListElement : HTMLElement {
  [HTMLConstructor] constructor();
  [SameObject] readonly attribute HTMLCollection options;
};

[Exposed=Window, ElementTags=(optgroup)]
interface HTMLOptGroupElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean disabled;
  [CEReactions, Reflect] attribute DOMString label;
};

[Exposed=Window, ElementTags=(option), LegacyFactoryFunction=Option(optional DOMString text = "", optional DOMString value, optional boolean defaultSelected = false, optional boolean selected = false)]
interface HTMLOptionElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  [CEReactions] attribute DOMString label;
  [CEReactions, Reflect=selected] attribute boolean defaultSelected;
  attribute boolean selected;
  [CEReactions] attribute DOMString value;
  [CEReactions] attribute DOMString text;
  readonly attribute long index;
};

[Exposed=Window, ElementTags=(textarea)]
interface HTMLTextAreaElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString autocomplete;
  [CEReactions, Reflect, ReflectPositive, ReflectDefault=20] attribute unsigned long cols;
  [CEReactions, Reflect=dirname] attribute DOMString dirName;
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect=maxlength, ReflectNonNegative] attribute long maxLength;
  [CEReactions, Reflect=minlength, ReflectNonNegative] attribute long minLength;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString placeholder;
  [CEReactions, Reflect=readonly] attribute boolean readOnly;
  [CEReactions, Reflect] attribute boolean required;
  [CEReactions, Reflect, ReflectPositive, ReflectDefault=2] attribute unsigned long rows;
  [CEReactions, Reflect] attribute DOMString wrap;

  readonly attribute DOMString type;
  [CEReactions] attribute DOMString defaultValue;
  attribute [LegacyNullToEmptyString] DOMString value;
  readonly attribute unsigned long textLength;

  readonly attribute boolean willValidate;
  readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);

  readonly attribute NodeList labels;

  undefined select();
  attribute unsigned long selectionStart;
  attribute unsigned long selectionEnd;
  undefined setSelectionRange(unsigned long start, unsigned long end, optional DOMString direction);
};

[Exposed=Window, ElementTags=(output)]
interface HTMLOutputElement : HTMLElement {
  [HTMLConstructor] constructor();
  [SameObject, PutForwards=value] readonly attribute DOMTokenList htmlFor;
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect] attribute DOMString name;

  readonly attribute DOMString type;
  [CEReactions] attribute DOMString defaultValue;
  [CEReactions] attribute DOMString value;

  readonly attribute boolean willValidate;
  readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);

  readonly attribute NodeList labels;
};

[Exposed=Window, ElementTags=(fieldset)]
interface HTMLFieldSetElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean disabled;
  readonly attribute HTMLFormElement? form;
  [CEReactions, Reflect] attribute DOMString name;

  readonly attribute DOMString type;

  [SameObject] readonly attribute HTMLCollection elements;

  readonly attribute boolean willValidate;
  [SameObject] readonly attribute ValidityState validity;
  readonly attribute DOMString validationMessage;
  boolean checkValidity();
  boolean reportValidity();
  undefined setCustomValidity(DOMString error);
};

[Exposed=Window, ElementTags=(legend)]
interface HTMLLegendElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute HTMLFormElement? form;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
};
