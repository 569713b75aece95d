import CFFmpeg
import Foundation

/// Produces the bytes the audio device asks for, on the device's thread: takes decoded
/// frames, drops stale ones (older serial), trims to an exact seek's target, resamples,
/// changes tempo with the pitch kept, applies volume with a short ramp, stops at an A-B
/// loop's end, and sets the audio clock — the master clock. Its source (the selected audio
/// track's frames) can change while it plays: the new track's sound follows on from where
/// the old one's ended, so the device and the clock carry on across the switch.
public final class AudioRenderer: @unchecked Sendable {
    /// The decoded sound of one audio track.
    struct Source {
        let frames: FrameQueue
        let packets: PacketQueue
        /// Tells when the track has been decoded to its end; nil: the sound never ends for the
        /// renderer, and nothing follows it (see `follow`).
        var decoder: (any StreamEnd)?
    }

    /// What tells that a track's sound has all been decoded: its decoder.
    protocol StreamEnd: AnyObject, Sendable {
        /// True once the stream was decoded to its end on timeline `serial`.
        func isFinished(atSerial serial: Int) -> Bool
    }

    private let clock: SharedClock
    private let monotonic: @Sendable () -> Double
    private let deviceWake = Locked<(@Sendable () -> Void)?>(nil)

    // Touched only on the device thread (after `prepare`).
    private var source: Source?
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
    /// The user's filters the sound passes through now (see `setFilters`).
    private var playingFilters = ""
    private var tempo: TempoFilter?
    /// Builds tempo filters off this thread; a test may give its own before `prepare`.
    var tempoBuilder = TempoFilterBuilder()
    /// A filter out of use, waiting to go back to `tempoBuilder` to be freed.
    private var retiredTempo: TempoFilter?
    /// The next file's sound was taken up after this one's last sample: the next sound found
    /// starts its timeline without a delay's silence or trim, and `boundary` is published.
    private var continuesTimeline = false
    /// The file before's end, and the id of the next file's source, for the boundary.
    private var endBefore = Double.nan
    private var followerID = 0
    /// The boundary between two files' sound, published with the next clock set.
    private var boundary: AudioBoundary?
    /// Media time of the first sample fed to `tempo`: its output maps back from here.
    private var segmentStart: Double = .nan
    /// How late `tempo` puts sound, in output seconds (see `TempoCalibration`); 0 until measured.
    private var tempoDelay: Double?
    /// Media time at the end of the data in `buffer`.
    private var bufferEndTime: Double = .nan
    /// After a change of source: the sound before this media time (on timeline
    /// `resumeSerial`) was played by the old one, or is past for the picture.
    private var resumeTime: Double = .nan
    private var resumeSerial = -1
    /// After a change from silence: the clock the picture runs on, which sets `resumeTime`
    /// when the first sound is taken.
    private var resumeClock: Clock?
    /// The device dropped what it held for the change of source under way (`wantsDeviceFlush`).
    private var deviceFlushed = false
    /// Monotonic time at which the end of the data handed over so far will be heard.
    private var endHeardAt: Double = 0
    private var bufferSerial = -1
    private var gain = GainRamp()
    /// The delay the sound plays with now (see `setDelay`): the clock is the sound heard plus it.
    private var appliedDelay: Double = 0
    /// Silence to put out before the rest of `buffer`: a positive delay's start, or its growth.
    private var silenceBytes = 0
    /// Media time at the end of the sound last fed in (before tempo).
    private var inputEndTime: Double = .nan
    /// The sound of timeline `bufferSerial` before this media time is not played: where a
    /// negative delay makes it start.
    private var delayTrim: Double = -.infinity

    /// A change of source asked for and not yet carried out.
    private struct SourceChange {
        var source: Source?
        var id: Int
        /// Where the sound starts when nothing played before: the clock the picture runs on.
        var handover: Clock?
        /// A new file: nothing of the old timeline is kept or followed on from.
        var startsAfresh = false

