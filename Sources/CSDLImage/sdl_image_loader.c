// SDL_image opened with dlopen when a picture is first decoded or saved (CSDLImage.h says why).
#include "CSDLImage.h"

#include <SDL2/SDL_image.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// SDL_image's own prototypes, so each pointer has exactly the type its header declares.
static struct {
    __typeof__(IMG_LoadPNG_RW) *load_png;
    __typeof__(IMG_LoadJPG_RW) *load_jpg;
    __typeof__(IMG_LoadGIF_RW) *load_gif;
    __typeof__(IMG_LoadBMP_RW) *load_bmp;
    __typeof__(IMG_LoadWEBP_RW) *load_webp;
    __typeof__(IMG_SavePNG) *save_png;
    __typeof__(IMG_SavePNG_RW) *save_png_rw;
    __typeof__(IMG_SaveJPG_RW) *save_jpg_rw;
} img;

// Written once inside pthread_once, read only after it: pthread_once orders them for every caller.
static int opened = -1;
static char failure[512] = "SDL_image was not opened";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_once(void) {
    // RTLD_LOCAL: SDL_image's symbols stay out of the process's global scope (it finds SDL2's, which the
    // binary links); never closed: a kiosk decodes photos again.
    void *library = dlopen(SIDELINE_SDL_IMAGE, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define RESOLVE(field, symbol)                                                                  \
    if (!(img.field = (__typeof__(img.field))dlsym(library, #symbol))) {                        \
        snprintf(failure, sizeof failure, "%s has no %s", SIDELINE_SDL_IMAGE, #symbol);         \
        return;                                                                                 \
    }
    RESOLVE(load_png, IMG_LoadPNG_RW)
    RESOLVE(load_jpg, IMG_LoadJPG_RW)
    RESOLVE(load_gif, IMG_LoadGIF_RW)
    RESOLVE(load_bmp, IMG_LoadBMP_RW)
    RESOLVE(load_webp, IMG_LoadWEBP_RW)
    RESOLVE(save_png, IMG_SavePNG)
    RESOLVE(save_png_rw, IMG_SavePNG_RW)
    RESOLVE(save_jpg_rw, IMG_SaveJPG_RW)
#undef RESOLVE
    opened = 0;
}

int sideline_img_open(char *reason, size_t size) {
    pthread_once(&once, open_once);
    if (opened != 0 && reason && size > 0) snprintf(reason, size, "%s", failure);
    return opened;
}

// SDL_image's answers when it is there; its failure values (with no SDL error set) when it is not.
static int ready(void) { return sideline_img_open(NULL, 0) == 0; }

struct SDL_Surface *sideline_IMG_LoadPNG_RW(struct SDL_RWops *source) { return ready() ? img.load_png(source) : NULL; }
struct SDL_Surface *sideline_IMG_LoadJPG_RW(struct SDL_RWops *source) { return ready() ? img.load_jpg(source) : NULL; }
struct SDL_Surface *sideline_IMG_LoadGIF_RW(struct SDL_RWops *source) { return ready() ? img.load_gif(source) : NULL; }
struct SDL_Surface *sideline_IMG_LoadBMP_RW(struct SDL_RWops *source) { return ready() ? img.load_bmp(source) : NULL; }
struct SDL_Surface *sideline_IMG_LoadWEBP_RW(struct SDL_RWops *source) { return ready() ? img.load_webp(source) : NULL; }
int sideline_IMG_SavePNG(struct SDL_Surface *surface, const char *file) { return ready() ? img.save_png(surface, file) : -1; }
int sideline_IMG_SavePNG_RW(struct SDL_Surface *surface, struct SDL_RWops *destination, int freeDestination) {
    return ready() ? img.save_png_rw(surface, destination, freeDestination) : -1;
}
int sideline_IMG_SaveJPG_RW(struct SDL_Surface *surface, struct SDL_RWops *destination, int freeDestination, int quality) {
    return ready() ? img.save_jpg_rw(surface, destination, freeDestination, quality) : -1;
}
