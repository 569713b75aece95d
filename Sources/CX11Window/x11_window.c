#include "x11_window.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <dlfcn.h>
#include <string.h>

#if defined(SDL_VIDEO_DRIVER_X11)
typedef Atom (*intern_atom_fn)(Display *, const char *, Bool);
typedef int (*get_property_fn)(Display *, Window, Atom, long, long, Bool, Atom, Atom *, int *, unsigned long *,
                               unsigned long *, unsigned char **);
typedef int (*change_property_fn)(Display *, Window, Atom, Atom, int, int, const unsigned char *, int);
typedef int (*free_fn)(void *);
typedef int (*flush_fn)(Display *);

// The atoms of `window`'s `property` (at most `capacity`); the count.
static int read_atoms(get_property_fn get, free_fn release, Display *display, Window window, Atom property,
                      Atom type, Atom *atoms, int capacity) {
    Atom actual_type;
    int format;
    unsigned long count = 0, after;
    unsigned char *data = NULL;
    if (get(display, window, property, 0, capacity, False, type, &actual_type, &format, &count, &after, &data) != Success) {
        return 0;
    }
    int n = 0;
    if (data && format == 32) {
        for (unsigned long i = 0; i < count && n < capacity; i++) atoms[n++] = ((unsigned long *)data)[i];
    }
    if (data) release(data);
    return n;
}
#endif

void vp_x11_set_above_unmanaged(void *sdl_window, int above) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11) return;
    // SDL loaded libX11 itself; this only looks it up.
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (!x11) return;
    intern_atom_fn intern = (intern_atom_fn)dlsym(x11, "XInternAtom");
    get_property_fn get = (get_property_fn)dlsym(x11, "XGetWindowProperty");
    change_property_fn change = (change_property_fn)dlsym(x11, "XChangeProperty");
    free_fn release = (free_fn)dlsym(x11, "XFree");
    flush_fn flush = (flush_fn)dlsym(x11, "XFlush");
    if (intern && get && change && release && flush) {
        Display *display = info.info.x11.display;
        Window window = info.info.x11.window;
        Atom check = intern(display, "_NET_SUPPORTING_WM_CHECK", False);
        Atom manager;
        // A window manager that speaks EWMH says so on the root window; it answers SDL's request.
        if (read_atoms(get, release, display, DefaultRootWindow(display), check, XA_WINDOW, &manager, 1) == 0) {
            Atom state = intern(display, "_NET_WM_STATE", False);
            Atom on_top = intern(display, "_NET_WM_STATE_ABOVE", False);
            Atom atoms[32];
            int count = read_atoms(get, release, display, window, state, XA_ATOM, atoms, 31);
            int kept = 0;
            for (int i = 0; i < count; i++) {
                if (atoms[i] != on_top) atoms[kept++] = atoms[i];
            }
            if (above) atoms[kept++] = on_top;
            change(display, window, state, XA_ATOM, 32, PropModeReplace, (const unsigned char *)atoms, kept);
            flush(display);
        }
    }
    dlclose(x11);
#else
    (void)sdl_window;
    (void)above;
#endif
}
