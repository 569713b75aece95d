import CFFmpeg
import Foundation

/// Produces the bytes the audio device asks for, on the device's thread: takes decoded
/// frames, drops stale ones (older serial), trims to an exact seek's target, resamples,
/// changes tempo with the pitch kept, applies volume with a short ramp, stops at an A-B
/// loop's end, and sets the audio clock — the master clock.
public final class AudioRenderer: @unchecked Sendable {
    private let frames: FrameQueue
    private let packets: PacketQueue
    private let clock: SharedClock
    private let monotonic: @Sendable () -> Double

    // Touched only on the device thread (after `prepare`).
    private var output = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    private var resampler: Resampler?
    /// Resampled audio of the current frame.
    private var resampled = ResampleBuffer()
    /// Tempo-changed audio, when the speed is not 1.
    private var stretched = ResampleBuffer()
    private var playsStretched = false
    private var bufferSize = 0
    private var bufferIndex = 0
    /// The speed the sound is played at: the one asked for once a filter for it is in place.
    private var speed: Double = 1
    private var tempo: TempoFilter?
    /// Builds tempo filters off this thread; a test may give its own before `prepare`.
    var tempoBuilder = TempoFilterBuilder()
    /// A filter out of use, waiting to go back to `tempoBuilder` to be freed.
    private var retiredTempo: TempoFilter?
    /// Media time of the first sample fed to `tempo`: its output maps back from here.
    private var segmentStart: Double = .nan
    /// How late `tempo` puts sound, in output seconds (see `TempoCalibration`); 0 until measured.
    private var tempoDelay: Double?
    /// Media time at the end of the data in `buffer`.
    private var bufferEndTime: Double = .nan
    /// Monotonic time at which the end of the data handed over so far will be heard.
    private var endHeardAt: Double = 0
    private var bufferSerial = -1
    private var appliedGain: Float = 1

    private struct Shared {
        var targetGain: Float = 1
        var speed: Double = 1
        /// True once every queued sample up to the end of stream has been handed over.
        var idle = true
        /// Media time the sound stops at (an A-B loop's B), nil to play on.
        var stopTime: Double?
        /// The serial whose sound has been handed over up to `stopTime`.
        var stoppedSerial: Int?
    }
    private let shared = Locked(Shared())

    private let wake: @Sendable () -> Void

    /// - Parameter wake: called on the device thread when the sound reaches the stop time.
    init(frames: FrameQueue, packets: PacketQueue, clock: SharedClock,
         monotonic: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void = {}) {
        self.frames = frames
        self.packets = packets
        self.clock = clock
        self.monotonic = monotonic
        self.wake = wake
    }

    /// Called once by the sink after the device opened, before the first callback.
    public func prepare(for format: AudioFormat) {
        output = format
        resampler = Resampler(output: format)
        restartTempo(for: shared.withLock { $0.speed }, afterSeek: false)   // starts building a filter
    }

    /// Linear gain 0...; the renderer ramps to it over a few milliseconds so changes never click.
    func setGain(_ gain: Float) {
        shared.withLock { $0.targetGain = gain }
    }

    /// Playback speed; the pitch is kept.
    func setSpeed(_ speed: Double) {
        shared.withLock { $0.speed = speed }
    }

    /// True when the last fill found nothing to play.
    var isIdle: Bool { shared.withLock { $0.idle } }

    /// Stops the sound at media time `time` (nil plays on). Cut at the renderer, it ends
    /// exactly there however late the main loop notices; frames past it stay queued.
    func setStopTime(_ time: Double?) {
        shared.withLock {
            guard $0.stopTime != time else { return }
            $0.stopTime = time
            $0.stoppedSerial = nil   // a new B: the sound up to it plays
        }
    }

    /// The serial whose sound has all been handed to the device up to the stop time.
    var stoppedSerial: Int? { shared.withLock { $0.stoppedSerial } }

    /// Fills `destination` completely (silence where there is nothing to play).
    /// - Parameter latency: seconds from now until the first byte of `destination` is heard,
    ///   when the device can tell; otherwise two device buffers are assumed (as ffplay does).
    /// - Returns: the bytes of sound at its start; the rest is silence.
    @discardableResult
    public func render(into destination: UnsafeMutableRawBufferPointer, latency: Double? = nil) -> Int {
        let now = monotonic()
        var written = 0
        var played = false
        while written < destination.count {
            if bufferIndex >= bufferSize {
                if !decodeNextFrame() {
                    // Nothing ready: silence for the rest, the clock is left alone.
                    memset(destination.baseAddress! + written, 0, destination.count - written)
                    break
                }
            }
            let count = min(bufferSize - bufferIndex, destination.count - written)
            let source = playsStretched ? stretched.base : resampled.base
            memcpy(destination.baseAddress! + written, source + bufferIndex, count)
            written += count
            bufferIndex += count
            played = true
        }
        applyGain(to: UnsafeMutableRawBufferPointer(rebasing: destination[0..<written]))
        shared.withLock { $0.idle = !played }
        if bufferEndTime.isFinite {
            // What the listener hears now: the end of our data minus everything still
            // queued between here and the speaker (the device's queue, what this fill wrote
            // and our buffer). At a speed other than 1 a second of output covers `speed`
            // seconds of media. Set on silent fills too: when the data runs out (a stalled
            // read, an A-B loop's B) the clock stops where the sound does, as in ffplay.
            let rate = Double(output.bytesPerSecond)
            if written > 0 {
                let ahead = max(0, latency
                    ?? Double(2 * output.bufferFrames * output.bytesPerFrame - destination.count) / rate)
                endHeardAt = now + ahead + Double(written + bufferSize - bufferIndex) / rate
            }
            clock.set(bufferEndTime - max(0, endHeardAt - now) * speed,
                      serial: bufferSerial, at: now, speed: speed)
        }
        return written
    }

