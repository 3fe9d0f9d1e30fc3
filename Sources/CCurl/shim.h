/* libcurl, reached through function pointers found with dlopen/dlsym.

   webnav does not link libcurl: loading it (and its TLS libraries) costs milliseconds at every
   start, and most runs never fetch over http. The first http(s) load calls webnav_curl_open,
   which fills a table of entry points; every call below goes through that table. The
   variadic entry points (curl_easy_setopt, curl_easy_getinfo) are called from C with the
   right argument type, which Swift cannot do through a pointer. */

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

typedef struct webnav_curl_api {
    void *global_init;
    void *easy_init;
    void *easy_setopt;
    void *easy_getinfo;
    void *easy_cleanup;
    void *easy_strerror;
    void *slist_append;
    void *slist_free_all;
    void *multi_init;
    void *multi_add_handle;
    void *multi_remove_handle;
    void *multi_perform;
    void *multi_poll;
    void *multi_wakeup;
    void *multi_info_read;
    void *multi_cleanup;
} webnav_curl_api;

/* Opens libcurl and finds its entry points; NULL on success, else what failed. */
static inline const char *webnav_curl_open(const char *path, webnav_curl_api *api) {
    void *library = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (!library) return dlerror();
#define WEBNAV_FIND(field, symbol) \
    if (!(api->field = dlsym(library, symbol))) return "libcurl lacks " symbol;
    WEBNAV_FIND(global_init, "curl_global_init")
    WEBNAV_FIND(easy_init, "curl_easy_init")
    WEBNAV_FIND(easy_setopt, "curl_easy_setopt")
    WEBNAV_FIND(easy_getinfo, "curl_easy_getinfo")
    WEBNAV_FIND(easy_cleanup, "curl_easy_cleanup")
    WEBNAV_FIND(easy_strerror, "curl_easy_strerror")
    WEBNAV_FIND(slist_append, "curl_slist_append")
    WEBNAV_FIND(slist_free_all, "curl_slist_free_all")
    WEBNAV_FIND(multi_init, "curl_multi_init")
    WEBNAV_FIND(multi_add_handle, "curl_multi_add_handle")
    WEBNAV_FIND(multi_remove_handle, "curl_multi_remove_handle")
    WEBNAV_FIND(multi_perform, "curl_multi_perform")
    WEBNAV_FIND(multi_poll, "curl_multi_poll")
    WEBNAV_FIND(multi_wakeup, "curl_multi_wakeup")
    WEBNAV_FIND(multi_info_read, "curl_multi_info_read")
    WEBNAV_FIND(multi_cleanup, "curl_multi_cleanup")
#undef WEBNAV_FIND
    if (((CURLcode (*)(long))api->global_init)(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        return "curl_global_init failed";
    return NULL;
}

static inline CURL *webnav_easy_init(const webnav_curl_api *api) {
    return ((CURL *(*)(void))api->easy_init)();
}

static inline void webnav_easy_cleanup(const webnav_curl_api *api, CURL *easy) {
    ((void (*)(CURL *))api->easy_cleanup)(easy);
}

static inline const char *webnav_easy_strerror(const webnav_curl_api *api, CURLcode code) {
    return ((const char *(*)(CURLcode))api->easy_strerror)(code);
}

static inline CURLcode webnav_setopt_long(const webnav_curl_api *api, CURL *easy, CURLoption option, long value) {
    return ((CURLcode (*)(CURL *, CURLoption, ...))api->easy_setopt)(easy, option, value);
}

static inline CURLcode webnav_setopt_offset(const webnav_curl_api *api, CURL *easy, CURLoption option, curl_off_t value) {
    return ((CURLcode (*)(CURL *, CURLoption, ...))api->easy_setopt)(easy, option, value);
}

static inline CURLcode webnav_setopt_pointer(const webnav_curl_api *api, CURL *easy, CURLoption option, const void *value) {
    return ((CURLcode (*)(CURL *, CURLoption, ...))api->easy_setopt)(easy, option, value);
}

static inline CURLcode webnav_setopt_write_function(const webnav_curl_api *api, CURL *easy, CURLoption option, curl_write_callback callback) {
    return ((CURLcode (*)(CURL *, CURLoption, ...))api->easy_setopt)(easy, option, callback);
}

static inline CURLcode webnav_setopt_progress_function(const webnav_curl_api *api, CURL *easy, curl_xferinfo_callback callback) {
    return ((CURLcode (*)(CURL *, CURLoption, ...))api->easy_setopt)(easy, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode webnav_getinfo_long(const webnav_curl_api *api, CURL *easy, CURLINFO info, long *value) {
    return ((CURLcode (*)(CURL *, CURLINFO, ...))api->easy_getinfo)(easy, info, value);
}

static inline struct curl_slist *webnav_slist_append(const webnav_curl_api *api, struct curl_slist *list, const char *line) {
    return ((struct curl_slist *(*)(struct curl_slist *, const char *))api->slist_append)(list, line);
}

static inline void webnav_slist_free_all(const webnav_curl_api *api, struct curl_slist *list) {
    ((void (*)(struct curl_slist *))api->slist_free_all)(list);
}

static inline CURLM *webnav_multi_init(const webnav_curl_api *api) {
    return ((CURLM *(*)(void))api->multi_init)();
}

static inline CURLMcode webnav_multi_add_handle(const webnav_curl_api *api, CURLM *multi, CURL *easy) {
    return ((CURLMcode (*)(CURLM *, CURL *))api->multi_add_handle)(multi, easy);
}

static inline CURLMcode webnav_multi_remove_handle(const webnav_curl_api *api, CURLM *multi, CURL *easy) {
    return ((CURLMcode (*)(CURLM *, CURL *))api->multi_remove_handle)(multi, easy);
}

static inline CURLMcode webnav_multi_perform(const webnav_curl_api *api, CURLM *multi, int *running) {
    return ((CURLMcode (*)(CURLM *, int *))api->multi_perform)(multi, running);
}

static inline CURLMcode webnav_multi_poll(const webnav_curl_api *api, CURLM *multi, int timeout_ms) {
    int ready = 0;
    return ((CURLMcode (*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *))api->multi_poll)(multi, NULL, 0, timeout_ms, &ready);
}

static inline CURLMcode webnav_multi_wakeup(const webnav_curl_api *api, CURLM *multi) {
    return ((CURLMcode (*)(CURLM *))api->multi_wakeup)(multi);
}

/* The result of the finished transfer, or -1 while none has finished. */
static inline int webnav_multi_done_result(const webnav_curl_api *api, CURLM *multi) {
    int queued = 0;
    CURLMsg *message;
    while ((message = ((CURLMsg *(*)(CURLM *, int *))api->multi_info_read)(multi, &queued))) {
        if (message->msg == CURLMSG_DONE) return (int)message->data.result;
    }
    return -1;
}

static inline void webnav_multi_cleanup(const webnav_curl_api *api, CURLM *multi) {
    ((CURLMcode (*)(CURLM *))api->multi_cleanup)(multi);
}
