import CPulse
import Glibc

/// libpulse-simple, loaded when sound first plays through `PulseAudioOutput`; nil where it
/// cannot be loaded (SDL's output is used then). Holds the few entry points the output calls.
struct PulseLibrary: @unchecked Sendable {
    typealias Stream = OpaquePointer
    typealias Text = UnsafePointer<CChar>

    let new: @convention(c) (Text?, Text?, pa_stream_direction_t, Text?, Text?, UnsafePointer<pa_sample_spec>?,
                             UnsafePointer<pa_channel_map>?, UnsafePointer<pa_buffer_attr>?,
                             UnsafeMutablePointer<Int32>?) -> Stream?
    let free: @convention(c) (Stream?) -> Void
    let write: @convention(c) (Stream?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32
    let latency: @convention(c) (Stream?, UnsafeMutablePointer<Int32>?) -> pa_usec_t
    /// Drops what the server holds for the stream and has not played yet.
    let flush: @convention(c) (Stream?, UnsafeMutablePointer<Int32>?) -> Int32
    let channelMap: @convention(c) (UnsafeMutablePointer<pa_channel_map>?, UInt32, pa_channel_map_def_t)
        -> UnsafeMutablePointer<pa_channel_map>?

    /// Loaded once, on first use.
    static let shared = PulseLibrary()

    private init?() {
        guard let handle = dlopen("libpulse-simple.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let new = symbol("pa_simple_new", as: (@convention(c) (
                  Text?, Text?, pa_stream_direction_t, Text?, Text?, UnsafePointer<pa_sample_spec>?,
                  UnsafePointer<pa_channel_map>?, UnsafePointer<pa_buffer_attr>?, UnsafeMutablePointer<Int32>?) -> Stream?).self),
              let free = symbol("pa_simple_free", as: (@convention(c) (Stream?) -> Void).self),
              let write = symbol("pa_simple_write", as: (@convention(c) (
                  Stream?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32).self),
              let latency = symbol("pa_simple_get_latency", as: (@convention(c) (
                  Stream?, UnsafeMutablePointer<Int32>?) -> pa_usec_t).self),
              let flush = symbol("pa_simple_flush", as: (@convention(c) (
                  Stream?, UnsafeMutablePointer<Int32>?) -> Int32).self),
              // From libpulse, which libpulse-simple loads.
              let channelMap = symbol("pa_channel_map_init_extend", as: (@convention(c) (
                  UnsafeMutablePointer<pa_channel_map>?, UInt32, pa_channel_map_def_t) -> UnsafeMutablePointer<pa_channel_map>?).self)
        else {
            dlclose(handle)
            return nil
        }
        // Kept loaded for the life of the process, like the streams made from it.
        self.new = new
        self.free = free
        self.write = write
        self.latency = latency
        self.flush = flush
        self.channelMap = channelMap
    }
}
