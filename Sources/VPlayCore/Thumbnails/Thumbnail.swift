/// A small still of one keyframe, for the preview above the seek bar.
///
/// Pixels are packed 32-bit BGRX (byte order B, G, R, unused: SDL's `SDL_PIXELFORMAT_RGB888`
/// on little-endian), top row first, rows `pitch` bytes apart. The size already accounts for
/// the sample aspect ratio and rotation: draw it 1:1.
public struct Thumbnail: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pitch: Int
    public var pixels: [UInt8]
    /// Seconds from the start of the file of the keyframe shown.
    public var keyframeTime: Double

    public init(width: Int, height: Int, pitch: Int, pixels: [UInt8], keyframeTime: Double) {
        precondition(width >= 0 && height >= 0 && pitch >= width * 4 && pixels.count >= pitch * height,
                     "thumbnail buffer too small")
        self.width = width
        self.height = height
        self.pitch = pitch
        self.pixels = pixels
        self.keyframeTime = keyframeTime
    }

    /// What the thumbnail costs in a cache: its pixels plus a little bookkeeping.
    public var byteCount: Int { pixels.count + 64 }
}
