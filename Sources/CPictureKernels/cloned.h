#ifndef VP_CLONED_H
#define VP_CLONED_H

// A kernel marked VP_CLONED is compiled once per instruction set and chosen at load time
// (target_clones), so one binary runs everywhere and uses AVX2 where it can. The clones'
// resolver runs while the program is being linked at load time, before a sanitizer's runtime
// is up; instrumented, it crashes. Sanitized builds get one version.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define VP_SANITIZED 1
#endif
#endif
#if defined(VP_SANITIZED) || !(defined(__x86_64__) || defined(__i386__))
#define VP_CLONED
#else
#define VP_CLONED __attribute__((target_clones("avx2", "sse4.2", "default")))
#endif

#endif
