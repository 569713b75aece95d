#include "pulse_stream.h"
#include "pulse_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <pulse/pulseaudio.h>
#include <stdlib.h>

// The libpulse entry points used here, looked up once (their types come from the headers).
#define VP_PULSE_FUNCTIONS(X) \
    X(pa_threaded_mainloop_new) X(pa_threaded_mainloop_free) X(pa_threaded_mainloop_start) \
    X(pa_threaded_mainloop_stop) X(pa_threaded_mainloop_lock) X(pa_threaded_mainloop_unlock) \
    X(pa_threaded_mainloop_wait) X(pa_threaded_mainloop_signal) X(pa_threaded_mainloop_get_api) \
    X(pa_context_new) X(pa_context_unref) X(pa_context_connect) X(pa_context_disconnect) \
    X(pa_context_get_state) X(pa_context_set_state_callback) \
    X(pa_stream_new) X(pa_stream_unref) X(pa_stream_connect_playback) X(pa_stream_disconnect) \
    X(pa_stream_get_state) X(pa_stream_set_state_callback) X(pa_stream_set_write_callback) \
    X(pa_stream_writable_size) X(pa_stream_write) X(pa_stream_flush) X(pa_stream_get_latency) X(pa_stream_cork) \
    X(pa_operation_unref) X(pa_channel_map_init_extend)

#define VP_DECLARE(name) __typeof__(name) *name;
static struct { VP_PULSE_FUNCTIONS(VP_DECLARE) } pa;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;