    private func decodeNextFrame() -> Bool {
        let (requested, stop, stoppedSerial) = shared.withLock { ($0.speed, $0.stopTime, $0.stoppedSerial) }
        if stop != nil, stoppedSerial == packets.serial { return false }
        if requested != speed { restartTempo(for: requested, afterSeek: false) }
        while frames.remaining > 0 {
            let frame = frames.peek()
            defer { frames.advance() }
            guard frame.serial == packets.serial, let resampler else { continue }
            if frame.serial != bufferSerial {
                restartTempo(for: requested, afterSeek: true)
                bufferSerial = frame.serial
            }
            let size = resampler.convert(frame.pointer, into: &resampled)
            guard size > 0 else { continue }
            var start = frame.pts.isFinite ? frame.pts : bufferEndTime
            var skip = 0
            if frame.seekTarget.isFinite, start.isFinite, frame.seekTarget > start {
                // Exact seek: start at the target instant, not at the frame's start.
                skip = min(size, Int((frame.seekTarget - start) * Double(output.sampleRate)) * output.bytesPerFrame)
                start = frame.seekTarget
            }
            if let tempo {
                if !segmentStart.isFinite { segmentStart = start }
                bufferSize = 0
                tempo.process(UnsafeRawBufferPointer(start: resampled.base + skip, count: size - skip)) { chunk in
                    stretched.write(chunk, at: bufferSize)
                    bufferSize += chunk.count
                }
                guard bufferSize > 0 else { continue }   // the filter is still filling its window
                playsStretched = true
                bufferIndex = 0
                if tempoDelay == nil { tempoDelay = TempoCalibration.shared.delay(tempo: speed, sampleRate: output.sampleRate) }
                let outputSeconds = Double(tempo.outputSamples) / Double(output.sampleRate) - (tempoDelay ?? 0)
                bufferEndTime = segmentStart + outputSeconds * speed
                return cutAtStop(stop)
            }
            playsStretched = false
            bufferSize = size
            bufferIndex = skip
            bufferEndTime = start + Double(size - skip) / Double(output.bytesPerSecond)
            return cutAtStop(stop)
        }
        return false
    }

    /// Shortens the buffer to end at `stop` when it runs past it; false when nothing is left.
    private func cutAtStop(_ stop: Double?) -> Bool {
        guard let stop, bufferEndTime > stop else { return true }
        let excessFrames = Int(((bufferEndTime - stop) / speed * Double(output.sampleRate)).rounded(.up))
        bufferSize = max(bufferIndex, bufferSize - excessFrames * output.bytesPerFrame)
        bufferEndTime = stop
        shared.withLock { $0.stoppedSerial = bufferSerial }
        wake()
        return bufferSize > bufferIndex
    }

    /// Puts a fresh tempo filter for `requested` in place (none at speed 1) once the builder
    /// has one ready. Until then a change of speed plays on at the old tempo, and after a seek,
    /// when what the old filter holds belongs to the old position, the sound passes unchanged.
    private func restartTempo(for requested: Double, afterSeek: Bool) {
        tempoBuilder.retire(&retiredTempo)
        let spec = requested == 1 ? nil
            : TempoFilterBuilder.Spec(tempo: requested, sampleRate: output.sampleRate, channels: output.channels)
        var fresh: TempoFilter?
        switch tempoBuilder.take(spec) {
        case .ready(let filter):
            fresh = filter
            speed = requested
        case .pending where afterSeek:
            speed = 1
        case .pending:
            return
        }
        swap(&tempo, &fresh)
        // Freed here only if the builder's lock was busy at both hand-overs.
        if retiredTempo == nil { retiredTempo = fresh }
        tempoBuilder.retire(&retiredTempo)
        tempoDelay = nil
        segmentStart = .nan
    }

    private func applyGain(to bytes: UnsafeMutableRawBufferPointer) {
        let target = shared.withLock { $0.targetGain }
        if target == 1 && appliedGain == 1 { return }
        let samples = bytes.bindMemory(to: Int16.self)
        guard !samples.isEmpty else { appliedGain = target; return }
        // Ramp over ~5 ms of frames, then hold.
        let rampFrames = max(1, output.sampleRate / 200)
        let channels = output.channels
        var gain = appliedGain
        let step = (target - appliedGain) / Float(rampFrames)
        for frameIndex in 0..<(samples.count / channels) {
            if frameIndex < rampFrames { gain += step } else { gain = target }
            for c in 0..<channels {
                let i = frameIndex * channels + c
                let value = Float(samples[i]) * gain
                samples[i] = Int16(max(-32768, min(32767, value)))
            }
        }
        appliedGain = target
    }
}
