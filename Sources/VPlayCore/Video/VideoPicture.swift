/// A decoded picture as the view needs it to upload: planes, pitches and colour facts.
/// Valid until the next main-loop turn (it borrows the frame kept for redraws).
public struct VideoPicture {
    public enum Layout: Sendable, Equatable {
        /// Three planes: Y, U, V (SDL's IYUV).
        case yuv420p
        /// Two planes: Y, interleaved UV.
        case nv12
    }

    public enum ColorMatrix: Sendable, Equatable { case bt601, bt709 }

    public var layout: Layout
    public var width: Int
    public var height: Int
    /// Plane pointers and byte pitches; the third is unused for NV12.
    /// Fixed-size so that handing a picture to the view allocates nothing.
    public var planes: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>?)
    public var pitches: (Int, Int, Int)
    public var colorMatrix: ColorMatrix
    /// Media time of the picture in seconds from the start of the file.
    public var time: Double
}

/// How the picture is meant to be seen: size after sample aspect and rotation.
public struct VideoGeometry: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Pixel width / pixel height (1 for square pixels).
    public var sampleAspect: Double
    /// Clockwise degrees the picture must be turned: 0, 90, 180 or 270.
    public var rotation: Int

    public init(width: Int, height: Int, sampleAspect: Double = 1, rotation: Int = 0) {
        self.width = width
        self.height = height
        self.sampleAspect = sampleAspect
        self.rotation = rotation
    }

    /// Width / height as displayed, after sample aspect and rotation.
    public var displayAspect: Double {
        guard width > 0, height > 0 else { return 16.0 / 9.0 }
        let aspect = Double(width) * sampleAspect / Double(height)
        return rotation % 180 == 0 ? aspect : 1 / aspect
    }

    /// The displayed size at 100 % (integer pixels), for the initial window.
    public var displaySize: (width: Int, height: Int) {
        let w = Int((Double(width) * sampleAspect).rounded())
        return rotation % 180 == 0 ? (w, height) : (height, w)
    }
}
