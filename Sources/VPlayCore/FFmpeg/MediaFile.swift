import CFFmpeg
import Foundation
import Synchronization

/// Owns the AVFormatContext of one opened file and describes its streams.
final class MediaFile: @unchecked Sendable {
    let context: UnsafeMutablePointer<AVFormatContext>
    let path: String
    let videoStream: Int?
    let audioStream: Int?
    /// A still picture attached to an audio file (cover art).
    let coverArtStream: Int?
    /// Each stream's picture size as the header declared it: probing turns a size FFmpeg
    /// refuses to allocate into 0×0, so it is kept from before.
    private let declaredPictureSizes: [(width: Int32, height: Int32)]
    /// Raised to make blocking reads return; checked by FFmpeg's interrupt callback.
    let interrupt: InterruptFlag

    /// - Parameter interrupt: raised by another thread, makes the open give up (and later reads).
    init(path: String, options: PlayerOptions, interrupt: InterruptFlag = InterruptFlag()) throws(PlayerError) {
        self.path = path
        self.interrupt = interrupt
        try Self.checkReadable(path)

        var ctx = avformat_alloc_context()
        guard let allocated = ctx else { throw PlayerError.cannotOpen(path, "out of memory") }
        allocated.pointee.interrupt_callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().isRaised ? 1 : 0
        }
        // Unretained: this file holds the flag for as long as the context lives.
        allocated.pointee.interrupt_callback.opaque = Unmanaged.passUnretained(interrupt).toOpaque()

        // Local playback opens only what the user named: no nested protocols, and no
        // demuxer that opens further files named inside the one given.
        var dict: OpaquePointer?
        av_dict_set(&dict, "protocol_whitelist", "file,pipe", 0)
        if !options.allowsNestedFiles {
            av_dict_set(&dict, "format_whitelist", Self.selfContainedDemuxers, 0)
        }
        let status = avformat_open_input(&ctx, path, nil, &dict)
        av_dict_free(&dict)
        guard status >= 0, let opened = ctx else {
            if interrupt.isRaised { throw PlayerError.cancelled(path) }
            throw PlayerError.cannotOpen(path, FFmpegError.message(status))
        }
        context = opened
        declaredPictureSizes = (0..<Int(opened.pointee.nb_streams)).map { index in
            let parameters = opened.pointee.streams[index]!.pointee.codecpar.pointee
            return (parameters.width, parameters.height)
        }
        // From here on deinit frees the context, so failures just throw.
        let info = avformat_find_stream_info(opened, nil)
        if info < 0 {
            videoStream = nil; audioStream = nil; coverArtStream = nil
            throw PlayerError.cannotOpen(path, FFmpegError.message(info))
        }
        let video = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let audio = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, video >= 0 ? video : -1, nil, 0)
        var picture: Int?
        if video >= 0, opened.pointee.streams[Int(video)]!.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 {
            picture = Int(video)
        }
        coverArtStream = options.videoEnabled ? picture : nil
        videoStream = (video >= 0 && picture == nil && options.videoEnabled) ? Int(video) : nil
        audioStream = (audio >= 0 && options.audioEnabled) ? Int(audio) : nil
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
        guard parameters.width <= 0 || parameters.height <= 0, index < declaredPictureSizes.count else { return nil }
        let declared = declaredPictureSizes[index]
        guard declared.width > 0, declared.height > 0,
              av_image_check_size(UInt32(declared.width), UInt32(declared.height), 0, nil) < 0 else { return nil }
        return declared
    }

    /// Seconds; nil when unknown.
    var duration: Double? {
        let d = context.pointee.duration
        guard d != vp_nopts_value(), d > 0 else { return nil }
        return Double(d) / Double(vp_time_base())
    }

    /// Where the file's timestamps begin, in seconds (0 when unknown).
    var startTime: Double {
        let s = context.pointee.start_time
        return s == vp_nopts_value() ? 0 : Double(s) / Double(vp_time_base())
    }

    var title: String? {
        guard let entry = av_dict_get(context.pointee.metadata, "title", nil, 0),
              let value = entry.pointee.value else { return nil }
        let title = String(cString: value)
        return title.isEmpty ? nil : title
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

    /// Every demuxer FFmpeg has except the nesting ones, as a `format_whitelist`.
    static let selfContainedDemuxers: String = {
        var names: [String] = []
        var state: UnsafeMutableRawPointer?
        while let demuxer = av_demuxer_iterate(&state) {
            for name in String(cString: demuxer.pointee.name).split(separator: ",") where !nestingDemuxers.contains(String(name)) {
                names.append(String(name))
            }
        }
        return names.joined(separator: ",")
    }()

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
