import CFFmpeg
import Foundation

/// The sound of one audio track: its packet queue, decoder thread and decoded frames, which
/// the player's `AudioOutput` plays. Made when the track is selected, dropped when another
/// takes over.
final class AudioTrackPath {
    let streamIndex: Int
    let packets: PacketQueue
    let frames: FrameQueue
    let decoder: Decoder
    /// Identifies this track's sound to the renderer (see `AudioRenderer.setSource`).
    let sourceID: Int

    /// `index`: the stream's index among the demuxer's inputs (`DemuxerInputs`).
    init(inputs: DemuxerInputs, stream index: Int, packets: PacketQueue, sourceID: Int) throws {
        let codec = try CodecContext(stream: inputs.stream(index), path: inputs.file(containing: index).path)
        streamIndex = index
        self.packets = packets
        self.sourceID = sourceID
        frames = FrameQueue(capacity: 9, keepsLast: false)
        decoder = Decoder(codec: codec, packets: packets, frames: frames, kind: AVMEDIA_TYPE_AUDIO,
                          frameRate: AVRational(num: 0, den: 1))
    }

    var source: AudioRenderer.Source { AudioRenderer.Source(frames: frames, packets: packets, decoder: decoder) }

    func start() { decoder.start(name: "vplay.audio") }

    func stop() {
        packets.abort()
        frames.abort()
        decoder.join()
    }

    /// Decoded to the end of stream and every frame taken.
    var isDecodedToEnd: Bool {
        decoder.isFinished(atSerial: packets.serial) && frames.remaining == 0
    }
}

extension Decoder: AudioRenderer.StreamEnd {}
