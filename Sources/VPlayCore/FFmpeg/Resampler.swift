import CFFmpeg

/// Owns a SwrContext converting decoded audio of any layout, rate and sample format
/// to the device's interleaved s16. Rebuilt only when the input format changes.
final class Resampler: @unchecked Sendable {
    private var context: OpaquePointer?
    private var inputKey: (format: Int32, rate: Int32, layout: String)?
    private let output: AudioFormat

    init(output: AudioFormat) {
        self.output = output
    }

    deinit {
        swr_free(&context)
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
        var layout = frame.pointee.ch_layout
        if layout.order == AV_CHANNEL_ORDER_UNSPEC || layout.nb_channels == 0 {
            vp_default_channel_layout(&layout, max(1, layout.nb_channels))
        }
        var description = [CChar](repeating: 0, count: 128)
        av_channel_layout_describe(&layout, &description, description.count)
        let layoutName = String(decoding: description.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let key = inputKey, key.format == format, key.rate == rate, key.layout == layoutName, context != nil {
            return true
        }
        swr_free(&context)
        var outLayout = AVChannelLayout()
        vp_default_channel_layout(&outLayout, Int32(output.channels))
        let status = swr_alloc_set_opts2(&context, &outLayout, AV_SAMPLE_FMT_S16, Int32(output.sampleRate),
                                         &layout, AVSampleFormat(format), rate, 0, nil)
        guard status >= 0, swr_init(context) >= 0 else {
            swr_free(&context)
            inputKey = nil
            return false
        }
        inputKey = (format, rate, layoutName)
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
