// Our shrink kernels (Sources/CPictureKernels) against swscale's area filter, the resize
// vplay would otherwise use: all three planes of an 8-bit 4:2:0 picture, per frame, median
// of 7 rounds of 60 frames. "cold" cycles through 16 source pictures (100+ MB) so the source
// comes from memory, as a freshly decoded frame does; "hot" reuses one. Then the whole
// picture step into 1280x720 BGRA: one pass (vp_draw_420) against our shrink followed by
// swscale's unscaled conversion. Last, what a luma table (gamma) adds to that step.
// Built and run by `make bench-kernels`.
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <picture_kernels.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SOURCES = 16, ROUNDS = 7, FRAMES = 60 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct { uint8_t *data[4]; int pitch[4]; } Picture;

static void own(int kind, const Picture *s, Picture *d, int w, int h, uint16_t *row) {
    for (int p = 0; p < 3; p++) {
        int pw = p ? w / 2 : w, ph = p ? h / 2 : h;
        if (kind == 0) vp_shrink_two_thirds(s->data[p], s->pitch[p], d->data[p], d->pitch[p], pw, ph, row);
        else vp_shrink_by(kind, s->data[p], s->pitch[p], d->data[p], d->pitch[p], pw, ph, row);
    }
}

static double median_ms(int kind, struct SwsContext *sws, Picture *sources, int count, Picture *d,
                        int sh, int w, int h, uint16_t *row) {
    double rounds[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double start = now();
        for (int i = 0; i < FRAMES; i++) {
            Picture *s = &sources[i % count];
            if (sws) sws_scale(sws, (const uint8_t *const *)s->data, s->pitch, 0, sh, d->data, d->pitch);
            else own(kind, s, d, w, h, row);
        }
        rounds[r] = (now() - start) / FRAMES * 1e3;
    }
    qsort(rounds, ROUNDS, sizeof rounds[0], compare);
    return rounds[ROUNDS / 2];
}

typedef struct { vp_yuv_matrix matrix; vp_shrink shrink; struct SwsContext *convert; Picture middle;
                 uint8_t *bgra; void *scratch; uint16_t *row; int w, h; } Step;

static void picture_step(int fused, Step *st, const Picture *s) {
    if (fused) {
        vp_draw_420(&st->matrix, st->shrink, s->data[0], s->pitch[0], s->data[1], s->pitch[1], s->data[2],
                    s->pitch[2], st->bgra, st->w * 4, st->w, st->h, st->scratch);
        return;
    }
    const Picture *in = s;
    if (st->shrink != VP_SAME_SIZE) {
        own(st->shrink == VP_TWO_THIRDS ? 0 : st->shrink == VP_HALF ? 2 : 3, s, &st->middle, st->w, st->h, st->row);
        in = &st->middle;
    }
    uint8_t *out[4] = {st->bgra};
    int pitch[4] = {st->w * 4};
    sws_scale(st->convert, (const uint8_t *const *)in->data, in->pitch, 0, st->h, out, pitch);
}

static double step_ms(int fused, Step *st, Picture *sources, int count) {
    double rounds[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double start = now();
        for (int i = 0; i < FRAMES; i++) picture_step(fused, st, &sources[i % count]);
        rounds[r] = (now() - start) / FRAMES * 1e3;
    }
    qsort(rounds, ROUNDS, sizeof rounds[0], compare);
    return rounds[ROUNDS / 2];
}

static int make_sources(Picture *sources, int sw, int sh) {
    for (int i = 0; i < SOURCES; i++) {
        if (av_image_alloc(sources[i].data, sources[i].pitch, sw, sh, AV_PIX_FMT_YUV420P, 64) < 0) return -1;
        for (int p = 0; p < 3; p++) {
            int rows = p ? sh / 2 : sh;
            for (int y = 0; y < rows; y++)
                for (int x = 0; x < sources[i].pitch[p]; x++)
                    sources[i].data[p][y * sources[i].pitch[p] + x] = (uint8_t)(x * 7 + y * 3 + i + p);
        }
    }
    return 0;
}

