#ifndef SIDELINE_CCURL_H
#define SIDELINE_CCURL_H
// libcurl for the kiosk's club sync, opened with dlopen the first time a sync needs it: the kiosk's
// screen process never syncs (the appliance runs `sideline club sync` as its own service), and
// libcurl's dependency tree (TLS, Kerberos, LDAP, SSH, nghttp2, ...) is two dozen libraries the
// loader would otherwise map and relocate at every launch (docs/decisions/078-libcurl-opened-when-syncing.md).
// Nothing of libcurl is linked: <curl/curl.h> gives the types and constants only, and every call
// goes through a sideline_curl_* function below. Calling a curl_* function directly fails to link.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift does not call: one typed
// wrapper per kind of argument.
#include <stddef.h>
#include <curl/curl.h>

// The library's soname: Debian's libcurl4 (bookworm) and libcurl4t64 (trixie) both ship it.
#define SIDELINE_LIBCURL "libcurl.so.4"

// Opens libcurl and runs curl_global_init, once per process (later calls return the first call's
// outcome; safe from any thread). 0 when libcurl is ready; else -1 and why (one line, dlerror's
// words) in `reason`. No other function here may be called before it returned 0.
int sideline_curl_open(char *reason, size_t size);

CURL *sideline_curl_easy_init(void);
void sideline_curl_easy_cleanup(CURL *curl);
void sideline_curl_easy_reset(CURL *curl);
CURLcode sideline_curl_easy_perform(CURL *curl);
const char *sideline_curl_easy_strerror(CURLcode code);
struct curl_slist *sideline_curl_slist_append(struct curl_slist *list, const char *text);
void sideline_curl_slist_free_all(struct curl_slist *list);

CURLcode sideline_curl_set_long(CURL *curl, CURLoption option, long value);
CURLcode sideline_curl_set_string(CURL *curl, CURLoption option, const char *value);
CURLcode sideline_curl_set_pointer(CURL *curl, CURLoption option, void *value);
CURLcode sideline_curl_set_off(CURL *curl, CURLoption option, curl_off_t value);
typedef size_t (*sideline_curl_data_callback)(char *, size_t, size_t, void *);
CURLcode sideline_curl_set_callback(CURL *curl, CURLoption option, sideline_curl_data_callback callback);
CURLcode sideline_curl_response_code(CURL *curl, long *code);
CURLcode sideline_curl_os_errno(CURL *curl, long *error);
#endif