static void load(void) {
    void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VP_LOOK_UP(name) if (!(pa.name = (__typeof__(name) *)dlsym(library, #name))) return;
    VP_PULSE_FUNCTIONS(VP_LOOK_UP)
    loaded = 1;  // kept loaded for the life of the process, like the streams made from it
}

struct vp_pulse_stream {
    pa_threaded_mainloop *loop;
    pa_context *context;
    pa_stream *stream;
    int woken;  // guarded by the loop's lock
};

static void signal_loop(void *loop) { pa.pa_threaded_mainloop_signal(loop, 0); }
static void context_changed(pa_context *context, void *loop) { (void)context; signal_loop(loop); }
static void stream_changed(pa_stream *stream, void *loop) { (void)stream; signal_loop(loop); }
static void room_made(pa_stream *stream, size_t bytes, void *loop) { (void)stream; (void)bytes; signal_loop(loop); }

// Waits (lock held) until the context and then the stream are ready; 0 when both are.
static int wait_ready(vp_pulse_stream *s) {
    for (;;) {
        pa_context_state_t state = pa.pa_context_get_state(s->context);
        if (state == PA_CONTEXT_READY) break;
        if (!PA_CONTEXT_IS_GOOD(state)) return -1;
        pa.pa_threaded_mainloop_wait(s->loop);
    }
    return 0;
}

static int connect_stream(vp_pulse_stream *s, const char *name, int rate, int channels,
                          uint32_t target_bytes, uint32_t request_bytes) {
    pa_sample_spec spec = { .format = PA_SAMPLE_S16LE, .rate = (uint32_t)rate, .channels = (uint8_t)channels };
    pa_channel_map map;
    if (!pa.pa_channel_map_init_extend(&map, (unsigned)channels, PA_CHANNEL_MAP_WAVEEX)) return -1;
    s->stream = pa.pa_stream_new(s->context, name, &spec, &map);
    if (!s->stream) return -1;
    pa.pa_stream_set_state_callback(s->stream, stream_changed, s->loop);
    pa.pa_stream_set_write_callback(s->stream, room_made, s->loop);
    pa_buffer_attr attributes = { .maxlength = (uint32_t)-1, .tlength = target_bytes, .prebuf = (uint32_t)-1,
                                  .minreq = request_bytes, .fragsize = (uint32_t)-1 };
    pa_stream_flags_t flags = PA_STREAM_AUTO_TIMING_UPDATE | PA_STREAM_INTERPOLATE_TIMING;
    if (pa.pa_stream_connect_playback(s->stream, NULL, &attributes, flags, NULL, NULL) < 0) return -1;
    for (;;) {
        pa_stream_state_t state = pa.pa_stream_get_state(s->stream);
        if (state == PA_STREAM_READY) return 0;
        if (!PA_STREAM_IS_GOOD(state)) return -1;
        pa.pa_threaded_mainloop_wait(s->loop);
    }
}

vp_pulse_stream *vp_pulse_open(const char *name, int rate, int channels,
                               uint32_t target_bytes, uint32_t request_bytes) {
    pthread_once(&load_once, load);
    if (!loaded) return NULL;
    vp_pulse_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (!(s->loop = pa.pa_threaded_mainloop_new())) {
        free(s);
        return NULL;
    }
    s->context = pa.pa_context_new(pa.pa_threaded_mainloop_get_api(s->loop), name);
    if (!s->context) {
        pa.pa_threaded_mainloop_free(s->loop);
        free(s);
        return NULL;
    }
    pa.pa_context_set_state_callback(s->context, context_changed, s->loop);
    int ok = pa.pa_context_connect(s->context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) >= 0
        && pa.pa_threaded_mainloop_start(s->loop) >= 0;
    if (ok) {
        pa.pa_threaded_mainloop_lock(s->loop);
        ok = wait_ready(s) == 0 && connect_stream(s, name, rate, channels, target_bytes, request_bytes) == 0;
        pa.pa_threaded_mainloop_unlock(s->loop);
    }
    if (!ok) {
        vp_pulse_close(s);
        return NULL;
    }
    return s;
}

void vp_pulse_close(vp_pulse_stream *s) {
    if (!s) return;
    // Stopping the loop's thread first: nothing runs a callback while the parts go.
    pa.pa_threaded_mainloop_stop(s->loop);
    if (s->stream) {
        pa.pa_stream_set_state_callback(s->stream, NULL, NULL);
        pa.pa_stream_set_write_callback(s->stream, NULL, NULL);
        pa.pa_stream_disconnect(s->stream);
        pa.pa_stream_unref(s->stream);
    }
    pa.pa_context_set_state_callback(s->context, NULL, NULL);
    pa.pa_context_disconnect(s->context);
    pa.pa_context_unref(s->context);
    pa.pa_threaded_mainloop_free(s->loop);
    free(s);
}

long vp_pulse_wait_writable(vp_pulse_stream *s, size_t bytes) {
    pa.pa_threaded_mainloop_lock(s->loop);
    long result;
    for (;;) {
        if (!PA_STREAM_IS_GOOD(pa.pa_stream_get_state(s->stream))
            || !PA_CONTEXT_IS_GOOD(pa.pa_context_get_state(s->context))) {
            result = -1;
            break;
        }
        size_t room = pa.pa_stream_writable_size(s->stream);
        if (room == (size_t)-1) {
            result = -1;
            break;
        }
        if (room >= bytes || s->woken) {
            result = (long)room;
            break;
        }
        pa.pa_threaded_mainloop_wait(s->loop);
    }
    s->woken = 0;
    pa.pa_threaded_mainloop_unlock(s->loop);
    return result;
}

void vp_pulse_wake(vp_pulse_stream *s) {
    pa.pa_threaded_mainloop_lock(s->loop);
    s->woken = 1;
    pa.pa_threaded_mainloop_signal(s->loop, 0);
    pa.pa_threaded_mainloop_unlock(s->loop);
}

int vp_pulse_write(vp_pulse_stream *s, const void *data, size_t bytes) {
    pa.pa_threaded_mainloop_lock(s->loop);
    int result = pa.pa_stream_write(s->stream, data, bytes, NULL, 0, PA_SEEK_RELATIVE);
    pa.pa_threaded_mainloop_unlock(s->loop);
    return result;
}

int vp_pulse_rewrite(vp_pulse_stream *s, const void *data, size_t bytes) {
    pa.pa_threaded_mainloop_lock(s->loop);
    // Relative to where the next write would go: the server's accounting of what it asks for
    // stays as it was, as the queue ends where it ended.
    int result = pa.pa_stream_write(s->stream, data, bytes, NULL, -(int64_t)bytes, PA_SEEK_RELATIVE);
    pa.pa_threaded_mainloop_unlock(s->loop);
    return result;
}

void vp_pulse_flush(vp_pulse_stream *s) {
    pa.pa_threaded_mainloop_lock(s->loop);
    pa_operation *operation = pa.pa_stream_flush(s->stream, NULL, NULL);
    if (operation) pa.pa_operation_unref(operation);
    pa.pa_threaded_mainloop_unlock(s->loop);
}

void vp_pulse_cork(vp_pulse_stream *s, int corked) {
    pa.pa_threaded_mainloop_lock(s->loop);
    pa_operation *operation = pa.pa_stream_cork(s->stream, corked, NULL, NULL);
    if (operation) pa.pa_operation_unref(operation);
    pa.pa_threaded_mainloop_unlock(s->loop);
}

int64_t vp_pulse_latency(vp_pulse_stream *s) {
    pa.pa_threaded_mainloop_lock(s->loop);
    pa_usec_t usec = 0;
    int negative = 0;
    int known = pa.pa_stream_get_latency(s->stream, &usec, &negative) == 0;
    pa.pa_threaded_mainloop_unlock(s->loop);
    if (!known) return -1;
    return negative ? 0 : (int64_t)usec;
}

// The parts device selection (pulse_devices.c) works on, under the loop's lock.
pa_threaded_mainloop *vp_pulse_stream_loop(vp_pulse_stream *s) { return s->loop; }
pa_stream *vp_pulse_stream_handle(vp_pulse_stream *s) { return s->stream; }
