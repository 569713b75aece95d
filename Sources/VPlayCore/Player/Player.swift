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
    public internal(set) var stats = PlaybackStats()
    public let geometry: VideoGeometry?

    let options: PlayerOptions
    let file: MediaFile
    let demuxer: Demuxer
    /// Every track of the file and the subtitle files added to it; which ones play is in the
    /// paths below.
    var tracks: [Track]
    /// Subtitle files beside the video or added, by their tracks' stream index.
    var subtitleFiles: [Int: SubtitleFile] = [:]
    /// The sound device, opened once when the file has sound, whatever track plays; for a file
    /// without, when its first audio track is chosen (`openLateOutput`).
    var output: AudioOutput?
    /// The run's sound device, whose output device can be chosen (`audio-device`).
    let audioDevice: AudioDevice?
    /// When the output devices were last looked at (`followOutputDevice`).
    var outputDeviceCheckedAt = -Double.infinity
    var outputDeviceGeneration = -1
    /// This file's loudness measurement, started once normalization is on.
    var loudness: LoudnessAnalysis?
    /// The resumed loudness was found unusable and said so.
    var reportedResumedLoudness = false
    /// The normalizing gain (dB) the sound's graph has now.
    var appliedLoudnessGain = 0.0
    /// This file's album (the playlist's files in its folder) and the run's measurements of
    /// them, for `--normalize=album`; given by the `Session`.
    var album: (members: [String], loudness: AlbumLoudness)?
    /// The album's loudness once known, and the count of measurements it was last looked for at.
    var albumIntegrated: Double?
    var albumGeneration = -1
    /// The selected audio track's sound; nil for none.
    var audio: AudioTrackPath?
    /// Tracks switched away from whose sound may still be playing until the new one's starts.
    var retiringAudio: [AudioTrackPath] = []
    /// The id of the last source handed to the renderer.
    var latestSourceID = 0
    /// The id of the next file's sound, handed to the renderer to follow this file's (`handSound`).
    var soundFollowerID: Int?
    /// Audio was selected while none played: the external clock runs until its sound starts.
    var audioAwaitsHandover = false
    var video: VideoPath?
    /// Playing backwards (`play-dir`); nil going forward.
    var backward: BackwardPlayback?
    /// Why this file cannot play backwards, once said.
    var backwardRefusal: String?
    /// How this file's playback ended, nil while it goes on; the `Session` then decides what follows.
    public internal(set) var outcome: Outcome?
    /// Something follows this file (another entry, the idle window, quitting): its end ends
    /// it, rather than rewinding to wait at the start paused. Set by the `Session`.
    public var movesOnAtEnd = false
    /// The selected subtitle track's lines; nil for none.
    var subtitles: SubtitleSource?
    /// The second subtitle track, shown at the top, and what draws it.
    var secondarySubtitles: SubtitleSource?
    var secondaryCompositor: SubtitleCompositor?
    /// What `state.subtitleList` was last made from.
    var publishedSubtitleList: SubtitleListKey?
    /// A `sub-seek` or search waiting for the track's lines still being read ahead.
    var pendingSubtitleMove: SubtitleMove?
    /// Draws them; made with the first subtitle track, its fonts loaded on a thread of its own.
    var subtitleCompositor: SubtitleCompositor?
    private let coverArt: CoverArt?
    let monotonic: @Sendable () -> Double
    let wake: @Sendable () -> Void
    var externalClock = Clock()
    var events: [PlayerEvent] = []
    var pausedAt: Double?
    /// The position reported while no clock is valid (paused, stepping).
    var heldPosition: Double = 0
    /// Opening, seeking, playing, stepping, ended: changed only through `lifecycle.handle`.
    var lifecycle = Lifecycle()
    /// Measured by the view: from a picture's decision to its being on screen (seconds).
    public var displayLatency: Double = 0 {
        didSet { displayLatency = min(0.05, max(0, displayLatency.isFinite ? displayLatency : 0)) }
    }
    var loopsLeft: Int?
    private var shownSerial = -1
    private var lastShownTime = Double.nan
    private var frameInterval = SmoothedValue(weight: 0.1)
    let startTime: Double
    var abLoop = ABLoop()
    /// The clip being written, and the percentage last shown of it.
    var clipExport: (job: ClipExport, shown: Int)?
    var startedAt: Double = 0
    var seekRequestedAt: Double?
    private var decodingStarted = false
    /// Seeks asked for while another lands wait for it.
    var seekCoalescer = SeekCoalescer()
    /// When the sound of the restart under way was first on the clock.
    var soundJoinedAt: Double?
    /// `SeekShortcutCheck` runs once per file, at the first exact seek.
    var seekShortcutChecked = false
    /// The demuxer keeps packets ahead of and behind the position (network sources, `--cache`).
    let demuxerCacheEnabled: Bool
    var cacheSpeed = ByteRateMeter()
    /// Reconnections the http protocol has announced so far (process-wide), and when the
    /// user was last told of one.
    var reconnectsSeen = FFmpegLog.reconnectCount
    var lastReconnectNotice: Double?
    /// Sound files being opened for `audio-add`.
    let audioAdds: AudioFileAdds
    /// Problems worth a line on stderr while playing (the user's `warn`).
    let warn: @Sendable (String) -> Void
    /// Lines worth printing only with `-v`.
    let verbose: @Sendable (String) -> Void
    /// Deinterlacing as the video decoder's thread reads it.
    let pictureSettings: SharedPictureSettings
    /// Bursts of decode errors reported so far, oldest first (decoder threads append).
    let damage = Locked([DamageTracker.Burst]())

    /// Opens `path` as the user named it (talking to servers with `options.network`) and
    /// prepares the selected tracks; nothing plays until `start()`.
    public convenience init(path: String, options: PlayerOptions, audioDevice: AudioDevice?,
                            wake: @escaping @Sendable () -> Void,
                            monotonic: @escaping @Sendable () -> Double = Player.monotonicNow,
                            warn: @escaping @Sendable (String) -> Void = { _ in },
                            interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        try self.init(source: Source(path, network: options.network), options: options, audioDevice: audioDevice,
                      wake: wake, monotonic: monotonic, warn: warn, interrupt: interrupt)
    }

    /// Opens `source` and prepares the selected tracks; nothing plays until `start()`.
    /// - Parameters:
    ///   - audioDevice: where sound goes, shared with the files before and after this one; nil (or a
    ///     device that fails to open) plays silently on the external clock.
    ///   - wake: called from other threads when the main loop should tick early (a frame arrived, a seek finished).
    ///   - interrupt: raised from another thread, gives up the open (see `PlayerOpening`).
    public init(source: Source, options: PlayerOptions, audioDevice: AudioDevice?,
                wake: @escaping @Sendable () -> Void,
                monotonic: @escaping @Sendable () -> Double = Player.monotonicNow,
                warn: @escaping @Sendable (String) -> Void = { _ in },
                interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        self.options = options
        self.monotonic = monotonic
        self.wake = wake
        self.warn = warn
        audioAdds = AudioFileAdds(wake: wake)
        let quiet: @Sendable (String) -> Void = { _ in }
        verbose = options.verbose ? warn : quiet
        pictureSettings = SharedPictureSettings(options.picture)
        state.picture = options.picture
        state.display = options.display
        state.windowSettings = options.windowSettings
        let path = source.text
        let file = try MediaFile(source: source, options: options, interrupt: interrupt)
        self.file = file
        startTime = file.startTime
        loopsLeft = options.loopCount
        state.loopFile = options.loopCount
        state.loopsPlaylist = options.loopsPlaylist
        state.webFormat = options.web.format
        var tracks = TrackCatalog.tracks(of: file)
        let audioFiles = Self.openAudioFiles(options.audioFiles, options: options, interrupt: interrupt, warn: warn)
        if interrupt.isRaised { throw PlayerError.cancelled(path) }
        tracks += Self.audioFileTracks(audioFiles, after: tracks)
        let external = Self.openSubtitleFiles(Self.subtitleFilePaths(for: path, options: options), after: tracks,
                                              options: options, warn: warn, wake: wake)
        tracks += external.map(\.track)
        subtitleFiles = Dictionary(uniqueKeysWithValues: external.map { ($0.track.streamIndex, $0.file) })
        self.tracks = tracks
        demuxerCacheEnabled = options.cache.isEnabled(for: file.location.kind)
        let demuxer = Demuxer(file: file, added: audioFiles.map(\.file), cache: demuxerCacheEnabled ? DemuxCacheLimits(options.cache) : nil) { _, _ in wake() }
        self.demuxer = demuxer

        let variant = options.network.hlsBitrate
        let videoID = options.videoEnabled
            ? TrackChooser.choose(options.videoTrack, among: tracks, kind: .video, variant: variant, with: nil) : nil
        let audioID = options.audioEnabled
            ? TrackChooser.choose(options.audioTrack, among: tracks, kind: .audio, languages: options.audioLanguages,
                                  variant: variant, with: videoID.flatMap { Self.track(.video, $0, in: tracks) }) : nil
        if options.videoEnabled, let line = TrackChooser.missingTrackLine(options.videoTrack, chosen: videoID, kind: .video) {
            warn(line)
        }
        if options.audioEnabled, let line = TrackChooser.missingTrackLine(options.audioTrack, chosen: audioID, kind: .audio) {
            warn(line)
        }
        let hasSound = options.audioEnabled && tracks.contains { $0.kind == .audio }
        var video: VideoPath?
        if let track = videoID.flatMap({ Self.track(.video, $0, in: tracks) }) {
            do {
                video = try VideoPath(file: file, stream: track.streamIndex, packets: demuxer.makeQueue(for: track.streamIndex),
                                      picture: pictureSettings, threads: options.decodingThreads,
                                      warn: warn, verbose: verbose, wake: wake)
            } catch let error as PlayerError {
                if !hasSound { throw error }
                warn("\(error.reason); playing without video")
            } catch {}
        }
        var output: AudioOutput?
        if hasSound, let audioDevice {
            // The device takes the format of the track that plays first; others are resampled.
            let first = audioID.flatMap { Self.track(.audio, $0, in: tracks) } ?? tracks.first { $0.kind == .audio }!
            do { output = try audioDevice.output(for: demuxer.inputs.stream(first.streamIndex), monotonic: monotonic, wake: wake) } catch {
                warn("no audio output (\(error)); playing without sound")
            }
        }
        self.output = output
        self.audioDevice = audioDevice
        var audio: AudioTrackPath?
        if let output, let track = audioID.flatMap({ Self.track(.audio, $0, in: tracks) }) {
            do {
                audio = try AudioTrackPath(inputs: demuxer.inputs, stream: track.streamIndex,
                                           packets: demuxer.makeQueue(for: track.streamIndex), sourceID: output.nextSourceID())
            } catch let error as PlayerError {
                if video == nil { throw error }
                warn("\(error.reason); playing without sound")
            } catch {}
        }
        self.video = video
        self.audio = audio
        latestSourceID = audio?.sourceID ?? output?.nextSourceID() ?? 0
        let subtitleID = TrackChooser.choose(options.subtitleTrack, among: tracks, kind: .sub,
                                             languages: options.subtitleLanguages)
        if let line = TrackChooser.missingTrackLine(options.subtitleTrack, chosen: subtitleID, kind: .sub) { warn(line) }
        if let track = subtitleID.flatMap({ Self.track(.sub, $0, in: tracks) }) {
            do {
                subtitles = try Self.subtitleSource(for: track, file: file, demuxer: demuxer, files: subtitleFiles,
                                                options: options, wake: wake)
            } catch {
                warn("subtitle track \(track.id): \(error); playing without subtitles")
            }
        }
        if video == nil && audio == nil && file.coverArtStream == nil && !hasSound {
            throw PlayerError.noDecoder(path, "no playable stream")
        }
        let opened = file
        let art = options.videoEnabled ? opened.coverArtStream.flatMap { CoverArt(file: opened, stream: $0) } : nil
        coverArt = art
        geometry = video?.geometry ?? art?.geometry
        for (name, decoder) in [("video", video?.decoder), ("audio", audio?.decoder)] {
            if let decoder { watchDamage(of: decoder, name: name) }
        }
        demuxer.setRoutes(routes)

        state.path = path
        state.title = source.title ?? file.title ?? file.streamTitle ?? file.location.displayName
        state.media = file.details
        state.screenshotDirectory = options.screenshotDirectory
        state.isSeekable = file.isSeekable
        state.artist = file.tag("artist")
        state.album = file.tag("album")
        state.embeddedPicture = file.embeddedPicture
        state.duration = file.duration
        state.chapters = file.chapters(from: startTime)
        state.hasVideo = video != nil || coverArt != nil
        state.videoWidth = geometry?.width ?? 0
        state.videoHeight = geometry?.height ?? 0
        state.containerFPS = video?.frameRate
        state.hwdecCurrent = video?.decoder.hardwareName.withLock { $0 } ?? "no"
        state.volumeMax = options.volumeMax
        state.speed = options.speed
        state.subtitles = options.subtitles
        state.audio = options.audio
        state.audio.filters = usableFilters(options.audio.filters)
        setVolume(options.volume)
        state.isMuted = options.muted
        applyGain()
        abLoop = ABLoop(a: options.abLoopA, b: options.abLoopB, count: options.abLoopCount)
        state.abLoopA = abLoop.a
        state.abLoopB = abLoop.b
        publishTracks()
        if subtitles != nil { prepareSubtitleFonts() }
    }

    /// Reports each burst of damage a decoder meets, once.
    func watchDamage(of decoder: Decoder, name: String) {
        let damage = damage, start = startTime, warn = warn
        decoder.onDamage = { burst in
            damage.withLock { $0.append(burst) }
            warn(Self.damageLine(stream: name, burst, startTime: start))
        }
    }

    static func track(_ kind: Track.Kind, _ id: Int, in tracks: [Track]) -> Track? {
        tracks.first { $0.kind == kind && $0.id == id }
    }

    deinit { shutdown() }

    public static let monotonicNow: @Sendable () -> Double = {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Starts the threads and, when asked, the initial seek.
    public func start() {
        startDecoding()
        let now = monotonic()
        startedAt = now
        // A fresh timeline on the device, whatever the file before left in it.
        if output != nil, let audioDevice, audioDevice.chosen != Self.deviceName(state.audio.device) {
            chooseOutputDevice(state.audio.device)
        }
        followOutputDevice(now: now)
        applyOutputSettings()
        // The sound already plays right after the file before's (`--gapless-audio`): it goes on.
        let continues = audio != nil && output?.continueTimeline(latestSourceID) == true
        if !continues {
            output?.startTimeline(audio?.source, id: latestSourceID)
            // The sound waits for the first picture, so that neither runs ahead of the other.
            if video != nil && !options.untimed { output?.renderer.holdSound(after: -1) }
        }
        events.append(.fileLoaded)
        externalClock.set(.nan, serial: 0, at: now)
        setSpeed(state.speed == 0 ? 1 : state.speed, now: now)
        // Sound going on from the file before is playing: a pause taken into the options when
        // this file was opened ahead was undone since.
        setPaused((options.startPaused && !continues) || options.speed == 0, at: now)
        if !state.isPaused { output?.sink.setPaused(false) }
        if options.playDirection == .backward, let end = options.start ?? state.duration { enterBackward(from: end, now: now) }
    }

    /// The sound settings kept in the state, given to the output: delay, filters, downmix.
    func applyOutputSettings() {
        output?.renderer.setDelay(state.audio.delay)
        output?.renderer.setFilters(soundGraph)
        output?.renderer.setDownmix(state.audio.drc.downmix)
    }

    /// Starts reading and decoding from the start position, so that the first picture is
    /// decoded while the window opens; nothing plays until `start()`, which calls it if need be.
    public func startDecoding() {
        guard !decodingStarted else { return }
        decodingStarted = true
        if let start = options.start, start > 0 {
            requestSeek(to: start, precision: .exact, announce: false, reason: .open)
        }
        demuxer.start()
        video?.decoder.replayHold = options.seekReplayHold
        video?.start()
        audio?.start()
        subtitles?.start()
    }

    /// Stops every thread; safe to call twice.
    public func shutdown() {
        guard !stopped else { return }
        stopped = true
        backward?.stop()
        loudness?.cancel()
        // The device stays open for the next file: paused, and let go of this file's sound,
        // unless the next file's sound already plays after it.
        if !hasHandedOverSound {
            output?.sink.setPaused(true)
            output?.startTimeline(nil, id: output?.nextSourceID() ?? 0)
        }
        audioAdds.interrupt.raise()
        demuxer.stop()
        video?.stop()
        audio?.stop()
        retiringAudio.forEach { $0.stop() }
        clipExport?.job.cancel()
        subtitles?.stop()
        secondarySubtitles?.stop()
        subtitleFiles.values.forEach { $0.stop() }
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

    /// Draws the current picture (or its part `source`) as 32-bit BGRX at `width`×`height` into
    /// `pixels`, with the colour adjustments (for a software renderer: converted and scaled in
    /// one SIMD pass, no intermediate copy).
    public func drawPicture(into pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int,
                            source: PixelBox? = nil) -> Bool {
        guard let frame = currentFrame else { return false }
        return scaler.draw(frame, source: source, equalizer: state.display.equalizer,
                           into: pixels, pitch: pitch, width: width, height: height)
    }

    /// The current picture's decoded size (a filter may make it differ from the stream's).
    public var pictureSize: (width: Int, height: Int)? {
        currentFrame.map { (Int($0.pointer.pointee.width), Int($0.pointer.pointee.height)) }
    }

    /// A picture is there to show (the file's first is decoded and due, or its cover art).
    public var hasPicture: Bool { currentFrame != nil }

    var currentFrame: Frame? {
        if let frame = backwardPicture { return frame }
        if let video, video.frames.hasShownFrame { return video.frames.peekLast() }
        return coverArt?.frame
    }
    private let converter = PictureConverter()
    private let scaler = PictureScaler()

    // MARK: the main-loop turn

    public func tick() -> Tick {
        let now = monotonic()
        if let tick = tickBackward(now: now) { return tick }
        var tick = Tick(hasNewPicture: false, wakeAt: .infinity)
        switch lifecycle.phase {
        case .restarting:
            present(now: now, into: &tick)
            advanceRestart(now: now, into: &tick)
            // Started: the pictures held meanwhile are timed from now on.
            if !lifecycle.isRestarting { tick.wakeAt = now }
        case .playing, .stepping:
            present(now: now, into: &tick)
            updatePosition(now: now)
            followLoopAndEnd(now: now)
            if lifecycle.phase == .playing { watchCache(now: now) }
        case .buffering:
            present(now: now, into: &tick)
            waitForCache(now: now, into: &tick)
        case .ended:
            present(now: now, into: &tick)
        }
        followOutputDevice(now: now)
        followLoudness()
        carryOutWaitingSeek(now: now)
        retireSwitchedAudio(now: now)
        takeAddedAudioFiles(now: now)
        stats.decodeErrors = (video?.decoder.decodeErrors ?? 0) + (audio?.decoder.decodeErrors ?? 0)
        state.hwdecCurrent = video?.decoder.hardwareName.withLock { $0 } ?? "no"
        publishSubtitles()
        retrySubtitleMove(now: now, into: &tick)
        publishCache(now: now)
        watchConnection(now: now)
        followStreamTitle()
        publishPhase()
        if !state.isPaused {
            // Keep the time label and thumb moving smoothly even between frames.
            let positionWake = video == nil ? now + 0.25 : tick.wakeAt
            tick.wakeAt = min(tick.wakeAt, positionWake)
            if video != nil && !video!.frames.hasShownFrame { tick.wakeAt = min(tick.wakeAt, now + 0.05) }
            if isNearEnd { tick.wakeAt = min(tick.wakeAt, now + 0.02) }
            if isNearEnd, let due = endDue(at: now), due > now { tick.wakeAt = min(tick.wakeAt, due) }
            if let handover = soundHandoverDelay(at: now) { tick.wakeAt = min(tick.wakeAt, now + handover) }
        }
        if lifecycle.isRestarting { tick.wakeAt = min(tick.wakeAt, now + 0.01) }
        if !state.isPaused, let change = nextSubtitleChange {
            // A line starts or ends before the next picture (or there is none): wake for it.
            tick.wakeAt = min(tick.wakeAt, now + max(0.005, (change - subtitleTime) / state.speed))
        }
        followExport(now: now, into: &tick)
        return tick
    }

    /// The derived states the snapshot shows, from the lifecycle.
    func publishPhase() {
        if let backward = activeBackward { return publishBackwardPhase(backward) }
        state.isSeeking = lifecycle.isSeeking
        state.isRestarting = lifecycle.isRestarting
        state.eofReached = lifecycle.hasEnded
        state.isPausedForCache = lifecycle.isBuffering
    }

    /// Puts up the picture due now.
    private func present(now: Double, into tick: inout Tick) {
        if let video {
            let master = masterTime(at: now)
            // A step shows the next frame at once, however long the pause before it: timed,
            // every frame queued would be late and all but the last dropped.
            let stepping = lifecycle.isStepping
            let showsAtOnce = options.untimed || stepping
            // While a seek lands, the pictures still queued belong to where playback was
            // asked to leave (past an A-B loop's B, say), and the first one at the target waits
            // for its sound: held, as when paused.
            let outcome = video.scheduler.refresh(now: now, master: showsAtOnce ? nil : master,
                                                  paused: (state.isPaused || lifecycle.isRestarting || lifecycle.isBuffering) && !stepping,
                                                  untimed: showsAtOnce, lead: displayLatency)
            tick.wakeAt = outcome.wakeAt
            if options.untimed && outcome.newFrame != nil { tick.wakeAt = now }
            if let frame = outcome.newFrame {
                didShow(frame, now: now)
                tick.hasNewPicture = true
            }
            if video.scheduler.droppedFrames > state.droppedFrames { video.decoder.fallBehind() }
            state.droppedFrames = video.scheduler.droppedFrames
            stats.framesDropped = video.scheduler.droppedFrames
            stats.framesDecoded = video.decoder.framesDecoded
        }
    }

    /// While playing: the A-B loop's jump, `--end`, the end of the file.
    private func followLoopAndEnd(now: Double) {
        // The sound stops at B by itself, however late this turn comes.
        output?.renderer.setStopTime(abLoop.jumpsAtB ? abLoop.b.map { $0 + startTime } : nil)
        if let target = abLoop.loopTarget(position: loopPosition(now: now)) {
            requestSeek(to: target, precision: .exact, announce: true, reason: .loop)
        } else if let end = options.end, state.position >= end {
            endOfFile(now: now)
        } else if isAtEnd(now: now) {
            endOfFile(now: now)
        }
    }

    /// The position the A-B loop checks. The sound stops at B; once all of it is with the
    /// device and the last picture before B is up, the jump goes, so the sound from A
    /// follows while the last of B still plays.
    private func loopPosition(now: Double) -> Double {
        guard let audio, let output, let b = abLoop.b, output.renderer.stoppedSerial == audio.packets.serial else {
            return state.position
        }
        let heard = audioTime(at: now).map { $0 - startTime } ?? state.position
        // All of it heard (1 ms: the rounding of adding and taking away the start time), or
        // the last picture before B is up.
        let reached = heard >= b - 0.001 || (video?.hasShownFrames(upTo: b + startTime) ?? true)
        return reached ? max(heard, b) : heard
    }

    /// `estimated-vf-fps`: from the times of the frames shown (field rate once deinterlaced).
    private func measureFrameRate(_ frame: Frame, newTimeline: Bool) {
        let interval = frame.pts - lastShownTime
        lastShownTime = frame.pts
        guard !newTimeline, interval > 0, interval < 1 else { return }
        frameInterval.add(interval)
        state.estimatedFPS = 1 / frameInterval.value
    }

    private func didShow(_ frame: Frame, now: Double) {
        let newTimeline = frame.serial != shownSerial
        shownSerial = frame.serial
        measureFrameRate(frame, newTimeline: newTimeline)
        let mediaTime = frame.pts - startTime
        stats.framesShown += 1
        if stats.timeToFirstFrame == nil { stats.timeToFirstFrame = now - startedAt }
        if let heard = audioTime(at: now + displayLatency), frame.pts.isFinite {
            stats.avOffsets.record(heard - frame.pts)
        }
        if !usesAudioClock && (newTimeline || !externalClock.pts.isFinite
                            || abs(externalClock.time(at: now) - frame.pts) > SyncDecision.noSyncThreshold) {
            externalClock.set(frame.pts, serial: frame.serial, at: now)
            externalClock.isPaused = state.isPaused && !lifecycle.isStepping
        }
        // After an exact seek the position is the target itself when this frame covers it,
        // so a position saved and sought again lands on the same frame, not one earlier.
        var landing = mediaTime
        if let restart = lifecycle.restart, restart.isExact, restart.target >= mediaTime - 1e-6,
           restart.target < mediaTime + max(frame.duration, 1e-3) - 1e-6 {
            landing = restart.target
        }
        if frame.pts.isFinite { heldPosition = landing }
        if lifecycle.isStepping {
            lifecycle.handle(.stepped)
            video?.packets.setHolding(state.isPaused)
            state.position = landing
        }
        if let restart = lifecycle.restart, restart.landing == nil, demuxer.settledSerial == frame.serial {
            let position = frame.pts.isFinite ? landing : restart.target
            lifecycle.handle(.pictureShown(position: position, at: now))
            releaseSound(of: restart, landing: position, serial: frame.serial, now: now)
        }
    }

    /// Media time on the master clock: audio when it plays, else the external clock.
    func masterTime(at now: Double) -> Double? {
        // Once the sound has played out (or the next file's is heard) its clock stops; the
        // last pictures follow their own timing.
        if usesAudioClock { return isAudioDrained || hasHandedOverSound(at: now) ? nil : audioTime(at: now) }
        return externalClock.pts.isFinite ? externalClock.time(at: now) : nil
    }

    /// The selected track's sound paces playback (else the external clock does).
    var usesAudioClock: Bool { audio != nil && !audioAwaitsHandover }

    /// Media time heard now from the selected track, nil while its sound is not playing.
    func audioTime(at now: Double) -> Double? {
        guard let audio, let output, !audioAwaitsHandover else { return nil }
        return output.time(at: now, serial: audio.packets.serial, sourceID: latestSourceID)
    }

    private func updatePosition(now: Double) {
        var position = heldPosition
        if state.isPaused && !lifecycle.isStepping {
            // Paused: the position is where playback stopped or a seek landed.
        } else if options.untimed, let video, video.scheduler.clock.pts.isFinite {
            // Benchmarks run ahead of the wall clock: the picture's own time is the position.
            position = video.scheduler.clock.pts - startTime
        } else if let master = masterTime(at: now) {
            position = master - startTime
        } else if let video, video.scheduler.clock.pts.isFinite, video.frames.hasShownFrame {
            position = video.scheduler.clock.time(at: now) - startTime
        }
        if !state.isPaused, position < state.position, state.position - position < Self.clockJitter {
            // The device's latency estimate settles in the first moments of sound and moves
            // the clock back a little: the position holds until the clock catches up.
            position = state.position
        }
        if let duration = state.duration { position = min(position, duration) }
        state.position = max(0, position)
        if let videoClock = video?.scheduler.clock, videoClock.pts.isFinite, let audioTime = audioTime(at: now) {
            state.avOffset = audioTime - videoClock.time(at: now)
        }
    }

    /// Backward steps of the clock up to this are jitter, not a jump in the stream (seconds).
    static let clockJitter = 0.25
}
