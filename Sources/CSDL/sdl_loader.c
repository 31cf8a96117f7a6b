/* SDL2, loaded the first time the program calls into it (dlopen of libSDL2-2.0.so.0), not when
 * the program starts. Each SDL function the program uses is defined here under its own name and
 * forwards to the library's; SDL_Init fails with the loader's reason when the library cannot be
 * loaded (SDL_GetError says why), and every other call then does nothing and returns zero. The
 * definitions are checked against SDL's own declarations, which this file includes. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include "csdl.h"

/* Every function used: F(return type, name, parameters, arguments), V for those returning
 * nothing. SDL_Init and SDL_GetError are written out below. */
#define CSDL_FUNCTIONS(F, V) \
    F(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value)) \
    F(SDL_bool, SDL_SetHintWithPriority, (const char *name, const char *value, SDL_HintPriority priority), \
      (name, value, priority)) \
    V(SDL_Quit, (void), ()) \
    F(const char *, SDL_GetCurrentVideoDriver, (void), ()) \
    F(int, SDL_GetNumVideoDisplays, (void), ()) \
    F(int, SDL_GetDisplayBounds, (int index, SDL_Rect *rect), (index, rect)) \
    F(int, SDL_GetDisplayDPI, (int index, float *diagonal, float *horizontal, float *vertical), \
      (index, diagonal, horizontal, vertical)) \
    F(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags), \
      (title, x, y, w, h, flags)) \
    V(SDL_DestroyWindow, (SDL_Window *window), (window)) \
    F(Uint32, SDL_GetWindowID, (SDL_Window *window), (window)) \
    V(SDL_ShowWindow, (SDL_Window *window), (window)) \
    V(SDL_HideWindow, (SDL_Window *window), (window)) \
    F(SDL_bool, SDL_GetWindowWMInfo, (SDL_Window *window, SDL_SysWMinfo *info), (window, info)) \
    F(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window *window), (window)) \
    F(int, SDL_UpdateWindowSurfaceRects, (SDL_Window *window, const SDL_Rect *rects, int count), \
      (window, rects, count)) \
    F(int, SDL_LockSurface, (SDL_Surface *surface), (surface)) \
    V(SDL_UnlockSurface, (SDL_Surface *surface), (surface)) \
    F(int, SDL_PollEvent, (SDL_Event *event), (event)) \
    F(int, SDL_WaitEvent, (SDL_Event *event), (event)) \
    F(int, SDL_WaitEventTimeout, (SDL_Event *event, int timeout), (event, timeout)) \
    F(int, SDL_PushEvent, (SDL_Event *event), (event)) \
    F(Uint32, SDL_RegisterEvents, (int count), (count)) \
    F(Uint8, SDL_EventState, (Uint32 type, int state), (type, state))

#define CSDL_POINTER(type, name, parameters, arguments) type (*name) parameters;
#define CSDL_VOID_POINTER(name, parameters, arguments) void (*name) parameters;
static struct {
    int (*SDL_Init)(Uint32 flags);
    const char *(*SDL_GetError)(void);
    CSDL_FUNCTIONS(CSDL_POINTER, CSDL_VOID_POINTER)
} sdl;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[256] = "SDL2 is not loaded";

/* Loads the library and finds every function in it; on any failure, none is used. */
static void csdl_load(void) {
    void *library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "cannot load SDL2: %s", dlerror());
        return;
    }
#define CSDL_FIND(name) \
    if (!(*(void **)&sdl.name = dlsym(library, #name))) { \
        snprintf(failure, sizeof failure, "cannot load SDL2: it has no %s", #name); \
        dlclose(library); \
        return; \
    }
#define CSDL_FIND_FUNCTION(type, name, parameters, arguments) CSDL_FIND(name)
#define CSDL_FIND_VOID(name, parameters, arguments) CSDL_FIND(name)
    CSDL_FIND(SDL_Init)
    CSDL_FIND(SDL_GetError)
    CSDL_FUNCTIONS(CSDL_FIND_FUNCTION, CSDL_FIND_VOID)
    loaded = 1;
}

int SDL_Init(Uint32 flags) {
    pthread_once(&loading, csdl_load);
    return loaded ? sdl.SDL_Init(flags) : -1;
}

const char *SDL_GetError(void) {
    pthread_once(&loading, csdl_load);
    return loaded ? sdl.SDL_GetError() : failure;
}

#define CSDL_FORWARD(type, name, parameters, arguments) \
    type name parameters { \
        pthread_once(&loading, csdl_load); \
        return loaded ? sdl.name arguments : (type)0; \
    }
#define CSDL_FORWARD_VOID(name, parameters, arguments) \
    void name parameters { \
        pthread_once(&loading, csdl_load); \
        if (loaded) sdl.name arguments; \
    }
CSDL_FUNCTIONS(CSDL_FORWARD, CSDL_FORWARD_VOID)
