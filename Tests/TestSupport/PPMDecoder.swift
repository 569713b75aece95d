/// Decodes binary PPM (P6, 8-bit), the format ImageMagick writes for `ppm:-`:
/// it carries its own size, so a screenshot needs no separate geometry query.
enum PPMDecoder {
    struct Malformed: Error {}

    static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        var offset = 0
        func skipSpaceAndComments() {
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                } else if [9, 10, 13, 32].contains(bytes[offset]) {
                    offset += 1
                } else {
                    return
                }
            }
        }
        func token() -> String {
            skipSpaceAndComments()
            let start = offset
            while offset < bytes.count, ![9, 10, 13, 32].contains(bytes[offset]) { offset += 1 }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        guard token() == "P6", let width = Int(token()), let height = Int(token()),
              token() == "255", width > 0, height > 0
        else { throw Malformed() }
        offset += 1  // the single whitespace byte before the pixels
        let end = offset + width * height * 3
        guard end <= bytes.count else { throw Malformed() }
        return RGBImage(width: width, height: height, pixels: Array(bytes[offset..<end]))
    }
}
