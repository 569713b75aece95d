import CFFmpeg
import Foundation

/// The fonts a file carries as attachments (Matroska), which its ASS tracks may name.
enum AttachedFonts {
    static let fileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "woff", "woff2"]

    static func fonts(of file: MediaFile) -> [(name: String, data: Data)] {
        var fonts: [(name: String, data: Data)] = []
        for index in 0..<Int(file.context.pointee.nb_streams) {
            let stream = file.stream(index)
            guard let parameters = stream.pointee.codecpar?.pointee, parameters.codec_type == AVMEDIA_TYPE_ATTACHMENT,
                  let bytes = parameters.extradata, parameters.extradata_size > 0 else { continue }
            let name = tag("filename", of: stream) ?? "font-\(index)"
            let mimeType = tag("mimetype", of: stream) ?? ""
            let isFont = mimeType.contains("font") || mimeType.contains("truetype") || mimeType.contains("opentype")
                || fileExtensions.contains((name as NSString).pathExtension.lowercased())
            guard isFont else { continue }
            fonts.append((name, Data(bytes: bytes, count: Int(parameters.extradata_size))))
        }
        return fonts
    }

    private static func tag(_ key: String, of stream: UnsafeMutablePointer<AVStream>) -> String? {
        guard let entry = av_dict_get(stream.pointee.metadata, key, nil, 0), let value = entry.pointee.value else { return nil }
        return String(cString: value)
    }
}
