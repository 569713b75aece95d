#ifndef VPLAY_CSDL2_SHIM_H
#define VPLAY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

// Macros Swift cannot import.
static inline int vp_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int vp_windowpos_centered_display(int display) { return SDL_WINDOWPOS_CENTERED_DISPLAY(display); }
static inline SDL_AudioFormat vp_audio_s16sys(void) { return AUDIO_S16SYS; }
#endif
