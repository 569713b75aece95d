/// A network source's connection, as far as the user needs to hear of it.
extension Player {
    /// Says once per drop (at most every 10 s) that a lost connection is being made again;
    /// the http protocol mends it by itself, `demuxer.failure` tells when it gave up.
    func watchConnection(now: Double) {
        guard file.location.isNetwork else { return }
        let count = FFmpegLog.reconnectCount
        guard count != reconnectsSeen else { return }
        reconnectsSeen = count
        guard now - (lastReconnectNotice ?? -.infinity) >= 10 else { return }
        lastReconnectNotice = now
        warn("connection to the server lost; reconnecting")
    }

    /// A radio names each song as it starts: the title follows unless the container has one.
    func followStreamTitle() {
        guard file.location.isNetwork, file.title == nil, let live = demuxer.streamTitle, live != state.title else { return }
        state.title = live
    }
}
