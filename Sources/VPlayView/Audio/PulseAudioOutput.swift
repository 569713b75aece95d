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
/// heard within a few milliseconds. When the sound runs out (a seek, an A-B loop's jump, a
/// stalled read) only the sound goes, then silence in short slices, so what comes next
/// follows after a slice of silence rather than a buffer of it. While paused the stream is
/// closed (no thread, no CPU) and opened again with the same format on play, as the SDL
/// output does.
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
        if paused {
            stopWorker()
            idleStream = nil
        } else if worker == nil, let renderer, let format, let stream = idleStream ?? PulseStream(format) {
            if idleStream == nil { devices?.place(stream) }
            idleStream = nil
            let worker = Worker(stream: stream, renderer: renderer, bufferBytes: format.bufferFrames * format.bytesPerFrame)
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

    /// How much to render and write at a time: a whole buffer while sound flows (what the
    /// server asks for at once); quarter buffers (about 5 ms; whole frames, as buffers hold a
    /// power of two) when a silence starts, so that sound coming back (after a seek) slips in
    /// between slices; whole buffers again once the silence has lasted about 100 ms (a stalled
    /// read).
    static func fillBytes(silentFills: Int, bufferBytes: Int) -> Int {
        silentFills == 0 || silentFills > 20 ? bufferBytes : bufferBytes / 4
    }

    /// The writing thread's side: owns nothing but what `stop` waits for.
    private final class Worker: @unchecked Sendable {
        let stream: PulseStream
        private let renderer: AudioRenderer
        private let bufferBytes: Int
        private let running = Locked(true)
        private let finished = DispatchSemaphore(value: 0)

        init(stream: PulseStream, renderer: AudioRenderer, bufferBytes: Int) {
            self.stream = stream
            self.renderer = renderer
            self.bufferBytes = bufferBytes
        }

        func run() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferBytes, alignment: 16)
            defer {
                buffer.deallocate()
                finished.signal()
            }
            var silentFills = 0
            while running.withLock({ $0 }) {
                // A new track is ready: what the server holds of the old one is dropped, so the
                // new one is heard at once rather than after it.
                if renderer.wantsDeviceFlush() { stream.flush() }
                let size = PulseAudioOutput.fillBytes(silentFills: silentFills, bufferBytes: bufferBytes)
                // While a new track's sound is being decoded, look for it every millisecond
                // instead of waiting for room.
                let awaitsFlush = renderer.awaitsDeviceFlush
                guard let room = stream.waitForRoom(awaitsFlush ? 0 : size) else { break }
                if room < size {
                    if awaitsFlush { usleep(1000) }
                    continue
                }
                // Everything written so far plays before this fill's first byte.
                let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
                let sound = renderer.render(into: slice, latency: stream.latency)
                silentFills = sound > 0 ? 0 : silentFills + 1
                guard stream.write(UnsafeRawBufferPointer(rebasing: slice[0..<(sound > 0 ? sound : size)])) else { break }
            }
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

    /// A stream of `format`: about two device buffers queued, asked for a buffer at a time.
    /// Asking in quarter buffers woke the writer and libpulse's thread four times as often
    /// (some 400 context switches a second) for the same sound; a track switch flushes the
    /// queue and does not wait for a request either way.
    /// Nil when libpulse cannot be loaded or no server answers.
    init?(_ format: AudioFormat) {
        let bufferBytes = UInt32(format.bufferFrames * format.bytesPerFrame)
        guard let stream = vp_pulse_open("vplay", Int32(format.sampleRate), Int32(format.channels),
                                         2 * bufferBytes, bufferBytes) else { return nil }
        self.stream = stream
    }

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

    func flush() { vp_pulse_flush(stream) }

    /// Seconds until a byte written now is heard; nil until the server has told.
    var latency: Double? {
        let microseconds = vp_pulse_latency(stream)
        return microseconds < 0 ? nil : Double(microseconds) / 1_000_000
    }
}
