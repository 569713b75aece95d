/// The clips the tests use. Every video carries `FramePattern` and every audio
/// track is a sine at `toneFrequency` at ffmpeg's default amplitude (1/8).
/// Unless said otherwise: testsrc2 at 320×240, 25 fps, H.264 yuv420p with a
/// keyframe every 2 s; AAC stereo 48 kHz; MP4 with the index up front.
extension ClipSpec {
    public static let toneFrequency = 440

    /// Video and audio, `seconds` long.
    public static func av(seconds: Double = 4, fps: Int = 25, width: Int = 320, height: Int = 240,
                          withPattern: Bool = true) -> ClipSpec {
        ClipSpec(
            name: "av-\(seconds)s-\(fps)fps-\(width)x\(height)\(withPattern ? "-pattern" : "")",
            fileExtension: "mp4",
            arguments: lavfi(video(seconds: seconds, fps: fps, width: width, height: height, withPattern: withPattern))
                + lavfi(tone(seconds: seconds)) + h264(fps: fps) + aac() + mp4)
    }

    public static let videoOnly = ClipSpec(
        name: "video-only", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 4)) + h264() + mp4)

    public static let audioOnly = ClipSpec(
        name: "audio-only", fileExtension: "m4a",
        arguments: lavfi(tone(seconds: 4)) + aac() + mp4)

    public static let audioOnlyMP3 = ClipSpec(
        name: "audio-only", fileExtension: "mp3",
        arguments: lavfi(tone(seconds: 4)) + ["-c:a", "libmp3lame", "-ac", "2", "-ar", "48000"])

    public static let audioOnlyOpus = ClipSpec(
        name: "audio-only", fileExtension: "opus",
        arguments: lavfi(tone(seconds: 4)) + ["-c:a", "libopus", "-ac", "2", "-ar", "48000"])

    /// H.264 High 10 (yuv420p10le); the pattern is drawn before the conversion.
    public static let tenBit = ClipSpec(
        name: "ten-bit", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 3)) + lavfi(tone(seconds: 3))
            + h264(pixelFormat: "yuv420p10le") + ["-profile:v", "high10"] + aac() + mp4)

    /// AAC 5.1; the tone is in the front centre channel only, so a downmix that
    /// keeps just the first two channels is silent.
    public static let surround51 = ClipSpec(
        name: "surround51", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 3)) + lavfi(tone(seconds: 3) + ",aformat=channel_layouts=5.1")
            + h264() + ["-c:a", "aac"] + mp4)

    /// Video with mono 8 kHz AAC.
    public static let mono8k = ClipSpec(
        name: "mono8k", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 3)) + lavfi(tone(seconds: 3, sampleRate: 8000))
            + h264() + aac(channels: 1, sampleRate: 8000) + mp4)

    /// Video with stereo 96 kHz AAC.
    public static let hiRes96k = ClipSpec(
        name: "hires96k", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 3)) + lavfi(tone(seconds: 3, sampleRate: 96000))
            + h264() + aac(sampleRate: 96000) + mp4)

    /// Matroska with three 1 s pieces at 10, 30 and 15 fps (55 frames; the
    /// pattern counts across the pieces), plus 3 s of audio.
    public static let vfr: ClipSpec = {
        let pieces = [10, 30, 15].enumerated().map { index, fps in
            "testsrc2=size=320x240:rate=\(fps):duration=1,format=yuv420p[piece\(index)]"
        }
        let graph = pieces.joined(separator: ";")
            + ";[piece0][piece1][piece2]concat=n=3:v=1:a=0,"
            + FramePattern.filter(width: 320, height: 240) + "[video]"
        return ClipSpec(
            name: "vfr", fileExtension: "mkv",
            arguments: ["-filter_complex", graph] + lavfi(tone(seconds: 3))
                + ["-map", "[video]", "-map", "0:a"]
                + h264(fps: 30) + ["-fps_mode", "vfr"] + aac())
    }()

    /// Every timestamp shifted by +1.5 s: the first keyframe (and audio) start at
    /// about 1.5 s, not 0.
    public static let firstKeyframeNotAtZero = ClipSpec(
        name: "offset-start", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 3)) + lavfi(tone(seconds: 3))
            + h264() + aac() + ["-output_ts_offset", "1.5"] + mp4)

    /// 10 s of 1920×1080 at 25 fps with a keyframe every 2 s, for benchmarks.
    public static let longGOP1080p = ClipSpec(
        name: "longgop-1080p", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 10, width: 1920, height: 1080)) + lavfi(tone(seconds: 10))
            + h264() + aac() + mp4)

    /// MP3 with a 300×300 JPEG attached as cover art (a one-frame video stream
    /// with the attached_pic disposition).
    public static let coverArt = ClipSpec(
        name: "cover-art", fileExtension: "mp3",
        arguments: lavfi(tone(seconds: 4)) + lavfi("testsrc2=size=300x300:duration=0.04")
            + ["-map", "0:a", "-map", "1:v", "-c:a", "libmp3lame", "-ac", "2", "-ar", "48000",
               "-c:v", "mjpeg", "-frames:v", "1", "-disposition:v", "attached_pic", "-id3v2_version", "3"])

    /// Uncompressed NV12 in Matroska: H.264 always decodes to planar yuv420p, so
    /// this is how a decoder hands the player semi-planar frames. 2 s, no audio.
    public static let nv12 = ClipSpec(
        name: "nv12", fileExtension: "mkv",
        arguments: lavfi(video(seconds: 2) + ",format=nv12") + ["-c:v", "rawvideo"])

    /// A display matrix rotating the 320×240 picture by 90° (shown 240×320).
    /// ffmpeg 5.1 drops `rotate` metadata when encoding, so it is set on a copy.
    public static let rotated = ClipSpec(
        name: "rotated", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 2)) + lavfi(tone(seconds: 2)) + h264() + aac() + mp4,
        remuxArguments: ["-metadata:s:v:0", "rotate=90"] + mp4)

    /// 320×240 stored with a 2:1 sample aspect ratio (shown 640×240).
    public static let anamorphic = ClipSpec(
        name: "anamorphic", fileExtension: "mp4",
        arguments: lavfi(video(seconds: 2) + ",setsar=2/1") + lavfi(tone(seconds: 2)) + h264() + aac() + mp4)

    // MARK: Building blocks

    private static func lavfi(_ graph: String) -> [String] {
        ["-f", "lavfi", "-i", graph]
    }

    private static func video(seconds: Double, fps: Int = 25, width: Int = 320, height: Int = 240,
                              withPattern: Bool = true) -> String {
        let source = "testsrc2=size=\(width)x\(height):rate=\(fps):duration=\(seconds),format=yuv420p"
        return withPattern ? source + "," + FramePattern.filter(width: width, height: height) : source
    }

    private static func tone(seconds: Double, sampleRate: Int = 48000) -> String {
        "sine=frequency=\(toneFrequency):sample_rate=\(sampleRate):duration=\(seconds)"
    }

    /// H.264 with a keyframe exactly every 2 s (no extra ones at scene cuts).
    private static func h264(fps: Int = 25, pixelFormat: String = "yuv420p") -> [String] {
        ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", pixelFormat,
         "-g", "\(2 * fps)", "-keyint_min", "\(2 * fps)", "-sc_threshold", "0"]
    }

    private static func aac(channels: Int = 2, sampleRate: Int = 48000) -> [String] {
        ["-c:a", "aac", "-ac", "\(channels)", "-ar", "\(sampleRate)"]
    }

    /// The index (moov) at the front, as in files prepared for streaming.
    private static let mp4 = ["-movflags", "+faststart"]
}
