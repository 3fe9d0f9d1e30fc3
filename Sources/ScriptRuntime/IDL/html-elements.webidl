// The element interfaces of the HTML Standard (https://html.spec.whatwg.org/, §4 "The elements
// of HTML" and §16.3 "Requirements for implementations: obsolete features") that webnav
// implements, as the standard's IDL gives them. webnav's extended attributes:
//
//   [ElementTags=(a, b)]        the elements of the HTML namespace made with this interface
//   [Reflect] / [Reflect=name]  reflects the content attribute (its name in lower case, or
//                               `name`) by the rules of the attribute's type (HTML §2.6.1):
//                               DOMString, boolean, long, unsigned long, double
//   [ReflectURL]                a USVString URL resolved against the document's base URL
//   [ReflectEnum=(k1, k2), ReflectMissing=k, ReflectInvalid=k]
//                               an enumerated attribute limited to only known values, with its
//                               missing and invalid value defaults ("" unless given; a nullable
//                               one is null when missing)
//   [ReflectDefault=n]          the default of a reflected number
//   [ReflectNonNegative]        a long limited to only non-negative numbers (default -1)
//   [ReflectPositive]           an unsigned long limited to only positive numbers (default 1)
//   [ReflectRange=(min, max)]   an unsigned long clamped to [min, max]
//
// Members without [Reflect*] call the interface's implementation object (Prelude/*.js,
// `implementation("Name", () => ({ … }))`). Members of the standard that webnav does not
// implement yet are left out; a comment says where a setter is missing.

[Exposed=Window]
interface HTMLUnknownElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(html)]
interface HTMLHtmlElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString version;
};

[Exposed=Window, ElementTags=(head)]
interface HTMLHeadElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(title)]
interface HTMLTitleElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions] attribute DOMString text;
};

[Exposed=Window, ElementTags=(base)]
interface HTMLBaseElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString href;
  [CEReactions, Reflect] attribute DOMString target;
};

[Exposed=Window, ElementTags=(link)]
interface HTMLLinkElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute CSSStyleSheet? sheet;
  [CEReactions, ReflectURL] attribute USVString href;
  [CEReactions, ReflectEnum=(anonymous, use-credentials), ReflectInvalid=anonymous, Reflect=crossorigin] attribute DOMString? crossOrigin;
  [CEReactions, Reflect] attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;
  [CEReactions, Reflect] attribute DOMString media;
  [CEReactions, Reflect] attribute DOMString integrity;
  [CEReactions, Reflect] attribute DOMString hreflang;
  [CEReactions, Reflect] attribute DOMString type;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList sizes;
  [CEReactions, Reflect=imagesrcset] attribute USVString imageSrcset;
  [CEReactions, Reflect=imagesizes] attribute DOMString imageSizes;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  [CEReactions, Reflect] attribute boolean disabled;
  // obsolete
  [CEReactions, Reflect] attribute DOMString charset;
  [CEReactions, Reflect] attribute DOMString rev;
  [CEReactions, Reflect] attribute DOMString target;
};

[Exposed=Window, ElementTags=(meta)]
interface HTMLMetaElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect=http-equiv] attribute DOMString httpEquiv;
  [CEReactions, Reflect] attribute DOMString content;
  [CEReactions, Reflect] attribute DOMString media;
  // obsolete
  [CEReactions, Reflect] attribute DOMString scheme;
};

[Exposed=Window, ElementTags=(style)]
interface HTMLStyleElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute CSSStyleSheet? sheet;
  [CEReactions, Reflect] attribute DOMString media;
  // obsolete
  [CEReactions, Reflect] attribute DOMString type;
};

[Exposed=Window, ElementTags=(body)]
interface HTMLBodyElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute [LegacyNullToEmptyString] DOMString text;
  [CEReactions, Reflect] attribute [LegacyNullToEmptyString] DOMString link;
  [CEReactions, Reflect=vlink] attribute [LegacyNullToEmptyString] DOMString vLink;
  [CEReactions, Reflect=alink] attribute [LegacyNullToEmptyString] DOMString aLink;
  [CEReactions, Reflect=bgcolor] attribute [LegacyNullToEmptyString] DOMString bgColor;
  [CEReactions, Reflect] attribute DOMString background;
};

[Exposed=Window, ElementTags=(h1, h2, h3, h4, h5, h6)]
interface HTMLHeadingElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
};

[Exposed=Window, ElementTags=(p)]
interface HTMLParagraphElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
};

