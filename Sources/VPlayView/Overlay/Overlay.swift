import CSDL2
import VPlayCore

/// The on-screen controls drawn over the video: a translucent bottom bar with skip −10 s,
/// play/pause, skip +10 s, the time label, a seek slider (with A-B loop marks and, with a
/// thumbnail source, a picture of the video above the pointer), the speed label, mute and
/// volume; and the player's on-screen message top-left. Behaviour lives in the pure
/// `OverlayController`; this class converts SDL events and draws. Main thread only; it must be
/// released before the renderer it drew with.
public final class Overlay {
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private var controller: OverlayController
    private let font: Font
    private let timeText = TextTexture()
    private let tooltipText = TextTexture()
    private let speedText = TextTexture()
    private let messageText = TextTexture()
    /// The "10" shown on both skip buttons.
    private let skipCaption = TextTexture()
    private let previewTexture = PreviewTexture()
    /// What the last `draw` put on screen (nil: nothing), to answer `needsRedraw`.
    private var drawnLook: OverlayLook?
    private var drawnMessage: MessageLook?
    private var drawnPicture: PreviewTexture.Key?
    /// The looks, picture, scale and renderer the mesh, vertices and frames below were built for.
    private var builtFor: (look: OverlayLook?, message: MessageLook?, picture: PreviewTexture.Key?, scale: Double,
                           renderer: OpaquePointer)?
    private var mesh = Mesh()
    private var vertices: [SDL_Vertex] = []
    private var texts: [(texture: TextTexture, frame: SDL_Rect, alpha: UInt8)] = []
    /// Where the preview picture goes, in output pixels; nil when none is drawn.
    private var previewFrame: SDL_Rect?

    /// Seek-bar previews come from here; nil turns them off (audio-only files, `--thumbnails=no`).
    /// Set per file.
    public var thumbnails: (any ThumbnailSource)? {
        didSet {
            controller.previewsEnabled = thumbnails != nil
            previewTexture.invalidate()
        }
    }

    /// Pictures uploaded to the preview texture so far (for tests).
    var previewUploadCount: Int { previewTexture.uploadCount }

    /// - Parameter now: the main loop's clock, monotonic seconds; the bar starts shown.
    public init(fontPath: String = Overlay.defaultFontPath, now: Double) throws(OverlayError) {
        // The real size comes with the first event or draw; 16 px is only the opening size.
        font = try Font(path: fontPath, pixelSize: 16)
        controller = OverlayController(windowSize: OverlaySize(width: 0, height: 0), now: now)
    }

    /// Feeds a mouse event (motion, left button, wheel, window leave) to the overlay. When
    /// `consumed` is true the event belonged to the overlay and needs no other handling.
    public func handle(_ event: SDL_Event, state: PlayerState, now: Double) -> (commands: [PlayerCommand], consumed: Bool) {
        guard let event = SDLPointerEvent(event) else { return ([], false) }
        if let window = SDL_GetWindowFromID(event.windowID) {
            var width: Int32 = 0, height: Int32 = 0
            SDL_GetWindowSize(window, &width, &height)
            controller.windowSize = OverlaySize(width: Double(width), height: Double(height))
        }
        let response = controller.handle(event.pointer, state: state, now: now)
        if let time = response.previewRequest {
            thumbnails?.request(time: time)
        }
        return (response.commands, response.consumed)
    }

    /// True when a `draw` now would look different from the last one (including each step of
    /// a message's fade, and a preview picture that has become ready).
    public func needsRedraw(state: PlayerState, now: Double) -> Bool {
        let look = controller.look(state: state, now: now)
        return look != drawnLook || controller.messageLook(state: state, now: now) != drawnMessage
            || picture(for: look).map(PreviewTexture.Key.init) != drawnPicture
    }

    /// The picture the preview of `look` shows now, if any.
    private func picture(for look: OverlayLook?) -> Thumbnail? {
        guard let preview = look?.preview else { return nil }
        return thumbnails?.thumbnail(near: preview.time)
    }

    /// When the overlay will change by itself (the bar hides, a message fades a step or
    /// expires): the loop should wake then. nil when nothing is pending.
    public func nextDeadline(state: PlayerState, now: Double) -> Double? {
        controller.nextDeadline(state: state, now: now)
    }

    /// True in fullscreen while the bar is hidden.
    public func hidesCursor(state: PlayerState, now: Double) -> Bool {
        controller.hidesCursor(state: state, now: now)
    }