        /// A new track of the same file: the device drops the old one's sound for it, which
        /// starts where the clock is. A new file's starts at its first sample, as the clock
        /// (the file before's, whose serials it may repeat) says nothing of it.
        var flushesDevice: Bool { source != nil && !startsAfresh }
    }

    /// The next file's sound, to play right after the last sample of the current one.
    private struct Follower {
        var source: Source
        var id: Int
    }

    private struct Shared {
        var targetGain: Float = 1
        var speed: Double = 1
        /// True once every queued sample up to the end of stream has been handed over.
        var idle = true
        /// Monotonic time at which the last sound handed over will have been heard.
        var soundEndsAt: Double = 0
        /// What the device holds is to be dropped: it no longer goes with what plays next.
        var dropsDeviceQueue = false
        /// Media time the sound stops at (an A-B loop's B), nil to play on.
        var stopTime: Double?
        /// The serial whose sound has been handed over up to `stopTime`.
        var stoppedSerial: Int?
        var pendingSource: SourceChange?
        var follower: Follower?
        /// Sound of timelines after this serial waits (for its first picture).
        var soundSerialLimit = Int.max
        /// A seek's sound released to join its picture: it starts where this clock (the
        /// picture's) is when it is heard, the device's queue dropped first where it can be.
        var join: Clock?
        /// The speed the sound plays at: behind `speed` while its tempo filter is being built.
        var playingSpeed: Double = 1
        /// The id of the source playing (see `setSource`).
        var sourceID = 0
        var delay: Double = 0
        /// The user's filters (`--af`), libavfilter graph text.
        var filters = ""
        /// The centre's and the surrounds' levels (see `setDownmix`).
        var downmix: DynamicRange.Downmix?
    }
    private let shared = Locked(Shared())

    private let wake: @Sendable () -> Void

    /// - Parameter wake: called on the device thread when the sound reaches the stop time or
    ///   a new source takes over.
    init(clock: SharedClock, monotonic: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void = {}) {
        self.clock = clock
        self.monotonic = monotonic
        self.wake = wake
    }

    /// A renderer playing `frames` from the start.
    convenience init(frames: FrameQueue, packets: PacketQueue, clock: SharedClock,
                     monotonic: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void = {}) {
        self.init(clock: clock, monotonic: monotonic, wake: wake)
        source = Source(frames: frames, packets: packets)
    }

    /// Plays `source` from now on (nil: silence), once its first sound at or after where the
    /// current one has got to is decoded; the current source plays until then. `handover`
    /// says where sound starts when none is playing. `id` comes back in `sourceID` once the
    /// change is made, so the caller knows when the old source is free.
    func setSource(_ source: Source?, id: Int, handover: Clock? = nil) {
        shared.withLock { $0.pendingSource = SourceChange(source: source, id: id, handover: handover) }
        deviceWake.withLock { $0 }?()
    }

    /// Set by a device whose thread may be waiting for room in its buffer: called on a change of
    /// source, so the thread looks for the new sound at once rather than after that wait.
    public func setDeviceWake(_ wake: (@Sendable () -> Void)?) {
        deviceWake.withLock { $0 = wake }
    }

    /// Asked on the device's thread: true while a change of source waits for its sound to be
    /// decoded so that the device can drop what it holds (see `wantsDeviceFlush`); the device
    /// looks again shortly rather than waiting for room in its buffer.
    public var awaitsDeviceFlush: Bool {
        source != nil && shared.withLock { (!deviceFlushed && $0.pendingSource?.flushesDevice == true) || $0.join != nil }
    }

    /// Asked on the device's thread: true once the sound up to the stop time (an A-B loop's B) is
    /// all handed over. The jump's sound comes next: a device that can wait for it looks for it
    /// often rather than putting silence before it.
    public var hasPlayedToStop: Bool {
        bufferIndex >= bufferSize && silenceBytes == 0
            && shared.withLock { $0.stopTime != nil && $0.stoppedSerial == bufferSerial }
    }