[Exposed=Window, ElementTags=(hr)]
interface HTMLHRElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString color;
  [CEReactions, Reflect=noshade] attribute boolean noShade;
  [CEReactions, Reflect] attribute DOMString size;
  [CEReactions, Reflect] attribute DOMString width;
};

[Exposed=Window, ElementTags=(pre, listing, xmp)]
interface HTMLPreElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute long width;
};

[Exposed=Window, ElementTags=(blockquote, q)]
interface HTMLQuoteElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString cite;
};

[Exposed=Window, ElementTags=(ol)]
interface HTMLOListElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean reversed;
  [CEReactions, Reflect, ReflectDefault=1] attribute long start;
  [CEReactions, Reflect] attribute DOMString type;
  // obsolete
  [CEReactions, Reflect] attribute boolean compact;
};

[Exposed=Window, ElementTags=(ul)]
interface HTMLUListElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute boolean compact;
  [CEReactions, Reflect] attribute DOMString type;
};

[Exposed=Window, ElementTags=(menu)]
interface HTMLMenuElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute boolean compact;
};

[Exposed=Window, ElementTags=(li)]
interface HTMLLIElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute long value;
  // obsolete
  [CEReactions, Reflect] attribute DOMString type;
};

[Exposed=Window, ElementTags=(dir)]
interface HTMLDirectoryElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean compact;
};

[Exposed=Window, ElementTags=(dl)]
interface HTMLDListElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute boolean compact;
};

[Exposed=Window, ElementTags=(div)]
interface HTMLDivElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
};

[Exposed=Window, ElementTags=(a)]
interface HTMLAnchorElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString target;
  [CEReactions, Reflect] attribute DOMString download;
  [CEReactions, Reflect] attribute USVString ping;
  [CEReactions, Reflect] attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;
  [CEReactions, Reflect] attribute DOMString hreflang;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions] attribute DOMString text;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  // obsolete
  [CEReactions, Reflect] attribute DOMString coords;
  [CEReactions, Reflect] attribute DOMString charset;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString rev;
  [CEReactions, Reflect] attribute DOMString shape;
};
HTMLAnchorElement includes HTMLHyperlinkElementUtils;

interface mixin HTMLHyperlinkElementUtils {
  [CEReactions, ReflectURL] stringifier attribute USVString href;
  readonly attribute USVString origin;
  [CEReactions] attribute USVString protocol;
  [CEReactions] attribute USVString username;
  [CEReactions] attribute USVString password;
  [CEReactions] attribute USVString host;
  [CEReactions] attribute USVString hostname;
  [CEReactions] attribute USVString port;
  [CEReactions] attribute USVString pathname;
  [CEReactions] attribute USVString search;
  [CEReactions] attribute USVString hash;
};

[Exposed=Window, ElementTags=(data)]
interface HTMLDataElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString value;
};

[Exposed=Window, ElementTags=(time)]
interface HTMLTimeElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect=datetime] attribute DOMString dateTime;
};

[Exposed=Window, ElementTags=(span)]
interface HTMLSpanElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(br)]
interface HTMLBRElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString clear;
};

[Exposed=Window, ElementTags=(ins, del)]
interface HTMLModElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString cite;
  [CEReactions, Reflect=datetime] attribute DOMString dateTime;
};

[Exposed=Window, ElementTags=(picture)]
interface HTMLPictureElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(source)]
interface HTMLSourceElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions, Reflect] attribute USVString srcset;
  [CEReactions, Reflect] attribute DOMString sizes;
  [CEReactions, Reflect] attribute DOMString media;
  [CEReactions, Reflect] attribute unsigned long width;
  [CEReactions, Reflect] attribute unsigned long height;
};

[Exposed=Window, ElementTags=(img), LegacyFactoryFunction=Image(optional unsigned long width, optional unsigned long height)]
interface HTMLImageElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString alt;
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute USVString srcset;
  [CEReactions, Reflect] attribute DOMString sizes;
  [CEReactions, ReflectEnum=(anonymous, use-credentials), ReflectInvalid=anonymous, Reflect=crossorigin] attribute DOMString? crossOrigin;
  [CEReactions, Reflect=usemap] attribute DOMString useMap;
  [CEReactions, Reflect=ismap] attribute boolean isMap;
  [CEReactions, Reflect] attribute unsigned long width;
  [CEReactions, Reflect] attribute unsigned long height;
  readonly attribute unsigned long naturalWidth;
  readonly attribute unsigned long naturalHeight;
  readonly attribute boolean complete;
  readonly attribute USVString currentSrc;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  [CEReactions, ReflectEnum=(sync, async, auto), ReflectMissing=auto, ReflectInvalid=auto] attribute DOMString decoding;
  [CEReactions, ReflectEnum=(lazy, eager), ReflectMissing=eager, ReflectInvalid=eager] attribute DOMString loading;
  Promise<undefined> decode();
  // obsolete
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, ReflectURL] attribute USVString lowsrc;
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute unsigned long hspace;
  [CEReactions, Reflect] attribute unsigned long vspace;
  [CEReactions, ReflectURL=longdesc] attribute USVString longDesc;
  [CEReactions, Reflect] attribute [LegacyNullToEmptyString] DOMString border;
};

