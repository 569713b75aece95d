import CFFmpeg

/// Which hardware decoders to try (`--hwdec`, property `hwdec`; mpv's names). Any that
/// cannot open, or that fails while playing, gives way to software decoding.
public enum HardwareDecoding: String, CaseIterable, Sendable {
    case no
    /// Every API below, most widely usable first.
    case auto
    /// The APIs whose output has proved dependable (no VDPAU, whose decoders are deprecated).
    case autoSafe = "auto-safe"
    case vaapi
    case vdpau
    /// NVIDIA's decoder, through a CUDA device.
    case nvdec

    /// The device types to try, in order.
    var deviceTypes: [AVHWDeviceType] {
        switch self {
        case .no: []
        case .auto: [AV_HWDEVICE_TYPE_VAAPI, AV_HWDEVICE_TYPE_CUDA, AV_HWDEVICE_TYPE_VDPAU]
        case .autoSafe: [AV_HWDEVICE_TYPE_VAAPI, AV_HWDEVICE_TYPE_CUDA]
        case .vaapi: [AV_HWDEVICE_TYPE_VAAPI]
        case .vdpau: [AV_HWDEVICE_TYPE_VDPAU]
        case .nvdec: [AV_HWDEVICE_TYPE_CUDA]
        }
    }

    /// The name `hwdec-current` gives a device type.
    static func name(of type: AVHWDeviceType) -> String {
        switch type {
        case AV_HWDEVICE_TYPE_VAAPI: "vaapi"
        case AV_HWDEVICE_TYPE_VDPAU: "vdpau"
        case AV_HWDEVICE_TYPE_CUDA: "nvdec"
        default: av_hwdevice_get_type_name(type).map { String(cString: $0) } ?? "unknown"
        }
    }
}
