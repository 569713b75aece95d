import CFFmpeg

/// The video decoder's last step before the frame queue: deinterlaces (bwdif at field
/// rate) what the settings ask for. Runs on the decoder's thread; progressive video under
/// `auto` never touches libavfilter.
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
    private var lastOutput = (start: -Double.infinity, duration: 0.0)
    /// Called once when bwdif cannot be used (libavfilter missing, format refused).
    var onTrouble: ((String) -> Void)?

    init(settings: SharedPictureSettings, timeBase: AVRational) {
        self.settings = settings
        self.timeBase = timeBase
    }

    /// Sends `frame` on as zero or more frames through `emit` (which takes each frame's
    /// contents). `frame` is left empty. False when `emit` gave up (shutdown).
    func process(_ frame: Frame, emit: (Frame) -> Bool) -> Bool {
        let mode = settings.current.deinterlace
        let flagged = frame.pointer.pointee.interlaced_frame != 0
        guard mode != .no, mode == .yes || flagged || deinterlacer != nil else {
            return finish(emit: emit) && emit(frame)
        }
        let f = frame.pointer.pointee
        let input = DeinterlaceFilter.Input(width: f.width, height: f.height, format: f.format, timeBase: timeBase,
                                            sampleAspect: f.sample_aspect_ratio, everyFrame: mode == .yes)
        if deinterlacer?.input != input {
            guard finish(emit: emit) else { return false }
            if input != refused {
                deinterlacer = DeinterlaceFilter(input)
                if deinterlacer == nil {
                    refused = input
                    onTrouble?("cannot deinterlace (bwdif unavailable for this picture); showing it as it is")
                }
            }
        }
        guard let deinterlacer else { return emit(frame) }
        timing.noteInput(start: frame.pts, duration: frame.duration,
                         splitsInFields: mode.deinterlaces(flaggedInterlaced: flagged))
        frame.pointer.pointee.pts = frame.pointer.pointee.best_effort_timestamp
        held = (frame.serial, frame.position)
        let seekTarget = frame.seekTarget
        guard deinterlacer.push(frame.pointer) else {
            self.deinterlacer = nil
            return emit(frame)
        }
        return drain(deinterlacer, seekTarget: seekTarget, emit: emit)
    }

    /// Lets out what the deinterlacer still holds (the codec reached the end of its stream,
    /// or the settings changed). False when `emit` gave up.
    func finish(emit: (Frame) -> Bool) -> Bool {
        guard let deinterlacer else { return true }
        self.deinterlacer = nil
        deinterlacer.finish()
        return drain(deinterlacer, seekTarget: .nan, emit: emit)
    }

    /// Forgets everything held (a seek: the frames before it are not wanted).
    func reset() {
        deinterlacer = nil
        lastOutput = (-.infinity, 0)
        timing.reset()
    }

    private func drain(_ deinterlacer: DeinterlaceFilter, seekTarget: Double, emit: (Frame) -> Bool) -> Bool {
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
            guard emit(filtered) else { filtered.unref(); return false }
        }
        return true
    }
}
