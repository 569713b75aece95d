import CPulseStream
import Foundation
import VPlayCore

/// The audio device through PulseAudio, where a server answers. Unlike SDL's output it can
/// ask how long written sound takes to reach the speaker, so the audio clock needs no guess.
/// With SDL's output, whose clock assumes two device buffers, the sound arrived 3–7 ms before
/// the picture here; mpv, which asks PulseAudio, was within 1 ms.
///
/// One thread pulls sound from the renderer and writes it whenever the server has room. It
/// waits for that room on PulseAudio's asynchronous API rather than in a blocking write, so a
/// change of audio track wakes it at once: the server's queue is dropped and the new track is
/// heard within a few milliseconds. A change of volume (or a mute) is written over the sound the
/// server holds, as PulseAudio lets a client replace what it queued, so it is heard within
/// about 10 ms too; for that the writer applies the volume itself and keeps what it wrote
/// before it (`SoundHistory`). When the sound runs out (a seek, an A-B loop's jump, a
/// stalled read) only the sound goes, and the writer looks for more every millisecond while
/// the server still holds more than a buffer, so sound that follows at once (an A-B loop's A)
/// is written right behind the end; then silence goes in short slices, so what comes later
/// follows after a slice of silence rather than a buffer of it. While paused the stream stands
/// (corked: the server plays nothing and asks for nothing, the thread waits) with what it
/// holds, which plays first on resume, so a pause loses no sound; what it holds is dropped
/// when it no longer goes with what plays next (a new file, a seek while paused).
public final class PulseAudioOutput: AudioSink {
    private var renderer: AudioRenderer?
    private var format: AudioFormat?
    /// Connected but not yet playing: the one `open` made to find out whether PulseAudio answers.
    private var idleStream: PulseStream?
    private var worker: Worker?
    /// The server's sinks and the one chosen; nil until opened, or when they cannot be watched.
    private var devices: PulseDevices?

    public init() {}

    deinit { close() }

