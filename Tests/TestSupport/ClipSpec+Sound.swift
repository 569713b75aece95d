extension ClipSpec {
    /// The frame-number pattern with a tone whose pitch steps up each second (400 Hz, 600 Hz,
    /// …: 400 + 200 × the second), so the moment of the sound heard can be read from its pitch.
    public static func pitchSteps(seconds: Double = 6) -> ClipSpec {
        ClipSpec(name: "pitch-steps-\(seconds)s", fileExtension: "mp4", arguments: [
            "-f", "lavfi", "-i",
            "testsrc2=size=320x240:rate=25:duration=\(seconds),format=yuv420p," + FramePattern.filter(width: 320, height: 240),
            "-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*(400+200*floor(t))*t):s=48000:d=\(seconds)",
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-keyint_min", "50",
            "-sc_threshold", "0", "-c:a", "aac", "-ac", "2", "-ar", "48000", "-movflags", "+faststart",
        ])
    }

    /// The second of `pitchSteps` a pitch belongs to, nil when it is none of them.
    public static func pitchStepSecond(of frequency: Double) -> Int? {
        let second = ((frequency - 400) / 200).rounded()
        guard second >= 0, abs(frequency - (400 + 200 * second)) < 40 else { return nil }
        return Int(second)
    }
}

extension AudioCapture {
    /// The second of a `pitchStepsSound` heard in each `window` seconds, `every` seconds from
    /// `start` to `end`; windows with no clear step left out.
    public func pitchStepSeconds(from start: Double, to end: Double, every: Double = 0.25, window: Double = 0.2) -> [Int] {
        stride(from: start, to: end, by: every).compactMap { at in
            medianPitch(from: at, to: at + window).flatMap(ClipSpec.pitchStepSecond)
        }
    }
}
