import CFFmpeg

/// Gives every resource a format context opens on its own (HLS segments and keys, DASH
/// fragments, redirects to another host) the network options the source itself was opened
/// with. FFmpeg's HLS and DASH demuxers pass on only a few (user agent, headers, timeout):
/// without this, segments over https would skip certificate checks and reconnection.
final class NestedOpenOptions: @unchecked Sendable {
    typealias Open = @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                     UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
                                     UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32

    private let options: [(key: String, value: String)]
    private var defaultOpen: Open?

    init(_ options: [(key: String, value: String)]) {
        self.options = options
    }

    /// Wraps `context`'s opener (FFmpeg's own, which applies the protocol allow-list). Uses
    /// the context's `opaque`; unretained, so the owner of the context keeps this object.
    func install(on context: UnsafeMutablePointer<AVFormatContext>) {
        defaultOpen = context.pointee.io_open
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.io_open = { context, pb, url, flags, dictionary in
            guard let context, let opaque = context.pointee.opaque else { return vp_averror(EINVAL) }
            let nested = Unmanaged<NestedOpenOptions>.fromOpaque(opaque).takeUnretainedValue()
            guard let open = nested.defaultOpen else { return vp_averror(EINVAL) }
            var local: OpaquePointer?
            let target = dictionary ?? withUnsafeMutablePointer(to: &local) { $0 }
            // What the demuxer set for this open wins.
            for (key, value) in nested.options { av_dict_set(target, key, value, AV_DICT_DONT_OVERWRITE) }
            let status = open(context, pb, url, flags, target)
            av_dict_free(&local)
            return status
        }
    }
}
