#include "pulse_devices.h"
#include "pulse_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The libpulse entry points used here, looked up once from the library pulse_stream.c loads.
#define VP_DEVICE_FUNCTIONS(X) \
    X(pa_threaded_mainloop_new) X(pa_threaded_mainloop_free) X(pa_threaded_mainloop_start) \
    X(pa_threaded_mainloop_stop) X(pa_threaded_mainloop_lock) X(pa_threaded_mainloop_unlock) \
    X(pa_threaded_mainloop_wait) X(pa_threaded_mainloop_signal) X(pa_threaded_mainloop_get_api) \
    X(pa_context_new) X(pa_context_unref) X(pa_context_connect) X(pa_context_disconnect) \
    X(pa_context_get_state) X(pa_context_set_state_callback) X(pa_context_set_subscribe_callback) \
    X(pa_context_subscribe) X(pa_context_get_server_info) X(pa_context_get_sink_info_list) \
    X(pa_operation_unref) X(pa_operation_get_state) X(pa_context_move_sink_input_by_name) X(pa_stream_get_index) \
    X(pa_stream_get_context) X(pa_stream_get_device_name)

#define VP_DECLARE(name) __typeof__(name) *name;
static struct { VP_DEVICE_FUNCTIONS(VP_DECLARE) } pd;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;

