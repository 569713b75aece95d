#ifndef VPLAY_CLONED_H
#define VPLAY_CLONED_H

// VP_CLONED compiles a function once per instruction set, chosen at load time
// (target_clones): one binary runs everywhere and uses AVX2 where it can.
// The clones' resolver runs while the program is being linked at load time, before a
// sanitizer's runtime is up; instrumented, it crashes. Sanitized builds get one version.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define VP_SANITIZED 1
#endif
#endif
#ifdef VP_SANITIZED
#define VP_CLONED
#else
#define VP_CLONED __attribute__((target_clones("avx2", "sse4.2", "default")))
#endif

#endif
