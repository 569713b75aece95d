/// The top-level boxes ("atoms") of an MP4 file, enough to cut one out.
enum MP4Boxes {
    struct Box {
        let type: String
        let range: Range<Int>
    }

    /// The boxes in file order; stops at the first box whose header does not fit.
    static func topLevel(in bytes: [UInt8]) -> [Box] {
        var boxes: [Box] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bigEndian(bytes[offset..<offset + 4])
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1, offset + 16 <= bytes.count {
                size = bigEndian(bytes[offset + 8..<offset + 16])  // 64-bit "largesize"
            } else if size == 0 {
                size = bytes.count - offset  // extends to the end of the file
            }
            guard size >= 8 else { break }
            let end = min(offset + size, bytes.count)
            boxes.append(Box(type: type, range: offset..<end))
            offset = end
        }
        return boxes
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
