import CFFmpeg

/// The tracks of an opened file, read from its streams: mpv's numbering (per kind, from 1,
/// in stream order), tags and dispositions. Streams of other kinds (data, attachments) and
/// subtitles no decoder knows are left out.
enum TrackCatalog {
    static func tracks(of file: MediaFile) -> [Track] {
        var tracks: [Track] = []
        var counts: [Track.Kind: Int] = [:]
        for index in 0..<Int(file.context.pointee.nb_streams) {
            let stream = file.stream(index)
            let parameters = stream.pointee.codecpar.pointee
            let kind: Track.Kind
            switch parameters.codec_type {
            case AVMEDIA_TYPE_VIDEO: kind = .video
            case AVMEDIA_TYPE_AUDIO: kind = .audio
            case AVMEDIA_TYPE_SUBTITLE: kind = .sub
            default: continue
            }
            let id = (counts[kind] ?? 0) + 1
            counts[kind] = id
            var track = Track(id: id, kind: kind, codec: String(cString: avcodec_get_name(parameters.codec_id)),
                              streamIndex: index)
            let language = tag("language", of: stream)
            track.language = language == "und" ? nil : language
            track.title = tag("title", of: stream)
            track.hlsBitrate = tag("variant_bitrate", of: stream).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            let disposition = stream.pointee.disposition
            track.isDefault = disposition & AV_DISPOSITION_DEFAULT != 0
            track.isForced = disposition & AV_DISPOSITION_FORCED != 0
            track.isAlbumArt = kind == .video && disposition & AV_DISPOSITION_ATTACHED_PIC != 0
            switch kind {
            case .video:
                track.width = parameters.width > 0 ? Int(parameters.width) : nil
                track.height = parameters.height > 0 ? Int(parameters.height) : nil
                let rate = av_guess_frame_rate(file.context, stream, nil)
                track.fps = rate.num > 0 && rate.den > 0 && !track.isAlbumArt ? av_q2d(rate) : nil
            case .audio:
                track.channelCount = parameters.ch_layout.nb_channels > 0 ? Int(parameters.ch_layout.nb_channels) : nil
                track.sampleRate = parameters.sample_rate > 0 ? Int(parameters.sample_rate) : nil
            case .sub:
                break
            }
            tracks.append(track)
        }
        return tracks
    }

    private static func tag(_ key: String, of stream: UnsafeMutablePointer<AVStream>) -> String? {
        guard let entry = av_dict_get(stream.pointee.metadata, key, nil, 0), let value = entry.pointee.value else {
            return nil
        }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
