import Foundation
import CFFmpeg

/// The user's video filters (`--vf`, the `vf` property): a libavfilter graph made from their
/// text, between a buffer source and a buffer sink, for one input picture size and format.
/// Built on the video decoder's thread; the owner builds another when the input or the text
/// changes.
final class UserVideoFilter {
    struct Input: Equatable {
        var width, height: Int32
        var format: Int32
        var timeBase: AVRational
        var sampleAspect: AVRational

        static func == (a: Input, b: Input) -> Bool {
            a.width == b.width && a.height == b.height && a.format == b.format
                && av_cmp_q(a.timeBase, b.timeBase) == 0 && av_cmp_q(a.sampleAspect, b.sampleAspect) == 0
        }
    }

    let input: Input
    let text: String
    private(set) var outputTimeBase = AVRational(num: 1, den: 1)
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private let library = FilterLibrary.shared

    /// What went wrong building the graph, for the one message.
    enum Failure: Error, Equatable {
        case unavailable
        case refused(String)
    }

    /// - Throws: `.unavailable` without libavfilter, `.refused` with libavfilter's reason
    ///   when the text is no graph or the filters refuse the input.
    init(_ input: Input, text: String) throws(Failure) {
        self.input = input
        self.text = text
        guard let library, let graph = library.graphAlloc() else { throw .unavailable }
        self.graph = graph
        graph.pointee.nb_threads = 2
        let aspect = input.sampleAspect.num > 0 && input.sampleAspect.den > 0 ? input.sampleAspect : AVRational(num: 1, den: 1)
        let whole = "buffer@vplay_in=video_size=\(input.width)x\(input.height):pix_fmt=\(input.format)"
            + ":time_base=\(input.timeBase.num)/\(input.timeBase.den):pixel_aspect=\(aspect.num)/\(aspect.den),"
            + text + ",buffersink@vplay_out"
        var inputs: FilterLibrary.Pads?, outputs: FilterLibrary.Pads?
        var status = library.graphParse(graph, whole, &inputs, &outputs)
        // A closed chain leaves no open ends; any there are go unused.
        library.padsFree(&inputs)
        library.padsFree(&outputs)
        if status >= 0 { status = library.graphConfig(graph, nil) }
        guard status >= 0, let source = library.graphFilter(graph, "buffer@vplay_in"),
              let sink = library.graphFilter(graph, "buffersink@vplay_out") else {
            throw .refused(status < 0 ? FFmpegError.message(status) : "no single chain from the picture to the screen")
        }
        self.source = source
        self.sink = sink
        outputTimeBase = sink.pointee.inputs[0]!.pointee.time_base
    }

    deinit {
        library?.graphFree(&graph)
    }

    /// Hands `frame`'s picture to the graph (no copy), leaving `frame` empty.
    func push(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let library, let source else { return false }
        return library.addFrame(source, frame, 0) >= 0
    }

    /// Moves the next finished frame into `frame`; false when none is ready.
    func pull(into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let library, let sink else { return false }
        return library.takeFrame(sink, frame) >= 0
    }
}