    /// The device asks for `wantsDeviceFlush`: a seek's sound joining its picture is left for
    /// it to take, once the queue it drops can be replaced at once.
    private var deviceFlushes = false

    /// Plays `source` (nil: silence) as a new file's sound: the old source's sound, clock,
    /// stop time, held timelines and a seek's join are dropped, not followed on from, as the
    /// new file's timeline numbers its serials afresh.
    func startTimeline(_ source: Source?, id: Int) {
        shared.withLock {
            $0.pendingSource = SourceChange(source: source, id: id, startsAfresh: true)
            $0.dropsDeviceQueue = true
            $0.join = nil
            $0.follower = nil
            $0.stopTime = nil
            $0.stoppedSerial = nil
        }
    }

    /// Plays `source`, the next file's sound, right after the last sample of the current source
    /// (once its decoder has reached the end), with no silence between: the device is neither
    /// drained nor flushed, and the clock goes on to the next file's timeline at the sample
    /// boundary (see `AudioBoundary`). `id` comes back in `sourceID` once it plays. A new
    /// timeline (`startTimeline`) gives it up.
    func follow(with source: Source, id: Int) {
        shared.withLock { $0.follower = Follower(source: source, id: id) }
        deviceWake.withLock { $0 }?()
    }

    /// Drops what a device that keeps its queue while paused holds (see `wantsDeviceFlush`),
    /// and the sound in hand: a seek while paused, whose sound is not what was queued.
    func dropDeviceQueue() {
        shared.withLock { $0.dropsDeviceQueue = true }
        deviceWake.withLock { $0 }?()
    }

    /// Stops the clock while a device that keeps its queue stands (corked), and runs it on from
    /// there when it plays again: until its next fill, the clock tells where the sound stood.
    public func holdClock(_ held: Bool) {
        let now = monotonic()
        clock.update { $0.setPaused(held, at: now) }
    }

    /// True while the next file's sound waits for the current one to end (see `follow`).
    var hasFollower: Bool { shared.withLock { $0.follower != nil } }

    /// Holds the sound of every timeline after `serial` (a seek's, or the first when `serial`
    /// is -1) until `releaseSound`, so that it starts with its picture instead of running ahead
    /// while the picture is decoded.
    func holdSound(after serial: Int) {
        shared.withLock {
            $0.soundSerialLimit = serial
            $0.join = nil
        }
    }

    /// - Parameter clock: the picture's clock, already running from the first picture: the
    ///   sound joins it at the sample due when it is heard, instead of starting at the picture's
    ///   time behind what the device still holds. Nil: the sound starts at the picture's time.
    func releaseSound(joining clock: Clock? = nil) {
        shared.withLock {
            $0.soundSerialLimit = .max
            $0.join = clock
        }
        if clock != nil { deviceWake.withLock { $0 }?() }
    }

    /// True while a change of speed waits for its tempo filter (the sound plays at another
    /// speed meanwhile).
    var isTempoPending: Bool { shared.withLock { $0.playingSpeed != $0.speed } && tempoBuilder.isBuilding }

    /// The id given with the source that plays now.
    var sourceID: Int { shared.withLock { $0.sourceID } }

    /// Called once by the sink after the device opened, before the first callback.
    public func prepare(for format: AudioFormat) {
        output = format
        resampler = Resampler(output: format)
        restartTempo(for: shared.withLock { $0.speed }, afterSeek: false)   // starts building a filter
    }

    /// Seconds the sound plays after the picture of the same time (negative: before), in media
    /// time (mpv's `audio-delay`). The audio clock gives the picture's time, the sound heard
    /// plus the delay. A timeline starts with the delay in silence (positive) or with its sound
    /// from that far in (negative); a change while playing adds silence or skips sound, so the
    /// picture's clock runs on without a jump.
    func setDelay(_ seconds: Double) {
        shared.withLock { $0.delay = seconds }
    }

