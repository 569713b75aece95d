/// Clips for cutting in codecs other than H.264: testsrc2 with `FramePattern` at 320×240,
/// 25 fps, a keyframe every 2 s (closed groups), no sound (so the picture starts at 0);
/// Matroska.
extension ClipSpec {
    /// HEVC (libx265) with B-frames.
    public static func hevcCut(seconds: Double = 8) -> ClipSpec {
        cut(name: "hevc", seconds: seconds, codec: [
            "-c:v", "libx265", "-preset", "ultrafast",
            "-x265-params", "keyint=50:min-keyint=50:scenecut=0:open-gop=0:bframes=3:log-level=error",
        ])
    }

    /// VP9 (libvpx-vp9), with its hidden reference pictures.
    public static func vp9Cut(seconds: Double = 8) -> ClipSpec {
        cut(name: "vp9", seconds: seconds, codec: [
            "-c:v", "libvpx-vp9", "-deadline", "good", "-cpu-used", "8", "-crf", "30", "-b:v", "0",
            "-g", "50", "-keyint_min", "50",
        ])
    }

    /// MPEG-2 video with B-frames: a codec a cut does not encode again.
    public static func mpeg2Cut(seconds: Double = 8) -> ClipSpec {
        cut(name: "mpeg2", seconds: seconds, codec: ["-c:v", "mpeg2video", "-q:v", "3", "-g", "50", "-bf", "2", "-flags", "+cgop",
                                         "-sc_threshold", "1000000000"])
    }

    private static func cut(name: String, seconds: Double, codec: [String]) -> ClipSpec {
        let video = "testsrc2=size=320x240:rate=25:duration=\(seconds),format=yuv420p,"
            + FramePattern.filter(width: 320, height: 240)
        return ClipSpec(name: "cut-\(name)-\(seconds)s", fileExtension: "mkv", arguments: [
            "-f", "lavfi", "-i", video,
        ] + codec + ["-pix_fmt", "yuv420p"])
    }
}
