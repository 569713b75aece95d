#ifndef VPLAY_CSYSTEMD_SHIM_H
#define VPLAY_CSYSTEMD_SHIM_H
// sd-bus from libsystemd. Its variadic calls cannot be imported; the per-value ones
// (append_basic, open_container, read_basic, enter_container) are used instead.
#include <systemd/sd-bus.h>

/// Answers `call` with the error `name` and `message` (sd_bus_error is built here so that
/// Swift does not touch its private field).
static inline int vplay_sd_bus_reply_error(sd_bus_message *call, const char *name, const char *message) {
    sd_bus_error error = SD_BUS_ERROR_MAKE_CONST(name, message);
    return sd_bus_reply_method_error(call, &error);
}

/// The error name of a failed call's reply error, or NULL.
static inline const char *vplay_sd_bus_error_name(const sd_bus_error *error) {
    return error ? error->name : 0;
}
#endif