    /// The user's filters (`--af`) as libavfilter graph text, empty for none: built beside the
    /// device with the tempo filter; the sound plays on as it was until they are in place.
    func setFilters(_ graph: String) {
        shared.withLock { $0.filters = graph }
    }

    /// The centre's and the surrounds' levels from the next frame on (night mode's dialogue
    /// forward); nil for the channels as they are.
    func setDownmix(_ downmix: DynamicRange.Downmix?) {
        shared.withLock { $0.downmix = downmix }
    }

    /// Linear gain 0...; the renderer ramps to it over a few milliseconds so changes never click.
    /// A device that applies it itself (see `render`) is woken, to give the change to what it
    /// queued.
    func setGain(_ gain: Float) {
        shared.withLock { $0.targetGain = gain }
        deviceWake.withLock { $0 }?()
    }

    /// The gain asked for last (`setGain`).
    public var targetGain: Float { shared.withLock { $0.targetGain } }

    /// Playback speed; the pitch is kept.
    func setSpeed(_ speed: Double) {
        shared.withLock { $0.speed = speed }
    }

    /// True when the last fill found nothing to play.
    var isIdle: Bool { shared.withLock { $0.idle } }

    /// Monotonic time at which the sound handed to the device so far will have been heard: a
    /// file that ends by itself ends then, so that the device is not let go with its last
    /// moments still queued.
    var soundEndsAt: Double { shared.withLock { $0.soundEndsAt } }

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

    /// Asked on the device's thread, before the device tells its latency, by a device that can
    /// drop the sound it holds: true when a change of source has its sound ready and the device
    /// should drop its queue now, so that the new track is heard at once. The new sound then
    /// starts where the clock says the listener is.
    public func wantsDeviceFlush() -> Bool {
        deviceFlushes = true
        if shared.withLock({ state in defer { state.dropsDeviceQueue = false }; return state.dropsDeviceQueue }) {
            bufferIndex = bufferSize
            return true
        }
        if takeJoin() {
            bufferIndex = bufferSize   // what is in hand goes too
            return true
        }
        guard !deviceFlushed, source != nil, let change = shared.withLock({ $0.pendingSource }), change.flushesDevice,
              let next = change.source else { return false }
        let now = monotonic()
        let clock = clock.snapshot
        guard clock.pts.isFinite, clock.serial == next.packets.serial else { return false }
        let heard = clock.time(at: now) - appliedDelay
        while next.frames.remaining > 0 {
            let frame = next.frames.peek()
            let past = frame.serial == clock.serial && frame.pts.isFinite && frame.pts + frame.duration <= heard
            guard frame.serial != next.packets.serial || past else { break }
            next.frames.advance()
        }
        guard next.frames.remaining > 0 else { return false }
        deviceFlushed = true
        bufferIndex = bufferSize   // what is in hand goes too
        return true
    }

    /// Takes up a seek's sound joining its picture once its first frame is decoded: from
    /// there the sound starts where the picture's clock is when it is heard.
    private func takeJoin() -> Bool {
        guard let source, let join = shared.withLock({ $0.join }) else { return false }
        let frames = source.frames, serial = source.packets.serial
        while frames.remaining > 0 && frames.peek().serial != serial { frames.advance() }
        guard frames.remaining > 0, serial == join.serial else { return false }
        shared.withLock { if $0.join == join { $0.join = nil } }
        resumeClock = join
        return true
    }

