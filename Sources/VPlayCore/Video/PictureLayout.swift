import Foundation

/// Where a picture goes in the window, and which part of it shows there, after the crop, the
/// aspect, the rotation (the stream's and the user's), panscan, zoom and pan: mpv's rules
/// (video/out/aspect.c). Pure, for tests.
public struct PictureLayout: Sendable, Equatable {
    /// The part of the decoded picture that shows, in its pixels; its corners on even pixels
    /// (4:2:0 chroma), so it can be a little larger than exactly what shows.
    public var source: PixelBox
    /// Where that part lands in the window, upright (after `rotation`).
    public var destination: PixelBox
    /// Where the whole (cropped) picture would be, window edges ignored: subtitles sit on it.
    public var picture: PixelBox
    /// Clockwise degrees the source part is turned by on the way: 0, 90, 180 or 270.
    public var rotation: Int

    /// - Parameters:
    ///   - width, height: the decoded picture's size.
    ///   - geometry: the stream's sample aspect and rotation.
    /// - Returns: nil when nothing of the picture is in the window.
    public static func make(width: Int, height: Int, geometry: VideoGeometry, display: DisplaySettings,
                            windowWidth: Int, windowHeight: Int) -> PictureLayout? {
        guard width >= 2, height >= 2, windowWidth > 0, windowHeight > 0 else { return nil }
        let crop = display.crop?.rectangle(inWidth: width, height: height) ?? PixelBox(x: 0, y: 0, width: width, height: height)
        let rotation = ((geometry.rotation + display.rotate) % 360 + 360) % 360
        let turned = rotation % 180 != 0
        // The pixel aspect: an override gives the whole picture's shape, and a crop keeps it.
        let pixelAspect = display.aspectOverride.map { $0 * Double(height) / Double(width) }
            ?? (geometry.sampleAspect.isFinite && geometry.sampleAspect > 0 ? geometry.sampleAspect : 1)
        var shownWidth = Double(crop.width) * pixelAspect, shownHeight = Double(crop.height)
        if turned { swap(&shownWidth, &shownHeight) }
        let window = (width: Double(windowWidth), height: Double(windowHeight))

        // Fitted into the window, then grown into the bars by panscan (mpv's aspect_calc_panscan).
        var fitWidth = window.width, fitHeight = window.width / shownWidth * shownHeight
        if fitHeight > window.height {
            fitHeight = window.height
            fitWidth = window.height / shownHeight * shownWidth
        }
        var bars = window.height - fitHeight
        if bars < 0.5 { bars = window.width - fitWidth }
        let grownWidth = fitWidth + bars * display.panscan * fitWidth / fitHeight
        let grownHeight = fitHeight + bars * display.panscan
        let magnification = pow(2, display.zoom)
        let scaledWidth = max(1, grownWidth * magnification), scaledHeight = max(1, grownHeight * magnification)
        let left = (window.width - scaledWidth) / 2 + display.panX * scaledWidth
        let top = (window.height - scaledHeight) / 2 + display.panY * scaledHeight

        let picture = PixelBox(x: Int(left.rounded()), y: Int(top.rounded()),
                               width: max(1, Int(scaledWidth.rounded())), height: max(1, Int(scaledHeight.rounded())))
        let visibleLeft = max(0, picture.x), visibleTop = max(0, picture.y)
        let visibleRight = min(windowWidth, picture.x + picture.width), visibleBottom = min(windowHeight, picture.y + picture.height)
        guard visibleRight > visibleLeft, visibleBottom > visibleTop else { return nil }

        // The visible part as fractions of the upright picture, then of the unturned source.
        let u0 = (Double(visibleLeft) - left) / scaledWidth, u1 = (Double(visibleRight) - left) / scaledWidth
        let v0 = (Double(visibleTop) - top) / scaledHeight, v1 = (Double(visibleBottom) - top) / scaledHeight
        let (sx, sy): ((Double, Double), (Double, Double)) = switch rotation {
        case 90: ((v0, v1), (1 - u1, 1 - u0))
        case 180: ((1 - u1, 1 - u0), (1 - v1, 1 - v0))
        case 270: ((1 - v1, 1 - v0), (u0, u1))
        default: ((u0, u1), (v0, v1))
        }
        let source = evenRect(crop, from: sx, sy)
        return PictureLayout(source: source,
                             destination: PixelBox(x: visibleLeft, y: visibleTop, width: visibleRight - visibleLeft,
                                                   height: visibleBottom - visibleTop),
                             picture: picture, rotation: rotation)
    }

    /// The part of `crop` between the fractions, widened to even corners inside the picture.
    private static func evenRect(_ crop: PixelBox, from x: (Double, Double), _ y: (Double, Double)) -> PixelBox {
        func span(_ start: Int, _ length: Int, _ fractions: (Double, Double)) -> (Int, Int) {
            let low = Double(start) + max(0, fractions.0) * Double(length)
            let high = Double(start) + min(1, fractions.1) * Double(length)
            var first = Int(low.rounded(.down)) & ~1
            var last = (Int(high.rounded(.up)) + 1) & ~1
            first = max(first, start & ~1)
            last = min(last, start + length)
            if last - first < 2 { last = min(start + length, first + 2); first = max(start & ~1, last - 2) }
            return (first, last - first)
        }
        let (sx, sw) = span(crop.x, crop.width, x), (sy, sh) = span(crop.y, crop.height, y)
        return PixelBox(x: sx, y: sy, width: sw, height: sh)
    }

    /// The size the source part is scaled to before it is turned: the destination's, sides
    /// swapped for a quarter turn.
    public var unturnedSize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (destination.width, destination.height) : (destination.height, destination.width)
    }
}
