/// What to open, made once from what the user gave (a path, a `file:` URL, a network URL, an
/// entry of a playlist, a folder or a web page) and handed down to every open of it: playback,
/// previews, checks. Says where it is, which protocols it and whatever it names may use, how to
/// talk to its servers, and the title the list gave it.
public struct Source: Sendable, Equatable {
    public let location: SourceLocation
    /// How far the source may reach: `.local` opens local files and the network, `.network` the
    /// network only. A URL reaches the network only, and so does every entry of a list that
    /// came from the network, whatever the entry names: a remote list never opens a local file.
    public let reach: SourceLocation.Kind
    /// How each request for it talks to servers (the run's options, or a web page's headers).
    public var network: NetworkOptions
    /// The name the list gave it (a web page's title), over what the media says; nil for none.
    public var title: String?

    /// What the user named.
    public init(_ given: String, network: NetworkOptions = NetworkOptions(), title: String? = nil) {
        location = SourceLocation(given)
        reach = location.kind
        self.network = network
        self.title = title
    }

    /// An entry of the list `parent` names (a playlist, a web page's playlist or item, a
    /// folder): it may reach no further than the list, and talks to servers as the list did.
    public init(entry: String, listedBy parent: Source, title: String? = nil) {
        location = SourceLocation(entry)
        reach = parent.reach == .network ? .network : location.kind
        network = parent.network
        self.title = title
    }

    /// As given; FFmpeg opens this (a `file:` URL as the path it names).
    public var text: String { location.text }
    public var isNetwork: Bool { location.isNetwork }

    /// The reason it may not be opened at all: a local file named by something from the network.
    var refusal: String? {
        reach == .network && location.kind == .local ? "a network source may not open a local file" : nil
    }

    /// `protocol_whitelist` for opening it.
    var protocolAllowList: String { ProtocolPolicy.allowList(for: reach) }
    /// `protocol_blacklist` for opening it; nil when nothing needs forbidding.
    var protocolDenyList: String? { ProtocolPolicy.denyList(for: reach) }

    /// The same source, talking to servers with `network`.
    public func talking(with network: NetworkOptions) -> Source {
        var source = self
        source.network = network
        return source
    }
}
