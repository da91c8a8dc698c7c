// The glibc functions that an arm64 binary linked against trixie's glibc (2.41) would take at versions
// bookworm's glibc (2.36) does not have: what Debian sid's Swift runtime (swiftlang 6.2.3, built against
// glibc 2.42) calls under new names — the ISO C23 scanners and strlcpy/strlcat (GLIBC_2.38) — and fmod and
// fmodf, whose default version in libm became GLIBC_2.38 (a new implementation; fmod is exact, so both
// versions give the same bits). Linked into every arm64 binary (toolset.json: -l:sideline-glibc-2.36.o,
// from the sysroot's library folder), these definitions win over trixie's libraries at link time, so the
// binary needs no glibc symbol newer than GLIBC_2.36 and loads on bookworm and trixie alike. C23 adds
// binary literals ("0b101") to strtol and scanf's %i; nothing in the runtime parses them.
// Compiled as plain C11 (no _GNU_SOURCE): glibc's headers then name the C99 functions, not these.
// Every definition is hidden: seen by the binary's own objects at link time, never exported. An
// exported `fmod` (SwiftPM links executables with --export-dynamic) would be what the dynamic linker
// finds first for its own call to fmod@GLIBC_2.17 — an unversioned definition in the executable
// matches a versioned reference — so fmod would call itself for ever (the first arm64 binaries hung
// in any Calendar or truncatingRemainder call, on qemu-user as on a board).
#define _POSIX_C_SOURCE 200809L  // strnlen
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
HIDDEN long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
HIDDEN unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
HIDDEN unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }

HIDDEN int __isoc23_sscanf(const char *s, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = vsscanf(s, format, arguments);
    va_end(arguments);
    return result;
}

HIDDEN size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t n = length < size - 1 ? length : size - 1;
        memcpy(destination, source, n);
        destination[n] = '\0';
    }
    return length;
}

HIDDEN size_t strlcat(char *destination, const char *source, size_t size) {
    size_t used = strnlen(destination, size);
    if (used == size) return size + strlen(source);
    return used + strlcpy(destination + used, source, size - used);
}

// fmod and fmodf as libm had them before 2.38 (GLIBC_2.17 is aarch64's first version).
double sideline_fmod_2_17(double, double);
float sideline_fmodf_2_17(float, float);
__asm__(".symver sideline_fmod_2_17, fmod@GLIBC_2.17");
__asm__(".symver sideline_fmodf_2_17, fmodf@GLIBC_2.17");
HIDDEN double fmod(double x, double y) { return sideline_fmod_2_17(x, y); }
HIDDEN float fmodf(float x, float y) { return sideline_fmodf_2_17(x, y); }
