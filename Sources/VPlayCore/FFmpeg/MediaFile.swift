import CFFmpeg
import Foundation
import Synchronization

/// Owns the AVFormatContext of one opened source (a local file or a network resource) and
/// describes its streams.
final class MediaFile: @unchecked Sendable {
    let context: UnsafeMutablePointer<AVFormatContext>
    let source: Source
    let path: String
    let location: SourceLocation
    let videoStream: Int?
    let audioStream: Int?
    /// A still picture attached to an audio file (cover art).
    let coverArtStream: Int?
    /// What opening it learned, for other readers of the same source.
    let facts: SourceFacts
    /// Opened with the facts of another open rather than probed: its own context does not
    /// know the timeline's start and length as probing would.
    let isReread: Bool
    /// Raised to make blocking reads return; checked by FFmpeg's interrupt callback.
    let interrupt: InterruptFlag
    /// The interrupt callback's answer: cancelled, or a network call past its deadline.
    let blockingCalls: BlockingCallGuard
    /// Seconds a network call may block (`--network-timeout`); infinite for local files,
    /// where a pipe may rightly wait for its writer.
    let callTimeout: Double
    /// The network options passed on to what a network source opens by itself; nil for local files.
    private let nestedOpens: NestedOpenOptions?

    /// Opens `path` as the user named it, talking to servers with `options.network`.
    convenience init(path: String, options: PlayerOptions, interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        try self.init(source: Source(path, network: options.network), options: options, interrupt: interrupt)
    }

