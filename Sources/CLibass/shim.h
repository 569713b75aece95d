#ifndef VPLAY_CLIBASS_SHIM_H
#define VPLAY_CLIBASS_SHIM_H
#include <ass/ass.h>
#include <stdarg.h>

// libass prints to stderr unless told otherwise; its notes on fonts and odd scripts are not
// the user's business. Errors (levels 0-1) still go out, prefixed like libass does.
static void vp_ass_message(int level, const char *fmt, va_list args, void *data) {
    (void)data;
    if (level > 1) return;
    fputs("vplay: [ass] ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
}

static inline void vp_ass_quiet_messages(ASS_Library *library) {
    ass_set_message_cb(library, vp_ass_message, NULL);
}
#endif
