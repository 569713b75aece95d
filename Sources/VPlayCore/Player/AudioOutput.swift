import CFFmpeg
import Foundation

/// Where the sound goes: the device and the renderer it pulls, with the audio clock. Opened
/// once for the player and kept while audio tracks come and go.
final class AudioOutput {
    let renderer: AudioRenderer
    let clock = SharedClock()
    let sink: AudioSink
    let format: AudioFormat

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

    /// Media time heard now on timeline `serial`, nil while the clock belongs to another
    /// (an older seek, or no sound yet).
    func time(at now: Double, serial: Int) -> Double? {
        let clock = clock.snapshot
        guard clock.serial == serial, clock.pts.isFinite else { return nil }
        return clock.time(at: now)
    }
}
