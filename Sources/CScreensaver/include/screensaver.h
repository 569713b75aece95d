#ifndef VPLAY_SCREENSAVER_H
#define VPLAY_SCREENSAVER_H

/// Lets the X server's screensaver run again for SDL's display connection of `sdl_window`
/// (an `SDL_Window *`), after `SDL_EnableScreenSaver`.
///
/// SDL 2.26 suspends the X saver (XScreenSaverSuspend) when it cannot inhibit it over D-Bus,
/// but on re-enabling it asks D-Bus first, hears "nothing to undo" and never lifts the X
/// suspension: the saver would stay off for good. Lifting a suspension that is not there is
/// harmless, so this is called on every re-enable. Does nothing outside X11 or without libXss.
void vp_x11_resume_screensaver(void *sdl_window);

#endif