    public func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        guard let stream = PulseStream(preferred) else { throw PulseError() }
        devices = PulseDevices()
        devices?.place(stream)
        idleStream = stream
        self.renderer = renderer
        format = preferred
        renderer.prepare(for: preferred)
        return preferred
    }

    public func setPaused(_ paused: Bool) {
        if let worker {
            worker.setCorked(paused)
        } else if !paused, let renderer, let format, let stream = idleStream ?? PulseStream(format) {
            if idleStream == nil { devices?.place(stream) }
            idleStream = nil
            let worker = Worker(stream: stream, renderer: renderer, format: format)
            self.worker = worker
            renderer.setDeviceWake { [stream] in stream.wake() }
            let thread = Thread { worker.run() }
            thread.name = "vplay.pulse"
            thread.start()
        }
    }

    public func selectDevice(_ device: String?) -> Bool {
        guard let devices else { return device == nil }
        let found = devices.choose(device)
        if let stream = worker?.stream ?? idleStream { devices.place(stream) }
        return found
    }

    public func updateDevices() -> (generation: Int, devices: [AudioOutputDevice]) {
        guard let devices else { return (0, []) }
        // A sink came or went: the chosen one, back, gets the sound again.
        if devices.refresh(), devices.chosen != nil, let stream = worker?.stream ?? idleStream { devices.place(stream) }
        return (devices.generation, devices.devices)
    }

    public var playingDevice: String? {
        (worker?.stream ?? idleStream)?.device.map { PulseDevices.prefix + $0 }
    }

    public func close() {
        stopWorker()
        idleStream = nil
        devices = nil
        renderer = nil
        format = nil
    }

    private func stopWorker() {
        guard let worker else { return }
        renderer?.setDeviceWake(nil)
        worker.stop()   // the stream, and the sound queued in it, go with the worker
        self.worker = nil
    }

    struct PulseError: Error {}

    /// How much to render and write at a time: what the server asks for at once (half a
    /// buffer, see `PulseStream`) while sound flows; quarter buffers (about 5 ms; whole frames,
    /// as buffers hold a power of two) when a silence starts, so that sound coming back (after
    /// a seek) slips in between slices; requests again once the silence has lasted about
    /// 100 ms (a stalled read).
    static func fillBytes(silentFills: Int, bufferBytes: Int) -> Int {
        silentFills == 0 || silentFills > 20 ? PulseStream.requestBytes(bufferBytes: bufferBytes) : bufferBytes / 4
    }

    /// Seconds the silence after the sound's end waits, the writer looking for more sound
    /// every millisecond meanwhile: until the server holds no more than a buffer (`latency`:
    /// seconds before a byte written now is heard), as low as its queue runs between two
    /// requests. Sound that follows at once (an A-B loop's A, decoded meanwhile) is then written
    /// right behind the end, with no silence between. Nil when the queue is not that deep.
    static func silenceWait(latency: Double?, bufferSeconds: Double) -> Double? {
        guard let latency, latency > bufferSeconds else { return nil }
        return latency - bufferSeconds
    }

    /// Seconds of what the server holds that a rewrite leaves alone: the time it takes to get
    /// there. Sound in them is heard at the old volume.
    static let rewriteMargin = 0.005

    /// The writing thread's side: owns nothing but what `stop` waits for.
    private final class Worker: @unchecked Sendable {
        let stream: PulseStream
        private let renderer: AudioRenderer
        private let format: AudioFormat
        private let bufferBytes: Int
        private let bufferSeconds: Double
        private let running = Locked(true)
        /// Asked for from other threads: the stream stands (corked), keeping what it holds.
        private let corkRequested = Locked(false)
        /// Carried out on the writing thread, in order with a flush of the queue.
        private var corked = false
        private let finished = DispatchSemaphore(value: 0)
        // Touched only on the writing thread.
        private var gain: GainRamp
        /// What the server may still hold, before its gain: written again when the volume changes.
        private var history: SoundHistory
        /// Monotonic time until which the silence after the sound's end waits (see `silenceWait`).
        private var soundAwaitedUntil: Double?

        init(stream: PulseStream, renderer: AudioRenderer, format: AudioFormat) {
            self.stream = stream
            self.renderer = renderer
            self.format = format
            bufferBytes = format.bufferFrames * format.bytesPerFrame
            bufferSeconds = Double(format.bufferFrames) / Double(format.sampleRate)
            gain = GainRamp(applied: renderer.targetGain)   // a new stream starts at the volume set
            // Room for the queue and for what the sink took from it and has not played.
            history = SoundHistory(capacity: 2 * PulseStream.targetBytes(bufferBytes: bufferBytes))
        }

        func run() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: history.capacity, alignment: 16)
            defer {
                buffer.deallocate()
                finished.signal()
            }
            var silentFills = 0
            while running.withLock({ $0 }) {
                // A new track is ready: what the server holds of the old one is dropped, so the
                // new one is heard at once rather than after it.
                if renderer.wantsDeviceFlush() {
                    dropQueued()
                    soundAwaitedUntil = nil
                }
                if renderer.targetGain != gain.applied { regainQueued(using: buffer) }
                // While a new track's sound is being decoded, look for it every millisecond
                // instead of waiting for room.
                let awaitsFlush = renderer.awaitsDeviceFlush
                followCork()
                if corked {
                    soundAwaitedUntil = nil
                    // Nothing is written while standing: what is queued plays first on resume.
                    if awaitsFlush { usleep(1000) } else if stream.waitForRoom(Int.max) == nil { break }
                    continue
                }
                let awaitsSound = soundAwaitedUntil != nil
                // Looked for as a silence's first slice, should none come in time.
                let size = PulseAudioOutput.fillBytes(silentFills: awaitsSound ? max(1, silentFills) : silentFills,
                                                      bufferBytes: bufferBytes)
                guard let room = stream.waitForRoom(awaitsFlush || awaitsSound ? 0 : size) else { break }
                if room < size && !awaitsSound {
                    if awaitsFlush { usleep(1000) }
                    continue
                }
                // Everything written so far plays before this fill's first byte.
                let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
                let latency = stream.latency
                let sound = renderer.render(into: slice, latency: latency, applyingGain: false)
                if holdsSilence(sound: sound, of: size, silentFills: silentFills, latency: latency) {
                    usleep(1000)
                    continue
                }
                silentFills = sound > 0 ? 0 : silentFills + 1
                let filled = UnsafeMutableRawBufferPointer(rebasing: slice[0..<(sound > 0 ? sound : size)])
                history.append(UnsafeRawBufferPointer(filled))
                gain.apply(renderer.targetGain, to: filled, format: format)
                guard stream.write(UnsafeRawBufferPointer(filled)) else { break }
            }
        }

        /// After a fill of `size` bytes whose first `sound` are sound, written `latency` seconds
        /// before it is heard: true while it is silence that waits (see `silenceWait`), not to be
        /// written yet.
        private func holdsSilence(sound: Int, of size: Int, silentFills: Int, latency: Double?) -> Bool {
            let now = Player.monotonicNow()
            if (sound < size || renderer.hasPlayedToStop) && silentFills == 0 && (sound > 0 || soundAwaitedUntil == nil) {
                // The sound ran out in this fill (or stops at its end), or right at the end of the
                // one before: the server will hold what it holds and this fill's sound.
                let held = latency.map { $0 + Double(sound) / Double(format.bytesPerSecond) }
                soundAwaitedUntil = PulseAudioOutput.silenceWait(latency: held, bufferSeconds: bufferSeconds).map { now + $0 }
            } else if sound > 0 {
                soundAwaitedUntil = nil
            }
            guard sound == 0 else { return false }
            if let until = soundAwaitedUntil, now < until { return true }
            soundAwaitedUntil = nil
            return false
        }

        /// Stops or restarts the stream: on the writing thread, so a drop of the queue asked for
        /// before a resume comes first.
        func setCorked(_ corked: Bool) {
            corkRequested.withLock { $0 = corked }
            stream.wake()
        }

        /// Carries out the cork asked for last; the clock stands with the sound.
        private func followCork() {
            let wanted = corkRequested.withLock { $0 }
            guard wanted != corked else { return }
            corked = wanted
            stream.cork(wanted)
            renderer.holdClock(wanted)
        }

        /// Drops what the server holds, and with it the history that mirrors it.
        private func dropQueued() {
            stream.flush()
            history.removeAll()
        }

        /// Gives a new volume to what the server holds and has not played, but for the next few
        /// milliseconds (which it may be playing by the time the rewrite arrives): a change of
        /// volume or a mute is heard at once, however long the queue. Nothing when the server
        /// has not told its latency yet: the next fill ramps to the new volume.
        private func regainQueued(using scratch: UnsafeMutableRawBufferPointer) {
            guard let latency = stream.latency else { return }
            let frame = format.bytesPerFrame
            let unplayed = Int(latency * Double(format.sampleRate)) * frame
            let margin = Int(PulseAudioOutput.rewriteMargin * Double(format.sampleRate)) * frame
            let bytes = min(history.count, unplayed - margin) / frame * frame
            guard bytes > 0 else { return }
            let queued = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<bytes])
            history.copyLast(into: queued)
            gain.apply(renderer.targetGain, to: queued, format: format)
            _ = stream.rewrite(UnsafeRawBufferPointer(queued))
        }

        /// Returns once the thread has finished its last write.
        func stop() {
            running.withLock { $0 = false }
            stream.wake()
            finished.wait()
        }
    }
}

