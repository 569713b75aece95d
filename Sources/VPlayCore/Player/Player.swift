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
    private let file: MediaFile
    private let demuxer: Demuxer
    private let audio: AudioPath?
    private let video: VideoPath?
    private let coverArt: CoverArt?
    private let sink: AudioSink?
    private let monotonic: @Sendable () -> Double
    private var externalClock = Clock()
    private var events: [PlayerEvent] = []
    private var pausedAt: Double?
    /// The position reported while no clock is valid (start, after a seek).
    private var heldPosition: Double = 0
    /// The target of the exact seek in flight: the position to report once it lands.
    private var exactTarget: Double?
    private var awaitingRestart = true
    private var stepping = false
    private var loopsLeft: Int?
    private var shownSerial = -1
    private let startTime: Double
    var abLoop = ABLoop()
    private var startedAt: Double = 0
    private var seekRequestedAt: Double?

    /// Opens `path` and prepares every stream; nothing plays until `start()`.
    /// - Parameters:
    ///   - audioSink: where sound goes; nil (or a sink that fails to open) plays silently on the external clock.
    ///   - wake: called from other threads when the main loop should tick early (a frame arrived, a seek finished).
    public init(path: String, options: PlayerOptions, audioSink: AudioSink?,
                wake: @escaping @Sendable () -> Void,
                monotonic: @escaping @Sendable () -> Double = Player.monotonicNow,
                warn: (String) -> Void = { _ in }) throws(PlayerError) {
        self.options = options
        self.monotonic = monotonic
        file = try MediaFile(path: path, options: options)
        startTime = file.startTime
        loopsLeft = options.loopCount

        var video: VideoPath?
        if let index = file.videoStream {
            do { video = try VideoPath(file: file, stream: index, wake: wake) } catch let error as PlayerError {
                if file.audioStream == nil { throw error }
                warn(error.description)
            } catch {}
        }
        var queues: [Int: PacketQueue] = [:]
        if let video, let index = file.videoStream { queues[index] = video.packets }

        var audio: AudioPath?
        if let index = file.audioStream, let audioSink {
            do {
                audio = try AudioPath(file: file, stream: index, sink: audioSink, monotonic: monotonic)
            } catch let error as PlayerError {
                if video == nil { throw error }
                warn(error.description)
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
            let outcome = video.scheduler.refresh(now: now, master: options.untimed ? nil : master,
                                                  paused: state.isPaused && !stepping, untimed: options.untimed)
            tick.wakeAt = outcome.wakeAt
            if options.untimed && outcome.newFrame != nil { tick.wakeAt = now }
            if let frame = outcome.newFrame {
                didShow(frame, now: now)
                tick.hasNewPicture = true
            }
            state.droppedFrames = video.scheduler.droppedFrames
            stats.framesDropped = video.scheduler.droppedFrames
            stats.framesDecoded = video.decoder.framesDecoded
        } else if awaitingRestart, let audio, let serial = demuxer.settledSerial,
                  audio.decoder.pushedSerial == serial {
            restarted(at: state.isSeeking ? heldPosition : audio.time(at: now) ?? heldPosition)
        }
        if !awaitingRestart || video == nil {
            updatePosition(now: now)
        }
        if !state.isSeeking, !awaitingRestart, let target = abLoop.loopTarget(position: state.position) {
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

    private func didShow(_ frame: Frame, now: Double) {
        let newTimeline = frame.serial != shownSerial
        shownSerial = frame.serial
        let mediaTime = frame.pts - startTime
        stats.framesShown += 1
        if stats.timeToFirstFrame == nil { stats.timeToFirstFrame = now - startedAt }
        if let audio, let heard = audio.time(at: now), frame.pts.isFinite {
            stats.avOffsets.append(heard - frame.pts)
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
            state.position = landing
        }
        if awaitingRestart, let serial = demuxer.settledSerial, serial == frame.serial {
            restarted(at: landing)
        }
    }

    private func restarted(at position: Double) {
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
        if let audio { return audio.time(at: now) }
        return externalClock.pts.isFinite ? externalClock.time(at: now) : nil
    }

    private func updatePosition(now: Double) {
        guard !state.isSeeking else { return }
        var position = heldPosition
        if state.isPaused && !stepping {
            // Paused: the position is where playback stopped or a seek landed.
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

    private func endOfFile(now: Double) {
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

    // MARK: commands

    public func apply(_ command: PlayerCommand) {
        let now = monotonic()
        switch command {
        case .setPaused(let paused):
            setPaused(paused, at: now)
        case .togglePause:
            setPaused(!state.isPaused, at: now)
        case let .seek(target, precision):
            seek(target, precision: precision, now: now)
        case .setSpeed(let speed):
            setSpeed(speed, now: now)
            show("Speed: \(Self.speedText(state.speed))×", now: now)
        case .multiplySpeed(let factor):
            setSpeed(state.speed * factor, now: now)
            show("Speed: \(Self.speedText(state.speed))×", now: now)
        case .setVolume(let volume):
            setVolume(volume)
            applyGain()
            show("Volume: \(Int(state.volume.rounded())) %", now: now)
        case .addVolume(let delta):
            setVolume(state.volume + delta)
            applyGain()
            show("Volume: \(Int(state.volume.rounded())) %", now: now)
        case .setMute(let muted):
            state.isMuted = muted
            applyGain()
            show(muted ? "Mute" : "Unmute", now: now)
        case .toggleMute:
            state.isMuted.toggle()
            applyGain()
            show(state.isMuted ? "Mute" : "Unmute", now: now)
        case .frameStep:
            frameStep(now: now)
        case .frameBackStep:
            frameBackStep(now: now)
        case .setFullscreen(let on):
            state.isFullscreen = on
        case .toggleFullscreen:
            state.isFullscreen.toggle()
        case let .showText(text, seconds):
            show(text, now: now, seconds: seconds)
        case .quit(let code):
            state.isQuitting = true
            state.exitCode = code
            events.append(.endFile(reason: .quit))
        case .playlistNext:
            if options.hasNextFile { state.playlistMove = .next }
        case .playlistPrevious:
            if options.hasPreviousFile { state.playlistMove = .previous }
        case .loadFile(let path):
            state.playlistMove = .open(path)
        case .cycleABLoop:
            abLoop.cycle(at: state.position)
            showABLoop(now: now)
        case let .setABLoop(a, b):
            abLoop.setPoints(a: a, b: b)
            showABLoop(now: now)
        case .screenshot:
            saveScreenshot(now: now)
        case .quitSavingPosition:
            state.savesPositionOnQuit = true
            state.isQuitting = true
            events.append(.endFile(reason: .quit))
        }
    }

    private func setPaused(_ paused: Bool, at now: Double) {
        if !paused && state.eofReached { state.eofReached = false }
        if paused == state.isPaused && pausedAt != nil || (!paused && pausedAt == nil && !state.isPaused) {
            state.isPaused = paused
            return
        }
        state.isPaused = paused
        stepping = false
        if paused {
            heldPosition = state.position
            pausedAt = now
            externalClock.setPaused(true, at: now)
            video?.scheduler.pause(now: now)
        } else {
            let pausedFor = pausedAt.map { now - $0 } ?? 0
            pausedAt = nil
            externalClock.setPaused(false, at: now)
            video?.scheduler.resume(afterPausedFor: pausedFor, now: now)
        }
        sink?.setPaused(paused)
    }

    private func setSpeed(_ speed: Double, now: Double) {
        if speed <= 0 {
            setPaused(true, at: now)   // rate 0 is paused, as in the seed players
            return
        }
        state.speed = min(Speed.range.upperBound, max(Speed.range.lowerBound, speed))
        externalClock.setSpeed(state.speed, at: now)
        video?.scheduler.speed = state.speed
        audio?.renderer.setSpeed(state.speed)
    }

    private func setVolume(_ volume: Double) {
        state.volume = min(options.volumeMax, max(0, volume))
    }

    private func applyGain() {
        // Cubic curve: equal steps of the control sound like equal steps of loudness.
        let linear = state.isMuted ? 0 : pow(state.volume / 100, 3)
        audio?.renderer.setGain(Float(linear))
    }

    private func seek(_ target: SeekTarget, precision: SeekPrecision, now: Double) {
        let duration = state.duration
        var position: Double
        var forward = false
        switch target {
        case .absolute(let t): position = t
        case .relative(let d): position = state.position + d; forward = d > 0
        case .absolutePercent(let p):
            guard let duration else { return }
            position = duration * p / 100
        case .relativePercent(let p):
            guard let duration else { return }
            position = state.position + duration * p / 100; forward = p > 0
        }
        if !position.isFinite { return }
        if let duration, position >= duration, forward {
            // Skipping past the end is reaching the end.
            loopsLeft = 0
            endOfFile(now: now)
            return
        }
        if let duration { position = min(position, duration) }
        requestSeek(to: max(0, position), precision: precision, announce: true)
    }

    private func requestSeek(to position: Double, precision: SeekPrecision, announce: Bool) {
        demuxer.requestSeek(.init(target: position + startTime, precision: precision))
        heldPosition = position
        exactTarget = precision == .exact ? position : nil
        state.position = position
        state.isSeeking = true
        awaitingRestart = true
        if announce {
            events.append(.seek)
            seekRequestedAt = monotonic()
        }
    }

    private func frameStep(now: Double) {
        guard video != nil else { return }
        if !state.isPaused { setPaused(true, at: now) }
        stepping = true
    }

    private func frameBackStep(now: Double) {
        guard let video, video.frames.hasShownFrame else { return }
        if !state.isPaused { setPaused(true, at: now) }
        let current = video.frames.peekLast()
        let duration = current.duration > 0 ? current.duration : 1 / (video.frameRate ?? 25)
        let target = current.pts - startTime - duration / 2
        requestSeek(to: max(0, target), precision: .exact, announce: true)
    }
}
