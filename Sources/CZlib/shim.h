#ifndef SIDELINE_CZLIB_SHIM_H
#define SIDELINE_CZLIB_SHIM_H
// zlib for the club's gzip transfers and the ZIP archives' DEFLATE. deflateInit2 and inflateInit2 are
// function-like macros (they pass the library's version and the stream's size), which Swift does not import.
#include <zlib.h>

static inline int sideline_deflate_init_gzip(z_streamp stream, int level) {
    // windowBits 15 + 16: a gzip header and trailer instead of zlib's; memLevel 8 is zlib's default.
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
static inline int sideline_deflate_init_raw(z_streamp stream, int level) {
    // windowBits -15: raw DEFLATE (RFC 1951), no header or trailer — what a ZIP entry holds.
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
static inline int sideline_inflate_init_gzip(z_streamp stream) {
    // 15 + 16: gzip only (a zlib or raw stream is refused as malformed).
    return inflateInit2(stream, 15 + 16);
}
#endif