static int compare_picture_steps(void) {
    struct { int sw, sh; vp_shrink shrink; const char *name; } cases[] = {
        {1280, 720, VP_SAME_SIZE, "720p -> 720p BGRA"},
        {1920, 1080, VP_TWO_THIRDS, "1080p -> 720p BGRA"},
        {3840, 2160, VP_THIRD, "2160p -> 720p BGRA"},
    };
    const int w = 1280, h = 720;
    const int *c709 = sws_getCoefficients(SWS_CS_ITU709);
    printf("\n%-28s %10s %10s %10s %10s %7s\n", "ms per frame", "1 pass hot", "2 pass hot", "1 pass cold", "2 pass cold",
           "cold x");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        Picture sources[SOURCES];
        if (make_sources(sources, cases[c].sw, cases[c].sh) < 0) return 1;
        Step st = {{16, 65536 * 255 / 219, c709[0], c709[2], c709[3], c709[1]}, cases[c].shrink,
                   sws_getContext(w, h, AV_PIX_FMT_YUV420P, w, h, AV_PIX_FMT_BGRA, SWS_AREA, NULL, NULL, NULL),
                   {{0}}, malloc((size_t)w * h * 4), malloc(vp_draw_420_scratch_size(w)),
                   malloc(sizeof(uint16_t) * cases[c].sw), w, h};
        if (!st.convert || !st.bgra || !st.scratch || !st.row
            || av_image_alloc(st.middle.data, st.middle.pitch, w, h, AV_PIX_FMT_YUV420P, 64) < 0) return 1;
        sws_setColorspaceDetails(st.convert, c709, 0, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
        double oh = step_ms(1, &st, sources, 1), th = step_ms(0, &st, sources, 1);
        double oc = step_ms(1, &st, sources, SOURCES), tc = step_ms(0, &st, sources, SOURCES);
        printf("%-28s %10.3f %10.3f %10.3f %10.3f %6.2fx\n", cases[c].name, oh, th, oc, tc, tc / oc);
        sws_freeContext(st.convert);
        free(st.bgra);
        free(st.scratch);
        free(st.row);
        av_freep(&st.middle.data[0]);
        for (int i = 0; i < SOURCES; i++) av_freep(&sources[i].data[0]);
    }
    return 0;
}

// The luma table gamma needs (and a contrast past what the luma multiply holds): the picture
// step with and without one, hot, so that only the look-up differs.
static int compare_luma_table(void) {
    struct { int sw, sh; vp_shrink shrink; const char *name; } cases[] = {
        {1280, 720, VP_SAME_SIZE, "720p -> 720p BGRA"},
        {1920, 1080, VP_TWO_THIRDS, "1080p -> 720p BGRA"},
        {1920, 1080, VP_SAME_SIZE, "1080p -> 1080p BGRA"},
    };
    const int *c709 = sws_getCoefficients(SWS_CS_ITU709);
    uint8_t table[256];
    for (int i = 0; i < 256; i++) table[i] = (uint8_t)(255 - i / 2);
    printf("\n%-28s %10s %10s %10s\n", "ms per frame", "plain", "table", "added");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int w = cases[c].shrink == VP_SAME_SIZE ? cases[c].sw : 1280, h = cases[c].shrink == VP_SAME_SIZE ? cases[c].sh : 720;
        Picture sources[SOURCES];
        if (make_sources(sources, cases[c].sw, cases[c].sh) < 0) return 1;
        Step st = {{16, 65536 * 255 / 219, c709[0], c709[2], c709[3], c709[1]}, cases[c].shrink, NULL,
                   {{0}}, malloc((size_t)w * h * 4), malloc(vp_draw_420_scratch_size(w)), NULL, w, h};
        if (!st.bgra || !st.scratch) return 1;
        double plain = step_ms(1, &st, sources, 1);
        st.matrix.luma_table = table;
        double mapped = step_ms(1, &st, sources, 1);
        printf("%-28s %10.3f %10.3f %+9.1f%%\n", cases[c].name, plain, mapped, 100 * (mapped / plain - 1));
        free(st.bgra);
        free(st.scratch);
        for (int i = 0; i < SOURCES; i++) av_freep(&sources[i].data[0]);
    }
    return 0;
}

int main(void) {
    struct { int sw, sh, w, h, kind; const char *name; } cases[] = {
        {1920, 1080, 1280, 720, 0, "1080p -> 720p (two thirds)"},
        {1920, 1080, 960, 540, 2, "1080p -> 540p (half)"},
        {3840, 2160, 1920, 1080, 2, "2160p -> 1080p (half)"},
        {3840, 2160, 1280, 720, 3, "2160p -> 720p (third)"},
    };
    printf("%-28s %10s %10s %10s %10s %7s\n", "ms per frame", "own hot", "sws hot", "own cold", "sws cold", "cold x");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int sw = cases[c].sw, sh = cases[c].sh, w = cases[c].w, h = cases[c].h;
        Picture sources[SOURCES], d;
        if (make_sources(sources, sw, sh) < 0) return 1;
        if (av_image_alloc(d.data, d.pitch, w, h, AV_PIX_FMT_YUV420P, 64) < 0) return 1;
        uint16_t *row = malloc(sizeof(uint16_t) * sw);
        struct SwsContext *sws = sws_getContext(sw, sh, AV_PIX_FMT_YUV420P, w, h, AV_PIX_FMT_YUV420P,
                                                SWS_AREA, NULL, NULL, NULL);
        if (!row || !sws) return 1;
        double oh = median_ms(cases[c].kind, NULL, sources, 1, &d, sh, w, h, row);
        double shot = median_ms(0, sws, sources, 1, &d, sh, w, h, row);
        double oc = median_ms(cases[c].kind, NULL, sources, SOURCES, &d, sh, w, h, row);
        double sc = median_ms(0, sws, sources, SOURCES, &d, sh, w, h, row);
        printf("%-28s %10.3f %10.3f %10.3f %10.3f %6.1fx\n", cases[c].name, oh, shot, oc, sc, sc / oc);
        sws_freeContext(sws);
        free(row);
        av_freep(&d.data[0]);
        for (int i = 0; i < SOURCES; i++) av_freep(&sources[i].data[0]);
    }
    return compare_picture_steps() || compare_luma_table();
}
