import CFFmpeg

/// Runs the user's video filters over each frame on the video decoder's thread: the graph is
/// built when the list or the picture's size or format changes; one that cannot be built is
/// told once and the pictures go on unfiltered; a graph may change the size of every frame.
final class UserFilterStage {
    private var filter: UserVideoFilter?
    /// The list the text was made from, and the text: joined again only when the list changes.
    private var entries: [String] = []
    private var text = ""
    /// The text and input a graph could not be built for: not retried for every frame.
    private var refused: (text: String, input: UserVideoFilter.Input)?
    /// The text last told about, so each broken chain gets one message.
    private var told: String?
    private let output = Frame()
    /// Frames go in timed in microseconds; what comes out is read back in the graph's base.
    private static let timeBase = AVRational(num: 1, den: 1_000_000)

    func run(_ frame: Frame, _ list: [String], onTrouble: ((String) -> Void)?, emit: (Frame) -> Bool) -> Bool {
        guard !list.isEmpty else {
            filter = nil
            return emit(frame)
        }
        if list != entries {
            entries = list
            text = list.joined(separator: ",")
        }
        let f = frame.pointer.pointee
        let input = UserVideoFilter.Input(width: f.width, height: f.height, format: f.format, timeBase: Self.timeBase,
                                          sampleAspect: f.sample_aspect_ratio)
        if filter?.input != input || filter?.text != text {
            filter = nil
            if refused?.text != text || refused?.input != input {
                do throws(UserVideoFilter.Failure) {
                    filter = try UserVideoFilter(input, text: text)
                } catch {
                    refused = (text, input)
                    tell(error, onTrouble)
                }
            }
        }
        guard let filter else { return emit(frame) }
        let (start, duration, serial, position, seekTarget) = (frame.pts, frame.duration, frame.serial, frame.position,
                                                              frame.seekTarget)
        frame.pointer.pointee.pts = start.isFinite ? Int64((start * 1_000_000).rounded()) : Int64.min
        guard filter.push(frame.pointer) else {
            self.filter = nil
            refused = (text, input)
            tell(.refused("the filters stopped taking pictures"), onTrouble)
            return emit(frame)
        }
        while filter.pull(into: output.pointer) {
            let pts = output.pointer.pointee.pts
            output.pts = pts == Int64.min ? start : MediaFile.seconds(pts, filter.outputTimeBase)
            output.duration = duration
            output.serial = serial
            output.position = position
            output.seekTarget = seekTarget
            guard emit(output) else { output.unref(); return false }
        }
        return true
    }

    private func tell(_ failure: UserVideoFilter.Failure, _ onTrouble: ((String) -> Void)?) {
        guard told != text else { return }
        told = text
        let reason = switch failure {
        case .unavailable: "libavfilter is not available"
        case .refused(let why): why
        }
        onTrouble?("video filter '\(text)': \(reason); playing without it")
    }
}
