import CFFmpeg

/// Owns a SwrContext converting decoded audio of any layout, rate and sample format
/// to the device's interleaved s16. Runs on the audio device's thread: a frame in the format
/// of the one before allocates nothing; the converter is set up again only when the input
/// format really changes.
final class Resampler: @unchecked Sendable {
    private var context: OpaquePointer?
    /// The input `context` was set up for: sample format, rate and channel layout.
    private var inputFormat: Int32 = -1
    private var inputRate: Int32 = 0
    private var inputLayout = AVChannelLayout()
    private let output: AudioFormat
    /// How many converters were set up: one per change of input format.
    private(set) var setups = 0

    init(output: AudioFormat) {
        self.output = output
    }

    deinit {
        swr_free(&context)
        av_channel_layout_uninit(&inputLayout)
    }

    /// Converts `frame` into `buffer` (which grows if needed); returns bytes written.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>, into buffer: inout ResampleBuffer) -> Int {
        guard prepare(for: frame) else { return 0 }
        let inSamples = Int(frame.pointee.nb_samples)
        let outCapacity = Int(swr_get_out_samples(context, Int32(inSamples))) + 256
        buffer.reserve(bytes: outCapacity * output.bytesPerFrame)
        var outPointer: UnsafeMutablePointer<UInt8>? = buffer.base
        let input = UnsafeMutableRawPointer(frame.pointee.extended_data)
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        let converted = swr_convert(context, &outPointer, Int32(outCapacity), input, Int32(inSamples))
        return converted > 0 ? Int(converted) * output.bytesPerFrame : 0
    }

    private func prepare(for frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        let format = frame.pointee.format
        let rate = frame.pointee.sample_rate
        // A view of the frame's layout, not a copy it owns: never uninit'd here.
        var layout = frame.pointee.ch_layout
        if layout.order == AV_CHANNEL_ORDER_UNSPEC || layout.nb_channels == 0 {
            vp_default_channel_layout(&layout, max(1, layout.nb_channels))
        }
        if context != nil, format == inputFormat, rate == inputRate,
           av_channel_layout_compare(&inputLayout, &layout) == 0 {
            return true
        }
        swr_free(&context)
        av_channel_layout_uninit(&inputLayout)
        inputFormat = -1
        var outLayout = AVChannelLayout()
        vp_default_channel_layout(&outLayout, Int32(output.channels))
        let status = swr_alloc_set_opts2(&context, &outLayout, AV_SAMPLE_FMT_S16, Int32(output.sampleRate),
                                         &layout, AVSampleFormat(format), rate, 0, nil)
        guard status >= 0, swr_init(context) >= 0, av_channel_layout_copy(&inputLayout, &layout) >= 0 else {
            swr_free(&context)
            return false
        }
        inputFormat = format
        inputRate = rate
        setups += 1
        return true
    }
}

/// A byte buffer reused across callbacks: allocation only when it must grow.
struct ResampleBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int = 64 * 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `bytes`; the contents are not kept.
    mutating func reserve(bytes: Int) {
        guard bytes > capacity else { return }
        base.deallocate()
        capacity = bytes
        base = .allocate(capacity: bytes)
    }

    /// Copies `bytes` to `offset`, growing (and keeping what lies before `offset`) if needed.
    mutating func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        let needed = offset + bytes.count
        if needed > capacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
            grown.update(from: base, count: offset)
            base.deallocate()
            base = grown
            capacity = max(needed, capacity * 2)
        }
        if let source = bytes.baseAddress {
            (base + offset).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
    }
}
