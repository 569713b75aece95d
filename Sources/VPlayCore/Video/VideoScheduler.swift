/// Decides on the main loop which decoded picture is on screen now: shows, holds or
/// drops frames against the master clock (ffplay's video_refresh with a frame timer).
final class VideoScheduler {
    struct Outcome {
        /// A new frame to put on screen (it stays readable as the queue's last frame).
        var newFrame: Frame?
        /// Monotonic seconds at which to look again; `.infinity` when nothing is pending.
        var wakeAt: Double
    }

    private let frames: FrameQueue
    private let packets: PacketQueue
    /// When the frame on screen went up, on the monotonic clock.
    private(set) var frameTimer: Double = 0
    private(set) var clock = Clock()
    private(set) var droppedFrames = 0
    /// Longest believable gap between timestamps; larger ones are discontinuities.
    private let maxFrameDuration: Double
    private let nominalDuration: Double
    /// Playback speed: a frame stays up for its duration divided by this.
    var speed: Double = 1 {
        didSet { clock.setSpeed(speed, at: clock.pts.isFinite ? lastShownAt : 0) }
    }
    private var lastShownAt: Double = 0

    init(frames: FrameQueue, packets: PacketQueue, maxFrameDuration: Double, nominalDuration: Double) {
        self.frames = frames
        self.packets = packets
        self.maxFrameDuration = maxFrameDuration
        self.nominalDuration = nominalDuration
    }

    /// - Parameter master: the master clock's time now; nil when unknown, when video is master,
    ///   or while stepping frame by frame (the master clock is paused then).
    /// - Parameter untimed: show each frame as soon as it is decoded (benchmarks).
    /// - Parameter lead: the display's latency, from this decision to the picture on screen.
    func refresh(now: Double, master: Double?, paused: Bool, untimed: Bool = false, lead: Double = 0) -> Outcome {
        while frames.remaining > 0 {
            let next = frames.peek()
            if next.serial != packets.serial {
                frames.advance()   // decoded before a seek: never shown
                continue
            }
            let shown = frames.hasShownFrame ? frames.peekLast() : nil
            if shown == nil || shown!.serial != next.serial {
                // First picture of a new timeline (start or seek): up at once, even paused.
                return show(next, at: now, resetTimer: true)
            }
            if paused { return Outcome(newFrame: nil, wakeAt: .infinity) }
            if untimed { return show(next, at: now, resetTimer: true) }
            let due = SyncDecision.dueTime(pts: next.pts, master: master, now: now, speed: speed,
                                           fallback: frameTimer + duration(from: shown!, to: next) / speed,
                                           lead: lead)
            if now < due { return Outcome(newFrame: nil, wakeAt: due) }
            frameTimer = due
            if now - frameTimer > SyncDecision.maxThreshold {
                frameTimer = now   // far behind (a stall): restart the timeline rather than rush
            }
            if frames.remaining > 1 {
                let after = frames.peekNext()
                let afterDue = SyncDecision.dueTime(pts: after.pts, master: master, now: now, speed: speed,
                                                    fallback: frameTimer + duration(from: next, to: after) / speed,
                                                    lead: lead)
                if now > afterDue {
                    // Late, and a later frame is ready: skip this one.
                    droppedFrames += 1
                    clock.set(next.pts, serial: next.serial, at: now, speed: speed)
                    frames.advance()
                    continue
                }
            }
            return show(next, at: now, resetTimer: false)
        }
        return Outcome(newFrame: nil, wakeAt: .infinity)
    }

    /// The moment the frame on screen has been up for its whole duration.
    var currentFrameEnd: Double {
        guard frames.hasShownFrame else { return 0 }
        let shown = frames.peekLast()
        // A duration beyond the no-sync threshold is a broken timestamp, not a still picture
        // to wait out (a damaged file once claimed 39 hours).
        let duration = min(shown.duration > 0 ? shown.duration : nominalDuration, SyncDecision.noSyncThreshold)
        return frameTimer + duration / speed
    }

    /// Keeps the frame timer from counting paused time as late.
    func resume(afterPausedFor seconds: Double, now: Double) {
        frameTimer += seconds
        clock.setPaused(false, at: now)
    }

    func pause(now: Double) {
        clock.setPaused(true, at: now)
    }

    private func show(_ frame: Frame, at now: Double, resetTimer: Bool) -> Outcome {
        if resetTimer { frameTimer = now }
        clock.set(frame.pts, serial: frame.serial, at: now, speed: speed)
        lastShownAt = now
        frames.advance()
        let hold = (frame.duration > 0 ? frame.duration : nominalDuration) / speed
        return Outcome(newFrame: frames.peekLast(), wakeAt: frameTimer + hold)
    }

    private func duration(from current: Frame, to next: Frame) -> Double {
        guard current.serial == next.serial else { return 0 }
        return SyncDecision.frameDuration(current: current.pts, next: next.pts,
                                          nominal: current.duration > 0 ? current.duration : nominalDuration,
                                          maxDuration: maxFrameDuration)
    }
}
