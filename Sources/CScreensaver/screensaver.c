#include "screensaver.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>

void vp_x11_resume_screensaver(void *sdl_window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return;
    // SDL loads both libraries itself; these only look them up.
    void *xss = dlopen("libXss.so.1", RTLD_LAZY | RTLD_LOCAL);
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (xss && x11) {
        void (*suspend)(Display *, Bool) = (void (*)(Display *, Bool))dlsym(xss, "XScreenSaverSuspend");
        int (*flush)(Display *) = (int (*)(Display *))dlsym(x11, "XFlush");
        if (suspend && flush) {
            suspend(info.info.x11.display, False);
            flush(info.info.x11.display);
        }
    }
    if (xss) dlclose(xss);
    if (x11) dlclose(x11);
#else
    (void)sdl_window;
#endif
}