static void load(void) {
    void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define VP_LOOK_UP(name) if (!(pd.name = (__typeof__(name) *)dlsym(library, #name))) return;
    VP_DEVICE_FUNCTIONS(VP_LOOK_UP)
    loaded = 1;  // kept loaded for the life of the process
}

struct vp_pulse_monitor {
    pa_threaded_mainloop *loop;
    pa_context *context;
    // Guarded by the loop's lock.
    char *text;            // the last complete list
    size_t length;
    unsigned generation;
    char *building;        // the list being gathered
    size_t building_length, building_capacity;
    int refreshing, dirty, failed;
};

static void append(vp_pulse_monitor *m, const char *text, int clean) {
    size_t count = strlen(text);
    if (m->building_length + count + 2 > m->building_capacity) {
        size_t capacity = (m->building_length + count + 2) * 2;
        char *grown = realloc(m->building, capacity);
        if (!grown) return;
        m->building = grown;
        m->building_capacity = capacity;
    }
    for (size_t i = 0; i < count; i++) {
        char c = text[i];
        // Names and descriptions stay on their line.
        m->building[m->building_length++] = clean && (c == '\t' || c == '\n') ? ' ' : c;
    }
    m->building[m->building_length] = 0;
}

static void refresh(vp_pulse_monitor *m);

static void sink_listed(pa_context *context, const pa_sink_info *info, int eol, void *user) {
    (void)context;
    vp_pulse_monitor *m = user;
    if (eol == 0 && info) {
        append(m, info->name ? info->name : "", 1);
        append(m, "\t", 0);
        append(m, info->description ? info->description : "", 1);
        append(m, "\n", 0);
        return;
    }
    // The list is complete (or failed: keep the last one).
    if (eol > 0) {
        free(m->text);
        m->text = m->building;
        m->length = m->building_length;
        m->building = NULL;
        m->building_length = m->building_capacity = 0;
        m->generation++;
    }
    m->refreshing = 0;
    pd.pa_threaded_mainloop_signal(m->loop, 0);
    if (m->dirty) refresh(m);
}

static void server_told(pa_context *context, const pa_server_info *info, void *user) {
    vp_pulse_monitor *m = user;
    append(m, info && info->default_sink_name ? info->default_sink_name : "", 1);
    append(m, "\n", 0);
    pa_operation *operation = pd.pa_context_get_sink_info_list(context, sink_listed, m);
    if (operation) {
        pd.pa_operation_unref(operation);
    } else {
        m->refreshing = 0;
        pd.pa_threaded_mainloop_signal(m->loop, 0);
    }
}

// Gathers the default and the sinks anew; one gathering at a time, another after it if asked meanwhile.
static void refresh(vp_pulse_monitor *m) {
    if (m->refreshing) {
        m->dirty = 1;
        return;
    }
    m->dirty = 0;
    m->refreshing = 1;
    m->building_length = 0;
    pa_operation *operation = pd.pa_context_get_server_info(m->context, server_told, m);
    if (operation) {
        pd.pa_operation_unref(operation);
    } else {
        m->refreshing = 0;
    }
}

static void changed(pa_context *context, pa_subscription_event_type_t type, uint32_t index, void *user) {
    (void)context; (void)type; (void)index;
    refresh(user);
}

static void context_changed(pa_context *context, void *user) {
    vp_pulse_monitor *m = user;
    pa_context_state_t state = pd.pa_context_get_state(context);
    if (state == PA_CONTEXT_READY) {
        pd.pa_context_set_subscribe_callback(context, changed, m);
        pa_operation *operation = pd.pa_context_subscribe(
            context, PA_SUBSCRIPTION_MASK_SINK | PA_SUBSCRIPTION_MASK_SERVER, NULL, NULL);
        if (operation) pd.pa_operation_unref(operation);
        refresh(m);
    } else if (!PA_CONTEXT_IS_GOOD(state)) {
        m->failed = 1;
    }
    pd.pa_threaded_mainloop_signal(m->loop, 0);
}

vp_pulse_monitor *vp_pulse_monitor_open(void) {
    pthread_once(&load_once, load);
    if (!loaded) return NULL;
    vp_pulse_monitor *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    if (!(m->loop = pd.pa_threaded_mainloop_new())) {
        free(m);
        return NULL;
    }
    m->context = pd.pa_context_new(pd.pa_threaded_mainloop_get_api(m->loop), "vplay devices");
    if (!m->context) {
        pd.pa_threaded_mainloop_free(m->loop);
        free(m);
        return NULL;
    }
    pd.pa_context_set_state_callback(m->context, context_changed, m);
    int ok = pd.pa_context_connect(m->context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) >= 0
        && pd.pa_threaded_mainloop_start(m->loop) >= 0;
    if (ok) {
        pd.pa_threaded_mainloop_lock(m->loop);
        while (!m->failed && m->generation == 0) pd.pa_threaded_mainloop_wait(m->loop);
        ok = !m->failed;
        pd.pa_threaded_mainloop_unlock(m->loop);
    }
    if (!ok) {
        vp_pulse_monitor_close(m);
        return NULL;
    }
    return m;
}

void vp_pulse_monitor_close(vp_pulse_monitor *m) {
    if (!m) return;
    pd.pa_threaded_mainloop_stop(m->loop);
    pd.pa_context_set_subscribe_callback(m->context, NULL, NULL);
    pd.pa_context_set_state_callback(m->context, NULL, NULL);
    pd.pa_context_disconnect(m->context);
    pd.pa_context_unref(m->context);
    pd.pa_threaded_mainloop_free(m->loop);
    free(m->text);
    free(m->building);
    free(m);
}

unsigned vp_pulse_monitor_generation(vp_pulse_monitor *m) {
    pd.pa_threaded_mainloop_lock(m->loop);
    unsigned generation = m->generation;
    pd.pa_threaded_mainloop_unlock(m->loop);
    return generation;
}

size_t vp_pulse_monitor_text(vp_pulse_monitor *m, char *buffer, size_t size) {
    pd.pa_threaded_mainloop_lock(m->loop);
    size_t length = m->length;
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        if (copied > 0) memcpy(buffer, m->text, copied);
        buffer[copied] = 0;
    }
    pd.pa_threaded_mainloop_unlock(m->loop);
    return length;
}

struct move_result {
    pa_threaded_mainloop *loop;
    int done, success;
};

static void moved(pa_context *context, int success, void *user) {
    (void)context;
    struct move_result *result = user;
    result->success = success;
    result->done = 1;
    pd.pa_threaded_mainloop_signal(result->loop, 0);
}

int vp_pulse_move(vp_pulse_stream *s, const char *sink) {
    pthread_once(&load_once, load);
    if (!loaded || !s || !sink) return -1;
    pa_threaded_mainloop *loop = vp_pulse_stream_loop(s);
    struct move_result result = { .loop = loop };
    pd.pa_threaded_mainloop_lock(loop);
    pa_stream *stream = vp_pulse_stream_handle(s);
    pa_operation *operation = pd.pa_context_move_sink_input_by_name(
        pd.pa_stream_get_context(stream), pd.pa_stream_get_index(stream), sink, moved, &result);
    if (operation) {
        while (!result.done && pd.pa_operation_get_state(operation) == PA_OPERATION_RUNNING) {
            pd.pa_threaded_mainloop_wait(loop);
        }
        pd.pa_operation_unref(operation);
    }
    pd.pa_threaded_mainloop_unlock(loop);
    return result.done && result.success ? 0 : -1;
}

size_t vp_pulse_device(vp_pulse_stream *s, char *buffer, size_t size) {
    pthread_once(&load_once, load);
    if (!loaded || !s || size == 0) return 0;
    pa_threaded_mainloop *loop = vp_pulse_stream_loop(s);
    pd.pa_threaded_mainloop_lock(loop);
    const char *name = pd.pa_stream_get_device_name(vp_pulse_stream_handle(s));
    size_t length = 0;
    if (name) {
        length = strlen(name);
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(buffer, name, copied);
        buffer[copied] = 0;
    }
    pd.pa_threaded_mainloop_unlock(loop);
    return length;
}
