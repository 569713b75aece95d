import CFFmpeg

/// One opened hardware decoding device (libavutil's hw device context) and the pixel format
/// the codec decodes into on it.
final class HardwareDevice: @unchecked Sendable {
    let name: String
    let pixelFormat: AVPixelFormat
    private var context: UnsafeMutablePointer<AVBufferRef>?

    private init(name: String, pixelFormat: AVPixelFormat, context: UnsafeMutablePointer<AVBufferRef>) {
        self.name = name
        self.pixelFormat = pixelFormat
        self.context = context
    }

    deinit {
        av_buffer_unref(&context)
    }

    /// A new reference for a codec context to own.
    func reference() -> UnsafeMutablePointer<AVBufferRef>? {
        av_buffer_ref(context)
    }

    /// The first of `choice`'s devices that opens and that `codec` can decode on, or why none.
    static func open(_ choice: HardwareDecoding, for codecID: AVCodecID) -> Result<HardwareDevice, HardwareError> {
        guard let codec = avcodec_find_decoder(codecID) else { return .failure(.unsupported(choice, codecID)) }
        var reasons: [String] = []
        for type in choice.deviceTypes {
            guard let format = hardwareFormat(of: codec, on: type) else {
                reasons.append("\(HardwareDecoding.name(of: type)): not for this codec")
                continue
            }
            var context: UnsafeMutablePointer<AVBufferRef>?
            let status = DeviceChatter.muting { av_hwdevice_ctx_create(&context, type, nil, nil, 0) }
            if status >= 0, let context {
                return .success(HardwareDevice(name: HardwareDecoding.name(of: type), pixelFormat: format, context: context))
            }
            reasons.append("\(HardwareDecoding.name(of: type)): \(FFmpegError.message(status))")
        }
        return .failure(.noDevice(reasons.joined(separator: "; ")))
    }

    private static func hardwareFormat(of codec: UnsafePointer<AVCodec>, on type: AVHWDeviceType) -> AVPixelFormat? {
        var index: Int32 = 0
        while let config = avcodec_get_hw_config(codec, index) {
            index += 1
            if config.pointee.device_type == type,
               config.pointee.methods & Int32(AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) != 0 {
                return config.pointee.pix_fmt
            }
        }
        return nil
    }
}

enum HardwareError: Error, CustomStringConvertible {
    case unsupported(HardwareDecoding, AVCodecID)
    case noDevice(String)

    var description: String {
        switch self {
        case .unsupported(let choice, let codec):
            "no \(choice.rawValue) decoder for \(String(cString: avcodec_get_name(codec)))"
        case .noDevice(let reasons): reasons
        }
    }
}
