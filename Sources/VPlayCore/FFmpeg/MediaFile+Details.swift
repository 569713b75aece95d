import CFFmpeg

/// The file's description of itself as the file properties give it, in mpv's names.
extension MediaFile {
    /// Read once, when the file opens.
    var details: MediaDetails {
        var video: [Int: VideoParameters] = [:]
        var audio: [Int: AudioParameters] = [:]
        var audioStreams: [Int] = []
        var movingPictures = 0
        for index in 0..<Int(context.pointee.nb_streams) {
            let stream = self.stream(index)
            switch stream.pointee.codecpar.pointee.codec_type {
            case AVMEDIA_TYPE_VIDEO:
                if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 { movingPictures += 1 }
                video[index] = videoParameters(of: stream)
            case AVMEDIA_TYPE_AUDIO:
                audioStreams.append(index)
                audio[index] = Self.audioParameters(of: stream.pointee.codecpar.pointee)
            default:
                break
            }
        }
        var tags = Self.entries(of: context.pointee.metadata)
        if movingPictures == 0, audioStreams.count == 1 {
            tags.merge(Self.entries(of: stream(audioStreams[0]).pointee.metadata)) { _, stream in stream }
        }
        var size: Int?
        if let pb = context.pointee.pb {
            let bytes = avio_size(pb)
            size = bytes >= 0 ? Int(bytes) : nil
        }
        return MediaDetails(format: String(cString: context.pointee.iformat.pointee.name), size: size, tags: tags,
                            video: video, audio: audio)
    }

    /// How stream `stream`'s pictures are meant to be seen: size, sample aspect, rotation.
    func geometry(of stream: UnsafeMutablePointer<AVStream>) -> VideoGeometry {
        let parameters = stream.pointee.codecpar.pointee
        let sar = av_guess_sample_aspect_ratio(context, stream, nil)
        let aspect = sar.num > 0 && sar.den > 0 ? av_q2d(sar) : 1
        return VideoGeometry(width: Int(parameters.width), height: Int(parameters.height),
                             sampleAspect: aspect, rotation: StreamRotation.clockwiseDegrees(of: stream))
    }

    private func videoParameters(of stream: UnsafeMutablePointer<AVStream>) -> VideoParameters? {
        let parameters = stream.pointee.codecpar.pointee
        let format = AVPixelFormat(parameters.format)
        guard let descriptor = av_pix_fmt_desc_get(format), let name = av_get_pix_fmt_name(format) else { return nil }
        var pixelFormat = String(cString: name)
        // mpv names formats of the machine's byte order without the suffix (`yuv420p10`).
        if pixelFormat.hasSuffix(Self.nativeEndianSuffix) { pixelFormat.removeLast(2) }
        // The JPEG formats are their plain ones in full range.
        let isJPEGRange = pixelFormat.hasPrefix("yuvj")
        if isJPEGRange { pixelFormat = "yuv" + pixelFormat.dropFirst(4) }
        let isRGB = descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        let bits = Int(av_get_padded_bits_per_pixel(descriptor))
        return VideoParameters(
            pixelFormat: pixelFormat, bitsPerPixel: bits > 0 ? bits : nil, geometry: geometry(of: stream),
            colorMatrix: isRGB ? "rgb" : Self.matrixNames[parameters.color_space.rawValue],
            colorLevels: isJPEGRange ? "full" : Self.levelNames[parameters.color_range.rawValue],
            primaries: Self.primaryNames[parameters.color_primaries.rawValue],
            gamma: Self.transferNames[parameters.color_trc.rawValue],
            chromaLocation: Self.chromaLocationNames[parameters.chroma_location.rawValue],
            isSubsampled: descriptor.pointee.log2_chroma_w > 0 || descriptor.pointee.log2_chroma_h > 0)
    }

    private static func audioParameters(of parameters: AVCodecParameters) -> AudioParameters? {
        guard let format = sampleFormatNames[parameters.format], parameters.sample_rate > 0 else { return nil }
        var layout = parameters.ch_layout
        let count = Int(layout.nb_channels)
        guard count > 0 else { return nil }
        var name = [CChar](repeating: 0, count: 64)
        var described = AVChannelLayout()
        if layout.order == AV_CHANNEL_ORDER_UNSPEC {
            // As mpv: the usual layout for that many channels.
            av_channel_layout_default(&described, Int32(count))
        } else {
            _ = av_channel_layout_copy(&described, &layout)
        }
        defer { av_channel_layout_uninit(&described) }
        let channels = av_channel_layout_describe(&described, &name, name.count) >= 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown\(count)"
        return AudioParameters(format: format, sampleRate: Int(parameters.sample_rate), channels: channels,
                               channelCount: count)
    }

