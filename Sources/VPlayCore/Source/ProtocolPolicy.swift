/// Which of FFmpeg's protocols a source may open, itself and through whatever it names
/// (HLS segments, DASH fragments, keys, redirects). A network resource may reach the network
/// only: a playlist fetched over http that names `file:`, `pipe:` or `concat:` is refused.
public enum ProtocolPolicy {
    /// The schemes vplay plays as network sources.
    public static let networkSchemes: Set<String> = [
        "http", "https", "rtsp", "rtsps", "rtmp", "rtmps", "rtmpt", "rtmpts", "udp", "rtp", "srtp", "tcp", "tls",
    ]

    /// Network protocols FFmpeg may use on behalf of any source. `crypto` decrypts AES-128 HLS
    /// segments (its inner URL is checked against this same list); `httpproxy` carries
    /// `http_proxy` connections.
    static let network = [
        "http", "https", "tls", "tcp", "udp", "rtp", "srtp", "rtsp", "rtsps",
        "rtmp", "rtmps", "rtmpt", "rtmpts", "crypto", "httpproxy",
    ]

    /// The protocols a local file adds: itself, or standard input.
    static let local = ["file", "pipe"]

    /// Protocols never opened, whatever else allows them: they read local files by another name
    /// (`concat:`, `subfile:`, `data:` inside a remote manifest) or run or read anything.
    static let forbiddenForNetwork = ["file", "pipe", "concat", "concatf", "subfile", "data", "fd", "cache", "async"]

    /// `protocol_whitelist` for a source of `kind`.
    public static func allowList(for kind: SourceLocation.Kind) -> String {
        switch kind {
        case .local: (local + network).joined(separator: ",")
        case .network: network.joined(separator: ",")
        }
    }

    /// `protocol_blacklist` for a source of `kind`; nil when nothing needs forbidding.
    public static func denyList(for kind: SourceLocation.Kind) -> String? {
        kind == .network ? forbiddenForNetwork.joined(separator: ",") : nil
    }
}