[Exposed=Window, ElementTags=(iframe)]
interface HTMLIFrameElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString srcdoc;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString allow;
  [CEReactions, Reflect=allowfullscreen] attribute boolean allowFullscreen;
  [CEReactions, Reflect] attribute DOMString width;
  [CEReactions, Reflect] attribute DOMString height;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  [CEReactions, ReflectEnum=(lazy, eager), ReflectMissing=eager, ReflectInvalid=eager] attribute DOMString loading;
  readonly attribute Document? contentDocument;
  readonly attribute WindowProxy? contentWindow;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString scrolling;
  [CEReactions, Reflect=frameborder] attribute DOMString frameBorder;
  [CEReactions, ReflectURL=longdesc] attribute USVString longDesc;
  [CEReactions, Reflect=marginheight] attribute [LegacyNullToEmptyString] DOMString marginHeight;
  [CEReactions, Reflect=marginwidth] attribute [LegacyNullToEmptyString] DOMString marginWidth;
};

[Exposed=Window, ElementTags=(embed)]
interface HTMLEmbedElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions, Reflect] attribute DOMString width;
  [CEReactions, Reflect] attribute DOMString height;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString name;
};

[Exposed=Window, ElementTags=(object)]
interface HTMLObjectElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString data;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString width;
  [CEReactions, Reflect] attribute DOMString height;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString archive;
  [CEReactions, Reflect] attribute DOMString code;
  [CEReactions, Reflect] attribute boolean declare;
  [CEReactions, Reflect] attribute unsigned long hspace;
  [CEReactions, Reflect] attribute DOMString standby;
  [CEReactions, Reflect] attribute unsigned long vspace;
  [CEReactions, ReflectURL=codebase] attribute DOMString codeBase;
  [CEReactions, Reflect=codetype] attribute DOMString codeType;
  [CEReactions, Reflect=usemap] attribute DOMString useMap;
  [CEReactions, Reflect] attribute [LegacyNullToEmptyString] DOMString border;
};

[Exposed=Window, ElementTags=(param)]
interface HTMLParamElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString value;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions, Reflect=valuetype] attribute DOMString valueType;
};

[Exposed=Window]
interface HTMLMediaElement : HTMLElement {
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, ReflectEnum=(anonymous, use-credentials), ReflectInvalid=anonymous, Reflect=crossorigin] attribute DOMString? crossOrigin;

  const unsigned short NETWORK_EMPTY = 0;
  const unsigned short NETWORK_IDLE = 1;
  const unsigned short NETWORK_LOADING = 2;
  const unsigned short NETWORK_NO_SOURCE = 3;
  undefined load();
  CanPlayTypeResult canPlayType(DOMString type);

  const unsigned short HAVE_NOTHING = 0;
  const unsigned short HAVE_METADATA = 1;
  const unsigned short HAVE_CURRENT_DATA = 2;
  const unsigned short HAVE_FUTURE_DATA = 3;
  const unsigned short HAVE_ENOUGH_DATA = 4;

  readonly attribute boolean paused;
  [CEReactions, Reflect] attribute boolean autoplay;
  [CEReactions, Reflect] attribute boolean loop;
  Promise<undefined> play();
  undefined pause();

  [CEReactions, Reflect] attribute boolean controls;
  [CEReactions, Reflect=muted] attribute boolean defaultMuted;
};

enum CanPlayTypeResult { "" /* empty string */, "maybe", "probably" };

[Exposed=Window, ElementTags=(video)]
interface HTMLVideoElement : HTMLMediaElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute unsigned long width;
  [CEReactions, Reflect] attribute unsigned long height;
  [CEReactions, ReflectURL] attribute USVString poster;
  [CEReactions, Reflect=playsinline] attribute boolean playsInline;
};

