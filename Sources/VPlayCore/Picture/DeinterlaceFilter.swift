import CFFmpeg

/// One libavfilter `bwdif` graph at field rate: each interlaced frame in gives two whole
/// frames out, one per field (50i → 50p). Built for one picture size and format; the owner
/// builds a new one when those change, after a seek, or after `finish`.
///
/// bwdif looks one frame ahead: a frame's fields come out once the next frame went in, or
/// after `finish`. It needs a neighbour: a frame alone (a paused seek's target, drained on its
/// own) comes out of it woven, so a lone frame goes through a graph `within` the frame
/// (`estdif`, which looks at no other frame) instead.
final class DeinterlaceFilter {
    struct Input: Equatable {
        var width, height: Int32
        var format: Int32
        var timeBase: AVRational
        var sampleAspect: AVRational
        /// Deinterlace every frame, not only those flagged interlaced.
        var everyFrame: Bool

        static func == (a: Input, b: Input) -> Bool {
            a.width == b.width && a.height == b.height && a.format == b.format && a.everyFrame == b.everyFrame
                && av_cmp_q(a.timeBase, b.timeBase) == 0 && av_cmp_q(a.sampleAspect, b.sampleAspect) == 0
        }
    }

    let input: Input
    /// Whether it deinterlaces each frame from its own lines alone.
    let within: Bool
    /// The time base of the frames that come out (half the input's: fields fall between frames).
    private(set) var outputTimeBase = AVRational(num: 1, den: 1)
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private let library = FilterLibrary.shared

    /// Nil when libavfilter or the filter is missing or refuses the input.
    /// - Parameter within: deinterlace each frame from its own lines (no look ahead).
    init?(_ input: Input, within: Bool = false) {
        self.input = input
        self.within = within
        guard input.width >= 4, input.height >= 4, buildGraph() else { return nil }
    }

    deinit {
        library?.graphFree(&graph)
    }

    private func buildGraph() -> Bool {
        guard let library, let graph = library.graphAlloc() else { return false }
        self.graph = graph
        // Two slices at most: the decoder's own threads need the cores more.
        graph.pointee.nb_threads = 2
        func create(_ filter: String, _ label: String, _ args: String?) -> UnsafeMutablePointer<AVFilterContext>? {
            var context: UnsafeMutablePointer<AVFilterContext>?
            guard let definition = library.filter(named: filter),
                  library.graphCreateFilter(&context, definition, label, args, nil, graph) >= 0 else { return nil }
            return context
        }
        let aspect = input.sampleAspect.num > 0 && input.sampleAspect.den > 0 ? input.sampleAspect : AVRational(num: 1, den: 1)
        let sourceArguments = "video_size=\(input.width)x\(input.height):pix_fmt=\(input.format)"
            + ":time_base=\(input.timeBase.num)/\(input.timeBase.den):pixel_aspect=\(aspect.num)/\(aspect.den)"
        let deint = input.everyFrame ? "all" : "interlaced"
        guard let source = create("buffer", "in", sourceArguments),
              let filter = within
                ? create("estdif", "deinterlace", "mode=field:parity=auto:deint=\(deint)")
                : create("bwdif", "deinterlace", "mode=send_field:parity=auto:deint=\(deint)"),
              let sink = create("buffersink", "out", nil),
              library.link(source, 0, filter, 0) >= 0,
              library.link(filter, 0, sink, 0) >= 0,
              library.graphConfig(graph, nil) >= 0
        else { return false }
        self.source = source
        self.sink = sink
        outputTimeBase = sink.pointee.inputs[0]!.pointee.time_base
        return true
    }

    /// Hands `frame`'s picture to the filter (no copy), leaving `frame` empty.
    func push(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let library, let source else { return false }
        return library.addFrame(source, frame, 0) >= 0
    }

    /// Tells the filter no frame follows, so it lets out the last one's fields. The filter
    /// takes no frames after this.
    func finish() {
        guard let library, let source else { return }
        _ = library.addFrame(source, nil, 0)
    }

    /// Moves the next finished frame into `frame`; false when none is ready.
    func pull(into frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let library, let sink else { return false }
        return library.takeFrame(sink, frame) >= 0
    }
}