    /// Fills `destination` completely (silence where there is nothing to play).
    /// - Parameters:
    ///   - latency: seconds from now until the first byte of `destination` is heard, when the
    ///     device can tell; otherwise two device buffers are assumed (as ffplay does).
    ///   - applyingGain: false for a device that applies `targetGain` itself, to keep the sound
    ///     before its gain (see `SoundHistory`).
    /// - Returns: the bytes of sound at its start; the rest is silence.
    @discardableResult
    public func render(into destination: UnsafeMutableRawBufferPointer, latency: Double? = nil,
                       applyingGain: Bool = true) -> Int {
        let now = monotonic()
        // Seconds until the first byte of this fill is heard.
        let ahead = max(0, latency ?? Double(2 * output.bufferFrames * output.bytesPerFrame - destination.count)
            / Double(output.bytesPerSecond))
        var written = 0
        var played = false
        followDelay()
        while written < destination.count {
            if silenceBytes > 0 {
                let count = min(silenceBytes, destination.count - written)
                memset(destination.baseAddress! + written, 0, count)
                written += count
                silenceBytes -= count
                played = true
                continue
            }
            if bufferIndex >= bufferSize {
                if !decodeNextFrame(now: now, heardAfter: ahead + Double(written) / Double(output.bytesPerSecond)) {
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
        if applyingGain {
            gain.apply(targetGain, to: UnsafeMutableRawBufferPointer(rebasing: destination[0..<written]), format: output)
        }
        if bufferEndTime.isFinite {
            // What the listener hears now: the end of our data minus everything still
            // queued between here and the speaker (the device's queue, what this fill wrote
            // and our buffer). At a speed other than 1 a second of output covers `speed`
            // seconds of media. Set on silent fills too: when the data runs out (a stalled
            // read, an A-B loop's B) the clock stops where the sound does, as in ffplay.
            let rate = Double(output.bytesPerSecond)
            if written > 0 {
                endHeardAt = now + ahead + Double(written + silenceBytes + bufferSize - bufferIndex) / rate
            }
            clock.set(bufferEndTime - max(0, endHeardAt - now) * speed + appliedDelay,
                      serial: bufferSerial, at: now, speed: speed, boundary: boundary)
            boundary = nil
        }
        let endsAt = played ? now + ahead + Double(written) / Double(output.bytesPerSecond) : endHeardAt
        shared.withLock {
            $0.idle = !played
            $0.soundEndsAt = max($0.soundEndsAt, endsAt)
        }
        return written
    }

    /// - Parameter heardAfter: seconds from `now` until the next byte put out is heard.
    private func decodeNextFrame(now: Double, heardAfter latency: Double) -> Bool {
        if decodeFrame(now: now, heardAfter: latency) { return true }
        return goOnToFollower() && decodeFrame(now: now, heardAfter: latency)
    }

    /// Once every sample of the current source has been handed over, takes up the next file's
    /// (see `follow`); false when there is none or the current one has more to come.
    private func goOnToFollower() -> Bool {
        guard let source, let decoder = source.decoder, bufferEndTime.isFinite,
              decoder.isFinished(atSerial: source.packets.serial), source.frames.remaining == 0,
              let next = shared.withLock({ state -> Follower? in
                  guard state.pendingSource == nil, state.stopTime == nil, let next = state.follower else { return nil }
                  state.follower = nil
                  state.sourceID = next.id
                  return next
              }) else { return false }
        self.source = next.source
        endBefore = bufferEndTime
        followerID = next.id
        continuesTimeline = true
        resumeTime = .nan
        resumeClock = nil
        wake()
        return true
    }

    private func decodeFrame(now: Double, heardAfter latency: Double) -> Bool {
        let (requested, stop, stoppedSerial, change, limit, joins, filters, downmix) = shared.withLock {
            ($0.speed, $0.stopTime, $0.stoppedSerial, $0.pendingSource, $0.soundSerialLimit, $0.join != nil, $0.filters, $0.downmix)
        }
        resampler?.downmix = downmix
        if let change { adopt(change, now: now, latency: latency, speed: requested) }
        guard let source else { return false }
        // A joining sound waits for its first frame, and then for the device to drop its queue.
        if joins && (deviceFlushes || !takeJoin()) { return false }
        let frames = source.frames, serial = source.packets.serial
        if stop != nil, stoppedSerial == serial { return false }
        if requested != speed || filters != playingFilters { restartTempo(for: requested, afterSeek: false) }
        if let resumeClock {
            resumeTime = resumeClock.time(at: now + latency) - appliedDelay
            resumeSerial = resumeClock.serial
        }
        while frames.remaining > 0 {
            let frame = frames.peek()
            if frame.serial == serial && serial > limit { return false }
            // A jump back from the stop time: the sound from there starts once the frame after the
            // one cut at its start is decoded too, so that a device filling whole buffers puts no
            // silence between them.
            if frame.serial == serial, stop != nil, stoppedSerial == bufferSerial, frames.remaining < 2,
               !(source.decoder?.isFinished(atSerial: serial) ?? true) { return false }
            defer { frames.advance() }
            guard frame.serial == serial, let resampler else { continue }
            let resumes = resumeTime.isFinite && frame.serial == resumeSerial && frame.pts.isFinite
            if resumes && frame.pts + frame.duration <= resumeTime { continue }
            // Where a positive delay's silence ends the wait: the sound due when it is heard.
            var silenceFrom = Double.nan
            if frame.serial != bufferSerial || continuesTimeline {
                restartTempo(for: requested, afterSeek: true)
                bufferSerial = frame.serial
                // The picture starts at the target (or this sound's start), or runs on from where
                // the sound joins it; the sound that goes with it is the delay before, or after.
                // The next file's sound goes on from the last one's, the delay kept as it was.
                let reference = frame.seekTarget.isFinite ? frame.seekTarget : frame.pts
                let delays = !resumes && !continuesTimeline && reference.isFinite
                delayTrim = delays && appliedDelay < 0 ? reference - appliedDelay : -.infinity
                silenceBytes = 0
                // Until sound from there is found, the clock tells nothing of this timeline.
                if delayTrim.isFinite { bufferEndTime = .nan }
                if appliedDelay > 0 && !continuesTimeline { silenceFrom = resumes ? resumeTime : reference - appliedDelay }
            }
            if frame.pts.isFinite && frame.duration > 0 && frame.pts + frame.duration <= delayTrim { continue }
            let size = resampler.convert(frame.pointer, into: &resampled)
            guard size > 0 else { continue }
            var start = frame.pts.isFinite ? frame.pts : bufferEndTime
            var skip = 0
            // Exact seek: start at the target instant, not at the frame's start; after a change
            // of source, where the old one's sound ended.
            let trimTo = max(frame.seekTarget.isFinite ? frame.seekTarget : -.infinity,
                             resumes ? resumeTime : -.infinity, delayTrim)
            resumeTime = .nan
            resumeClock = nil
            if trimTo.isFinite, start.isFinite, trimTo > start {
                skip = min(size, Int((trimTo - start) * Double(output.sampleRate)) * output.bytesPerFrame)
                start = trimTo
            }
            if continuesTimeline, start.isFinite {
                boundary = AudioBoundary(nextID: followerID, end: endBefore + appliedDelay,
                                         start: start + appliedDelay, startSerial: frame.serial)
                continuesTimeline = false
            }
            if silenceFrom.isFinite, start.isFinite, start > silenceFrom {
                // A positive delay: the picture's first moments go with silence.
                silenceBytes = bytes(forOutputSeconds: min(start - silenceFrom, appliedDelay) / requested)
            }
            if start.isFinite { inputEndTime = start + Double(size - skip) / Double(output.bytesPerSecond) }
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

    /// Takes up a change of delay: more delay is silence put before what is left to play,
    /// less is silence taken back and then sound skipped, so that the sound heard plus the
    /// delay, the picture's clock, runs on.
    private func followDelay() {
        let wanted = shared.withLock { $0.delay }
        guard wanted != appliedDelay else { return }
        let change = wanted - appliedDelay
        appliedDelay = wanted
        guard bufferEndTime.isFinite, source != nil else { return }
        let rate = Double(output.bytesPerSecond)
        if change > 0 {
            silenceBytes += bytes(forOutputSeconds: change / speed)
            return
        }
        var skip = -change
        let silence = Double(silenceBytes) / rate * speed
        if silence >= skip {
            silenceBytes -= min(silenceBytes, bytes(forOutputSeconds: skip / speed))
            return
        }
        skip -= silence
        silenceBytes = 0
        let left = Double(bufferSize - bufferIndex) / rate * speed
        if !playsStretched && left > skip {
            bufferIndex += bytes(forOutputSeconds: skip / speed)
            return
        }
        // Past what is in hand: the sound fed next starts that much later.
        bufferIndex = bufferSize
        let beyond = skip - left
        guard inputEndTime.isFinite else { return }
        resumeTime = inputEndTime + beyond
        resumeSerial = bufferSerial
        if tempo != nil, segmentStart.isFinite { segmentStart += beyond }
    }

    /// Whole frames of output for `seconds` of it.
    private func bytes(forOutputSeconds seconds: Double) -> Int {
        max(0, Int((seconds * Double(output.sampleRate)).rounded())) * output.bytesPerFrame
    }

    /// Carries out a change of source once the new one has sound for where the old one ended
    /// (or, from silence, for where the picture is when it will be heard). Older sound in it
    /// is dropped unheard.
    /// - Parameter latency: seconds from `now` until the next byte put out is heard.
    private func adopt(_ change: SourceChange, now: Double, latency: Double, speed requested: Double) {
        var resumeAt = Double.nan, serialAt = -1
        resumeClock = nil
        if change.startsAfresh {
            source = nil
            continuesTimeline = false
            boundary = nil
            bufferIndex = bufferSize
            bufferEndTime = .nan
            bufferSerial = -1
            silenceBytes = 0
            deviceFlushed = false
            clock.update { $0.set(.nan, serial: -1, at: now) }
        }
        if let next = change.source {
            if deviceFlushed, source != nil {
                // The device dropped the old sound: the new one goes on from what is heard now.
                let clock = clock.snapshot
                resumeAt = clock.time(at: now + latency) - appliedDelay
                serialAt = clock.serial
                deviceFlushed = false
            } else if let current = source, bufferEndTime.isFinite {
                resumeAt = bufferEndTime
                serialAt = bufferSerial
                let serial = next.packets.serial
                while next.frames.remaining > 0 {
                    let frame = next.frames.peek()
                    let heard = frame.serial == serialAt && frame.pts.isFinite && frame.pts + frame.duration <= resumeAt
                    guard frame.serial != serial || heard else { break }
                    next.frames.advance()
                }
                // The old sound plays on until the new one has something to follow it with.
                if next.frames.remaining == 0 && current.frames.remaining > 0 { return }
            } else if let handover = change.handover, handover.pts.isFinite {
                // Where the picture will be when the first sound is heard, decided then.
                resumeClock = handover
            }
        } else {
            bufferIndex = bufferSize
            bufferEndTime = .nan
            clock.update { $0.set(.nan, serial: -1, at: now) }
        }
        source = change.source
        resumeTime = resumeAt
        resumeSerial = serialAt
        restartTempo(for: requested, afterSeek: true)
        shared.withLock {
            if $0.pendingSource?.id == change.id { $0.pendingSource = nil }
            $0.sourceID = change.id
        }
        wake()
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
        let filters = shared.withLock { $0.filters }
        let spec = requested == 1 && filters.isEmpty ? nil
            : TempoFilterBuilder.Spec(tempo: requested, sampleRate: output.sampleRate, channels: output.channels,
                                      filters: filters)
        var fresh: TempoFilter?
        switch tempoBuilder.take(spec) {
        case .ready(let filter):
            fresh = filter
            speed = requested
            playingFilters = filters
        case .pending where afterSeek:
            speed = 1
            playingFilters = ""
        case .pending:
            return
        }
        swap(&tempo, &fresh)
        let playing = speed
        shared.withLock { $0.playingSpeed = playing }
        // Freed here only if the builder's lock was busy at both hand-overs.
        if retiredTempo == nil { retiredTempo = fresh }
        tempoBuilder.retire(&retiredTempo)
        tempoDelay = nil
        segmentStart = .nan
    }
}
