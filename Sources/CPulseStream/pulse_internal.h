#ifndef VPLAY_PULSE_INTERNAL_H
#define VPLAY_PULSE_INTERNAL_H

#include <pulse/pulseaudio.h>
#include "pulse_stream.h"

// A stream's loop and libpulse stream, for the device functions beside it.
pa_threaded_mainloop *vp_pulse_stream_loop(vp_pulse_stream *stream);
pa_stream *vp_pulse_stream_handle(vp_pulse_stream *stream);

#endif
