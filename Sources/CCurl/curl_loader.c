// libcurl opened with dlopen when the club sync first needs it (CCurl.h says why).
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's own prototypes, so each pointer has exactly the type the header declares.
static struct {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_reset) *easy_reset;
    __typeof__(curl_easy_perform) *easy_perform;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
} curl;

// Written once inside pthread_once, read only after it: pthread_once orders them for every caller.
static int opened = -1;
static char failure[512] = "libcurl was not opened";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_once(void) {
    // RTLD_LOCAL: libcurl's symbols stay out of the process's global scope; the library is never closed
    // (curl_global_cleanup is not thread-safe, and a process syncs again).
    void *library = dlopen(SIDELINE_LIBCURL, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define RESOLVE(field, symbol)                                                                  \
    if (!(curl.field = (__typeof__(curl.field))dlsym(library, #symbol))) {                      \
        snprintf(failure, sizeof failure, "%s has no %s", SIDELINE_LIBCURL, #symbol);           \
        return;                                                                                 \
    }
    RESOLVE(global_init, curl_global_init)
    RESOLVE(easy_init, curl_easy_init)
    RESOLVE(easy_cleanup, curl_easy_cleanup)
    RESOLVE(easy_reset, curl_easy_reset)
    RESOLVE(easy_perform, curl_easy_perform)
    RESOLVE(easy_setopt, curl_easy_setopt)
    RESOLVE(easy_getinfo, curl_easy_getinfo)
    RESOLVE(easy_strerror, curl_easy_strerror)
    RESOLVE(slist_append, curl_slist_append)
    RESOLVE(slist_free_all, curl_slist_free_all)
#undef RESOLVE
    // Not thread-safe itself: here it runs exactly once, before any handle exists.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed (%d)", (int)code);
        return;
    }
    opened = 0;
}

int sideline_curl_open(char *reason, size_t size) {
    pthread_once(&once, open_once);
    if (opened != 0 && reason && size > 0) snprintf(reason, size, "%s", failure);
    return opened;
}

CURL *sideline_curl_easy_init(void) { return curl.easy_init(); }
void sideline_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
void sideline_curl_easy_reset(CURL *handle) { curl.easy_reset(handle); }
CURLcode sideline_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *sideline_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *sideline_curl_slist_append(struct curl_slist *list, const char *text) { return curl.slist_append(list, text); }
void sideline_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

// Through the variadic pointer: the call passes each value as libcurl's va_arg reads it.
CURLcode sideline_curl_set_long(CURL *handle, CURLoption option, long value) { return curl.easy_setopt(handle, option, value); }
CURLcode sideline_curl_set_string(CURL *handle, CURLoption option, const char *value) { return curl.easy_setopt(handle, option, value); }
CURLcode sideline_curl_set_pointer(CURL *handle, CURLoption option, void *value) { return curl.easy_setopt(handle, option, value); }
CURLcode sideline_curl_set_off(CURL *handle, CURLoption option, curl_off_t value) { return curl.easy_setopt(handle, option, value); }
CURLcode sideline_curl_set_callback(CURL *handle, CURLoption option, sideline_curl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
CURLcode sideline_curl_response_code(CURL *handle, long *code) { return curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code); }
CURLcode sideline_curl_os_errno(CURL *handle, long *error) { return curl.easy_getinfo(handle, CURLINFO_OS_ERRNO, error); }
