import CFFmpeg

/// A 64-bit hash of a decoded picture's visible samples (row padding left out), to tell
/// whether two decodes gave the same picture.
enum PictureHash {
    static func of(_ frame: UnsafeMutablePointer<AVFrame>) -> UInt64 {
        let f = frame.pointee
        let format = AVPixelFormat(f.format)
        guard let descriptor = av_pix_fmt_desc_get(format) else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let planes = Int(av_pix_fmt_count_planes(format))
        withUnsafeBytes(of: f.data) { dataPointers in
            withUnsafeBytes(of: f.linesize) { lineSizes in
                let data = dataPointers.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
                let pitches = lineSizes.bindMemory(to: Int32.self)
                for plane in 0..<max(0, planes) {
                    guard let base = data[plane] else { continue }
                    let isChroma = plane == 1 || plane == 2
                    let rows = isChroma ? -((-Int(f.height)) >> Int(descriptor.pointee.log2_chroma_h)) : Int(f.height)
                    let bytes = Int(av_image_get_linesize(format, f.width, Int32(plane)))
                    for row in 0..<rows {
                        hash = mix(hash, UnsafeRawPointer(base + row * Int(pitches[plane])), count: bytes)
                    }
                }
            }
        }
        return hash
    }

    /// Folds `count` bytes into `hash`, eight at a time.
    private static func mix(_ hash: UInt64, _ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
        var hash = hash
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < count {
            hash = (hash ^ UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))) &* 0x0000_0100_0000_01b3
            offset += 1
        }
        return hash
    }
}
