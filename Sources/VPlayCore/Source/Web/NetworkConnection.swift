import CFFmpeg

/// One read-only connection through FFmpeg's network protocols, made as every request of a
/// page is: the network options, the network allow-list, and `interrupt` or the timeout able
/// to end any wait on it.
enum NetworkConnection {
    /// Opens `url`, hands the connection and its guard (to renew the timeout between reads) to
    /// `body`, and closes it after; `refused` gets FFmpeg's status when it cannot be opened.
    static func with<T>(_ url: String, network: NetworkOptions, interrupt: InterruptFlag,
                        refused: (Int32) -> T,
                        _ body: (UnsafeMutablePointer<AVIOContext>, BlockingCallGuard) -> T) -> T {
        let guardian = BlockingCallGuard(cancel: interrupt)
        guardian.limit(to: network.timeout)
        var callback = AVIOInterruptCB()
        callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<BlockingCallGuard>.fromOpaque(opaque).takeUnretainedValue().shouldGiveUp ? 1 : 0
        }
        callback.opaque = Unmanaged.passUnretained(guardian).toOpaque()
        var dictionary: OpaquePointer?
        av_dict_set(&dictionary, "protocol_whitelist", ProtocolPolicy.allowList(for: .network), 0)
        if let denied = ProtocolPolicy.denyList(for: .network) { av_dict_set(&dictionary, "protocol_blacklist", denied, 0) }
        for (key, value) in network.formatOptions where key != "icy" { av_dict_set(&dictionary, key, value, 0) }
        // The guard answers the callback until the connection is closed.
        return withExtendedLifetime(guardian) {
            var context: UnsafeMutablePointer<AVIOContext>?
            let status = avio_open2(&context, url, AVIO_FLAG_READ, &callback, &dictionary)
            av_dict_free(&dictionary)
            guard status >= 0, let opened = context else { return refused(status) }
            defer { avio_closep(&context) }
            return body(opened, guardian)
        }
    }
}