[Exposed=Window, ElementTags=(audio), LegacyFactoryFunction=Audio(optional DOMString src)]
interface HTMLAudioElement : HTMLMediaElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(track)]
interface HTMLTrackElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectEnum=(subtitles, captions, descriptions, chapters, metadata), ReflectMissing=subtitles, ReflectInvalid=metadata] attribute DOMString kind;
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString srclang;
  [CEReactions, Reflect] attribute DOMString label;
  [CEReactions, Reflect] attribute boolean default;

  const unsigned short NONE = 0;
  const unsigned short LOADING = 1;
  const unsigned short LOADED = 2;
  const unsigned short ERROR = 3;
};

[Exposed=Window, ElementTags=(map)]
interface HTMLMapElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString name;
};

[Exposed=Window, ElementTags=(area)]
interface HTMLAreaElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString alt;
  [CEReactions, Reflect] attribute DOMString coords;
  [CEReactions, Reflect] attribute DOMString shape;
  [CEReactions, Reflect] attribute DOMString target;
  [CEReactions, Reflect] attribute DOMString download;
  [CEReactions, Reflect] attribute USVString ping;
  [CEReactions, Reflect] attribute DOMString rel;
  [SameObject, PutForwards=value] readonly attribute DOMTokenList relList;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  // obsolete
  [CEReactions, Reflect=nohref] attribute boolean noHref;
};
HTMLAreaElement includes HTMLHyperlinkElementUtils;

[Exposed=Window, ElementTags=(table)]
interface HTMLTableElement : HTMLElement {
  [HTMLConstructor] constructor();
  // not yet: the setters of caption, tHead and tFoot
  readonly attribute HTMLTableCaptionElement? caption;
  HTMLTableCaptionElement createCaption();
  [CEReactions] undefined deleteCaption();
  readonly attribute HTMLTableSectionElement? tHead;
  HTMLTableSectionElement createTHead();
  [CEReactions] undefined deleteTHead();
  readonly attribute HTMLTableSectionElement? tFoot;
  HTMLTableSectionElement createTFoot();
  [CEReactions] undefined deleteTFoot();
  [SameObject] readonly attribute HTMLCollection tBodies;
  HTMLTableSectionElement createTBody();
  [SameObject] readonly attribute HTMLCollection rows;
  HTMLTableRowElement insertRow(optional long index = -1);
  [CEReactions] undefined deleteRow(long index);
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString border;
  [CEReactions, Reflect] attribute DOMString frame;
  [CEReactions, Reflect] attribute DOMString rules;
  [CEReactions, Reflect] attribute DOMString summary;
  [CEReactions, Reflect] attribute DOMString width;
  [CEReactions, Reflect=bgcolor] attribute [LegacyNullToEmptyString] DOMString bgColor;
  [CEReactions, Reflect=cellpadding] attribute [LegacyNullToEmptyString] DOMString cellPadding;
  [CEReactions, Reflect=cellspacing] attribute [LegacyNullToEmptyString] DOMString cellSpacing;
};

[Exposed=Window, ElementTags=(caption)]
interface HTMLTableCaptionElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
};

[Exposed=Window, ElementTags=(col, colgroup)]
interface HTMLTableColElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect, ReflectRange=(1, 1000), ReflectDefault=1] attribute unsigned long span;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect=char] attribute DOMString ch;
  [CEReactions, Reflect=charoff] attribute DOMString chOff;
  [CEReactions, Reflect=valign] attribute DOMString vAlign;
  [CEReactions, Reflect] attribute DOMString width;
};

[Exposed=Window, ElementTags=(tbody, thead, tfoot)]
interface HTMLTableSectionElement : HTMLElement {
  [HTMLConstructor] constructor();
  [SameObject] readonly attribute HTMLCollection rows;
  HTMLTableRowElement insertRow(optional long index = -1);
  [CEReactions] undefined deleteRow(long index);
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect=char] attribute DOMString ch;
  [CEReactions, Reflect=charoff] attribute DOMString chOff;
  [CEReactions, Reflect=valign] attribute DOMString vAlign;
};

[Exposed=Window, ElementTags=(tr)]
interface HTMLTableRowElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute long rowIndex;
  readonly attribute long sectionRowIndex;
  [SameObject] readonly attribute HTMLCollection cells;
  HTMLTableCellElement insertCell(optional long index = -1);
  [CEReactions] undefined deleteCell(long index);
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect=char] attribute DOMString ch;
  [CEReactions, Reflect=charoff] attribute DOMString chOff;
  [CEReactions, Reflect=valign] attribute DOMString vAlign;
  [CEReactions, Reflect=bgcolor] attribute [LegacyNullToEmptyString] DOMString bgColor;
};