    #if _endian(little)
    private static let nativeEndianSuffix = "le"
    #else
    private static let nativeEndianSuffix = "be"
    #endif

    // FFmpeg's colour tags in mpv's names; anything missing is unspecified (and guessed).

    private static let matrixNames: [UInt32: String] = [
        AVCOL_SPC_RGB.rawValue: "rgb", AVCOL_SPC_BT709.rawValue: "bt.709", AVCOL_SPC_BT470BG.rawValue: "bt.601",
        AVCOL_SPC_SMPTE170M.rawValue: "bt.601", AVCOL_SPC_SMPTE240M.rawValue: "smpte-240m",
        AVCOL_SPC_YCGCO.rawValue: "ycgco", AVCOL_SPC_BT2020_NCL.rawValue: "bt.2020-ncl",
        AVCOL_SPC_BT2020_CL.rawValue: "bt.2020-cl", AVCOL_SPC_ICTCP.rawValue: "bt.2100-pq",
    ]

    private static let levelNames: [UInt32: String] = [
        AVCOL_RANGE_MPEG.rawValue: "limited", AVCOL_RANGE_JPEG.rawValue: "full",
    ]

    private static let primaryNames: [UInt32: String] = [
        AVCOL_PRI_BT709.rawValue: "bt.709", AVCOL_PRI_BT470M.rawValue: "bt.470m",
        AVCOL_PRI_BT470BG.rawValue: "bt.601-625", AVCOL_PRI_SMPTE170M.rawValue: "bt.601-525",
        AVCOL_PRI_SMPTE240M.rawValue: "bt.601-525", AVCOL_PRI_FILM.rawValue: "film-c",
        AVCOL_PRI_BT2020.rawValue: "bt.2020", AVCOL_PRI_SMPTE428.rawValue: "cie1931",
        AVCOL_PRI_SMPTE431.rawValue: "dci-p3", AVCOL_PRI_SMPTE432.rawValue: "display-p3",
        AVCOL_PRI_EBU3213.rawValue: "ebu3213",
    ]

    private static let transferNames: [UInt32: String] = [
        AVCOL_TRC_BT709.rawValue: "bt.1886", AVCOL_TRC_SMPTE170M.rawValue: "bt.1886",
        AVCOL_TRC_SMPTE240M.rawValue: "bt.1886", AVCOL_TRC_BT2020_10.rawValue: "bt.1886",
        AVCOL_TRC_BT2020_12.rawValue: "bt.1886", AVCOL_TRC_GAMMA22.rawValue: "gamma2.2",
        AVCOL_TRC_GAMMA28.rawValue: "gamma2.8", AVCOL_TRC_LINEAR.rawValue: "linear",
        AVCOL_TRC_IEC61966_2_1.rawValue: "srgb", AVCOL_TRC_SMPTE2084.rawValue: "pq",
        AVCOL_TRC_SMPTE428.rawValue: "st428", AVCOL_TRC_ARIB_STD_B67.rawValue: "hlg",
    ]

    private static let chromaLocationNames: [UInt32: String] = [
        AVCHROMA_LOC_LEFT.rawValue: "mpeg2/4/h264", AVCHROMA_LOC_CENTER.rawValue: "mpeg1/jpeg",
        AVCHROMA_LOC_TOPLEFT.rawValue: "uhd", AVCHROMA_LOC_TOP.rawValue: "top",
        AVCHROMA_LOC_BOTTOMLEFT.rawValue: "bottom-left", AVCHROMA_LOC_BOTTOM.rawValue: "bottom",
    ]

    private static let sampleFormatNames: [Int32: String] = [
        AV_SAMPLE_FMT_U8.rawValue: "u8", AV_SAMPLE_FMT_S16.rawValue: "s16", AV_SAMPLE_FMT_S32.rawValue: "s32",
        AV_SAMPLE_FMT_S64.rawValue: "s64", AV_SAMPLE_FMT_FLT.rawValue: "float", AV_SAMPLE_FMT_DBL.rawValue: "double",
        AV_SAMPLE_FMT_U8P.rawValue: "u8p", AV_SAMPLE_FMT_S16P.rawValue: "s16p", AV_SAMPLE_FMT_S32P.rawValue: "s32p",
        AV_SAMPLE_FMT_S64P.rawValue: "s64p", AV_SAMPLE_FMT_FLTP.rawValue: "floatp",
        AV_SAMPLE_FMT_DBLP.rawValue: "doublep",
    ]
}