    /// - Parameters:
    ///   - rereading: what another open of `source` learned: the format and streams are taken
    ///     from it rather than probed again (unless this open's header shows other streams).
    ///   - interrupt: raised by another thread, makes the open give up (and later reads).
    init(source: Source, options: PlayerOptions, rereading learned: SourceFacts? = nil,
         interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        let path = source.text
        self.source = source
        self.path = path
        self.interrupt = interrupt
        let location = source.location
        self.location = location
        blockingCalls = BlockingCallGuard(cancel: interrupt)
        callTimeout = location.isNetwork ? source.network.timeout : .infinity
        if let refusal = source.refusal { throw PlayerError.cannotOpen(path, refusal) }
        // A `file:` URL opens as the path it names: FFmpeg would not decode `%20`.
        let target = location.filePath ?? path
        if !location.isNetwork { try Self.checkReadable(target) }

        var ctx = avformat_alloc_context()
        guard let allocated = ctx else { throw PlayerError.cannotOpen(path, "out of memory") }
        blockingCalls.install(on: allocated)
        nestedOpens = location.isNetwork ? NestedOpenOptions(source.network.formatOptions) : nil
        nestedOpens?.install(on: allocated)

        var dict: OpaquePointer?
        for (key, value) in Self.openOptions(for: source, options: options) {
            av_dict_set(&dict, key, value, 0)
        }
        blockingCalls.limit(to: callTimeout)
        let status = avformat_open_input(&ctx, target, learned?.format, &dict)
        av_dict_free(&dict)
        guard status >= 0, let opened = ctx else {
            if interrupt.isRaised { throw PlayerError.cancelled(path) }
            if blockingCalls.hasTimedOut { throw PlayerError.cannotOpen(path, Self.timeoutMessage(callTimeout)) }
            var reason = FFmpegError.message(status)
            if !location.isNetwork, !options.allowsNestedFiles, status == vp_averror(EINVAL),
               let format = NestingFormatProbe.format(of: target) {
                reason = NestingFormatProbe.refusal(format)
            }
            if location.scheme == "https", status == vp_averror(EIO), source.network.verifiesTLS {
                // GnuTLS reports a certificate it cannot verify as a plain I/O error.
                reason += " (is the server's certificate trusted? see --tls-ca-file, --tls-verify=no)"
            }
            throw PlayerError.cannotOpen(path, reason)
        }
        context = opened
        // From here on deinit frees the context, so failures just throw.
        if let learned, learned.describeStreams(of: opened) {
            isReread = true
            facts = learned
            videoStream = learned.videoStream
            audioStream = learned.audioStream
            coverArtStream = learned.coverArtStream
            return
        }
        isReread = false
        let declaredPictureSizes = (0..<Int(opened.pointee.nb_streams)).map { index in
            let parameters = opened.pointee.streams[index]!.pointee.codecpar.pointee
            return (width: parameters.width, height: parameters.height)
        }
        blockingCalls.limit(to: callTimeout)
        let info = avformat_find_stream_info(opened, nil)
        blockingCalls.limit(to: .infinity)
        func learn(video: Int?, audio: Int?, coverArt: Int?) -> SourceFacts {
            SourceFacts(context: opened, videoStream: video, audioStream: audio, coverArtStream: coverArt,
                        startTime: Self.startTime(of: opened), duration: Self.duration(of: opened),
                        declaredPictureSizes: declaredPictureSizes)
        }
        if info < 0 {
            videoStream = nil; audioStream = nil; coverArtStream = nil
            facts = learn(video: nil, audio: nil, coverArt: nil)
            if interrupt.isRaised { throw PlayerError.cancelled(path) }
            throw PlayerError.cannotOpen(path, FFmpegError.message(info))
        }
        let video = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let audio = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, video >= 0 ? video : -1, nil, 0)
        var picture: Int?
        if video >= 0, opened.pointee.streams[Int(video)]!.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 {
            picture = Int(video)
        }
        let chosenCoverArt = options.videoEnabled ? picture : nil
        let chosenVideo = (video >= 0 && picture == nil && options.videoEnabled) ? Int(video) : nil
        let chosenAudio = (audio >= 0 && options.audioEnabled) ? Int(audio) : nil
        coverArtStream = chosenCoverArt
        videoStream = chosenVideo
        audioStream = chosenAudio
        facts = learn(video: chosenVideo, audio: chosenAudio, coverArt: chosenCoverArt)
        if video < 0 && audio < 0 {
            throw PlayerError.cannotOpen(path, "no audio or video stream")
        }
    }

    deinit {
        var ctx: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&ctx)
    }

    /// Makes any blocking read return promptly; used on shutdown.
    func interruptBlockingCalls() {
        interrupt.raise()
    }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// The size the header declared for stream `index` when it is too large for FFmpeg to
    /// allocate (it then reports 0×0 and decodes nothing); nil otherwise.
    func refusedPictureSize(of index: Int) -> (width: Int32, height: Int32)? {
        let parameters = stream(index).pointee.codecpar.pointee
        guard parameters.width <= 0 || parameters.height <= 0, index < facts.declaredPictureSizes.count else { return nil }
        let declared = facts.declaredPictureSizes[index]
        guard declared.width > 0, declared.height > 0,
              av_image_check_size(UInt32(declared.width), UInt32(declared.height), 0, nil) < 0 else { return nil }
        return declared
    }

    /// Seconds; nil when unknown.
    var duration: Double? { isReread ? facts.duration : Self.duration(of: context) }

    /// Where the file's timestamps begin, in seconds (0 when unknown).
    var startTime: Double { isReread ? facts.startTime : Self.startTime(of: context) }

    private static func duration(of context: UnsafeMutablePointer<AVFormatContext>) -> Double? {
        let d = context.pointee.duration
        guard d != vp_nopts_value(), d > 0 else { return nil }
        return Double(d) / Double(vp_time_base())
    }

    private static func startTime(of context: UnsafeMutablePointer<AVFormatContext>) -> Double {
        let s = context.pointee.start_time
        return s == vp_nopts_value() ? 0 : Double(s) / Double(vp_time_base())
    }

    var title: String? {
        guard let entry = av_dict_get(context.pointee.metadata, "title", nil, 0),
              let value = entry.pointee.value else { return nil }
        let title = String(cString: value)
        return title.isEmpty ? nil : title
    }

    /// Whether a seek can go anywhere: a local file, a download the server serves in ranges,
    /// or an HLS/DASH presentation of known length. A live stream or a server that ignores
    /// `Range` cannot.
    var isSeekable: Bool {
        if let pb = context.pointee.pb, pb.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0 { return true }
        let format = String(cString: context.pointee.iformat.pointee.name)
        return duration != nil && Self.manifestDemuxers.contains(format)
    }

    /// Shoutcast/Icecast metadata: the song now playing (`StreamTitle`), else the station's name.
    /// Nil for anything else. Read on the demux thread (or before it starts), as it reads the
    /// connection's own state.
    var streamTitle: String? {
        guard location.isNetwork, let pb = context.pointee.pb else { return nil }
        func option(_ name: String) -> String? {
            var value: UnsafeMutablePointer<UInt8>?
            guard av_opt_get(pb, name, AV_OPT_SEARCH_CHILDREN, &value) >= 0, let value else { return nil }
            defer { av_free(value) }
            return String(cString: value)
        }
        return option("icy_metadata_packet").flatMap(IcyMetadata.streamTitle(in:))
            ?? option("icy_metadata_headers").flatMap(IcyMetadata.stationName(in:))
    }

    /// The chapters in time order, times counted from `origin` (the file's start time).
    func chapters(from origin: Double) -> [Chapter] {
        let count = Int(context.pointee.nb_chapters)
        guard count > 0, let list = context.pointee.chapters else { return [] }
        return (0..<count).compactMap { index -> Chapter? in
            guard let chapter = list[index] else { return nil }
            let base = chapter.pointee.time_base
            guard chapter.pointee.start != vp_nopts_value(), base.den > 0 else { return nil }
            let time = Double(chapter.pointee.start) * Double(base.num) / Double(base.den) - origin
            let metadata = Self.entries(of: chapter.pointee.metadata)
            return Chapter(time: max(0, time), title: metadata["title"].flatMap { $0.isEmpty ? nil : $0 }, metadata: metadata)
        }.sorted { $0.time < $1.time }
    }

    /// Every key and value of an AVDictionary.
    static func entries(of dictionary: OpaquePointer?) -> [String: String] {
        var entries: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            if let key = next.pointee.key, let value = next.pointee.value {
                entries[String(cString: key)] = String(cString: value)
            }
            entry = next
        }
        return entries
    }

    /// Demuxers that read other files by name: lists, playlists, manifests, image sequences.
    static let nestingDemuxers: Set<String> = ["concat", "hls", "applehttp", "dash", "image2", "imagedir", "tee"]

    /// Manifests of network presentations: allowed for network sources, whose nested opens
    /// the protocol allow-list keeps on the network.
    static let manifestDemuxers: Set<String> = ["hls", "applehttp", "dash"]

    /// Every demuxer FFmpeg has except the nesting ones, as a `format_whitelist`.
    static let selfContainedDemuxers: String = demuxers { !nestingDemuxers.contains($0) }

    /// Self-contained demuxers plus HLS and DASH.
    static let networkDemuxers: String = demuxers { !nestingDemuxers.contains($0) || manifestDemuxers.contains($0) }

    private static func demuxers(where included: (String) -> Bool) -> String {
        var names: [String] = []
        var state: UnsafeMutableRawPointer?
        while let demuxer = av_demuxer_iterate(&state) {
            for name in String(cString: demuxer.pointee.name).split(separator: ",") where included(String(name)) {
                names.append(String(name))
            }
        }
        return names.joined(separator: ",")
    }

    /// What `avformat_open_input` is told for `source`: the protocols it and everything it
    /// names may use, the demuxers allowed, and for a network source how to talk to servers.
    static func openOptions(for source: Source, options: PlayerOptions) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = [("protocol_whitelist", source.protocolAllowList)]
        if let denied = source.protocolDenyList { result.append(("protocol_blacklist", denied)) }
        if source.isNetwork {
            result.append(("format_whitelist", networkDemuxers))
            result += source.network.formatOptions
        } else if !options.allowsNestedFiles {
            // Local playback opens only what the user named: no demuxer that opens further
            // files named inside the one given.
            result.append(("format_whitelist", selfContainedDemuxers))
        }
        return result
    }

    static func timeoutMessage(_ seconds: Double) -> String {
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "no answer from the server in \(shown) s (--network-timeout)"
    }

    static func seconds(_ value: Int64, _ timeBase: AVRational) -> Double {
        guard value != vp_nopts_value() else { return .nan }
        return Double(value) * av_q2d(timeBase)
    }

    private static func checkReadable(_ path: String) throws(PlayerError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PlayerError.cannotOpen(path, String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw PlayerError.cannotOpen(path, "Is a directory")
        }
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0 {
            throw PlayerError.cannotOpen(path, "file is empty")
        }
        guard access(path, R_OK) == 0 else {
            throw PlayerError.cannotOpen(path, String(cString: strerror(errno)))
        }
    }
}
