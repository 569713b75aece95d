/// How vplay talks to servers: identity, headers, patience, certificates and reconnection.
/// Applies to network sources only; a local file never reaches a server on its own account.
public struct NetworkOptions: Sendable, Equatable {
    public var userAgent = "vplay"
    public var referrer: String?
    /// Extra request headers, each `Name: value`.
    public var headerFields: [String] = []
    /// Seconds a connection or a read may stay silent before it counts as failed.
    public var timeout: Double = 60
    /// Check the server's certificate (FFmpeg's own default is not to).
    public var verifiesTLS = true
    /// Certificate authorities to trust instead of the system's.
    public var tlsCAFile: String?
    /// Longest wait between two reconnection attempts, seconds: attempts wait 0, 1, 3 s…
    /// and stop past this, so a server gone for good fails within a few seconds.
    public var reconnectDelayMax = 4
    /// Which variant of an HLS master playlist plays (`--hls-bitrate`).
    public var hlsBitrate = HLSBitrate.max

    public init() {}

    /// Options for `avformat_open_input` (the http, tls and tcp protocols and the HLS and DASH
    /// demuxers read them; nested opens inherit them), in the order they are set.
    public var formatOptions: [(key: String, value: String)] {
        var options: [(key: String, value: String)] = [
            ("user_agent", userAgent),
            ("rw_timeout", String(Int64(timeout * 1_000_000))),
            ("tls_verify", verifiesTLS ? "1" : "0"),
            ("reconnect", "1"),
            ("reconnect_streamed", "1"),
            ("reconnect_on_network_error", "1"),
            ("reconnect_delay_max", String(reconnectDelayMax)),
            // Shoutcast/Icecast send the current song's title when asked.
            ("icy", "1"),
        ]
        if let referrer { options.append(("referer", referrer)) }
        if !headerFields.isEmpty { options.append(("headers", headerFields.map { $0 + "\r\n" }.joined())) }
        if let tlsCAFile { options.append(("ca_file", tlsCAFile)) }
        return options
    }
}
