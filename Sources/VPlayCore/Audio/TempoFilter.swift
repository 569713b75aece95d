import CFFmpeg
import Foundation

/// Changes playback speed while keeping pitch, on interleaved s16 at the device's rate and
/// channel count. Owns its filter graph; use from one thread at a time.
///
/// libavfilter's `rubberband` (a phase vocoder that keeps onsets crisp and in place) when the
/// FFmpeg build has it, else `atempo` (WSOLA: cheaper, but it smears an onset up to one 43 ms
/// window early at slow speeds, which no clock correction can undo). Output frame k carries
/// media from input frame ≈ (k - delay) * tempo, where `delay` is what `TempoCalibration`
/// measured for this filter. Tempo 1 without filters bypasses the graph: exact.
///
/// The user's filters (`--af`, as libavfilter graph text: see `AudioFilterChain`) go first in
/// the same graph, so the sound passes through one graph whatever is asked of it.
///
/// Rubberband runs with its short window and bins phased independently: with its defaults an
/// onset's delay depends on the sound (a drum hit at 2× came up to 10 ms earlier than a tone
/// burst), so one measured delay cannot serve every sound; this way tones, beeps, plucks and
/// noise bursts all land within 2 ms of it, at half the delay. The price, by rubberband's own
/// account of these options, is a slightly softer, phasier sound.
final class TempoFilter: @unchecked Sendable {
    let sampleRate: Int
    let channels: Int
    let tempo: Double
    /// The user's filters, libavfilter graph text; empty for none.
    let filters: String
    /// Frames pushed in / handed out since creation.
    private(set) var inputSamples = 0
    private(set) var outputSamples = 0

    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var inputFrame: UnsafeMutablePointer<AVFrame>?
    private var outputFrame: UnsafeMutablePointer<AVFrame>?
    private var layout = AVChannelLayout()
    private var ended = false
    private let library = FilterLibrary.shared

    static let tempoRange = 0.25...4.0
    /// Whether this FFmpeg build has librubberband; decided once.
    static let hasRubberband = FilterLibrary.shared?.filter(named: "rubberband") != nil

    /// `rubberband: false` forces atempo (for comparison in tests).
    init?(sampleRate: Int, channels: Int, tempo: Double, filters: String = "", rubberband: Bool = hasRubberband) {
        guard Self.tempoRange.contains(tempo), sampleRate > 0, (1...64).contains(channels) else { return nil }
        self.sampleRate = sampleRate
        self.channels = channels
        self.tempo = tempo
        self.filters = filters
        vp_default_channel_layout(&layout, Int32(channels))
        if tempo == 1 && filters.isEmpty { return }
        inputFrame = av_frame_alloc()
        outputFrame = av_frame_alloc()
        guard inputFrame != nil, outputFrame != nil, buildGraph(rubberband: rubberband) == nil else { return nil }
    }

    /// Why `filters` cannot play on sound of this rate and channel count (libavfilter's word
    /// for it), nil when they can. Builds the graph once and frees it: for a command's check,
    /// not for the audio device's thread.
    static func problem(with filters: String, sampleRate: Int, channels: Int) -> String? {
        guard !filters.isEmpty else { return nil }
        guard FilterLibrary.shared != nil else { return "libavfilter cannot be loaded" }
        let probe = TempoFilter(sampleRate: sampleRate, channels: channels, tempo: 1, filters: "")
        guard let probe else { return "no graph for \(channels) channels at \(sampleRate) Hz" }
        probe.inputFrame = av_frame_alloc()
        probe.outputFrame = av_frame_alloc()
        return probe.buildGraph(rubberband: false, filters: filters)
    }

    deinit {
        library?.graphFree(&graph)
        av_frame_free(&inputFrame)
        av_frame_free(&outputFrame)
        av_channel_layout_uninit(&layout)
    }

    /// The filter instances for `tempo`, with their settings: one rubberband, or atempo stages
    /// (0.5...100 each in FFmpeg 5.1: below 0.5, equal factors chained).
    static func stages(for tempo: Double, rubberband: Bool = hasRubberband)
        -> [(filter: String, tempo: Double, options: KeyValuePairs<String, String>)] {
        // Rubberband's settings put onsets at the same delay whatever the sound (see above).
        if rubberband { return [("rubberband", tempo, ["window": "short", "phase": "independent"])] }
        var count = 1
        while pow(tempo, 1 / Double(count)) < 0.5 - 1e-12 { count += 1 }
        return Array(repeating: ("atempo", max(0.5, pow(tempo, 1 / Double(count))), [:]), count: count)
    }

