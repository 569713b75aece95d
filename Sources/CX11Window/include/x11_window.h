#ifndef VPLAY_X11_WINDOW_H
#define VPLAY_X11_WINDOW_H

/// Marks an SDL window as kept above others (`_NET_WM_STATE_ABOVE`) where no window manager
/// runs to do it. SDL asks the window manager (a client message to the root window), which is
/// all a managed window should do; with none (a bare X server, a kiosk), nobody answers, and
/// this writes the window's `_NET_WM_STATE` itself. Does nothing off X11. Main thread only.
void vp_x11_set_above_unmanaged(void *sdl_window, int above);

#endif
