import CFFmpeg

extension Player {
    /// Opens `path` just far enough to know it would play — a container FFmpeg reads, with a
    /// stream it has a decoder for — and starts nothing. A file dropped on the window or
    /// loaded over IPC is checked first, so a wrong one is refused while the current file
    /// plays on instead of being stopped for nothing.
    public static func checkPlayable(path: String, options: PlayerOptions,
                                     interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        let file = try MediaFile(path: path, options: options, interrupt: interrupt)
        let candidates = [file.videoStream, file.audioStream, file.coverArtStream].compactMap { $0 }
        var firstProblem: PlayerError?
        for index in candidates {
            if let size = file.refusedPictureSize(of: index) {
                firstProblem = firstProblem ?? .noDecoder(path, "picture size \(size.width)x\(size.height) is too large")
                continue
            }
            let parameters = file.stream(index).pointee.codecpar.pointee
            if avcodec_find_decoder(parameters.codec_id) != nil { return }
            firstProblem = firstProblem ?? .noDecoder(path, CodecContext.missingDecoder(parameters))
        }
        throw firstProblem ?? .noDecoder(path, "no playable stream")
    }
}