/// One PulseAudio playback stream (see pulse_stream.h), freed with its owner.
final class PulseStream: @unchecked Sendable {
    private let stream: OpaquePointer
    var raw: OpaquePointer { stream }

    /// A stream of `format`: two device buffers queued (what a change of speed waits behind; a
    /// change of volume is written over them), asked for half a buffer at a time. The server gives the sink what the queue
    /// holds beyond twice a request (PulseAudio's tlength − 2 × minreq): one buffer here. Asked
    /// for whole buffers, that was nothing, and the sink ran at its lowest latency, waking the
    /// daemon thousands of times a second (see BENCHMARKS.md, machine section). A track switch
    /// flushes the queue and does not wait for a request either way.
    /// Nil when libpulse cannot be loaded or no server answers.
    init?(_ format: AudioFormat) {
        let bufferBytes = format.bufferFrames * format.bytesPerFrame
        guard let stream = vp_pulse_open("vplay", Int32(format.sampleRate), Int32(format.channels),
                                         UInt32(Self.targetBytes(bufferBytes: bufferBytes)),
                                         UInt32(Self.requestBytes(bufferBytes: bufferBytes)))
        else { return nil }
        self.stream = stream
    }

    /// What the server keeps queued: two buffers.
    static func targetBytes(bufferBytes: Int) -> Int { 2 * bufferBytes }

    /// What the server asks for at once: half a buffer (whole frames, as buffers hold a power
    /// of two frames).
    static func requestBytes(bufferBytes: Int) -> Int { bufferBytes / 2 }

    deinit { vp_pulse_close(stream) }

    /// Waits for room for `bytes` or a `wake`; the room there is, nil once the stream failed.
    func waitForRoom(_ bytes: Int) -> Int? {
        let room = vp_pulse_wait_writable(stream, bytes)
        return room < 0 ? nil : room
    }

    func wake() { vp_pulse_wake(stream) }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        vp_pulse_write(stream, bytes.baseAddress, bytes.count) == 0
    }

    /// Replaces the last `bytes.count` bytes written (see `vp_pulse_rewrite`).
    func rewrite(_ bytes: UnsafeRawBufferPointer) -> Bool {
        vp_pulse_rewrite(stream, bytes.baseAddress, bytes.count) == 0
    }

    func flush() { vp_pulse_flush(stream) }

    /// Stops (true) or restarts playback, keeping what the server holds.
    func cork(_ corked: Bool) { vp_pulse_cork(stream, corked ? 1 : 0) }

    /// Seconds until a byte written now is heard; nil until the server has told.
    var latency: Double? {
        let microseconds = vp_pulse_latency(stream)
        return microseconds < 0 ? nil : Double(microseconds) / 1_000_000
    }
}
