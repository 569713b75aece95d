#ifndef VPLAY_PULSE_DEVICES_H
#define VPLAY_PULSE_DEVICES_H

#include <stddef.h>
#include "pulse_stream.h"

/// The server's output devices (sinks) and its default one, kept up to date by a connection of
/// its own that listens for the server's changes (a sink loaded or unloaded, a new default).
typedef struct vp_pulse_monitor vp_pulse_monitor;

/// Connects and waits for the first list. NULL when libpulse cannot be loaded or no server answers.
vp_pulse_monitor *vp_pulse_monitor_open(void);
void vp_pulse_monitor_close(vp_pulse_monitor *monitor);

/// A number that changes whenever the list or the default changes.
unsigned vp_pulse_monitor_generation(vp_pulse_monitor *monitor);

/// Copies the list as text into `buffer` (NUL-terminated, cut at `size`): the default sink's
/// name on the first line, then a line per sink, its name, a tab and its description.
/// Returns the whole text's length.
size_t vp_pulse_monitor_text(vp_pulse_monitor *monitor, char *buffer, size_t size);

/// Moves `stream` to the sink named `sink`, waiting for the server's answer: 0 when it plays
/// there now, -1 when there is no such sink or the move failed.
int vp_pulse_move(vp_pulse_stream *stream, const char *sink);

/// Copies the name of the sink `stream` plays on into `buffer`; its length, 0 when unknown.
size_t vp_pulse_device(vp_pulse_stream *stream, char *buffer, size_t size);

#endif
