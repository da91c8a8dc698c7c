#ifndef SIDELINE_CCURL_SHIM_H
#define SIDELINE_CCURL_SHIM_H
// libcurl for the kiosk's club sync. curl_easy_setopt and curl_easy_getinfo are variadic, which
// Swift does not call: one typed wrapper per kind of argument.
#include <curl/curl.h>

static inline CURLcode sideline_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode sideline_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode sideline_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode sideline_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*sideline_curl_data_callback)(char *, size_t, size_t, void *);
static inline CURLcode sideline_curl_set_callback(CURL *curl, CURLoption option, sideline_curl_data_callback callback) {
    return curl_easy_setopt(curl, option, callback);
}
static inline CURLcode sideline_curl_response_code(CURL *curl, long *code) {
    return curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, code);
}
static inline CURLcode sideline_curl_os_errno(CURL *curl, long *error) {
    return curl_easy_getinfo(curl, CURLINFO_OS_ERRNO, error);
}
#endif
