extension ClipSpec {
    /// The frame-number pattern, silent but for two 60 ms beeps at `beepFrequency`: one right at
    /// `beepLoopA` and one ending right at `beepLoopB`, so an A-B loop between them plays B's
    /// beep and then A's, and the silence between them is the loop's seam.
    public static func loopBeeps(seconds: Double = 3.5) -> ClipSpec {
        let (a, b, length) = (beepLoopA, beepLoopB, beepLength)
        return ClipSpec(name: "loop-beeps-\(seconds)s", fileExtension: "mp4", arguments: [
            "-f", "lavfi", "-i",
            "testsrc2=size=320x240:rate=25:duration=\(seconds),format=yuv420p," + FramePattern.filter(width: 320, height: 240),
            "-f", "lavfi", "-i",
            "aevalsrc='if(between(t,\(a),\(a + length))+between(t,\(b - length),\(b)),0.5*sin(2*PI*\(beepFrequency)*t),0)'"
                + ":s=48000:d=\(seconds)",
            "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-keyint_min", "50",
            "-sc_threshold", "0", "-c:a", "aac", "-b:a", "192k", "-ac", "2", "-ar", "48000", "-movflags", "+faststart",
        ])
    }

    public static let beepLoopA = 1.0
    public static let beepLoopB = 2.0
    /// Seconds each beep of `loopBeeps` lasts.
    public static let beepLength = 0.06
    public static let beepFrequency = 1000
}

extension AudioCapture {
    /// The stretches with sound from `start` to `end`, as (start, length) in seconds, read in
    /// windows of `window` seconds whose RMS is over `threshold`.
    public func soundRuns(from start: Double, to end: Double, window: Double = 0.001,
                          threshold: Double = 0.03) -> [(start: Double, length: Double)] {
        var runs: [(start: Double, length: Double)] = []
        var runStart: Double?
        var at = start
        while at + window <= end {
            let loud = hasSound(from: at, to: at + window, threshold: threshold)
            if loud && runStart == nil { runStart = at }
            if !loud, let began = runStart {
                runs.append((began, at - began))
                runStart = nil
            }
            at += window
        }
        if let began = runStart { runs.append((began, at - began)) }
        return runs
    }
}
