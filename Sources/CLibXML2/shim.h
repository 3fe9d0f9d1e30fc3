// libxml2's HTML parser, for PageKit's adapter (LibXML2HTMLParser.swift).
// Debian builds libxml2 with ICU; its headers would then include the system ICU headers, whose
// types clash with Foundation's own copy of ICU. Nothing here needs ICU, so it is switched off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
