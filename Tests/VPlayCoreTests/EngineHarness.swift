import Foundation
import TestSupport
@testable import VPlayCore

/// A monotonic clock the test moves by hand, so playback runs as fast as decoding allows
/// while every timing decision in the engine sees consistent times.
final class FakeClock: @unchecked Sendable {
    private let now = Locked(1000.0)
    var time: Double { now.withLock { $0 } }
    func advance(to t: Double) { now.withLock { $0 = max($0, t) } }
}

/// An audio device emulated in the test: it pulls one buffer per buffer period of fake time.
final class ManualAudioSink: AudioSink {
    let format = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    private(set) var renderer: AudioRenderer?
    private(set) var isPaused = true
    /// Times the device was opened.
    private(set) var openCount = 0
    /// Every sample pulled while playing, interleaved.
    private(set) var samples: [Int16] = []
    /// What the device says about its latency at each pull (nil: it says nothing, as SDL).
    var reportedLatency: Double?

    func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat {
        self.renderer = renderer
        openCount += 1
        renderer.setDeviceWake { [wakes] in wakes.withLock { $0 += 1 } }
        renderer.prepare(for: format)
        return format
    }

    func setPaused(_ paused: Bool) { isPaused = paused }
    func close() {}

    /// Drops its queue when a new track's sound is ready, as PulseAudio's output does.
    var flushesForNewTracks = false
    /// Times the renderer woke the device's thread for a change of source.
    let wakes = Locked(0)
    /// Times `renderer.wantsDeviceFlush` said yes.
    private(set) var flushes = 0

    func pull() {
        guard let renderer, !isPaused else { return }
        if flushesForNewTracks && renderer.wantsDeviceFlush() { flushes += 1 }
        var buffer = [Int16](repeating: 0, count: format.bufferFrames * format.channels)
        _ = buffer.withUnsafeMutableBytes { renderer.render(into: $0, latency: reportedLatency) }
        samples.append(contentsOf: buffer)
    }

    /// Seconds of output whose level (RMS over 10 ms, all channels) is above silence.
    var audibleSeconds: Double {
        let window = format.sampleRate / 100 * format.channels
        var loud = 0
        for start in stride(from: 0, to: samples.count - window, by: window) {
            var sum = 0.0
            for i in start..<(start + window) { sum += Double(samples[i]) * Double(samples[i]) }
            if (sum / Double(window)).squareRoot() > 300 { loud += 1 }
        }
        return Double(loud) / 100
    }

    var bufferSeconds: Double { Double(format.bufferFrames) / Double(format.sampleRate) }

    /// What the device played in 20 ms windows from sample `start`: nil for silence, else the
    /// tone's frequency from the left channel's zero crossings.
    func tones(from start: Int = 0) -> [Int?] {
        let channels = format.channels, window = format.sampleRate / 50
        var result: [Int?] = []
        var frame = start / channels
        while (frame + window) * channels <= samples.count {
            var crossings = 0, energy = 0.0
            var previous = samples[frame * channels]
            for i in frame..<(frame + window) {
                let value = samples[i * channels]
                energy += Double(value) * Double(value)
                if (value >= 0) != (previous >= 0) { crossings += 1 }
                previous = value
            }
            result.append((energy / Double(window)).squareRoot() > 300 ? crossings * 25 : nil)
            frame += window
        }
        return result
    }
}

/// Drives a real `Player` on a real file, turn by turn, the way the main loop would,
/// recording the frame number of every picture it puts up.
final class EngineHarness {
    struct Shown: Equatable {
        var number: Int?
        var time: Double
        /// Audio heard minus this picture's time when it went up (nil without sound).
        var avOffset: Double? = nil
        /// The fake time it went up.
        var at: Double = .nan
    }