    /// Builds source → the user's filters → the tempo stages → s16 at the device's format →
    /// sink; nil on success, else what went wrong.
    private func buildGraph(rubberband: Bool, filters: String? = nil) -> String? {
        let filters = filters ?? self.filters
        guard let library, let graph = library.graphAlloc() else { return "libavfilter cannot be loaded" }
        self.graph = graph
        graph.pointee.nb_threads = 1  // the tempo filters are not threaded; avoid a worker pool per graph.
        var name = [CChar](repeating: 0, count: 128)
        av_channel_layout_describe(&layout, &name, name.count)
        let layoutName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let rate = sampleRate

        func create(_ filter: String, _ label: String, _ args: String?) -> UnsafeMutablePointer<AVFilterContext>? {
            var context: UnsafeMutablePointer<AVFilterContext>?
            guard library.graphCreateFilter(&context, library.filter(named: filter), label, args, nil, graph) >= 0
            else { return nil }
            return context
        }
        guard let source = create("abuffer", "in",
                                  "sample_rate=\(rate):sample_fmt=s16:channel_layout=\(layoutName):time_base=1/\(rate)"),
              let format = create("aformat", "format",
                                  "sample_fmts=s16:sample_rates=\(rate):channel_layouts=\(layoutName)"),
              let sink = create("abuffersink", "out", nil)
        else { return "cannot make the graph's ends" }

        // Each link goes from the last output pad to the next filter's first input.
        var last = (context: source, pad: UInt32(0))
        if !filters.isEmpty {
            var inputs: FilterLibrary.Pads?, outputs: FilterLibrary.Pads?
            defer {
                library.padsFree(&inputs)
                library.padsFree(&outputs)
            }
            let status = library.graphParse(graph, filters, &inputs, &outputs)
            guard status >= 0 else { return Self.errorText(status) }
            guard let input = inputs?.pointee, input.next == nil, let start = input.filter_ctx,
                  let output = outputs?.pointee, output.next == nil, let end = output.filter_ctx
            else { return "the filters must take one input and give one output" }
            guard library.link(source, 0, start, UInt32(input.pad_idx)) >= 0 else { return "cannot link the filters" }
            last = (end, UInt32(output.pad_idx))
        }
        var chain: [UnsafeMutablePointer<AVFilterContext>] = []
        for (index, step) in (tempo == 1 ? [] : Self.stages(for: tempo, rubberband: rubberband)).enumerated() {
            // Set as a double option rather than parsed text: no locale or rounding surprises.
            guard let stage = library.graphAllocFilter(graph, library.filter(named: step.filter), "tempo\(index)"),
                  av_opt_set_double(stage, "tempo", step.tempo, AV_OPT_SEARCH_CHILDREN) >= 0,
                  step.options.allSatisfy({ av_opt_set(stage, $0.key, $0.value, AV_OPT_SEARCH_CHILDREN) >= 0 }),
                  library.initialize(stage, nil) >= 0
            else { return "cannot make the tempo filter" }
            chain.append(stage)
        }
        chain += [format, sink]
        for next in chain {
            guard library.link(last.context, last.pad, next, 0) >= 0 else { return "cannot link the filters" }
            last = (next, 0)
        }
        let status = library.graphConfig(graph, nil)
        guard status >= 0 else { return Self.errorText(status) }
        self.source = source
        self.sink = sink
        return nil
    }

    private static func errorText(_ status: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        av_strerror(status, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Pushes whole frames of interleaved s16 and hands every chunk produced to `output`
    /// (often none: atempo works in windows). A trailing partial frame is ignored.
    func process(_ input: UnsafeRawBufferPointer, into output: (UnsafeRawBufferPointer) -> Void) {
        let bytesPerFrame = channels * 2
        let count = input.count / bytesPerFrame
        guard !ended, count > 0, let base = input.baseAddress else { return }
        if tempo == 1 && filters.isEmpty {
            inputSamples += count
            outputSamples += count
            output(UnsafeRawBufferPointer(start: base, count: count * bytesPerFrame))
            return
        }
        guard let frame = inputFrame, let source else { return }
        // A frame without buffers pointing at the caller's memory: buffersrc copies it
        // into its own pool, so nothing here outlives the call.
        av_frame_unref(frame)
        frame.pointee.format = AV_SAMPLE_FMT_S16.rawValue
        frame.pointee.sample_rate = Int32(sampleRate)
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.pts = Int64(inputSamples)
        guard av_channel_layout_copy(&frame.pointee.ch_layout, &layout) >= 0 else { return }
        frame.pointee.data.0 = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        frame.pointee.linesize.0 = Int32(count * bytesPerFrame)
        let dataOffset = MemoryLayout<AVFrame>.offset(of: \AVFrame.data)!
        frame.pointee.extended_data = (UnsafeMutableRawPointer(frame) + dataOffset)
            .assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        let status = library?.addFrame(source, frame, 0) ?? -1
        av_frame_unref(frame)
        guard status >= 0 else { return }
        inputSamples += count
        pull(into: output)
    }

    /// Ends the stream and hands over what atempo still holds. Later `process` calls do nothing.
    func drain(into output: (UnsafeRawBufferPointer) -> Void) {
        guard !ended else { return }
        ended = true
        guard let source else { return }
        guard let library, library.addFrame(source, nil, 0) >= 0 else { return }
        pull(into: output)
    }

    private func pull(into output: (UnsafeRawBufferPointer) -> Void) {
        guard let library, let sink, let frame = outputFrame else { return }
        let bytesPerFrame = channels * 2
        while library.takeFrame(sink, frame) >= 0 {
            let count = Int(frame.pointee.nb_samples)
            if count > 0, let data = frame.pointee.data.0 {
                outputSamples += count
                output(UnsafeRawBufferPointer(start: data, count: count * bytesPerFrame))
            }
            av_frame_unref(frame)
        }
    }
}
