/// A linear gain on interleaved signed 16-bit samples that ramps to a new value over about
/// 5 ms, so that a change of volume never clicks.
public struct GainRamp: Sendable {
    /// The gain the last samples were given.
    public private(set) var applied: Float

    public init(applied: Float = 1) {
        self.applied = applied
    }

    /// Gives `bytes` the gain `target`, ramping from `applied` over their first ~5 ms.
    public mutating func apply(_ target: Float, to bytes: UnsafeMutableRawBufferPointer, format: AudioFormat) {
        if target == 1 && applied == 1 { return }
        let samples = bytes.bindMemory(to: Int16.self)
        guard !samples.isEmpty else { applied = target; return }
        let rampFrames = max(1, format.sampleRate / 200)
        let channels = format.channels
        var gain = applied
        let step = (target - applied) / Float(rampFrames)
        for frameIndex in 0..<(samples.count / channels) {
            if frameIndex < rampFrames { gain += step } else { gain = target }
            for c in 0..<channels {
                let i = frameIndex * channels + c
                let value = Float(samples[i]) * gain
                samples[i] = Int16(max(-32768, min(32767, value)))
            }
        }
        applied = target
    }
}
