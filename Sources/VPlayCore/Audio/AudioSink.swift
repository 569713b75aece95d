/// What an audio device accepted. Samples are always interleaved signed 16-bit.
public struct AudioFormat: Equatable, Sendable {
    public var sampleRate: Int
    public var channels: Int
    /// Frames per device buffer: the unit of latency the device adds.
    public var bufferFrames: Int

    public init(sampleRate: Int, channels: Int, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.bufferFrames = bufferFrames
    }

    public var bytesPerFrame: Int { channels * 2 }
    public var bytesPerSecond: Int { sampleRate * bytesPerFrame }
}

/// An audio device that pulls samples from an `AudioRenderer` on its own thread.
/// The SDL implementation lives in the view layer; tests use a manual one.
public protocol AudioSink: AnyObject {
    /// Opens the device, asking for `preferred`; returns what it accepted.
    func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat
    func setPaused(_ paused: Bool)
    func close()
}
