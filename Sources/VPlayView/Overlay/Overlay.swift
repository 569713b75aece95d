import CSDL2
import VPlayCore

/// The on-screen controls drawn over the video: a translucent bottom bar with skip −10 s,
/// play/pause, skip +10 s, the time label and a seek slider. Behaviour lives in the pure
/// `OverlayController`; this class converts SDL events and draws. Main thread only; it
/// must be released before the renderer it drew with.
public final class Overlay {
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private var controller: OverlayController
    private let font: Font
    private let timeText = TextTexture()
    private let tooltipText = TextTexture()
    /// The "10" shown on both skip buttons.
    private let skipCaption = TextTexture()
    /// What the last `draw` put on screen (nil: nothing), to answer `needsRedraw`.
    private var drawnLook: OverlayLook?
    /// The look, scale and renderer the mesh, vertices and text frames below were built for.
    private var builtFor: (look: OverlayLook, scale: Double, renderer: OpaquePointer)?
    private var mesh = Mesh()
    private var vertices: [SDL_Vertex] = []
    private var texts: [(texture: TextTexture, frame: SDL_Rect)] = []

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
        return (response.commands, response.consumed)
    }

    /// True when a `draw` now would look different from the last one.
    public func needsRedraw(state: PlayerState, now: Double) -> Bool {
        controller.look(state: state, now: now) != drawnLook
    }

    /// When the bar will hide by itself (the loop should wake then); nil when nothing is pending.
    public func nextDeadline(state: PlayerState, now: Double) -> Double? {
        controller.nextDeadline(state: state, now: now)
    }

    /// True in fullscreen while the bar is hidden.
    public func hidesCursor(state: PlayerState, now: Double) -> Bool {
        controller.hidesCursor(state: state, now: now)
    }

    /// Draws the bar over whatever is on `renderer`. `windowSize` is in window points (the
    /// units of mouse events); the renderer's output may have more pixels (HiDPI). Expects
    /// no renderer scale or viewport set; leaves the draw blend mode as it found it.
    public func draw(renderer: OpaquePointer, state: PlayerState, windowSize: OverlaySize, now: Double) {
        controller.windowSize = windowSize
        let look = controller.look(state: state, now: now)
        drawnLook = look
        guard let look else { return }
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        let scale = windowSize.width > 0 && outputWidth > 0 ? Double(outputWidth) / windowSize.width : 1
        // Unchanged looks reuse the vertices and textures: nothing is allocated per frame.
        if builtFor.map({ $0.look != look || $0.scale != scale || $0.renderer != renderer }) ?? true {
            rebuild(look, scale: scale, renderer: renderer)
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
        for text in texts {
            text.texture.draw(in: text.frame, renderer: renderer)
        }
    }

    private func rebuild(_ look: OverlayLook, scale: Double, renderer: OpaquePointer) {
        builtFor = (look, scale, renderer)
        let layout = look.layout
        let labelSize = Int32((layout.fontSize * scale).rounded())
        let captionSize = Int32((layout.smallFontSize * scale).rounded())
        func pixels(_ point: OverlayPoint) -> OverlayPoint { OverlayPoint(x: point.x * scale, y: point.y * scale) }

        timeText.update(look.timeText, pixelSize: labelSize, font: font, renderer: renderer)
        skipCaption.update("10", pixelSize: captionSize, font: font, renderer: renderer)
        texts.removeAll(keepingCapacity: true)
        texts.append((timeText, timeText.frame(centeredAt: pixels(OverlayPoint(x: layout.timeLabel.midX,
                                                                                y: layout.timeLabel.midY)))))
        for button in [layout.skipBackButton, layout.skipForwardButton] {
            let center = OverlayPainter.skipCaptionCenter(in: button, layout: layout)
            texts.append((skipCaption, skipCaption.frame(centeredAt: pixels(center))))
        }
        var tooltipFrame: OverlayRect?
        if let tooltip = look.tooltip, let text = look.tooltipText {
            tooltipText.update(text, pixelSize: labelSize, font: font, renderer: renderer)
            let textSize = OverlaySize(width: Double(tooltipText.width) / scale, height: Double(tooltipText.height) / scale)
            let frame = layout.tooltipFrame(centeredAt: tooltip.x, contentSize: textSize)
            tooltipFrame = frame
            texts.append((tooltipText, tooltipText.frame(centeredAt: pixels(OverlayPoint(x: frame.midX, y: frame.midY)))))
        }

        mesh = OverlayPainter.mesh(for: look, scale: scale, tooltipFrame: tooltipFrame, reusing: mesh)
        vertices.removeAll(keepingCapacity: true)
        for vertex in mesh.vertices {
            let color = vertex.color
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: vertex.x, y: vertex.y),
                                       color: SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a),
                                       tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
    }
}
