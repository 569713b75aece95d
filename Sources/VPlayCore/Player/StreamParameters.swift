/// A video stream's pictures as decoded, in mpv's names (`video-params`). Colour facts the
/// stream leaves unspecified are nil here and guessed as mpv guesses them when shown.
public struct VideoParameters: Sendable, Equatable {
    /// The pixel format in mpv's spelling (`yuv420p`, `nv12`, `yuv420p10`).
    public var pixelFormat: String
    /// Bits per pixel averaged over the planes, padding included; nil when unknown.
    public var bitsPerPixel: Int?
    public var geometry: VideoGeometry
    /// `bt.601`, `bt.709`, `bt.2020-ncl`, `rgb`...; nil when unspecified.
    public var colorMatrix: String?
    /// `limited` or `full`; nil when unspecified.
    public var colorLevels: String?
    /// `bt.709`, `bt.601-525`, `bt.2020`...; nil when unspecified.
    public var primaries: String?
    /// The transfer: `bt.1886`, `srgb`, `pq`, `hlg`...; nil when unspecified.
    public var gamma: String?
    /// Where chroma samples sit (`mpeg2/4/h264`, `mpeg1/jpeg`...); nil when unspecified.
    public var chromaLocation: String?
    /// Chroma has fewer samples than luma (4:2:0, 4:2:2).
    public var isSubsampled: Bool

    public init(pixelFormat: String, bitsPerPixel: Int? = nil, geometry: VideoGeometry, colorMatrix: String? = nil,
                colorLevels: String? = nil, primaries: String? = nil, gamma: String? = nil,
                chromaLocation: String? = nil, isSubsampled: Bool = true) {
        self.pixelFormat = pixelFormat
        self.bitsPerPixel = bitsPerPixel
        self.geometry = geometry
        self.colorMatrix = colorMatrix
        self.colorLevels = colorLevels
        self.primaries = primaries
        self.gamma = gamma
        self.chromaLocation = chromaLocation
        self.isSubsampled = isSubsampled
    }

    /// An RGB pixel format (no matrix to read it with).
    private var isRGB: Bool { colorMatrix == "rgb" }

    /// High definition by mpv's rule: 1280 wide or more than 576 lines.
    private var isHD: Bool { geometry.width >= 1280 || geometry.height > 576 }

    /// The parameters with what the stream leaves unspecified filled in as mpv guesses it.
    public var guessed: VideoParameters {
        var p = self
        if p.isRGB {
            p.colorLevels = "full"
            p.primaries = p.primaries ?? "bt.709"
            p.gamma = p.gamma ?? "srgb"
        } else {
            p.colorMatrix = p.colorMatrix ?? (isHD ? "bt.709" : "bt.601")
            p.colorLevels = p.colorLevels ?? "limited"
            p.primaries = p.primaries ?? {
                switch p.colorMatrix {
                case "bt.2020-ncl", "bt.2020-cl": "bt.2020"
                case "bt.709": "bt.709"
                default: isHD ? "bt.709" : geometry.height == 576 ? "bt.601-625"
                    : [480, 486].contains(geometry.height) ? "bt.601-525" : "bt.709"
                }
            }()
            p.gamma = p.gamma ?? (p.colorLevels == "limited" ? "bt.1886" : "srgb")
        }
        p.chromaLocation = p.isSubsampled ? p.chromaLocation ?? (p.colorLevels == "full" ? "mpeg1/jpeg" : "mpeg2/4/h264")
            : "mpeg1/jpeg"
        return p
    }

    /// The picture as it goes to the screen (`video-out-params`): HDR is tone-mapped to 8-bit
    /// BT.709 SDR, and formats other than 4:2:0 and NV12 are converted to 8-bit 4:2:0.
    public var output: VideoParameters {
        var p = guessed
        if p.gamma == "pq" || p.gamma == "hlg" {
            (p.colorMatrix, p.colorLevels, p.primaries, p.gamma) = ("bt.709", "limited", "bt.709", "bt.1886")
            p.pixelFormat = "yuv420p"
        } else if p.pixelFormat != "yuv420p" && p.pixelFormat != "nv12" {
            p.pixelFormat = "yuv420p"
        }
        p.bitsPerPixel = 12
        p.isSubsampled = true
        return p
    }

    /// The size shown, as mpv gives it: the sample aspect widens the picture (or, below 1,
    /// makes it taller); the rotation is left to `rotate`.
    public var displaySize: (width: Int, height: Int) {
        let aspect = geometry.sampleAspect
        guard aspect.isFinite, aspect > 0 else { return (geometry.width, geometry.height) }
        if aspect > 1 { return (Int((Double(geometry.width) * aspect).rounded()), geometry.height) }
        return (geometry.width, Int((Double(geometry.height) / aspect).rounded()))
    }

    /// The map `video-params` gives, with guesses filled in.
    public var propertyValue: PropertyValue {
        let p = guessed
        let display = displaySize
        var fields: [String: PropertyValue] = [
            "pixelformat": .text(p.pixelFormat),
            "w": .integer(geometry.width), "h": .integer(geometry.height),
            "dw": .integer(display.width), "dh": .integer(display.height),
            "aspect": .number(display.height > 0 ? Double(display.width) / Double(display.height) : 0),
            "par": .number(geometry.sampleAspect),
            "sar": .number(geometry.height > 0 ? Double(geometry.width) / Double(geometry.height) : 0),
            "rotate": .integer(geometry.rotation),
            "average-bpp": .available(p.bitsPerPixel),
        ]
        let named: [(String, String?)] = [("colormatrix", p.colorMatrix), ("colorlevels", p.colorLevels),
                                          ("primaries", p.primaries), ("gamma", p.gamma),
                                          ("chroma-location", p.chromaLocation)]
        for (key, value) in named { fields[key] = .available(value) }
        return .map(fields)
    }
}

/// An audio stream's sound as decoded, in mpv's names (`audio-params`).
public struct AudioParameters: Sendable, Equatable {
    /// The sample format in mpv's spelling (`s16`, `float`, `floatp`...).
    public var format: String
    public var sampleRate: Int
    /// The channel layout's name (`mono`, `stereo`, `5.1(side)`).
    public var channels: String
    public var channelCount: Int

    public init(format: String, sampleRate: Int, channels: String, channelCount: Int) {
        self.format = format
        self.sampleRate = sampleRate
        self.channels = channels
        self.channelCount = channelCount
    }

    public var propertyValue: PropertyValue {
        .map(["format": .text(format), "samplerate": .integer(sampleRate), "channels": .text(channels),
              "hr-channels": .text(channels), "channel-count": .integer(channelCount)])
    }
}
