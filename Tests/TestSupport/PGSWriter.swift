import Foundation

/// Writes a Blu-ray (PGS) subtitle stream, as `.sup` files hold it: each picture one opaque
/// rectangle of one colour, shown from its start until a clearing display set at its end.
/// ffmpeg encodes bitmap subtitles only from other bitmap subtitles, so tests make their own.
public enum PGSWriter {
    public struct Picture: Sendable {
        public var start: Double
        public var end: Double
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        /// Y, Cr, Cb of the rectangle (BT.601 studio range: white is 235, 128, 128).
        public var ycrcb: (UInt8, UInt8, UInt8)

        public init(start: Double, end: Double, x: Int, y: Int, width: Int, height: Int,
                    ycrcb: (UInt8, UInt8, UInt8) = (235, 128, 128)) {
            self.start = start
            self.end = end
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.ycrcb = ycrcb
        }
    }

    /// The stream for a `width`×`height` canvas.
    public static func stream(canvasWidth width: Int, height: Int, pictures: [Picture]) -> Data {
        var data = Data()
        for (number, picture) in pictures.enumerated() {
            let shown = UInt32((picture.start * 90_000).rounded())
            data += segment(0x16, pts: shown, composition(width: width, height: height, number: 2 * number, objectAt: (picture.x, picture.y)))
            data += segment(0x17, pts: shown, window(picture))
            data += segment(0x14, pts: shown, [0, 0, 1, picture.ycrcb.0, picture.ycrcb.1, picture.ycrcb.2, 255])
            data += segment(0x15, pts: shown, object(picture))
            data += segment(0x80, pts: shown, [])
            let cleared = UInt32((picture.end * 90_000).rounded())
            data += segment(0x16, pts: cleared, composition(width: width, height: height, number: 2 * number + 1, objectAt: nil))
            data += segment(0x17, pts: cleared, window(picture))
            data += segment(0x80, pts: cleared, [])
        }
        return data
    }

    private static func segment(_ type: UInt8, pts: UInt32, _ payload: [UInt8]) -> Data {
        var bytes: [UInt8] = [0x50, 0x47]
        bytes += be32(pts) + be32(0) + [type] + be16(payload.count) + payload
        return Data(bytes)
    }

    private static func composition(width: Int, height: Int, number: Int, objectAt position: (Int, Int)?) -> [UInt8] {
        var bytes = be16(width) + be16(height) + [0x10] + be16(number)
        // An epoch start shows the object; a normal case with no object clears the screen.
        bytes += [position == nil ? 0x00 : 0x80, 0, 0, position == nil ? 0 : 1]
        if let (x, y) = position { bytes += be16(0) + [0, 0] + be16(x) + be16(y) }
        return bytes
    }

    private static func window(_ picture: Picture) -> [UInt8] {
        [1, 0] + be16(picture.x) + be16(picture.y) + be16(picture.width) + be16(picture.height)
    }

    /// The rectangle in palette entry 1, run-length coded a row at a time.
    private static func object(_ picture: Picture) -> [UInt8] {
        var rle: [UInt8] = []
        for _ in 0..<picture.height {
            var left = picture.width
            while left > 0 {
                let run = min(left, 16_383)
                rle += run < 64 ? [0, 0x80 | UInt8(run), 1] : [0, 0xC0 | UInt8(run >> 8), UInt8(run & 0xFF), 1]
                left -= run
            }
            rle += [0, 0]
        }
        let length = rle.count + 4
        return be16(0) + [0, 0xC0, UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + be16(picture.width) + be16(picture.height) + rle
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