    /// Draws the bar and the message over whatever is on `renderer`. `windowSize` is in window
    /// points (the units of mouse events); the renderer's output may have more pixels (HiDPI).
    /// Expects no renderer scale or viewport set; leaves the draw blend mode as it found it.
    public func draw(renderer: OpaquePointer, state: PlayerState, windowSize: OverlaySize, now: Double) {
        controller.windowSize = windowSize
        let look = controller.look(state: state, now: now)
        let message = controller.messageLook(state: state, now: now)
        let wanted = picture(for: look)
        let pictureKey = wanted.flatMap { previewTexture.show($0, renderer: renderer) ? PreviewTexture.Key($0) : nil }
        drawnLook = look
        drawnMessage = message
        // What was asked for, even if no texture could hold it: `needsRedraw` must not spin on it.
        drawnPicture = wanted.map(PreviewTexture.Key.init)
        guard look != nil || message != nil else { return }
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        let scale = windowSize.width > 0 && outputWidth > 0 ? Double(outputWidth) / windowSize.width : 1
        // Unchanged looks reuse the vertices and textures: nothing is allocated per frame.
        if builtFor.map({
            $0.look != look || $0.message != message || $0.picture != pictureKey || $0.scale != scale
                || $0.renderer != renderer
        }) ?? true {
            rebuild(look, message: message, picture: pictureKey, scale: scale, renderer: renderer)
        }

        var previousBlend = SDL_BLENDMODE_NONE
        SDL_GetRenderDrawBlendMode(renderer, &previousBlend)
        // Untextured geometry blends with the renderer's draw blend mode.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        vertices.withUnsafeBufferPointer { vertices in
            mesh.indices.withUnsafeBufferPointer { indices in
                _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress, Int32(vertices.count),
                                       indices.baseAddress, Int32(indices.count))
            }
        }
        SDL_SetRenderDrawBlendMode(renderer, previousBlend)
        if let previewFrame {
            previewTexture.draw(in: previewFrame, renderer: renderer)
        }
        for text in texts {
            text.texture.draw(in: text.frame, alpha: text.alpha, renderer: renderer)
        }
    }

    private func rebuild(_ look: OverlayLook?, message: MessageLook?, picture: PreviewTexture.Key?, scale: Double,
                         renderer: OpaquePointer) {
        builtFor = (look, message, picture, scale, renderer)
        func pixels(_ point: OverlayPoint) -> OverlayPoint { OverlayPoint(x: point.x * scale, y: point.y * scale) }
        func points(_ texture: TextTexture) -> OverlaySize {
            OverlaySize(width: Double(texture.width) / scale, height: Double(texture.height) / scale)
        }
        texts.removeAll(keepingCapacity: true)
        previewFrame = nil

        var tooltipFrame: OverlayRect?
        if let look {
            let layout = look.layout
            let labelSize = Int32((layout.fontSize * scale).rounded())
            let captionSize = Int32((layout.smallFontSize * scale).rounded())
            timeText.update(look.timeText, pixelSize: labelSize, font: font, renderer: renderer)
            skipCaption.update("10", pixelSize: captionSize, font: font, renderer: renderer)
            speedText.update(look.speedText, pixelSize: labelSize, font: font, renderer: renderer)
            texts.append((timeText, timeText.frame(centeredAt: pixels(OverlayPoint(x: layout.timeLabel.midX,
                                                                                    y: layout.timeLabel.midY))), 255))
            for button in [layout.skipBackButton, layout.skipForwardButton] {
                let center = OverlayPainter.skipCaptionCenter(in: button, layout: layout)
                texts.append((skipCaption, skipCaption.frame(centeredAt: pixels(center)), 255))
            }
            let pill = OverlayPainter.speedPill(in: layout)
            texts.append((speedText, speedText.frame(centeredAt: pixels(OverlayPoint(x: pill.midX, y: pill.midY))), 255))
            if let tooltip = look.tooltip, let text = look.tooltipText {
                tooltipText.update(text, pixelSize: labelSize, font: font, renderer: renderer)
                var frame = layout.tooltipFrame(centeredAt: tooltip.x, contentSize: points(tooltipText))
                // The picture stands on the bubble, which then sits centred under it.
                if let preview = look.preview, let picture,
                   let box = layout.previewFrame(centeredAt: preview.x,
                                                 pictureSize: OverlaySize(width: Double(picture.width) / scale,
                                                                          height: Double(picture.height) / scale),
                                                 bubbleTop: frame.minY, border: 1 / scale) {
                    previewFrame = SDL_Rect(x: Int32((box.x * scale).rounded()), y: Int32((box.y * scale).rounded()),
                                            w: Int32((box.width * scale).rounded()), h: Int32((box.height * scale).rounded()))
                    frame = layout.tooltipFrame(centeredAt: box.midX, contentSize: points(tooltipText))
                }
                tooltipFrame = frame
                texts.append((tooltipText, tooltipText.frame(centeredAt: pixels(OverlayPoint(x: frame.midX, y: frame.midY))),
                              255))
            }
        }
        var messagePlate: OverlayRect?
        if let message {
            let layout = message.layout
            messageText.update(message.text, pixelSize: Int32((layout.fontSize * scale).rounded()), font: font,
                               renderer: renderer, wrapWidth: Int32((layout.maxTextWidth * scale).rounded(.down)))
            let plate = layout.plate(contentSize: points(messageText))
            messagePlate = plate
            texts.append((messageText, messageText.frame(centeredAt: pixels(OverlayPoint(x: plate.midX, y: plate.midY))),
                          UInt8((255 * message.opacity).rounded())))
        }

        let pictureFrame = previewFrame.map { (x: Int($0.x), y: Int($0.y), width: Int($0.w), height: Int($0.h)) }
        mesh = OverlayPainter.mesh(for: look, message: message, scale: scale, tooltipFrame: tooltipFrame,
                                   previewFrame: pictureFrame, messagePlate: messagePlate, reusing: mesh)
        vertices.removeAll(keepingCapacity: true)
        // SDL's software renderer truncates vertex positions to whole pixels; half a pixel more
        // makes that rounding, so its shapes land where a GPU draws them rather than up to a
        // pixel up and to the left.
        let nudge: Float = Self.truncatesVertices(renderer) ? 0.5 : 0
        for vertex in mesh.vertices {
            let color = vertex.color
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: vertex.x + nudge, y: vertex.y + nudge),
                                       color: SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a),
                                       tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
    }

    /// True for SDL's software renderer.
    private static func truncatesVertices(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return false }
        return String(cString: name) == "software"
    }
}
