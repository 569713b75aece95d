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
    /// Sends the sound to `device` (a name from `outputDevices`), nil for the sound server's
    /// default, from now on and to every stream after; false when there is no such device
    /// now (the default plays, and the device is used once it appears).
    func selectDevice(_ device: String?) -> Bool
    /// The output devices there are now, and a number that changes when they do; when the
    /// device chosen has come back since it was last asked, the sound moves to it.
    func updateDevices() -> (generation: Int, devices: [AudioOutputDevice])
    /// The device the sound goes to now, nil when unknown.
    var playingDevice: String? { get }
}

/// Devices that cannot be chosen: one output, the default.
extension AudioSink {
    public func selectDevice(_ device: String?) -> Bool { device == nil }
    public func updateDevices() -> (generation: Int, devices: [AudioOutputDevice]) { (0, []) }
    public var playingDevice: String? { nil }
}

/// One output device, as mpv's `audio-device-list` gives it.
public struct AudioOutputDevice: Equatable, Sendable {
    /// What `audio-device` takes: `pulse/` and the sink's name.
    public var name: String
    /// The name people read.
    public var description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}
