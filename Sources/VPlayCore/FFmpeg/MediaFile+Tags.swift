import CFFmpeg
import Foundation

/// The file's own description of itself: tags and the picture embedded with the sound.
extension MediaFile {
    /// A tag (`artist`, `album`) of the file, else of its audio stream (where Ogg and Opus keep
    /// them); nil when absent or empty.
    func tag(_ key: String) -> String? {
        var dictionaries = [context.pointee.metadata]
        if let audioStream { dictionaries.append(stream(audioStream).pointee.metadata) }
        for dictionary in dictionaries {
            if let entry = av_dict_get(dictionary, key, nil, 0),
               let value = entry.pointee.value, value.pointee != 0 {
                return String(cString: value)
            }
        }
        return nil
    }

    /// The cover stored in the file (an attached picture), as its encoded bytes; nil when there
    /// is none or it is in a format an image viewer would not open.
    var embeddedPicture: EmbeddedPicture? {
        for index in 0..<Int(context.pointee.nb_streams) {
            let stream = self.stream(index)
            guard stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
                  let data = stream.pointee.attached_pic.data, stream.pointee.attached_pic.size > 0 else { continue }
            let fileExtension: String
            switch stream.pointee.codecpar.pointee.codec_id {
            case AV_CODEC_ID_MJPEG: fileExtension = "jpg"
            case AV_CODEC_ID_PNG: fileExtension = "png"
            case AV_CODEC_ID_WEBP: fileExtension = "webp"
            case AV_CODEC_ID_BMP: fileExtension = "bmp"
            case AV_CODEC_ID_GIF: fileExtension = "gif"
            default: continue
            }
            return EmbeddedPicture(data: Data(bytes: data, count: Int(stream.pointee.attached_pic.size)), fileExtension: fileExtension)
        }
        return nil
    }
}
