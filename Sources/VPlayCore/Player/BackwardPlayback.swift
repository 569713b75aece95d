/// Playing backwards, on the main loop: the spans `BackwardDecoding` hands over, the picture
/// up, and a clock that runs down. With sound, the sound turned round plays on the audio
/// output and this clock follows the audio clock, mirrored back; without, it runs on the
/// system's time.
final class BackwardPlayback {
    let decoding: BackwardDecoding
    /// The timeline of the current seek; spans of an older one are dropped.
    private(set) var serial = 0
    /// Media time, running down at the speed (a negative speed on `Clock`).
    var clock = Clock()
    /// The picture's own time: the end of the frame up when it went up, running down (`avsync`).
    private(set) var pictureClock = Clock()
    /// The sound turned round; nil when playing backwards in silence.
    var sound: BackwardSound? { decoding.sound }
    /// The audio device is paused (it follows the user's pause).
    var isSoundPaused = true
    /// Frames were stepped while paused: the sound starts again from the picture on resuming.
    var hasStepped = false
    /// The span being shown, latest first, and the next of its frames to go up.
    private var span: [Frame] = []
    private var nextIndex = 0
    /// The picture up; nil until the first one of playing backwards.
    private(set) var onScreen: Frame?
    /// The serial the picture up belongs to.
    private(set) var shownSerial = -1
    /// Frames skipped because they were late.
    private(set) var dropped = 0
    /// Times the picture held because the next span was not decoded in time.
    private(set) var stalls = 0
    /// The first frame of the file is up and its time is over: playback waits here.
    var hasReachedStart = false
    /// A frame step (towards the start) waits for its frame.
    var stepPending = false
    /// A seek was asked for and its first picture is not up yet.
    var isSeeking: Bool { shownSerial != serial }
    /// The seek waiting for its first picture was the user's (it ends with `playback-restart`).
    var announcesRestart = false
    private let fileStart: Double

    init(decoding: BackwardDecoding, fileStart: Double) {
        self.decoding = decoding
        self.fileStart = fileStart
    }

    /// Starts from the frame covering `time` (seconds, the stream's timeline).
    func restart(at time: Double, now: Double, speed: Double, paused: Bool) {
        serial = decoding.restart(at: time, fileStart: fileStart)
        releaseSpan()
        clock.set(time, serial: serial, at: now, speed: -speed)
        clock.isPaused = paused
        hasReachedStart = false
        stepPending = false
        hasStepped = false
    }

    /// The next frame to go up, taking the next span when this one is shown; nil while none is decoded.
    func peek() -> Frame? {
        if nextIndex >= span.count {
            releaseSpan()
            guard let next = decoding.takeSpan() else { return nil }
            if next.serial != serial {
                next.frames.forEach(decoding.recycle)
                return nil
            }
            span = next.frames
        }
        return span[nextIndex]
    }

    /// The frame after `peek()`'s within the same span.
    func peekAfter() -> Frame? {
        nextIndex + 1 < span.count ? span[nextIndex + 1] : nil
    }

    /// Puts `peek()`'s frame up; the picture it replaces goes back to the pool.
    func showNext(now: Double) -> Frame {
        let frame = span[nextIndex]
        nextIndex += 1
        if let old = onScreen { decoding.recycle(old) }
        onScreen = frame
        shownSerial = serial
        pictureClock.set(frame.pts + frame.duration, serial: serial, at: now, speed: clock.speed)
        isStalled = false
        return frame
    }

    /// Lets `peek()`'s frame go unseen (late).
    func dropNext() {
        decoding.recycle(span[nextIndex])
        nextIndex += 1
        dropped += 1
    }

    /// The picture holds at `time` while the next span is decoded.
    func stall(at time: Double, now: Double) {
        if !isStalled { stalls += 1 }
        isStalled = true
        clock.set(time, serial: serial, at: now)
    }
    private var isStalled = false

    /// Going forward again: decoding stops, and the picture up stays until the forward
    /// engine's first one at the same position replaces it.
    private(set) var isHandingOver = false

    func handOver() {
        releaseSpan()
        decoding.stop()
        isHandingOver = true
    }

    /// Ends the thread; the frames go with it.
    func stop() {
        releaseSpan()
        if let old = onScreen { decoding.recycle(old) }
        onScreen = nil
        decoding.stop()
    }

    private func releaseSpan() {
        span[nextIndex...].forEach(decoding.recycle)
        span = []
        nextIndex = 0
    }
}
