import CFFmpeg

/// The picture attached to an audio file (album cover), decoded once at open.
final class CoverArt {
    let frame = Frame()
    let geometry: VideoGeometry

    init?(file: MediaFile, stream index: Int) {
        let stream = file.stream(index)
        guard let codec = try? CodecContext(stream: stream, path: file.path) else { return nil }
        var packet = stream.pointee.attached_pic
        guard avcodec_send_packet(codec.pointer, &packet) >= 0 else { return nil }
        avcodec_send_packet(codec.pointer, nil)
        guard avcodec_receive_frame(codec.pointer, frame.pointer) >= 0 else { return nil }
        frame.pts = 0
        geometry = VideoGeometry(width: Int(frame.pointer.pointee.width), height: Int(frame.pointer.pointee.height))
    }
}
