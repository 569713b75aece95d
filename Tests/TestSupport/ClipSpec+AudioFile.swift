extension ClipSpec {
    /// The frame-number pattern without sound, `seconds` long.
    public static func silentVideo(seconds: Double = 8) -> ClipSpec {
        ClipSpec(name: "silent-video-\(seconds)s", fileExtension: "mp4", arguments: [
            "-f", "lavfi", "-i",
            "testsrc2=size=320x240:rate=25:duration=\(seconds),format=yuv420p," + FramePattern.filter(width: 320, height: 240),
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-keyint_min", "50",
            "-sc_threshold", "0", "-an", "-movflags", "+faststart",
        ])
    }

    /// `pitchSteps`' sound alone, as a WAV file: the second heard can be read from its pitch.
    public static func pitchStepsSound(seconds: Double = 8) -> ClipSpec {
        ClipSpec(name: "pitch-steps-sound-\(seconds)s", fileExtension: "wav", arguments: [
            "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*(400+200*floor(t))*t):s=48000:d=\(seconds)",
            "-c:a", "pcm_s16le", "-ac", "2", "-ar", "48000",
        ])
    }
}
