import CLibass
import CPictureKernels
import Foundation

/// Draws the selected subtitle track for the main loop: text through libass at the canvas's
/// resolution, bitmap pictures scaled with the video. Each turn `update` says whether the
/// image changed (libass tells); only then does the view redraw it with `draw`. Main thread only.
final class SubtitleCompositor {
    private let fonts: SubtitleFontLoader
    private var renderer: LibassRenderer?
    private var track: LibassTrack?
    /// The lines the track was made from: held, so that lines made later at the same address
    /// are never taken for them.
    private var trackLines: SubtitleLines?
    /// Events on their way from the lines to libass, and how many of the lines' events the
    /// track has; the array is kept to reuse its storage.
    private var incoming: [LibassEvent] = []
    private var eventCursor = 0
    /// When the track's image can change, and the milliseconds around the last render in which
    /// it cannot (nil: render every turn).
    private var stillness = ASSStillness()
    private var stillSpan: Range<Int64>?
    /// The boxes of the images, kept to reuse its storage.
    private var boxes: [PixelBox] = []
    private var canvas: SubtitleCanvas?
    private var settings: SubtitleSettings?
    private var storage: (width: Int, height: Int) = (0, 0)
    private var images: UnsafeMutablePointer<ASS_Image>?
    private var picture: SubtitlePicture?
    private var pictureKey = 0
    /// Before this moment (monotonic seconds) an unchanged request is not rendered again.
    private var restUntil = -Double.infinity
    /// Where the current image is, nil when nothing shows.
    private(set) var bounds: PixelBox?
    /// The part of it in the canvas's lower half, below everything else (what a bar may cover).
    private(set) var lowerBounds: PixelBox?

    /// Text lines go to the top (the second track's place).
    private let alignsTop: Bool

    init(fonts: SubtitleFontLoader, alignsTop: Bool = false) {
        self.fonts = fonts
        self.alignsTop = alignsTop
    }

    /// Renders `lines` at media time `time` (the delay already taken off); true when what shows
    /// changed since the last call.
    func update(lines: SubtitleLines?, time: Double, canvas: SubtitleCanvas, settings: SubtitleSettings,
                videoSize: (width: Int, height: Int), now: Double = Player.monotonicNow()) -> Bool {
        guard let lines, settings.isVisible, !canvas.bounds.isEmpty, !canvas.video.isEmpty else {
            if lines == nil { track = nil; trackLines = nil }
            // Whatever libass last drew is gone: the next image is made whole, changed or not.
            self.canvas = nil
            return clear()
        }
        var forced = canvas != self.canvas || settings != self.settings
        if lines.isBitmap {
            if forced || storage != videoSize { self.canvas = canvas; self.settings = settings; storage = videoSize }
            return updatePicture(lines: lines, time: time, forced: forced)
        }
        if renderer == nil { renderer = fonts.renderer }
        guard let renderer else { return false }
        if trackLines !== lines {
            track = LibassTrack(library: renderer.library)
            track?.processHeader(lines.header, limits: lines.limits)
            trackLines = lines
            eventCursor = 0
            stillness.removeAll()
            forced = true
        }
        guard let track else { return clear() }
        lines.events(from: &eventCursor, into: &incoming)
        if !incoming.isEmpty {
            for event in incoming { track.processEvent(event) }
            incoming.removeAll(keepingCapacity: true)
            track.describeEvents(to: &stillness)
            stillSpan = nil
        }

        if forced || storage != videoSize {
            configure(renderer, canvas: canvas, settings: settings, videoSize: videoSize, styled: lines.isStyled)
            forced = true
        }
        let milliseconds = Int64((time * 1000).rounded(.down))
        if !forced, stillSpan?.contains(milliseconds) == true { return false }
        if !forced && now < restUntil { return false }
        var change: Int32 = 0
        let list = ass_render_frame(renderer.pointer, track.pointer, milliseconds, &change)
        // A frame that takes long (thousands of lines at once, enormous glyphs) is not made again
        // at once: subtitles get at most a fifth of the main thread and the picture goes on.
        let cost = Player.monotonicNow() - now
        restUntil = cost > 0.004 ? now + 5 * cost : -.infinity
        stillSpan = stillness.stillSpan(at: milliseconds)
        guard change != 0 || forced else { return false }
        images = list
        picture = nil
        boxes.removeAll(keepingCapacity: true)
        var image = list
        while let current = image {
            let i = current.pointee
            if i.w > 0 && i.h > 0 { boxes.append(PixelBox(x: Int(i.dst_x), y: Int(i.dst_y), width: Int(i.w), height: Int(i.h))) }
            image = i.next
        }
        let previous = bounds
        setBounds(boxes, canvas: canvas)
        return forced || bounds != nil || previous != nil
    }

