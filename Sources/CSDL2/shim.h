#ifndef VPLAY_CSDL2_SHIM_H
#define VPLAY_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

// Macros Swift cannot import.
static inline int vp_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 vp_button_lmask(void) { return SDL_BUTTON_LMASK; }
static inline Uint32 vp_init_flags(void) { return SDL_INIT_VIDEO | SDL_INIT_AUDIO | SDL_INIT_EVENTS | SDL_INIT_TIMER; }
static inline SDL_AudioFormat vp_audio_s16sys(void) { return AUDIO_S16SYS; }
static inline SDL_AudioFormat vp_audio_f32sys(void) { return AUDIO_F32SYS; }
#endif
