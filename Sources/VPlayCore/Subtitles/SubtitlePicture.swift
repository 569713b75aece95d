/// One picture of a bitmap subtitle track (PGS, DVB, VobSub): its rectangles as RGBA, placed
/// on the canvas the stream draws on (usually the video's size).
struct SubtitlePicture: Sendable {
    struct Rect: Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// Bytes R, G, B, A; `width * 4` per row.
        var rgba: [UInt8]
    }

    /// Media seconds, end exclusive.
    var start: Double
    var end: Double
    var rects: [Rect]
    /// The size the positions refer to; zero when the stream does not say (then the video's).
    var canvasWidth: Int
    var canvasHeight: Int
}

/// The pictures of a bitmap track in start order. A new picture ends the one before it, as
/// these streams clear the screen by showing the next (often empty) picture.
struct SubtitlePictures {
    private var pictures: [SubtitlePicture] = []
    private var serial = 0

    mutating func insert(_ picture: SubtitlePicture) {
        var low = 0, high = pictures.count
        while low < high {
            let mid = (low + high) / 2
            if pictures[mid].start < picture.start { low = mid + 1 } else { high = mid }
        }
        if low < pictures.count && pictures[low].start == picture.start {
            return   // read again after a seek
        }
        var picture = picture
        if low < pictures.count { picture.end = min(picture.end, pictures[low].start) }
        if low > 0 { pictures[low - 1].end = min(pictures[low - 1].end, picture.start) }
        pictures.insert(picture, at: low)
        serial += 1
    }

    /// The picture on screen at `time`, and a key that differs for every picture and every
    /// change of the list (0 when none shows).
    func picture(at time: Double) -> (picture: SubtitlePicture?, key: Int) {
        var low = 0, high = pictures.count
        while low < high {
            let mid = (low + high) / 2
            if pictures[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        guard low > 0, pictures[low - 1].end > time, !pictures[low - 1].rects.isEmpty else { return (nil, 0) }
        return (pictures[low - 1], serial &* 1_000_003 &+ low)
    }
}
