import CFFmpeg

/// A packet as the demuxer knows it again when the source gives it once more (reading on after
/// a seek back): by its decoding time, else by its byte position.
struct PacketMark: Equatable, Sendable {
    var dts: Int64
    var position: Int64

    init(dts: Int64, position: Int64) {
        self.dts = dts
        self.position = position
    }

    init(_ packet: UnsafeMutablePointer<AVPacket>) {
        self.init(dts: packet.pointee.dts, position: packet.pointee.pos)
    }

    /// True when `packet` is this one or came before it in the stream.
    func covers(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        let noTime = vp_nopts_value()
        if dts != noTime && packet.pointee.dts != noTime { return packet.pointee.dts <= dts }
        if position >= 0 && packet.pointee.pos >= 0 { return packet.pointee.pos <= position }
        return false
    }

    /// True when `packet` is this one.
    func names(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        let noTime = vp_nopts_value()
        if dts != noTime && packet.pointee.dts != noTime { return packet.pointee.dts == dts }
        if position >= 0 && packet.pointee.pos >= 0 { return packet.pointee.pos == position }
        return false
    }
}
