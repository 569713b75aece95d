#ifndef VPLAY_CFFMPEG_SHIM_H
#define VPLAY_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/channel_layout.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/cpu.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/hwcontext.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <errno.h>

// Function-like and expression macros Swift cannot import.
static inline int vp_averror(int e) { return AVERROR(e); }
static inline int vp_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int vp_averror_eof(void) { return AVERROR_EOF; }
static inline int vp_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t vp_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational vp_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int vp_time_base(void) { return AV_TIME_BASE; }
static inline void vp_default_channel_layout(AVChannelLayout *layout, int channels) {
    av_channel_layout_default(layout, channels);
}
static inline AVChannelLayout vp_stereo_layout(void) {
    AVChannelLayout l = AV_CHANNEL_LAYOUT_STEREO; return l;
}
#endif
