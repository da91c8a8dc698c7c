#ifndef SIDELINE_CSDL2_SHIM_H
#define SIDELINE_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
// SDL_image is not here: CSDLImage opens it when a picture is first decoded or saved (not linked).

// Swift does not import function-like macros; wrap the ones we use.
static inline int sideline_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}
static inline int sideline_SDL_WINDOWPOS_CENTERED_DISPLAY(int display) { return (int)SDL_WINDOWPOS_CENTERED_DISPLAY(display); }
static inline int sideline_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 sideline_SDL_PIXELFORMAT_ARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 sideline_SDL_PIXELFORMAT_RGB888(void) { return SDL_PIXELFORMAT_RGB888; }
static inline int sideline_SDL_MUSTLOCK(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
#endif
