import CFFmpeg
import Foundation

/// The one place that applies `PlayerCommand`s. Owns the engine for one file and runs on
/// the main loop's thread: each turn the loop feeds it commands, calls `tick()`, draws
/// what it returns and publishes `state`.
public final class Player {
    public struct Tick {
        /// A new picture became current this turn: fetch it with `picture()` or `drawPicture`.
        public var hasNewPicture = false
        /// Monotonic seconds at which the player wants the next tick.
        public var wakeAt: Double
    }

    public internal(set) var state = PlayerState()
    public private(set) var stats = PlaybackStats()
    public let geometry: VideoGeometry?

    let options: PlayerOptions
    let file: MediaFile
    let demuxer: Demuxer
    let audio: AudioPath?
    let video: VideoPath?
    private let coverArt: CoverArt?
    let sink: AudioSink?
    let monotonic: @Sendable () -> Double
    var externalClock = Clock()
    var events: [PlayerEvent] = []
    var pausedAt: Double?
    /// The position reported while no clock is valid (start, after a seek).
    var heldPosition: Double = 0
    /// The target of the exact seek in flight: the position to report once it lands.
    var exactTarget: Double?
    /// When sound started at the current position while no picture came: see `restartsWithoutPicture`.
    private var soundWithoutPictureSince: Double?
    var awaitingRestart = true
    var stepping = false
    /// Measured by the view: from a picture's decision to its being on screen (seconds).
    public var displayLatency: Double = 0 {
        didSet { displayLatency = min(0.05, max(0, displayLatency.isFinite ? displayLatency : 0)) }
    }
    var loopsLeft: Int?
    private var shownSerial = -1
    let startTime: Double
    var abLoop = ABLoop()
    private var startedAt: Double = 0
    var seekRequestedAt: Double?
    /// `SeekShortcutCheck` runs once per file, at the first exact seek.
    var seekShortcutChecked = false
    /// Problems worth a line on stderr while playing (the user's `warn`).
    let warn: @Sendable (String) -> Void
    /// Bursts of decode errors reported so far, oldest first (decoder threads append).
    let damage = Locked([DamageTracker.Burst]())

    /// Opens `path` and prepares every stream; nothing plays until `start()`.
    /// - Parameters:
    ///   - audioSink: where sound goes; nil (or a sink that fails to open) plays silently on the external clock.
    ///   - wake: called from other threads when the main loop should tick early (a frame arrived, a seek finished).
    public init(path: String, options: PlayerOptions, audioSink: AudioSink?,
                wake: @escaping @Sendable () -> Void,
                monotonic: @escaping @Sendable () -> Double = Player.monotonicNow,
                warn: @escaping @Sendable (String) -> Void = { _ in }) throws(PlayerError) {
        self.options = options
        self.monotonic = monotonic
        self.warn = warn
        file = try MediaFile(path: path, options: options)
        startTime = file.startTime
        loopsLeft = options.loopCount

        var video: VideoPath?
        if let index = file.videoStream {
            do { video = try VideoPath(file: file, stream: index, wake: wake) } catch let error as PlayerError {
                if file.audioStream == nil { throw error }
                warn("\(error.reason); playing without video")
            } catch {}
        }
        var queues: [Int: PacketQueue] = [:]
        if let video, let index = file.videoStream { queues[index] = video.packets }

        var audio: AudioPath?
        if let index = file.audioStream, let audioSink {
            do {
                audio = try AudioPath(file: file, stream: index, sink: audioSink, monotonic: monotonic, wake: wake)
            } catch let error as PlayerError {
                if video == nil { throw error }
                warn("\(error.reason); playing without sound")
            } catch {
                warn("no audio output (\(error)); playing without sound")
            }
        }
        if let audio, let index = file.audioStream { queues[index] = audio.packets }
        if video == nil && audio == nil && file.coverArtStream == nil {
            if file.audioStream != nil {
                // No device: an audio-only file still "plays" on the external clock, silently.
            } else {
                throw PlayerError.noDecoder(path, "no playable stream")
            }
        }
        self.video = video
        self.audio = audio
        let damage = damage, start = file.startTime
        for (name, decoder) in [("video", video?.decoder), ("audio", audio?.decoder)] {
            decoder?.onDamage = { burst in
                damage.withLock { $0.append(burst) }
                warn(Self.damageLine(stream: name, burst, startTime: start))
            }
        }
        sink = audio == nil ? nil : audioSink
        let opened = file
        let art = opened.coverArtStream.flatMap { CoverArt(file: opened, stream: $0) }
        coverArt = art
        geometry = video?.geometry ?? art?.geometry
        demuxer = Demuxer(file: file, queues: queues) { _, _ in wake() }

        state.path = path
        state.title = file.title ?? (path as NSString).lastPathComponent
        state.duration = file.duration
        state.hasVideo = video != nil || coverArt != nil
        state.hasAudio = audio != nil
        state.videoWidth = geometry?.width ?? 0
        state.videoHeight = geometry?.height ?? 0
        state.containerFPS = video?.frameRate
        state.volumeMax = options.volumeMax
        state.speed = options.speed
        setVolume(options.volume)
        state.isMuted = options.muted
        applyGain()
        state.playlistPosition = options.playlistPosition
        state.playlistCount = options.playlistCount
        abLoop = ABLoop(a: options.abLoopA, b: options.abLoopB, count: options.abLoopCount)
        state.abLoopA = abLoop.a
        state.abLoopB = abLoop.b
    }

