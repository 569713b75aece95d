/// H.264's two ways of laying out NAL units: the byte stream of an encoder (each unit after a
/// 00 00 01 or 00 00 00 01 start code) and the length-prefixed form of MP4 and Matroska, which
/// a re-encoded stretch must take to sit among packets copied from such a file.
public enum NALUnits {
    /// The units of an Annex B byte stream, without their start codes.
    public static func split(annexB bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, payload: Int)] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                let code = index > 0 && bytes[index - 1] == 0 ? index - 1 : index
                starts.append((code, index + 3))
                index += 3
            } else {
                index += 1
            }
        }
        return starts.indices.map { number in
            let end = number + 1 < starts.count ? starts[number + 1].code : bytes.count
            return bytes[starts[number].payload..<max(starts[number].payload, end)]
        }.filter { !$0.isEmpty }
    }

    /// `bytes` (Annex B) with each unit prefixed by its length in `lengthSize` bytes, big-endian.
    public static func lengthPrefixed(annexB bytes: [UInt8], lengthSize: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for unit in split(annexB: bytes) {
            for shift in stride(from: 8 * (lengthSize - 1), through: 0, by: -8) {
                result.append(UInt8(truncatingIfNeeded: unit.count >> shift))
            }
            result.append(contentsOf: unit)
        }
        return result
    }

    /// The length prefix size an `avcC` record (MP4's and Matroska's H.264 extradata) declares;
    /// nil for Annex B extradata (or none), whose packets keep their start codes.
    public static func lengthSize(avcC extradata: [UInt8]) -> Int? {
        guard extradata.count >= 7, extradata[0] == 1 else { return nil }
        return Int(extradata[4] & 3) + 1
    }
}
