import CFFmpeg
import Foundation
import Synchronization

/// The sound device for the whole run: opened by the first file with sound, at that file's
/// format, and kept for the files after it (their tracks are resampled to it), so a playlist
/// never closes and reopens the device between entries.
public final class AudioDevice: @unchecked Sendable {
    // Guarded by `lock`: a file opens on a thread of its own, the device closes on the main one.
    private var sink: AudioSink?
    private var output: AudioOutput?
    /// The output device chosen (nil: the default), given to the sink once it opens.
    private var chosenDevice: String?
    private let lock = NSLock()

    public init(sink: AudioSink) {
        self.sink = sink
    }

    deinit { close() }

    /// The output, opened for `stream` by the first caller.
    func output(for stream: UnsafeMutablePointer<AVStream>, monotonic: @escaping @Sendable () -> Double,
                wake: @escaping @Sendable () -> Void) throws -> AudioOutput {
        try lock.withLock {
            if let output { return output }
            guard let sink else { throw AudioDeviceClosed() }
            let made = try AudioOutput(sink: sink, for: stream, monotonic: monotonic, wake: wake)
            output = made
            if chosenDevice != nil { _ = sink.selectDevice(chosenDevice) }
            return made
        }
    }

    /// Sends the sound to `device` (nil: the default); false when there is no such device now
    /// (the default plays until it appears). Before the device opens, it is taken as found.
    public func select(_ device: String?) -> Bool {
        lock.withLock {
            chosenDevice = device
            guard let sink, output != nil else { return true }
            return sink.selectDevice(device)
        }
    }

    /// The output device chosen last, nil for the default.
    public var chosen: String? { lock.withLock { chosenDevice } }

    /// The output devices there are (see `AudioSink.updateDevices`).
    public func updateDevices() -> (generation: Int, devices: [AudioOutputDevice]) {
        lock.withLock { output == nil ? (0, []) : sink?.updateDevices() ?? (0, []) }
    }

    /// The device the sound goes to now, nil when unknown or not open.
    public var playingDevice: String? {
        lock.withLock { output == nil ? nil : sink?.playingDevice }
    }

    /// Closes the device; on the main thread, before the audio system shuts down.
    public func close() {
        lock.withLock {
            sink?.close()
            sink = nil
            output = nil
        }
    }

    struct AudioDeviceClosed: Error {}
}

/// Where the sound goes: the device and the renderer it pulls, with the audio clock. Opened
/// once (see `AudioDevice`) and kept while audio tracks and files come and go.
final class AudioOutput: @unchecked Sendable {
    let renderer: AudioRenderer
    let clock = SharedClock()
    let sink: AudioSink
    let format: AudioFormat
    private let lastSourceID = Atomic(0)
    /// The id the current file's timeline started with: until the renderer has taken it up, the
    /// clock is the file before's, whose serials this file's may repeat.
    private let timelineID = Atomic(0)

    /// Opens `sink` at the rate and channel count of `stream` (about 20 ms per device buffer:
    /// low latency without underruns); other tracks are resampled to it.
    init(sink: AudioSink, for stream: UnsafeMutablePointer<AVStream>, monotonic: @escaping @Sendable () -> Double,
         wake: @escaping @Sendable () -> Void) throws {
        renderer = AudioRenderer(clock: clock, monotonic: monotonic, wake: wake)
        let parameters = stream.pointee.codecpar.pointee
        let rate = Int(parameters.sample_rate > 0 ? parameters.sample_rate : 48000)
        let channels = Int(max(1, min(8, parameters.ch_layout.nb_channels)))
        let bufferFrames = max(512, 1 << Int(log2(Double(rate) / 50).rounded(.up)))
        let preferred = AudioFormat(sampleRate: rate, channels: channels, bufferFrames: bufferFrames)
        self.sink = sink
        format = try sink.open(preferred: preferred, renderer: renderer)
    }

    /// A new id for a source handed to the renderer, never one an earlier file used.
    func nextSourceID() -> Int {
        lastSourceID.add(1, ordering: .relaxed).newValue
    }

    /// Plays `source` as a new file's sound (see `AudioRenderer.startTimeline`).
    func startTimeline(_ source: AudioRenderer.Source?, id: Int) {
        timelineID.store(id, ordering: .releasing)
        renderer.startTimeline(source, id: id)
    }

    /// Goes on with the sound of source `id`, which the renderer took up right after the file
    /// before's (see `AudioRenderer.follow`), as this file's timeline; false when it has not.
    func continueTimeline(_ id: Int) -> Bool {
        guard renderer.sourceID == id else { return false }
        timelineID.store(id, ordering: .releasing)
        return true
    }

    /// Media time heard now on timeline `serial` of the file whose latest source is `sourceID`,
    /// nil while the clock belongs to another (an older seek, the file before, or no sound
    /// yet). Once the next file's sound follows this one's, up to the last sample of this one.
    func time(at now: Double, serial: Int, sourceID: Int) -> Double? {
        let (clock, boundary) = clock.reading
        if let boundary, boundary.nextID > sourceID {
            return boundary.timeBefore(clock, at: now)
        }
        guard renderer.sourceID >= timelineID.load(ordering: .acquiring) else { return nil }
        guard clock.serial == serial, clock.pts.isFinite else { return nil }
        return clock.time(at: now)
    }

    /// The boundary after the file whose latest source is `sourceID`, once the next file's
    /// sound has been taken up right after its last sample; and the clock to read it with.
    func boundary(after sourceID: Int) -> (boundary: AudioBoundary, clock: Clock)? {
        let (clock, boundary) = clock.reading
        guard let boundary, boundary.nextID > sourceID else { return nil }
        return (boundary, clock)
    }
}