    deinit { shutdown() }

    public static let monotonicNow: @Sendable () -> Double = {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Starts the threads and, when asked, the initial seek.
    public func start() {
        let now = monotonic()
        startedAt = now
        if let start = options.start, start > 0 {
            requestSeek(to: start, precision: .exact, announce: false)
        }
        demuxer.start()
        video?.decoder.replayHold = options.seekReplayHold
        video?.start()
        audio?.start()
        events.append(.fileLoaded)
        externalClock.set(.nan, serial: 0, at: now)
        setSpeed(state.speed == 0 ? 1 : state.speed, now: now)
        setPaused(options.startPaused || options.speed == 0, at: now)
        if !state.isPaused { sink?.setPaused(false) }
    }

    /// Stops every thread; safe to call twice.
    public func shutdown() {
        guard !stopped else { return }
        stopped = true
        sink?.close()
        demuxer.stop()
        video?.stop()
        audio?.stop()
    }
    private var stopped = false

    public func takeEvents() -> [PlayerEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The picture that is current, as decoded (YUV planes for a renderer that scales and
    /// converts on the GPU).
    public func picture() -> VideoPicture? {
        currentFrame.flatMap { converter.picture(from: $0, startTime: startTime) }
    }

    /// Draws the current picture as 32-bit BGRX at `width`×`height` into `pixels` (for a
    /// software renderer: converted and scaled in one SIMD pass, no intermediate copy).
    public func drawPicture(into pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int) -> Bool {
        guard let frame = currentFrame else { return false }
        return scaler.draw(frame, into: pixels, pitch: pitch, width: width, height: height)
    }

    var currentFrame: Frame? {
        if let video, video.frames.hasShownFrame { return video.frames.peekLast() }
        return coverArt?.frame
    }
    private let converter = PictureConverter()
    private let scaler = PictureScaler()

    // MARK: the main-loop turn

    public func tick() -> Tick {
        let now = monotonic()
        var tick = Tick(hasNewPicture: false, wakeAt: .infinity)
        if let video {
            let master = masterTime(at: now)
            // A step shows the next frame at once, however long the pause before it: timed,
            // every frame queued would be late and all but the last dropped.
            let showsAtOnce = options.untimed || stepping
            // While a seek lands, the pictures still queued belong to where playback was
            // asked to leave (past an A-B loop's B, say): held, as when paused.
            let outcome = video.scheduler.refresh(now: now, master: showsAtOnce ? nil : master,
                                                  paused: (state.isPaused || awaitingRestart) && !stepping,
                                                  untimed: showsAtOnce, lead: displayLatency)
            tick.wakeAt = outcome.wakeAt
            if options.untimed && outcome.newFrame != nil { tick.wakeAt = now }
            if let frame = outcome.newFrame {
                didShow(frame, now: now)
                tick.hasNewPicture = true
            }
            state.droppedFrames = video.scheduler.droppedFrames
            stats.framesDropped = video.scheduler.droppedFrames
            stats.framesDecoded = video.decoder.framesDecoded
        }
        stats.decodeErrors = (video?.decoder.decodeErrors ?? 0) + (audio?.decoder.decodeErrors ?? 0)
        if awaitingRestart, let serial = demuxer.settledSerial, restartsWithoutPicture(atSerial: serial, now: now) {
            let heard = audio?.time(at: now).map { $0 - startTime }
            restarted(at: state.isSeeking ? heldPosition : heard ?? heldPosition)
        }
        if !awaitingRestart || video == nil {
            updatePosition(now: now)
        }
        if !awaitingRestart {
            // Not while a jump lands: the old position's sound past B must stay unplayed.
            audio?.renderer.setStopTime(abLoop.jumpsAtB ? abLoop.b.map { $0 + startTime } : nil)
        }
        if !state.isSeeking, !awaitingRestart, let target = abLoop.loopTarget(position: loopPosition(now: now)) {
            requestSeek(to: target, precision: .exact, announce: true)
        } else if let end = options.end, state.position >= end, !state.isSeeking, !awaitingRestart {
            endOfFile(now: now)
        } else if isAtEnd(now: now) {
            endOfFile(now: now)
        }
        if !state.isPaused {
            // Keep the time label and thumb moving smoothly even between frames.
            let positionWake = video == nil ? now + 0.25 : tick.wakeAt
            tick.wakeAt = min(tick.wakeAt, positionWake)
            if video != nil && !video!.frames.hasShownFrame { tick.wakeAt = min(tick.wakeAt, now + 0.05) }
            if isNearEnd { tick.wakeAt = min(tick.wakeAt, now + 0.02) }
        }
        if awaitingRestart || state.isSeeking { tick.wakeAt = min(tick.wakeAt, now + 0.01) }
        return tick
    }

    /// The position the A-B loop checks. The sound stops at B; once all of it is with the
    /// device and the last picture before B is up, the jump goes, so the sound from A
    /// follows while the last of B still plays.
    private func loopPosition(now: Double) -> Double {
        guard let audio, let b = abLoop.b, audio.renderer.stoppedSerial == audio.packets.serial else {
            return state.position
        }
        let heard = audio.time(at: now).map { $0 - startTime } ?? state.position
        // All of it heard (1 ms: the rounding of adding and taking away the start time), or
        // the last picture before B is up.
        let reached = heard >= b - 0.001 || (video?.hasShownFrames(upTo: b + startTime) ?? true)
        return reached ? max(heard, b) : heard
    }

    private func didShow(_ frame: Frame, now: Double) {
        let newTimeline = frame.serial != shownSerial
        shownSerial = frame.serial
        let mediaTime = frame.pts - startTime
        stats.framesShown += 1
        if stats.timeToFirstFrame == nil { stats.timeToFirstFrame = now - startedAt }
        if let audio, let heard = audio.time(at: now + displayLatency), frame.pts.isFinite {
            stats.avOffsets.record(heard - frame.pts)
        }
        if audio == nil && (newTimeline || !externalClock.pts.isFinite
                            || abs(externalClock.time(at: now) - frame.pts) > SyncDecision.noSyncThreshold) {
            externalClock.set(frame.pts, serial: frame.serial, at: now)
            externalClock.isPaused = state.isPaused && !stepping
        }
        // After an exact seek the position is the target itself when this frame covers it,
        // so a position saved and sought again lands on the same frame, not one earlier.
        var landing = mediaTime
        if let target = exactTarget, target >= mediaTime - 1e-6, target < mediaTime + max(frame.duration, 1e-3) {
            landing = target
        }
        if frame.pts.isFinite { heldPosition = landing }
        if stepping {
            stepping = false
            video?.packets.setHolding(state.isPaused)
            state.position = landing
        }
        if awaitingRestart, let serial = demuxer.settledSerial, serial == frame.serial {
            restarted(at: landing)
        }
    }

    /// Playback restarts without a picture when there is no video, when the video has nothing
    /// decodable at this position (damage), or when sound has played a second with no picture.
    private func restartsWithoutPicture(atSerial serial: Int, now: Double) -> Bool {
        guard let video else {
            // Sound only: restart with the first sound, or at once when there is none to decode.
            return audio.map { $0.decoder.pushedSerial == serial || $0.decoder.isFinished(atSerial: serial) } ?? false
        }
        if video.decoder.isFinished(atSerial: serial) && video.frames.remaining == 0 { return true }
        guard let audio, audio.time(at: now) != nil else {
            soundWithoutPictureSince = nil
            return false
        }
        let since = soundWithoutPictureSince ?? now
        soundWithoutPictureSince = since
        return now - since >= 1
    }

    private func restarted(at position: Double) {
        soundWithoutPictureSince = nil
        awaitingRestart = false
        if let requested = seekRequestedAt {
            stats.seekLatencies.append(monotonic() - requested)
            seekRequestedAt = nil
        } else if stats.timeToFirstFrame == nil {
            stats.timeToFirstFrame = monotonic() - startedAt
        }
        state.isSeeking = false
        exactTarget = nil
        if position.isFinite { heldPosition = position; state.position = max(0, position) }
        events.append(.playbackRestart)
    }

    /// Media time on the master clock: audio when it plays, else the external clock.
    private func masterTime(at now: Double) -> Double? {
        // Once the sound has played out its clock stops; the last pictures follow their own timing.
        if let audio { return audio.isDrained ? nil : audio.time(at: now) }
        return externalClock.pts.isFinite ? externalClock.time(at: now) : nil
    }

    private func updatePosition(now: Double) {
        guard !state.isSeeking else { return }
        var position = heldPosition
        if state.isPaused && !stepping {
            // Paused: the position is where playback stopped or a seek landed.
        } else if options.untimed, let video, video.scheduler.clock.pts.isFinite {
            // Benchmarks run ahead of the wall clock: the picture's own time is the position.
            position = video.scheduler.clock.pts - startTime
        } else if let master = masterTime(at: now) {
            position = master - startTime
        } else if let video, video.scheduler.clock.pts.isFinite, video.frames.hasShownFrame {
            position = video.scheduler.clock.time(at: now) - startTime
        }
        if let duration = state.duration { position = min(position, duration) }
        state.position = max(0, position)
        if let audio, let videoClock = video?.scheduler.clock, videoClock.pts.isFinite,
           let audioTime = audio.time(at: now) {
            state.avOffset = audioTime - videoClock.time(at: now)
        }
    }

    private var isNearEnd: Bool { demuxer.isAtEnd }

    /// True while a playing stream has nothing decoded yet and its decoder has not finished.
    var isWaitingForDecoders: Bool {
        if let video, video.frames.remaining == 0, !video.isDrained { return true }
        if let audio, audio.frames.remaining == 0, !audio.decoder.isFinished(atSerial: audio.packets.serial) { return true }
        return false
    }

    private func isAtEnd(now: Double) -> Bool {
        guard !state.isSeeking, !awaitingRestart, demuxer.isAtEnd, !state.isPaused || stepping else { return false }
        if let video, !(video.isDrained && (options.untimed || now >= video.scheduler.currentFrameEnd)) { return false }
        if let audio, !audio.isDrained { return false }
        if video == nil && audio == nil, let duration = state.duration, state.position < duration { return false }
        return true
    }

    func endOfFile(now: Double) {
        if let left = loopsLeft, left <= 0, options.hasNextFile {
            state.playlistMove = .next
            events.append(.endFile(reason: .eof))
            return
        }
        if let left = loopsLeft, left <= 0 {
            if options.autoExit {
                events.append(.endFile(reason: .eof))
                state.isQuitting = true
                state.exitCode = 0
                return
            }
            // As the seed players do: back to the start, paused.
            setPaused(true, at: now)
            requestSeek(to: 0, precision: .exact, announce: true)
            state.eofReached = true
            return
        }
        if let left = loopsLeft { loopsLeft = left - 1 }
        requestSeek(to: options.start ?? 0, precision: .exact, announce: true)
    }
}
