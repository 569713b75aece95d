#ifndef VPLAY_PULSE_STREAM_H
#define VPLAY_PULSE_STREAM_H

#include <stddef.h>
#include <stdint.h>

/// A PulseAudio playback stream on the asynchronous API, for a writer thread that must be
/// woken at once when the sound it feeds changes (a track switch): a write never blocks, and
/// the wait for room in the server's buffer ends on `vp_pulse_wake` from any thread.
/// libpulse is loaded with dlopen on first use, so a start without sound does not pay for it.
typedef struct vp_pulse_stream vp_pulse_stream;

/// Connects a stream of interleaved signed 16-bit samples in FFmpeg's (WAVE) channel order,
/// asking the server to keep `target_bytes` queued and to ask for more in steps of
/// `request_bytes`. NULL when libpulse cannot be loaded or no server answers.
vp_pulse_stream *vp_pulse_open(const char *name, int rate, int channels,
                               uint32_t target_bytes, uint32_t request_bytes);

/// Disconnects (what the server holds is dropped) and frees everything.
void vp_pulse_close(vp_pulse_stream *stream);

/// Waits until at least `bytes` may be written, a `vp_pulse_wake` or a failure. Returns the
/// bytes that may be written now (fewer than asked when woken), or -1 once the stream failed.
long vp_pulse_wait_writable(vp_pulse_stream *stream, size_t bytes);

/// Ends a wait in progress, or the next one, at once.
void vp_pulse_wake(vp_pulse_stream *stream);

/// Queues `bytes` for playback without waiting; 0 on success.
int vp_pulse_write(vp_pulse_stream *stream, const void *data, size_t bytes);

/// Replaces the last `bytes` written with `data`, which is heard in their place as far as
/// they have not been played (the server rewinds its sink for what it took already).
/// 0 on success.
int vp_pulse_rewrite(vp_pulse_stream *stream, const void *data, size_t bytes);

/// Drops what the server holds for the stream and has not played.
void vp_pulse_flush(vp_pulse_stream *stream);

/// Stops (1) or restarts (0) playback, keeping what the server holds: it plays on from there.
void vp_pulse_cork(vp_pulse_stream *stream, int corked);

/// Microseconds until a byte written now is heard, or -1 while the server has not told.
int64_t vp_pulse_latency(vp_pulse_stream *stream);

#endif
