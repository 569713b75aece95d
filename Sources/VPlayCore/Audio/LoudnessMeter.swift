import CFFmpeg
import Foundation

/// Measures a file's integrated loudness (EBU R128, LUFS) with libavfilter's `ebur128`, on a
/// reader of its own: the playing file's reader is never touched. Blocking; for a background
/// thread. Raising `interrupt` makes it give up.
final class LoudnessMeter: @unchecked Sendable {
    private let format = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    private let library = FilterLibrary.shared
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var inputFrame = av_frame_alloc()
    private var outputFrame = av_frame_alloc()
    private var layout = AVChannelLayout()
    private var fedSamples = 0
    /// The last integrated figure the filter reported.
    private(set) var integrated: Double?

    init?() {
        vp_default_channel_layout(&layout, 2)
        guard inputFrame != nil, outputFrame != nil, buildGraph() else { return nil }
    }

    deinit {
        library?.graphFree(&graph)
        av_frame_free(&inputFrame)
        av_frame_free(&outputFrame)
        av_channel_layout_uninit(&layout)
    }

    /// The integrated loudness of `path`'s sound, over its first `seconds` (all of it when
    /// nil); nil when it has no sound, cannot be read or was interrupted.
    static func measure(path: String, options: PlayerOptions, seconds: Double? = nil,
                        interrupt: InterruptFlag = InterruptFlag()) -> Double? {
        measurement(path: path, options: options, seconds: seconds, interrupt: interrupt)?.integrated
    }

    /// The integrated loudness of `path`'s sound over its first `seconds` (all of it when nil),
    /// nil when it has none, and the seconds of sound it went by; nil when it cannot be read or
    /// was interrupted.
    static func measurement(path: String, options: PlayerOptions, seconds: Double? = nil,
                            interrupt: InterruptFlag = InterruptFlag()) -> (integrated: Double?, seconds: Double)? {
        guard let file = try? MediaFile(path: path, options: options, interrupt: interrupt),
              let index = file.audioStream,
              let codec = try? CodecContext(stream: file.stream(index), path: path, threads: 1),
              let meter = LoudnessMeter()
        else { return nil }
        let resampler = Resampler(output: meter.format)
        var buffer = ResampleBuffer()
        let packet = Packet(), frame = Frame()
        let limit = seconds.map { Int($0 * Double(meter.format.sampleRate)) } ?? .max
        var reading = true
        while !interrupt.isRaised, meter.fedSamples < limit {
            if reading {
                let status = av_read_frame(file.context, packet.pointer)
                if status < 0 {
                    reading = false
                    avcodec_send_packet(codec.pointer, nil)
                } else {
                    defer { av_packet_unref(packet.pointer) }
                    guard packet.pointer.pointee.stream_index == Int32(index) else { continue }
                    _ = avcodec_send_packet(codec.pointer, packet.pointer)
                }
            }
            var decoded = false
            while avcodec_receive_frame(codec.pointer, frame.pointer) >= 0 {
                decoded = true
                let bytes = resampler.convert(frame.pointer, into: &buffer)
                meter.feed(UnsafeRawBufferPointer(start: buffer.base, count: bytes))
                frame.unref()
            }
            if !reading && !decoded { break }
        }
        guard !interrupt.isRaised else { return nil }
        meter.finish()
        return (meter.integrated, Double(meter.fedSamples) / Double(meter.format.sampleRate))
    }

    /// abuffer → ebur128 (its figures as each frame's metadata) → abuffersink.
    private func buildGraph() -> Bool {
        guard let library, let graph = library.graphAlloc() else { return false }
        self.graph = graph
        graph.pointee.nb_threads = 1
        func create(_ filter: String, _ label: String, _ args: String?) -> UnsafeMutablePointer<AVFilterContext>? {
            var context: UnsafeMutablePointer<AVFilterContext>?
            guard library.graphCreateFilter(&context, library.filter(named: filter), label, args, nil, graph) >= 0
            else { return nil }
            return context
        }
        let rate = format.sampleRate
        guard let source = create("abuffer", "in", "sample_rate=\(rate):sample_fmt=s16:channel_layout=stereo:time_base=1/\(rate)"),
              let meter = create("ebur128", "meter", "metadata=1"),
              let sink = create("abuffersink", "out", nil),
              library.link(source, 0, meter, 0) >= 0, library.link(meter, 0, sink, 0) >= 0,
              library.graphConfig(graph, nil) >= 0
        else { return false }
        self.source = source
        self.sink = sink
        return true
    }

    private func feed(_ samples: UnsafeRawBufferPointer) {
        let count = samples.count / format.bytesPerFrame
        guard count > 0, let base = samples.baseAddress, let frame = inputFrame, let source, let library else { return }
        // The frame points at the caller's memory; buffersrc copies it before returning.
        av_frame_unref(frame)
        frame.pointee.format = AV_SAMPLE_FMT_S16.rawValue
        frame.pointee.sample_rate = Int32(format.sampleRate)
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.pts = Int64(fedSamples)
        guard av_channel_layout_copy(&frame.pointee.ch_layout, &layout) >= 0 else { return }
        frame.pointee.data.0 = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        frame.pointee.linesize.0 = Int32(samples.count)
        let dataOffset = MemoryLayout<AVFrame>.offset(of: \AVFrame.data)!
        frame.pointee.extended_data = (UnsafeMutableRawPointer(frame) + dataOffset)
            .assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        let status = library.addFrame(source, frame, 0)
        av_frame_unref(frame)
        guard status >= 0 else { return }
        fedSamples += count
        pull()
    }

    private func finish() {
        guard let source, let library, library.addFrame(source, nil, 0) >= 0 else { return }
        pull()
    }

    private func pull() {
        guard let library, let sink, let frame = outputFrame else { return }
        while library.takeFrame(sink, frame) >= 0 {
            if let entry = av_dict_get(frame.pointee.metadata, "lavfi.r128.I", nil, 0), let value = entry.pointee.value,
               let figure = Double(String(cString: value)) {
                integrated = figure
            }
            av_frame_unref(frame)
        }
    }
}
