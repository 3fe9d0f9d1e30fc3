// libxml2's SAX2 push parser (Debian's libxml2-dev), for PageKit's adapter (XMLParser.swift),
// which opens the library with dlopen the first time a page parses XML: nothing links it, so
// programs that never parse XML do not load it (nor the ICU libraries it links).
//
// Debian builds libxml2 with ICU, so its encoding.h includes the system's <unicode/ucnv.h>, whose
// types clash with the copy of ICU inside Foundation (_FoundationICU: "'UErrorCode' has different
// definitions in different modules"). The adapter never touches the ICU fields (they sit at the end
// of xmlCharEncodingHandler, which it only sees through pointers), so the ICU part is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <dlfcn.h>
#include <stddef.h>

// Every function the adapter calls, as X(name).
#define CLIBXML2_FUNCTIONS(X) \
    X(xmlInitParser) X(xmlCreatePushParserCtxt) X(xmlCtxtUseOptions) X(xmlSwitchEncoding) \
    X(xmlParseChunk) X(xmlStopParser) X(xmlFreeParserCtxt) X(xmlFreeDoc) \
    X(xmlSAX2StartDocument) X(xmlSAX2InternalSubset) X(xmlSAX2EntityDecl) \
    X(xmlGetPredefinedEntity) X(xmlGetDocEntity) X(xmlSetExternalEntityLoader)

#define CLIBXML2_FIELD(name) __typeof__(&name) name;
/// Pointers to the library's functions, filled by clibxml2_load.
typedef struct { CLIBXML2_FUNCTIONS(CLIBXML2_FIELD) } CLibXML2Functions;
#undef CLIBXML2_FIELD

/// The external entity loader: none loads.
static inline xmlParserInputPtr clibxml2_no_external_entity(const char *url, const char *identifier, xmlParserCtxtPtr context) {
    (void)url; (void)identifier; (void)context;
    return NULL;
}

