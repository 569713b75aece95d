import Foundation

/// What the player sent to the PulseAudio null sink, as recorded by
/// scripts/test-env.sh into `$VPLAY_AUDIO_CAPTURE`: raw s16le, 48 kHz, stereo.
/// Times are seconds from the start of the recording.
public struct AudioCapture: Sendable {
    public static let sampleRate = 48000
    public static let channelCount = 2
    static let bytesPerFrame = channelCount * 2

    /// The recording written by test-env.sh, when running under it with sound.
    public static var environmentFile: URL? {
        ProcessInfo.processInfo.environment["VPLAY_AUDIO_CAPTURE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// The recording's current length. Note it before launching the player to
    /// know where the player's sound can begin.
    public static func duration(of url: URL) throws -> Double {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        return Double(size / bytesPerFrame) / Double(sampleRate)
    }

    /// The end of the recording once its last `silence` seconds are quiet: only sound made
    /// from now on can come after it. A player that has just quit can still arrive after
    /// `duration(of:)` for as long as the recorder lags, and would pass for the next one's
    /// first sound. Nil if the sink is not quiet within `timeout`.
    public static func quietMark(of url: URL, silence: Double = 0.3, timeout: Duration = .seconds(5)) throws -> Double? {
        let from = max(0, try duration(of: url) - silence)
        let quiet = try wait(for: url, from: from, timeout: timeout) { capture in
            capture.endTime - capture.startTime >= silence
                && !capture.hasSound(from: capture.endTime - silence, to: capture.endTime)
        }
        return quiet?.endTime
    }

    /// Where `samples` begin in the recording.
    public let startTime: Double
    /// Interleaved left/right samples.
    public let samples: [Int16]

    public init(samples: [Int16], startTime: Double = 0) {
        self.samples = samples
        self.startTime = startTime
    }

    /// Reads the recording from `startTime` on (the file may still be growing).
    public init(contentsOf url: URL, from startTime: Double = 0) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let firstFrame = Int(startTime * Double(Self.sampleRate))
        try handle.seek(toOffset: UInt64(firstFrame * Self.bytesPerFrame))
        let data = try handle.readToEnd() ?? Data()
        let frames = data.count / Self.bytesPerFrame
        let samples = data.withUnsafeBytes { raw in
            (0..<frames * Self.channelCount).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
        self.init(samples: samples, startTime: Double(firstFrame) / Double(Self.sampleRate))
    }

    /// Re-reads the recording at `url` from `time` every 50 ms until `condition`
    /// holds for what has been recorded (the recorder lags the player by a few
    /// tens of milliseconds). Returns that reading, or nil after `timeout`.
    public static func wait(for url: URL, from time: Double = 0, timeout: Duration,
                            until condition: (AudioCapture) -> Bool) throws -> AudioCapture? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let capture = try AudioCapture(contentsOf: url, from: time)
            if condition(capture) { return capture }
            guard ContinuousClock.now < deadline else { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    public var endTime: Double {
        startTime + Double(samples.count / Self.channelCount) / Double(Self.sampleRate)
    }

    /// Root mean square of both channels over [start, end), 1.0 being full scale.
    public func rms(from start: Double, to end: Double) -> Double {
        let frames = frameRange(from: start, to: end)
        guard !frames.isEmpty else { return 0 }
        var sum = 0.0
        for index in frames.lowerBound * Self.channelCount..<frames.upperBound * Self.channelCount {
            let value = Double(samples[index]) / 32768
            sum += value * value
        }
        return (sum / Double(frames.count * Self.channelCount)).squareRoot()
    }

    /// True when the RMS over [start, end) exceeds `threshold` (default −40 dBFS;
    /// the test clips' tone is about −21 dBFS).
    public func hasSound(from start: Double, to end: Double, threshold: Double = 0.01) -> Bool {
        rms(from: start, to: end) > threshold
    }

    /// The start of the first 10 ms window at or after `time` that has sound.
    public func firstSound(after time: Double = 0, threshold: Double = 0.01) -> Double? {
        let window = 0.01
        var start = max(time, startTime)
        while start + window <= endTime {
            if hasSound(from: start, to: start + window, threshold: threshold) { return start }
            start += window
        }
        return nil
    }

    /// The frequency of the (left + right) signal over [start, end) in Hz, from the
    /// spacing of its upward zero crossings: exact enough for the pure tones of the
    /// test clips, meaningless for music. Nil when there are fewer than three crossings.
    /// The median of `dominantFrequency` over consecutive 50 ms windows from `start` to `end`:
    /// a tone's pitch, robust to a single glitch. Nil when no window has a clear frequency.
    public func medianPitch(from start: Double, to end: Double) -> Double? {
        let pitches = stride(from: start, to: end, by: 0.05)
            .compactMap { dominantFrequency(from: $0, to: $0 + 0.05) }.sorted()
        return pitches.isEmpty ? nil : pitches[pitches.count / 2]
    }

    public func dominantFrequency(from start: Double, to end: Double) -> Double? {
        let frames = frameRange(from: start, to: end)
        var crossings: [Double] = []  // in frames, interpolated between samples
        var previous: Int?
        for frame in frames {
            let current = Int(samples[frame * 2]) + Int(samples[frame * 2 + 1])
            if let previous, previous < 0, current >= 0 {
                crossings.append(Double(frame - 1) + Double(-previous) / Double(current - previous))
            }
            previous = current
        }
        guard crossings.count >= 3 else { return nil }
        // The median period, not crossings over the whole span: a dropout (an underrun of a
        // loaded machine) adds one long period but does not bend the pitch.
        let periods = zip(crossings, crossings.dropFirst()).map { $1 - $0 }.sorted()
        return Double(Self.sampleRate) / periods[periods.count / 2]
    }

    /// The frames (left/right pairs) of `samples` inside [start, end).
    private func frameRange(from start: Double, to end: Double) -> Range<Int> {
        let frameCount = samples.count / Self.channelCount
        let lower = Int(((start - startTime) * Double(Self.sampleRate)).rounded())
        let upper = Int(((end - startTime) * Double(Self.sampleRate)).rounded())
        return max(0, lower)..<min(frameCount, max(upper, max(0, lower)))
    }
}
