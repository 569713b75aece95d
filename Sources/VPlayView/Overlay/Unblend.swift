/// Recovers a translucent layer from two renderings of it: once over opaque black and once over
/// opaque white. Whatever blended shapes were drawn, each pixel came out as `B + V·k` over a
/// background `V` (k: how much of the background still shows), so black gives `B` and white
/// gives `B + 255·k`. The straight-alpha pixel with alpha `1 − k` and colour `B / (1 − k)`,
/// blended over any picture, then gives what drawing the shapes over that picture gives.
///
/// SDL's blend modes cannot draw premultiplied layers into a transparent texture (the
/// software renderer has no custom blend modes), hence the two renderings.
enum Unblend {
    /// One pixel: `black` and `white` are 0xAARRGGBB renderings (alpha ignored); returns
    /// 0xAARRGGBB with straight alpha.
    static func pixel(black: UInt32, white: UInt32) -> UInt32 {
        let b = channels(black), w = channels(white)
        // Each channel measures the same alpha; their mean damps the renderer's rounding.
        let shown = (max(0, w.r - b.r) + max(0, w.g - b.g) + max(0, w.b - b.b) + 1) / 3
        let alpha = max(0, min(255, 255 - shown))
        guard alpha > 0 else { return 0 }
        func straight(_ value: Int) -> UInt32 { UInt32(min(255, (value * 255 + alpha / 2) / alpha)) }
        return UInt32(alpha) << 24 | straight(b.r) << 16 | straight(b.g) << 8 | straight(b.b)
    }

    /// Every pixel of a layer; the buffers hold `count` pixels each.
    static func layer(black: UnsafePointer<UInt32>, white: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>,
                      count: Int) {
        // Layers are mostly runs of one colour (a plate, a band's strip, empty space): a pixel
        // like the one before costs a comparison instead of three divisions.
        var lastBlack: UInt32 = 0, lastWhite: UInt32 = 0xFFFF_FFFF, last: UInt32 = 0
        for index in 0..<count {
            let b = black[index], w = white[index]
            if b != lastBlack || w != lastWhite {
                lastBlack = b
                lastWhite = w
                last = pixel(black: b, white: w)
            }
            output[index] = last
        }
    }

    private static func channels(_ argb: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(argb >> 16 & 0xff), Int(argb >> 8 & 0xff), Int(argb & 0xff))
    }
}