    private func setBounds(_ boxes: [PixelBox], canvas: SubtitleCanvas) {
        let split = SubtitleCanvas.split(boxes, height: canvas.height)
        bounds = split.all.flatMap { $0.intersection(canvas.bounds) }
        lowerBounds = split.lower.flatMap { $0.intersection(canvas.bounds) }
    }

    private func clear() -> Bool {
        images = nil
        lowerBounds = nil
        picture = nil
        pictureKey = 0
        guard bounds != nil else { return false }
        bounds = nil
        return true
    }

    private func configure(_ renderer: LibassRenderer, canvas: SubtitleCanvas, settings: SubtitleSettings,
                           videoSize: (width: Int, height: Int), styled: Bool) {
        self.canvas = canvas
        self.settings = settings
        storage = videoSize
        let r = renderer.pointer, video = canvas.video
        ass_set_frame_size(r, Int32(canvas.width), Int32(canvas.height))
        ass_set_storage_size(r, Int32(max(1, videoSize.width)), Int32(max(1, videoSize.height)))
        ass_set_margins(r, Int32(video.y), Int32(canvas.height - video.y - video.height),
                        Int32(video.x), Int32(canvas.width - video.x - video.width))
        ass_set_use_margins(r, 0)
        ass_set_font_scale(r, settings.scale)
        ass_set_line_position(r, max(0, min(100, 100 - settings.position)))
        SubtitleTextStyle.apply(settings, to: r, restyles: !styled, alignsTop: alignsTop)
    }

    private func updatePicture(lines: SubtitleLines, time: Double, forced: Bool) -> Bool {
        let (current, key) = lines.picture(at: time)
        guard key != pictureKey || forced else { return false }
        pictureKey = key
        picture = current
        images = nil
        let previous = bounds
        if let canvas {
            boxes.removeAll(keepingCapacity: true)
            for rect in current?.rects ?? [] { boxes.append(placed(rect, of: current!)) }
            setBounds(boxes, canvas: canvas)
        }
        return bounds != nil || previous != nil
    }

    /// Where a bitmap rectangle goes on the canvas: the stream's canvas mapped onto the picture.
    private func placed(_ rect: SubtitlePicture.Rect, of picture: SubtitlePicture) -> PixelBox {
        guard let canvas else { return PixelBox(x: 0, y: 0, width: 0, height: 0) }
        let video = canvas.video
        let sourceWidth = picture.canvasWidth > 0 ? picture.canvasWidth : max(1, storage.width)
        let sourceHeight = picture.canvasHeight > 0 ? picture.canvasHeight : max(1, storage.height)
        let sx = Double(video.width) / Double(max(1, sourceWidth)), sy = Double(video.height) / Double(max(1, sourceHeight))
        let x = video.x + Int((Double(rect.x) * sx).rounded()), y = video.y + Int((Double(rect.y) * sy).rounded())
        return PixelBox(x: x, y: y, width: max(1, Int((Double(rect.width) * sx).rounded())),
                        height: max(1, Int((Double(rect.height) * sy).rounded())))
    }

    /// Paints the current image into `region` of the canvas, which `pixels` (32-bit B, G, R, A
    /// with straight alpha, `pitch` bytes a row) holds from its top-left corner; the region is
    /// cleared first.
    func draw(into pixels: UnsafeMutableRawPointer, pitch: Int, region: PixelBox) {
        for row in 0..<region.height {
            memset(pixels + row * pitch, 0, region.width * 4)
        }
        let base = pixels.assumingMemoryBound(to: UInt8.self)
        var image = images
        while let current = image {
            let i = current.pointee
            image = i.next
            let box = PixelBox(x: Int(i.dst_x), y: Int(i.dst_y), width: Int(i.w), height: Int(i.h))
            guard let part = box.intersection(region), let bitmap = i.bitmap else { continue }
            let target = base + (part.y - region.y) * pitch + (part.x - region.x) * 4
            let source = bitmap + (part.y - box.y) * Int(i.stride) + (part.x - box.x)
            // libass's alpha byte is transparency; the kernel takes opacity.
            let rgba = (i.color & 0xffff_ff00) | (255 - (i.color & 0xff))
            vp_blend_coverage(target, pitch, source, Int(i.stride), Int32(part.width), Int32(part.height), rgba)
        }
        if let picture {
            for rect in picture.rects {
                let box = placed(rect, of: picture)
                guard let part = box.intersection(region) else { continue }
                let target = base + (part.y - region.y) * pitch + (part.x - region.x) * 4
                rect.rgba.withUnsafeBufferPointer { source in
                    vp_blend_rgba_scaled(target, pitch, Int32(box.width), Int32(box.height),
                                         Int32(part.x - box.x), Int32(part.y - box.y), Int32(part.width), Int32(part.height),
                                         source.baseAddress, rect.width * 4, Int32(rect.width), Int32(rect.height))
                }
            }
        }
    }
}
