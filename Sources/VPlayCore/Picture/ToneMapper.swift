import CFFmpeg
import CPictureKernels

/// Turns HDR frames (PQ or HLG) into 8-bit BT.709 SDR 4:2:0 frames of the same size, with
/// the kernel in `CPictureKernels` and tables made once per signal and curve. Both ways to
/// the screen, the screenshots and the software scaler then handle them as any SDR frame.
/// The output pictures come from a buffer pool: nothing is allocated per frame once it runs.
final class ToneMapper {
    private var tables: ToneMapTables?
    private var pool: OpaquePointer?
    private var poolSize = (width: Int32(0), height: Int32(0))
    private var layout = (lumaPitch: 0, chromaPitch: 0, lumaBytes: 0, chromaBytes: 0)
    /// The stream's light-level metadata, kept from the frame that last carried it (decoders
    /// attach it to some frames only).
    private var metadataPeak: Double?
    /// For formats the kernel does not read (8-bit or semi-planar HDR): a 16-bit copy.
    private let widener = FormatWidener()

    deinit {
        av_buffer_pool_uninit(&pool)
    }

    /// Forgets the stream's metadata (another file or track).
    func reset() {
        metadataPeak = nil
    }

    /// Tone-maps `frame` into `output` when it is HDR. Nil for SDR frames (nothing to do);
    /// false when it is HDR but could not be mapped (the caller shows it as it is).
    func map(_ frame: Frame, settings: PictureSettings, into output: Frame) -> Bool? {
        let source = frame.pointer
        let trc = source.pointee.color_trc
        guard trc == AVCOL_TRC_SMPTE2084 || trc == AVCOL_TRC_ARIB_STD_B67 else { return nil }
        if let peak = HDRSignal.metadataPeak(of: source) { metadataPeak = peak }
        guard let readable = FormatWidener.isReadable(AVPixelFormat(source.pointee.format)) ? source : widener.widen(source),
              let depth = FormatWidener.bitDepth(AVPixelFormat(readable.pointee.format)),
              let signal = HDRSignal(frame: source, bitDepth: depth, metadataPeak: metadataPeak,
                                     requestedPeak: settings.hdrPeak)
        else { return false }
        if tables?.signal != signal || tables?.curve != settings.toneMapping {
            tables = ToneMapTables(signal: signal, curve: settings.toneMapping)
        }
        guard let tables, prepareOutput(output, like: source) else { return false }
        let s = readable.pointee, o = output.pointer.pointee
        withUnsafePointer(to: tables.parameters) { parameters in
            vp_tone_map_420(parameters,
                            UnsafeRawPointer(s.data.0!).assumingMemoryBound(to: UInt16.self), Int(s.linesize.0) / 2,
                            UnsafeRawPointer(s.data.1!).assumingMemoryBound(to: UInt16.self), Int(s.linesize.1) / 2,
                            UnsafeRawPointer(s.data.2!).assumingMemoryBound(to: UInt16.self), Int(s.linesize.2) / 2,
                            o.data.0, Int(o.linesize.0), o.data.1, Int(o.linesize.1), o.data.2, Int(o.linesize.2),
                            s.width, s.height)
        }
        output.pts = frame.pts
        output.duration = frame.duration
        output.serial = frame.serial
        output.position = frame.position
        output.seekTarget = frame.seekTarget
        return true
    }

    /// An SDR BT.709 frame the size of `source`, its picture from the pool.
    private func prepareOutput(_ output: Frame, like source: UnsafeMutablePointer<AVFrame>) -> Bool {
        let width = source.pointee.width, height = source.pointee.height
        guard width > 0, height > 0 else { return false }
        if pool == nil || poolSize != (width, height) {
            av_buffer_pool_uninit(&pool)
            let lumaPitch = (Int(width) + 63) & ~63, chromaPitch = ((Int(width) + 1) / 2 + 63) & ~63
            layout = (lumaPitch, chromaPitch, lumaPitch * Int(height), chromaPitch * ((Int(height) + 1) / 2))
            pool = av_buffer_pool_init(layout.lumaBytes + 2 * layout.chromaBytes + 64, nil)
            poolSize = (width, height)
        }
        guard let buffer = av_buffer_pool_get(pool) else { return false }
        let o = output.pointer
        av_frame_unref(o)
        let base = buffer.pointee.data!
        o.pointee.buf.0 = buffer
        o.pointee.data.0 = base
        o.pointee.data.1 = base + layout.lumaBytes
        o.pointee.data.2 = base + layout.lumaBytes + layout.chromaBytes
        o.pointee.linesize.0 = Int32(layout.lumaPitch)
        o.pointee.linesize.1 = Int32(layout.chromaPitch)
        o.pointee.linesize.2 = Int32(layout.chromaPitch)
        o.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        o.pointee.width = width
        o.pointee.height = height
        o.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        o.pointee.pts = source.pointee.pts
        o.pointee.best_effort_timestamp = source.pointee.best_effort_timestamp
        o.pointee.pkt_pos = source.pointee.pkt_pos
        o.pointee.color_range = AVCOL_RANGE_MPEG
        o.pointee.colorspace = AVCOL_SPC_BT709
        o.pointee.color_primaries = AVCOL_PRI_BT709
        o.pointee.color_trc = AVCOL_TRC_BT709
        return true
    }
}