/// Opens the library and looks up every function; returns dlerror()'s text on failure, else NULL.
static inline const char *clibxml2_load(CLibXML2Functions *functions, const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define CLIBXML2_LOOKUP(name) \
    functions->name = (__typeof__(&name))dlsym(library, #name); \
    if (!functions->name) return "missing function " #name;
    CLIBXML2_FUNCTIONS(CLIBXML2_LOOKUP)
#undef CLIBXML2_LOOKUP
    functions->xmlInitParser();
    // Pages never make libxml2 read a file or the network: every external entity and DTD fails
    // to load (webnav's loader, not libxml2's, decides what a page may read).
    functions->xmlSetExternalEntityLoader(clibxml2_no_external_entity);
    return NULL;
}

// libxslt (Debian's libxslt1-dev), for PageKit's XSLTProcessor adapter (XSLTTransformer.swift),
// opened with dlopen the first time a page transforms: the same libxml2 it links is the one
// above. No transform reads or writes a file or the network: the document loader loads
// nothing (xsl:include, xsl:import, document()) and the security preferences forbid writes.
#include <libxslt/xsltInternals.h>
#include <libxslt/transform.h>
#include <libxslt/xsltutils.h>
#include <libxslt/security.h>
#include <libxslt/documents.h>

// Every function the adapter calls, as X(name); libxml2's own are found through libxslt's handle.
#define CLIBXSLT_FUNCTIONS(X) \
    X(xmlReadMemory) X(xmlFreeDoc) X(xmlSetExternalEntityLoader) \
    X(xsltParseStylesheetDoc) X(xsltFreeStylesheet) X(xsltNewTransformContext) X(xsltFreeTransformContext) \
    X(xsltApplyStylesheetUser) X(xsltSaveResultToString) \
    X(xsltNewSecurityPrefs) X(xsltSetSecurityPrefs) X(xsltSetDefaultSecurityPrefs) X(xsltSecurityForbid) \
    X(xsltSetCtxtSecurityPrefs) X(xsltSetGenericErrorFunc) X(xmlSetGenericErrorFunc) X(xsltSetLoaderFunc)

#define CLIBXSLT_FIELD(name) __typeof__(&name) name;
/// Pointers to libxslt's (and libxml2's) functions, filled by clibxslt_load.
typedef struct {
    CLIBXSLT_FUNCTIONS(CLIBXSLT_FIELD)
    /// libxml2's deallocator (a variable of the library, read once it is loaded).
    xmlFreeFunc xmlFree;
    /// The preferences forbidding every file and network access.
    xsltSecurityPrefsPtr forbidden;
} CLibXSLTFunctions;
#undef CLIBXSLT_FIELD

/// Swallows libxml2's and libxslt's messages (they would go to stderr, under the terminal UI).
static inline void clibxslt_silent(void *context, const char *message, ...) { (void)context; (void)message; }

/// The document loader of `document()`, `xsl:include` and `xsl:import`: none loads, so
/// `document()` gives an empty node-set, as WebKit's loader gives for what a page may not read.
static inline xmlDocPtr clibxslt_no_document(const xmlChar *uri, xmlDictPtr dict, int options, void *context, xsltLoadType type) {
    (void)uri; (void)dict; (void)options; (void)context; (void)type;
    return NULL;
}

/// Opens libxslt and looks up every function; returns dlerror()'s text on failure, else NULL.
static inline const char *clibxslt_load(CLibXSLTFunctions *functions, const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define CLIBXSLT_LOOKUP(name) \
    functions->name = (__typeof__(&name))dlsym(library, #name); \
    if (!functions->name) return "missing function " #name;
    CLIBXSLT_FUNCTIONS(CLIBXSLT_LOOKUP)
#undef CLIBXSLT_LOOKUP
    xmlFreeFunc *free_variable = (xmlFreeFunc *)dlsym(library, "xmlFree");
    if (!free_variable || !*free_variable) return "missing variable xmlFree";
    functions->xmlFree = *free_variable;
    functions->xmlSetExternalEntityLoader(clibxml2_no_external_entity);
    functions->xmlSetGenericErrorFunc(NULL, clibxslt_silent);
    functions->xsltSetGenericErrorFunc(NULL, clibxslt_silent);
    xsltSecurityPrefsPtr prefs = functions->xsltNewSecurityPrefs();
    if (!prefs) return "xsltNewSecurityPrefs failed";
    functions->xsltSetLoaderFunc(clibxslt_no_document);
    // Reads go to the loader above (which loads nothing); writes are forbidden outright.
    xsltSecurityOption options[] = { XSLT_SECPREF_WRITE_FILE, XSLT_SECPREF_CREATE_DIRECTORY, XSLT_SECPREF_WRITE_NETWORK };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (functions->xsltSetSecurityPrefs(prefs, options[i], functions->xsltSecurityForbid) != 0) return "xsltSetSecurityPrefs failed";
    }
    functions->xsltSetDefaultSecurityPrefs(prefs);
    functions->forbidden = prefs;
    return NULL;
}

/// Applies a stylesheet with the forbidding preferences on its own transform context; the
/// result (NULL on failure) is the caller's to free.
static inline xmlDocPtr clibxslt_apply(const CLibXSLTFunctions *functions, xsltStylesheetPtr style, xmlDocPtr doc, const char **params) {
    xsltTransformContextPtr context = functions->xsltNewTransformContext(style, doc);
    if (!context) return NULL;
    if (functions->xsltSetCtxtSecurityPrefs(functions->forbidden, context) != 0) {
        functions->xsltFreeTransformContext(context);
        return NULL;
    }
    xmlDocPtr result = functions->xsltApplyStylesheetUser(style, doc, params, NULL, NULL, context);
    functions->xsltFreeTransformContext(context);
    return result;
}

/// Whether a transform's result is an HTML document (`xsl:output method="html"`, or the
/// default for a result whose root is `html`).
static inline int clibxslt_is_html(xmlDocPtr result) { return result->type == XML_HTML_DOCUMENT_NODE; }
