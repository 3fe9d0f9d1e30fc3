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
