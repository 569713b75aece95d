import CFFmpeg

/// The video decoder's last step before the frame queue: deinterlaces (bwdif at field rate)
/// and tone-maps HDR to SDR, as the settings ask. Runs on the decoder's thread; progressive
/// SDR video under `auto` passes straight through.
final class PictureProcessor {
    private let settings: SharedPictureSettings
    private let timeBase: AVRational
    private var deinterlacer: DeinterlaceFilter?
    /// The input a deinterlacer could not be built for: not retried for every frame.
    private var refused: DeinterlaceFilter.Input?
    private var timing = FieldTiming()
    private let filtered = Frame()
    /// What the frames the deinterlacer still holds came with.
    private var held = (serial: -1, position: Int64(-1))
    /// The deinterlacer's first frame, referenced (not copied) until a second one goes in: a
    /// frame let out alone is deinterlaced within itself (`DeinterlaceFilter`).
    private let first = Frame()
    private var framesIn = 0
    private var lastOutput = (start: -Double.infinity, duration: 0.0)
    private let toneMapper = ToneMapper()
    private let mapped = Frame()
    private var toldToneMappingTrouble = false
    private let userFilters = UserFilterStage()
    /// Told once per kind of trouble (bwdif unavailable, an HDR format not mapped).
    var onTrouble: ((String) -> Void)?

    init(settings: SharedPictureSettings, timeBase: AVRational) {
        self.settings = settings
        self.timeBase = timeBase
    }

    /// Sends `frame` on as zero or more frames through `emit` (which takes each frame's
    /// contents). `frame` is left empty. False when `emit` gave up (shutdown).
    func process(_ frame: Frame, emit: (Frame) -> Bool) -> Bool {
        let current = settings.current
        let mode = current.deinterlace
        let flagged = frame.pointer.pointee.interlaced_frame != 0
        guard mode != .no, mode == .yes || flagged || deinterlacer != nil else {
            return finish(current, emit: emit) && deliver(frame, current, emit: emit)
        }
        let f = frame.pointer.pointee
        let input = DeinterlaceFilter.Input(width: f.width, height: f.height, format: f.format, timeBase: timeBase,
                                            sampleAspect: f.sample_aspect_ratio, everyFrame: mode == .yes)
        if deinterlacer?.input != input {
            guard finish(current, emit: emit) else { return false }
            if input != refused {
                deinterlacer = DeinterlaceFilter(input)
                framesIn = 0
                if deinterlacer == nil {
                    refused = input
                    onTrouble?("cannot deinterlace (bwdif unavailable for this picture); showing it as it is")
                }
            }
        }
        guard let deinterlacer else { return deliver(frame, current, emit: emit) }
        timing.noteInput(start: frame.pts, duration: frame.duration,
                         splitsInFields: mode.deinterlaces(flaggedInterlaced: flagged))
        frame.pointer.pointee.pts = frame.pointer.pointee.best_effort_timestamp
        held = (frame.serial, frame.position)
        let seekTarget = frame.seekTarget
        keepIfFirst(frame)
        guard deinterlacer.push(frame.pointer) else {
            self.deinterlacer = nil
            return deliver(frame, current, emit: emit)
        }
        return drain(deinterlacer, seekTarget: seekTarget, current, emit: emit)
    }

    /// Lets out what the deinterlacer still holds (the codec reached the end of its stream,
    /// or the settings changed). False when `emit` gave up.
    func finish(emit: (Frame) -> Bool) -> Bool {
        finish(settings.current, emit: emit)
    }

    /// Forgets everything held (a seek: the frames before it are not wanted).
    func reset() {
        deinterlacer = nil
        forgetFirst()
        lastOutput = (-.infinity, 0)
        timing.reset()
    }

    private func finish(_ current: PictureSettings, emit: (Frame) -> Bool) -> Bool {
        guard let deinterlacer else { return true }
        self.deinterlacer = nil
        if framesIn == 1, let alone = DeinterlaceFilter(deinterlacer.input, within: true), alone.push(first.pointer) {
            forgetFirst()
            alone.finish()
            return drain(alone, seekTarget: .nan, current, emit: emit)
        }
        forgetFirst()
        deinterlacer.finish()
        return drain(deinterlacer, seekTarget: .nan, current, emit: emit)
    }

    /// Keeps a reference to `frame` when it is the deinterlacer's first; lets the first go at the second.
    /// (Counting no further than two: only a lone frame matters.)
    private func keepIfFirst(_ frame: Frame) {
        switch framesIn {
        case 0:
            // Not kept (no memory): the lone frame is let out as bwdif makes it.
            framesIn = av_frame_ref(first.pointer, frame.pointer) < 0 ? 2 : 1
        case 1:
            first.unref()
            framesIn = 2
        default:
            break
        }
    }

    private func forgetFirst() {
        first.unref()
        framesIn = 0
    }

    private func drain(_ deinterlacer: DeinterlaceFilter, seekTarget: Double, _ current: PictureSettings,
                       emit: (Frame) -> Bool) -> Bool {
        while deinterlacer.pull(into: filtered.pointer) {
            var start = MediaFile.seconds(filtered.pointer.pointee.pts, deinterlacer.outputTimeBase)
            // bwdif guesses the time of a last frame's second field from the frame before;
            // with none (a single frame after a seek) it repeats the first field's.
            if start <= lastOutput.start { start = lastOutput.start + lastOutput.duration }
            let duration = timing.duration(ofOutputAt: start)
            lastOutput = (start, duration)
            filtered.pts = start
            filtered.duration = duration
            filtered.serial = held.serial
            filtered.position = held.position
            filtered.seekTarget = seekTarget
            guard deliver(filtered, current, emit: emit) else { filtered.unref(); return false }
        }
        return true
    }

    /// The last steps: HDR frames are tone-mapped, then the user's filters run.
    private func deliver(_ frame: Frame, _ current: PictureSettings, emit: (Frame) -> Bool) -> Bool {
        switch toneMapper.map(frame, settings: current, into: mapped) {
        case true?:
            frame.unref()
            return userFilters.run(mapped, current.videoFilters, onTrouble: onTrouble, emit: emit)
        case false?:
            if !toldToneMappingTrouble {
                toldToneMappingTrouble = true
                onTrouble?("cannot tone-map this HDR picture format; showing it unmapped")
            }
            return userFilters.run(frame, current.videoFilters, onTrouble: onTrouble, emit: emit)
        case nil:
            return userFilters.run(frame, current.videoFilters, onTrouble: onTrouble, emit: emit)
        }
    }
}
