/// H.264's and HEVC's two ways of laying out NAL units: the byte stream of an encoder (each unit after a
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

    /// The length prefix size an `hvcC` record (Matroska's and MP4's HEVC extradata)
    /// declares; nil for Annex B extradata (or none).
    public static func lengthSize(hvcC extradata: [UInt8]) -> Int? {
        guard extradata.count >= 23, extradata[0] == 1 else { return nil }
        return Int(extradata[21] & 3) + 1
    }

    /// The parameter sets (VPS, SPS, PPS…) an `hvcC` record holds, laid out as the file's
    /// packets are: each unit prefixed by its length. Annex B extradata is its own layout.
    public static func parameterSets(hvcC extradata: [UInt8]) -> [UInt8] {
        guard let lengthSize = lengthSize(hvcC: extradata) else { return extradata }
        var result: [UInt8] = []
        var index = 23
        func read16() -> Int? {
            guard index + 1 < extradata.count else { return nil }
            defer { index += 2 }
            return Int(extradata[index]) << 8 | Int(extradata[index + 1])
        }
        for _ in 0..<Int(extradata[22]) {
            index += 1  // the units' type
            guard let count = read16() else { break }
            for _ in 0..<count {
                guard let size = read16(), index + size <= extradata.count else { return result }
                for shift in stride(from: 8 * (lengthSize - 1), through: 0, by: -8) {
                    result.append(UInt8(truncatingIfNeeded: size >> shift))
                }
                result.append(contentsOf: extradata[index..<index + size])
                index += size
            }
        }
        return result
    }
}
