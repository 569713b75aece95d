/// The demuxer cache between reading and decoding: how much is read ahead of the play
/// position, how much is kept behind it for seeking back, and waiting for it when it runs dry.
public struct CacheOptions: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable {
        /// On for network sources, off for local files.
        case auto
        case yes
        case no
    }

    public var mode = Mode.auto
    /// Bytes of packets read ahead of the play position, at most.
    public var maxBytes = 150 << 20
    /// Bytes of packets kept behind the play position, at most.
    public var maxBackBytes = 50 << 20
    /// Seconds to read ahead when bytes allow.
    public var readAheadSeconds: Double = 1000
    /// Pause while the cache is empty (`--cache-pause`), until `pauseWait` seconds are in.
    public var pausesWhenEmpty = true
    public var pauseWait: Double = 1

    public init() {}

    /// Whether the cache serves a source of `kind`.
    public func isEnabled(for kind: SourceLocation.Kind) -> Bool {
        switch mode {
        case .auto: kind == .network
        case .yes: true
        case .no: false
        }
    }
}
