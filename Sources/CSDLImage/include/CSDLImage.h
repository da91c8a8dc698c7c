#ifndef SIDELINE_CSDLIMAGE_H
#define SIDELINE_CSDLIMAGE_H
// SDL_image (players' photos decoded and encoded, headless screenshots), opened with dlopen the first time
// a picture is decoded or saved: the kiosk's launch draws none, and SDL_image with what only it brings
// (libjpeg, libtiff with its jbig, deflate and Lerc, libwebp) is seven libraries the loader would
// otherwise map and relocate at every launch, ≈ 3.3 M instructions before main
// (docs/decisions/109-the-launch-without-sdl-image-and-40-live-without-the-screens-left-behind.md).
// Nothing of SDL_image is linked, and its header is not included here (SDL's structures are declared
// only: Swift finds them whole in CSDL2): every call goes through a sideline_IMG_* function below, and
// calling an IMG_* function directly does not compile.
#include <stddef.h>

struct SDL_Surface;
struct SDL_RWops;

// The library's soname: Debian's libsdl2-image-2.0-0 (bookworm and trixie).
#define SIDELINE_SDL_IMAGE "libSDL2_image-2.0.so.0"

// Opens SDL_image, once per process (later calls return the first call's outcome; safe from any thread).
// 0 when it is ready; else -1 and why (one line, dlerror's words) in `reason`. The other functions open it
// themselves and fail as SDL_image's would (NULL, -1) when it cannot be opened; a process that confines its
// system calls afterwards (the photo helper) calls this first.
int sideline_img_open(char *reason, size_t size);

struct SDL_Surface *sideline_IMG_LoadPNG_RW(struct SDL_RWops *source);
struct SDL_Surface *sideline_IMG_LoadJPG_RW(struct SDL_RWops *source);
struct SDL_Surface *sideline_IMG_LoadGIF_RW(struct SDL_RWops *source);
struct SDL_Surface *sideline_IMG_LoadBMP_RW(struct SDL_RWops *source);
struct SDL_Surface *sideline_IMG_LoadWEBP_RW(struct SDL_RWops *source);
int sideline_IMG_SavePNG(struct SDL_Surface *surface, const char *file);
int sideline_IMG_SavePNG_RW(struct SDL_Surface *surface, struct SDL_RWops *destination, int freeDestination);
int sideline_IMG_SaveJPG_RW(struct SDL_Surface *surface, struct SDL_RWops *destination, int freeDestination, int quality);
#endif
