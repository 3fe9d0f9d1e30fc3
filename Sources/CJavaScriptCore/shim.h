// JavaScriptCore's C API (Debian's libjavascriptcoregtk-4.1), for ScriptRuntime's adapter
// (JavaScriptCoreAdapter.swift), which loads the library with dlopen on first use: nothing links
// it, so programs that never run a script do not pay for loading it.
#include <JavaScriptCore/JavaScript.h>
#include <dlfcn.h>
#include <stddef.h>

// Exported by the library but declared only in WebKit's private headers
// (Source/JavaScriptCore/API/JSContextRefPrivate.h, JSBasePrivate.h).
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit, JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function, JSValueRef *exception);
void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);
// Source/JavaScriptCore/API/JSScriptRefPrivate.h: a script parsed once and run many times.
typedef struct OpaqueJSScript *JSScriptRef;
JSScriptRef JSScriptCreateFromString(JSContextGroupRef contextGroup, JSStringRef url, int startingLineNumber,
                                     JSStringRef source, JSStringRef *errorMessage, int *errorLine);
JSValueRef JSScriptEvaluate(JSContextRef ctx, JSScriptRef script, JSValueRef thisValue, JSValueRef *exception);
void JSScriptRelease(JSScriptRef script);

// Every function the adapter calls, as X(name).
#define CJSC_FUNCTIONS(X) \
    X(JSContextGroupCreate) X(JSContextGroupRelease) \
    X(JSContextGroupSetExecutionTimeLimit) X(JSContextGroupClearExecutionTimeLimit) \
    X(JSGlobalContextCreateInGroup) X(JSGlobalContextRetain) X(JSGlobalContextRelease) X(JSGlobalContextSetName) \
    X(JSGlobalContextSetUnhandledRejectionCallback) X(JSContextGetGlobalObject) X(JSContextGetGlobalContext) \
    X(JSEvaluateScript) X(JSGarbageCollect) X(JSSynchronousGarbageCollectForDebugging) \
    X(JSStringCreateWithCharacters) X(JSStringCreateWithUTF8CString) X(JSStringRelease) \
    X(JSStringGetLength) X(JSStringGetCharactersPtr) \
    X(JSValueGetType) X(JSValueIsNull) X(JSValueIsUndefined) X(JSValueIsObject) X(JSValueIsArray) \
    X(JSValueMakeUndefined) X(JSValueMakeNull) X(JSValueMakeBoolean) X(JSValueMakeNumber) X(JSValueMakeString) \
    X(JSValueToBoolean) X(JSValueToNumber) X(JSValueToStringCopy) X(JSValueToObject) \
    X(JSValueProtect) X(JSValueUnprotect) \
    X(JSObjectMake) X(JSObjectMakeArray) X(JSObjectMakeError) X(JSObjectMakeFunctionWithCallback) \
    X(JSObjectCallAsFunction) X(JSObjectGetProperty) X(JSObjectSetProperty) \
    X(JSObjectGetPropertyAtIndex) X(JSObjectIsFunction) X(JSObjectGetPrivate) X(JSClassCreate) \
    X(JSPropertyNameAccumulatorAddName) \
    X(JSScriptCreateFromString) X(JSScriptEvaluate) X(JSScriptRelease)

#define CJSC_FIELD(name) __typeof__(&name) name;
/// Pointers to the library's functions, filled by cjsc_load.
typedef struct { CJSC_FUNCTIONS(CJSC_FIELD) } CJSCFunctions;
#undef CJSC_FIELD

/// Opens the library and looks up every function; returns dlerror()'s text on failure, else NULL.
static inline const char *cjsc_load(CJSCFunctions *functions, const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define CJSC_LOOKUP(name) \
    functions->name = (__typeof__(&name))dlsym(library, #name); \
    if (!functions->name) return "missing function " #name;
    CJSC_FUNCTIONS(CJSC_LOOKUP)
#undef CJSC_LOOKUP
    return NULL;
}