[Exposed=Window, ElementTags=(td, th)]
interface HTMLTableCellElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect=colspan, ReflectRange=(1, 1000), ReflectDefault=1] attribute unsigned long colSpan;
  [CEReactions, Reflect=rowspan, ReflectRange=(0, 65534), ReflectDefault=1] attribute unsigned long rowSpan;
  [CEReactions, Reflect] attribute DOMString headers;
  [CEReactions, ReflectEnum=(row, col, rowgroup, colgroup)] attribute DOMString scope;
  [CEReactions, Reflect] attribute DOMString abbr;
  // obsolete
  [CEReactions, Reflect] attribute DOMString align;
  [CEReactions, Reflect] attribute DOMString axis;
  [CEReactions, Reflect] attribute DOMString height;
  [CEReactions, Reflect] attribute DOMString width;
  [CEReactions, Reflect=char] attribute DOMString ch;
  [CEReactions, Reflect=charoff] attribute DOMString chOff;
  [CEReactions, Reflect=nowrap] attribute boolean noWrap;
  [CEReactions, Reflect=valign] attribute DOMString vAlign;
  [CEReactions, Reflect=bgcolor] attribute [LegacyNullToEmptyString] DOMString bgColor;
};

[Exposed=Window, ElementTags=(details)]
interface HTMLDetailsElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute boolean open;
};

[Exposed=Window, ElementTags=(dialog)]
interface HTMLDialogElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute boolean open;
  attribute DOMString returnValue;
  [CEReactions] undefined show();
  [CEReactions] undefined showModal();
  [CEReactions] undefined close(optional DOMString returnValue);
};

[Exposed=Window, ElementTags=(slot)]
interface HTMLSlotElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString name;
};

[Exposed=Window, ElementTags=(progress)]
interface HTMLProgressElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(meter)]
interface HTMLMeterElement : HTMLElement {
  [HTMLConstructor] constructor();
};

[Exposed=Window, ElementTags=(frame)]
interface HTMLFrameElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect] attribute DOMString name;
  [CEReactions, Reflect] attribute DOMString scrolling;
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect=frameborder] attribute DOMString frameBorder;
  [CEReactions, ReflectURL=longdesc] attribute USVString longDesc;
  [CEReactions, Reflect=noresize] attribute boolean noResize;
  readonly attribute Document? contentDocument;
  readonly attribute WindowProxy? contentWindow;
  [CEReactions, Reflect=marginheight] attribute [LegacyNullToEmptyString] DOMString marginHeight;
  [CEReactions, Reflect=marginwidth] attribute [LegacyNullToEmptyString] DOMString marginWidth;
};

[Exposed=Window, ElementTags=(frameset)]
interface HTMLFrameSetElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute DOMString cols;
  [CEReactions, Reflect] attribute DOMString rows;
};

[Exposed=Window, ElementTags=(font)]
interface HTMLFontElement : HTMLElement {
  [HTMLConstructor] constructor();
  // obsolete
  [CEReactions, Reflect] attribute [LegacyNullToEmptyString] DOMString color;
  [CEReactions, Reflect] attribute DOMString face;
  [CEReactions, Reflect] attribute DOMString size;
};

[Exposed=Window, ElementTags=(canvas)]
interface HTMLCanvasElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, Reflect, ReflectDefault=300] attribute unsigned long width;
  [CEReactions, Reflect, ReflectDefault=150] attribute unsigned long height;
  any getContext(DOMString contextId, optional any options = null);
  USVString toDataURL(optional DOMString type = "image/png", optional any quality);
};

[Exposed=Window, ElementTags=(script)]
interface HTMLScriptElement : HTMLElement {
  [HTMLConstructor] constructor();
  [CEReactions, ReflectURL] attribute USVString src;
  [CEReactions, Reflect] attribute DOMString type;
  [CEReactions, Reflect=nomodule] attribute boolean noModule;
  [CEReactions] attribute boolean async;
  [CEReactions, Reflect] attribute boolean defer;
  [CEReactions, ReflectEnum=(anonymous, use-credentials), ReflectInvalid=anonymous, Reflect=crossorigin] attribute DOMString? crossOrigin;
  [CEReactions] attribute DOMString text;
  [CEReactions, Reflect] attribute DOMString integrity;
  [CEReactions, ReflectEnum=("", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url), Reflect=referrerpolicy] attribute DOMString referrerPolicy;
  // obsolete
  [CEReactions, Reflect] attribute DOMString charset;
  [CEReactions, Reflect] attribute DOMString event;
  [CEReactions, Reflect=for] attribute DOMString htmlFor;
};

[Exposed=Window, ElementTags=(template)]
interface HTMLTemplateElement : HTMLElement {
  [HTMLConstructor] constructor();
  readonly attribute DocumentFragment content;
};
