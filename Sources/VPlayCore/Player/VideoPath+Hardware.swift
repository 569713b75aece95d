import CFFmpeg

extension VideoPath {
    /// The video codec as `choice` asks: on the first hardware device that opens for it, else
    /// in software (on `threads` threads) with one verbose line saying why.
    static func openCodec(for stream: UnsafeMutablePointer<AVStream>, path: String, choice: HardwareDecoding,
                          threads: Int32, verbose: @escaping @Sendable (String) -> Void) throws -> (CodecContext, HardwareSession?) {
        let software = { () throws -> CodecContext in try CodecContext(stream: stream, path: path, threads: threads) }
        guard choice != .no else { return (try software(), nil) }
        switch HardwareDevice.open(choice, for: stream.pointee.codecpar.pointee.codec_id) {
        case .success(let device):
            do {
                let codec = try CodecContext(stream: stream, path: path, hardware: device)
                return (codec, HardwareSession(device: device, makeSoftwareCodec: software))
            } catch {
                verbose("hwdec: \(device.name) cannot open (\(error.reason)); decoding in software")
            }
        case .failure(let error):
            if let frames = HardwareSession.simulatedFailure {
                return (try software(), HardwareSession(simulatingFailureAfter: frames, makeSoftwareCodec: software))
            }
            verbose("hwdec: \(error); decoding in software")
        }
        return (try software(), nil)
    }
}
