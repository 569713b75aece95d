import CPulse
import Foundation
import VPlayCore

/// The audio device through PulseAudio's simple API, where a PulseAudio server answers.
/// Unlike SDL's output it can ask how long written sound takes to reach the speaker
/// (`pa_simple_get_latency`), so the audio clock needs no guess. With SDL's output, whose
/// clock assumes two device buffers, the sound arrived 3–7 ms before the picture here;
/// mpv, which asks PulseAudio, was within 1 ms.
///
/// One thread pulls a device buffer from the renderer and writes it; the write blocks while
/// PulseAudio's buffer is full. When the sound runs out (a seek, an A-B loop's jump, a
/// stalled read) only the sound goes, then silence in short slices, so what comes next
/// follows after a slice of silence rather than a buffer of it. While paused the stream is
/// closed (no thread, no CPU) and opened again with the same format on play, as the SDL
/// output does.
public final class PulseAudioOutput: AudioSink {
    private let library: PulseLibrary
    private var renderer: AudioRenderer?
    private var format: AudioFormat?
    /// Connected but not yet playing: the one `open` made to find out whether PulseAudio answers.
    private var idleStream: PulseLibrary.Stream?
    private var worker: Worker?

    /// Nil when libpulse-simple cannot be loaded.
    public init?() {
        guard let library = PulseLibrary.shared else { return nil }
        self.library = library
    }

    deinit { close() }

    public func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        guard let stream = connect(preferred) else { throw PulseError() }
        idleStream = stream
        self.renderer = renderer
        format = preferred
        renderer.prepare(for: preferred)
        return preferred
    }

    public func setPaused(_ paused: Bool) {
        if paused {
            stopWorker()
            closeIdleStream()
        } else if worker == nil, let renderer, let format, let stream = idleStream ?? connect(format) {
            idleStream = nil
            let worker = Worker(stream: stream, library: library, renderer: renderer,
                                bufferBytes: format.bufferFrames * format.bytesPerFrame)
            self.worker = worker
            let thread = Thread { worker.run() }
            thread.name = "vplay.pulse"
            thread.start()
        }
    }

    public func close() {
        stopWorker()
        closeIdleStream()
        renderer = nil
        format = nil
    }

    /// A playback stream of `format`: about two device buffers queued, refilled a buffer at a
    /// time. The channel order is FFmpeg's (WAVE), as SDL also tells PulseAudio.
    private func connect(_ format: AudioFormat) -> PulseLibrary.Stream? {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        var map = pa_channel_map()
        guard library.channelMap(&map, UInt32(format.channels), PA_CHANNEL_MAP_WAVEEX) != nil else { return nil }
        let bufferBytes = UInt32(format.bufferFrames * format.bytesPerFrame)
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: 2 * bufferBytes, prebuf: UInt32.max,
                                        minreq: bufferBytes, fragsize: UInt32.max)
        var error: Int32 = 0
        return library.new(nil, "vplay", PA_STREAM_PLAYBACK, nil, "playback", &spec, &map, &attributes, &error)
    }

    private func stopWorker() {
        guard let worker else { return }
        worker.stop()
        library.free(worker.stream)   // the queued sound goes with it
        self.worker = nil
    }

    private func closeIdleStream() {
        if let idleStream { library.free(idleStream) }
        idleStream = nil
    }

    struct PulseError: Error {}

    /// How much of a filled buffer to write: the sound alone when there is some; otherwise a
    /// quarter buffer of silence (about 5 ms; whole frames, as buffers hold a power of two),
    /// and whole buffers again once the silence has lasted about 100 ms (a stalled read), for
    /// fewer wake-ups.
    static func bytesToWrite(sound: Int, silentFills: Int, bufferBytes: Int) -> Int {
        if sound > 0 { return sound }
        return silentFills > 20 ? bufferBytes : bufferBytes / 4
    }

    /// The writing thread's side: owns nothing but what `stop` waits for.
    private final class Worker: @unchecked Sendable {
        let stream: PulseLibrary.Stream
        private let library: PulseLibrary
        private let renderer: AudioRenderer
        private let bufferBytes: Int
        private let running = Locked(true)
        private let finished = DispatchSemaphore(value: 0)

        init(stream: PulseLibrary.Stream, library: PulseLibrary, renderer: AudioRenderer, bufferBytes: Int) {
            self.stream = stream
            self.library = library
            self.renderer = renderer
            self.bufferBytes = bufferBytes
        }

        func run() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferBytes, alignment: 16)
            defer {
                buffer.deallocate()
                finished.signal()
            }
            var error: Int32 = 0
            var silentFills = 0
            while running.withLock({ $0 }) {
                // A new track is ready: what the server holds of the old one is dropped, so the
                // new one is heard at once rather than after it.
                if renderer.wantsDeviceFlush() { _ = library.flush(stream, &error) }
                // Everything written so far plays before this buffer's first byte.
                let queued = library.latency(stream, &error)
                let sound = renderer.render(into: buffer, latency: queued == pa_usec_t.max ? nil : Double(queued) / 1_000_000)
                silentFills = sound > 0 ? 0 : silentFills + 1
                let count = PulseAudioOutput.bytesToWrite(sound: sound, silentFills: silentFills, bufferBytes: bufferBytes)
                if library.write(stream, buffer.baseAddress, count, &error) < 0 { break }
            }
        }

        /// Returns once the thread has finished its last write (at most a buffer's time).
        func stop() {
            running.withLock { $0 = false }
            finished.wait()
        }
    }
}