    let clock: FakeClock
    let sink: ManualAudioSink
    let device: AudioDevice?
    let player: Player
    private(set) var shown: [Shown] = []
    private(set) var events: [PlayerEvent] = []
    /// The fake time of each pull of the device, with where its samples start in `sink.samples`.
    private(set) var pulls: [(time: Double, firstSample: Int)] = []
    private var nextPull: Double
    private var offsetsSeen = 0
    /// Fake seconds between main-loop turns while the device keeps pulling at its own pace:
    /// a busy machine's late main loop. 0 turns whenever something is due.
    var turnInterval = 0.0
    private var nextTurn: Double
    /// Fake seconds the audio device takes to start pulling once the player starts (an idle
    /// PulseAudio sink, a Bluetooth headset).
    var deviceStartDelay = 0.0 {
        didSet { nextPull = max(nextPull, clock.time + deviceStartDelay) }
    }
    /// Time stands still while a decoder has nothing ready (faithful timing for a fast
    /// machine). Off, fake time runs on as on a machine slower at decoding than at playing.
    var freezesWhileDecoding = true
    /// Time stands still while a seek has no picture up yet (the demuxer's seek runs in real
    /// time, however long a busy machine takes).
    var freezesWhileSeeking = false

    /// - Parameter previous: a harness whose file played before this one, on the same device and
    ///   clock (shut down first, as the main loop does between playlist entries).
    init(_ url: URL, options: PlayerOptions = PlayerOptions(), audio: Bool = true, clock: FakeClock = FakeClock(),
         after previous: EngineHarness? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }) throws {
        let clock = previous?.clock ?? clock
        self.clock = clock
        previous?.player.shutdown()
        sink = previous?.sink ?? ManualAudioSink()
        device = audio ? previous?.device ?? AudioDevice(sink: sink) : nil
        player = try Player(path: url.path, options: options, audioDevice: device,
                            wake: {}, monotonic: { clock.time }, warn: warn)
        nextPull = clock.time
        nextTurn = clock.time
        player.start()
    }

    deinit { player.shutdown() }

    /// Frame number in the current picture, read from its luma plane.
    func currentFrameNumber() -> Int? {
        guard let picture = player.picture() else { return nil }
        var rgb = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
        for y in 0..<picture.height {
            let row = picture.planes.0 + y * picture.pitches.0
            for x in 0..<picture.width {
                let v = row[x]
                let i = (y * picture.width + x) * 3
                rgb[i] = v; rgb[i + 1] = v; rgb[i + 2] = v
            }
        }
        return FramePattern.read(rgb: rgb, width: picture.width, height: picture.height)
    }

    /// One main-loop turn, then time moves on to the next thing due (at most 10 ms),
    /// unless a decoder has not caught up yet, in which case real time passes instead.
    func step() {
        var tick = Player.Tick(wakeAt: nextTurn)
        if clock.time >= nextTurn {
            tick = player.tick()
            nextTurn = clock.time + turnInterval
        }
        if tick.hasNewPicture {
            let offsets = player.stats.avOffsets
            let offset = offsets.count > offsetsSeen ? offsets.last : nil
            offsetsSeen = offsets.count
            shown.append(Shown(number: currentFrameNumber(), time: player.picture()?.time ?? .nan, avOffset: offset,
                               at: clock.time))
        }
        events += player.takeEvents()
        if freezesWhileSeeking, let restart = player.lifecycle.restart, restart.reason == .seek, restart.landing == nil {
            usleep(500)
            return
        }
        if isStarving {
            usleep(500)
            if freezesWhileDecoding { return }
        }
        let now = clock.time
        let target = min(tick.wakeAt, now + 0.01, sink.isPaused ? .infinity : nextPull)
        if target > now { clock.advance(to: target) }
        if !sink.isPaused && clock.time >= nextPull {
            pulls.append((clock.time, sink.samples.count))
            sink.pull()
            nextPull = clock.time + sink.bufferSeconds
        } else if sink.isPaused {
            nextPull = max(nextPull, clock.time)
        }
        if tick.wakeAt == .infinity && sink.isPaused && !isStarving { usleep(200) }
    }

    /// Runs turns until `done` holds; false when `timeout` seconds of real time pass first.
    @discardableResult
    func run(timeout: Double = 30, until done: (EngineHarness) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if done(self) { return true }
            step()
        }
        return done(self)
    }

    func apply(_ command: PlayerCommand) { player.apply(command) }

    func count(_ event: PlayerEvent) -> Int { events.filter { $0 == event }.count }

    /// A decoder is behind the clock: waiting for it keeps the test's timing faithful.
    private var isStarving: Bool {
        guard !player.state.isPaused else { return false }
        return player.isWaitingForDecoders
    }
}
