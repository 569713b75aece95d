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
    /// The centre's and the surrounds' levels (see `setMatrix`); nil for libswresample's own
    /// matrix. A change sets the converter up again at the next frame.
    var downmix: DynamicRange.Downmix?
    private var preparedDownmix: DynamicRange.Downmix?
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
           av_channel_layout_compare(&inputLayout, &layout) == 0, preparedDownmix == downmix {
            return true
        }
        swr_free(&context)
        av_channel_layout_uninit(&inputLayout)
        inputFormat = -1
        var outLayout = AVChannelLayout()
        vp_default_channel_layout(&outLayout, Int32(output.channels))
        let status = swr_alloc_set_opts2(&context, &outLayout, AV_SAMPLE_FMT_S16, Int32(output.sampleRate),
                                         &layout, AVSampleFormat(format), rate, 0, nil)
        guard status >= 0, downmix.map({ setMatrix($0, from: &layout, to: &outLayout) }) ?? true, swr_init(context) >= 0, av_channel_layout_copy(&inputLayout, &layout) >= 0 else {
            swr_free(&context)
            return false
        }
        inputFormat = format
        inputRate = rate
        preparedDownmix = downmix
        setups += 1
        return true
    }

    /// Gives the converter libswresample's own matrix with the centre and the surrounds at
    /// `downmix`'s levels, whether they are folded into the fronts or kept as channels (the
    /// sound server may fold them later: the balance between them is set here either way).
    /// Rows are scaled down together so that no output can clip.
    private func setMatrix(_ downmix: DynamicRange.Downmix, from input: inout AVChannelLayout, to output: inout AVChannelLayout) -> Bool {
        let inputs = Int(input.nb_channels), outputs = Int(output.nb_channels)
        var matrix = [Double](repeating: 0, count: inputs * outputs)
        guard swr_build_matrix2(&input, &output, 1, 1, 0, Double(Int32.max), 1, &matrix, inputs,
                                AV_MATRIX_ENCODING_NONE, nil) >= 0 else { return false }
        for column in 0..<inputs {
            let channel = av_channel_layout_channel_from_index(&input, UInt32(column))
            let level = channel == AV_CHAN_FRONT_CENTER ? downmix.centre
                : Self.surrounds.contains(channel) ? downmix.surround : 1
            for row in 0..<outputs { matrix[column + row * inputs] *= level }
        }
        let loudestRow = (0..<outputs).map { row in (0..<inputs).reduce(0.0) { $0 + abs(matrix[$1 + row * inputs]) } }.max() ?? 1
        if loudestRow > 1 { matrix = matrix.map { $0 / loudestRow } }
        return swr_set_matrix(context, matrix, Int32(inputs)) >= 0
    }

    private static let surrounds: Set<AVChannel> = [AV_CHAN_SIDE_LEFT, AV_CHAN_SIDE_RIGHT, AV_CHAN_BACK_LEFT, AV_CHAN_BACK_RIGHT,
                                                    AV_CHAN_BACK_CENTER, AV_CHAN_SURROUND_DIRECT_LEFT, AV_CHAN_SURROUND_DIRECT_RIGHT]
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
