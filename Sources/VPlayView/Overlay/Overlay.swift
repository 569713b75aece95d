import CSDL2
import VPlayCore

/// The on-screen controls drawn over the video: a translucent bottom bar with skip −10 s,
/// play/pause, skip +10 s, the time label, a seek slider (with A-B loop marks and, with a
/// thumbnail source, a picture of the video above the pointer), the playlist button (with its
/// panel down the right side), the track button (with its menu above the bar), the speed label,
/// mute, volume and picture-in-picture (reduced to play/pause and close in picture-in-picture);
/// and the player's on-screen message top-left. Behaviour lives in the pure
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
    private let menuTexts = TrackMenuTexts()
    private let panelTexts = PlaylistPanelTexts()
    private let contextMenuTexts = ContextMenuTexts()
    /// What the last `draw` put on screen (nil: nothing), to answer `needsRedraw`.
    private var drawnLook: OverlayLook?
    private var drawnMessage: MessageLook?
    private var drawnPicture: PreviewTexture.Key?
    /// The looks, picture, scale and renderer the shapes, vertices and frames below were built for.
    private var builtFor: (look: OverlayLook?, message: MessageLook?, picture: PreviewTexture.Key?, scale: Double,
                           renderer: OpaquePointer)?
    private var parts = OverlayPainter.Parts()
    private var barVertices: [SDL_Vertex] = []
    private var fillVertices: [SDL_Vertex] = []
    private var markVertices: [SDL_Vertex] = []
    private var thumbVertices: [SDL_Vertex] = []
    private var extraVertices: [SDL_Vertex] = []
    private var menuVertices: [SDL_Vertex] = []
    /// The panel's plate and marks under its texts (in its layer), and its highlights over them
    /// (drawn straight, so the pointer and the cursor moving never render the layer again).
    private var panelMesh = Mesh()
    private var panelVertices: [SDL_Vertex] = []
    private var panelHighlightMesh = Mesh()
    private var panelHighlightVertices: [SDL_Vertex] = []
    /// The panel look, scale and renderer its meshes, texts and frame were built for: the panel
    /// is rebuilt only when it changes, not with every change of the bar.
    private var panelBuiltFor: (look: PlaylistPanelLook?, scale: Double, renderer: OpaquePointer)?
    /// Vertices moved into a layer's own coordinates while it is rendered.
    private var shiftedVertices: [SDL_Vertex] = []
    /// Texts that belong to the bar at rest (skip captions, speed), and the others (time,
    /// tooltip, message), which are drawn over everything.
    private var barTexts: [(texture: TextTexture, frame: SDL_Rect)] = []
    private var texts: [(texture: TextTexture, frame: SDL_Rect, alpha: UInt8)] = []
    /// Where the preview picture goes, in output pixels; nil when none is drawn.
    private var previewFrame: SDL_Rect?
    /// The parts kept as finished layers: the bar at rest, the filled track and the thumb.
    private let barLayer = OverlayLayer<BarKey>()
    private let fillLayer = OverlayLayer<FillKey>()
    private let thumbLayer = OverlayLayer<ThumbKey>()
    /// The open playlist panel, kept as a layer: copied frame after frame while it stays the same.
    private let panelLayer = OverlayLayer<PanelKey>()
    private var panelFrame: SDL_Rect?
    private var panelKey: PanelKey?
    /// Where each layer goes (output pixels) and what it shows; nil while it is not drawn.
    private var barFrame: SDL_Rect?
    private var fillFrame: SDL_Rect?
    private var thumbFrame: SDL_Rect?
    private var barKey: BarKey?
    private var fillKey: FillKey?
    private var thumbKey: ThumbKey?
    /// The thumb's centre in output pixels: the filled track shows up to here.
    private var thumbPixelX: Int32 = 0
    /// False draws every shape straight onto the screen each frame (tests compare the two).
    var usesLayers = true
    /// How often each layer was rendered (for tests).
    var layerRenderCounts: (bar: Int, fill: Int, thumb: Int) {
        (barLayer.renderCount, fillLayer.renderCount, thumbLayer.renderCount)
    }
    /// How often the playlist panel's layer was rendered, and its texts (for tests).
    var panelRenderCounts: (layer: Int, texts: Int) { (panelLayer.renderCount, panelTexts.renderCount) }

    /// What the bar at rest shows: the look without the parts that move during playback.
    private struct BarKey: Equatable {
        var look: OverlayLook
        var scale: Double
        /// The track button is lit while the menu is open, the playlist button while the panel
        /// is; the menu and the panel themselves are drawn apart.
        var menuIsOpen: Bool
        var panelIsOpen: Bool

        init(_ look: OverlayLook, scale: Double) {
            var resting = look
            resting.elapsed = 0
            resting.duration = nil
            resting.thumbX = nil
            resting.tooltip = nil
            resting.preview = nil
            resting.loopAX = nil
            resting.loopBX = nil
            resting.trackMenu = nil
            resting.playlistPanel = nil
            resting.contextMenu = nil
            resting.chapters = []
            resting.bufferedSpans = []
            self.look = resting
            self.scale = scale
            menuIsOpen = look.trackMenu != nil
            panelIsOpen = look.playlistPanel != nil
        }
    }

    /// What the panel's layer shows: the look without its highlights.
    private struct PanelKey: Equatable {
        var look: PlaylistPanelLook
        var scale: Double

        init(_ look: PlaylistPanelLook, scale: Double) {
            var resting = look
            resting.hoveredRow = nil
            resting.cursor = nil
            resting.draggedRow = nil
            resting.dropGap = nil
            self.look = resting
            self.scale = scale
        }
    }

    private struct FillKey: Equatable {
        var track: OverlayRect
        var scale: Double
    }

    /// The thumb's size and where its centre falls within its frame's pixels.
    private struct ThumbKey: Equatable {
        var radius: Double
        var offsetX: Double
        var offsetY: Double
    }

    /// Seek-bar previews come from here; nil turns them off (audio-only files, `--thumbnails=no`).
    /// Set per file.
    public var thumbnails: (any ThumbnailSource)? {
        didSet {
            controller.previewsEnabled = thumbnails != nil
            previewTexture.invalidate()
        }
    }

    /// Durations of playlist entries not opened yet, for the panel; nil shows only those known.
    /// Set for the run.
    public var playlistDurations: PlaylistDurations? {
        didSet { panelDurations = playlistDurations.map(PlaylistPanelDurations.init(source:)) }
    }
    private var panelDurations: PlaylistPanelDurations?

    /// The controller's look, with the panel's durations learned so far.
    private func look(state: PlayerState, now: Double) -> OverlayLook? {
        let look = controller.look(state: state, now: now)
        return panelDurations.map { $0.apply(to: look, state: state) } ?? look
    }

    /// Opens the desktop's file chooser: the context menu's "Open file…" (as Ctrl+o does).
    public var openFileChooser: () -> Void = {}

    /// Pictures uploaded to the preview texture so far (for tests).
    var previewUploadCount: Int { previewTexture.uploadCount }

    /// - Parameter now: the main loop's clock, monotonic seconds; the bar starts shown.
    public init(fontPath: String = Overlay.defaultFontPath, now: Double) throws(OverlayError) {
        // The real size comes with the first event or draw; 16 px is only the opening size.
        font = try Font(path: fontPath, pixelSize: 16)
        controller = OverlayController(windowSize: OverlaySize(width: 0, height: 0), now: now)
    }

    /// Feeds a mouse event (motion, left button, wheel, window leave) or a key press to the
    /// overlay. When `consumed` is true the event belonged to the overlay and needs no other
    /// handling. Key presses come here before the player's bindings: F8 opens and closes the
    /// playlist panel, which while open takes Up, Down, Page Up, Page Down, Home, End, Enter,
    /// Delete and Esc; Esc also closes the track menu (see `OverlayController.handleKey`).
    public func handle(_ event: SDL_Event, state: PlayerState, now: Double) -> (commands: [PlayerCommand], consumed: Bool) {
        if event.type == SDL_KEYDOWN.rawValue {
            guard let press = OverlayKeyPress(event.key) else { return ([], false) }
            updateWindowSize(windowID: event.key.windowID)
            let response = controller.handleKey(press, state: state, now: now)
            if response.opensFileChooser { openFileChooser() }
            return (response.commands, response.consumed)
        }
        if event.type == SDL_MOUSEBUTTONDOWN.rawValue || event.type == SDL_MOUSEBUTTONUP.rawValue,
           Int32(event.button.button) == SDL_BUTTON_RIGHT {
            // A right press opens the context menu; its release has nothing more to do.
            guard event.type == SDL_MOUSEBUTTONDOWN.rawValue else { return ([], true) }
            updateWindowSize(windowID: event.button.windowID)
            controller.openContextMenu(at: OverlayPoint(x: Double(event.button.x), y: Double(event.button.y)),
                                       state: state, now: now)
            return ([], true)
        }
        guard let event = SDLPointerEvent(event) else { return ([], false) }
        updateWindowSize(windowID: event.windowID)
        if event.pointer != .leave { thumbnails?.prepare() }
        let response = controller.handle(event.pointer, state: state, now: now)
        if response.opensFileChooser { openFileChooser() }
        if let time = response.previewRequest {
            thumbnails?.request(time: time)
        }
        return (response.commands, response.consumed)
    }

    private func updateWindowSize(windowID: UInt32) {
        guard let window = SDL_GetWindowFromID(windowID) else { return }
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        controller.windowSize = OverlaySize(width: Double(width), height: Double(height))
    }

    /// True when a `draw` now would look different from the last one (including each step of
    /// a message's fade, and a preview picture that has become ready).
    public func needsRedraw(state: PlayerState, now: Double) -> Bool {
        let look = look(state: state, now: now)
        return look != drawnLook || controller.messageLook(state: state, now: now) != drawnMessage
            || picture(for: look).map(PreviewTexture.Key.init) != drawnPicture
    }

    /// The picture the preview of `look` shows now, if any.
    private func picture(for look: OverlayLook?) -> Thumbnail? {
        guard let preview = look?.preview else { return nil }
        return thumbnails?.thumbnail(near: preview.time)
    }

    /// Closes the playlist panel or the track menu (Esc); false when neither was open, so the
    /// key keeps its usual job.
    public func dismissTrackMenu(state: PlayerState) -> Bool {
        controller.dismissTrackMenu(state: state)
    }

    /// When the overlay will change by itself (the bar hides, a message fades a step or
    /// expires): the loop should wake then. nil when nothing is pending.
    public func nextDeadline(state: PlayerState, now: Double) -> Double? {
        controller.nextDeadline(state: state, now: now)
    }

    /// The subtitle search field, nil while closed.
    public var searchField: SearchField? {
        get { controller.searchField }
        set { controller.searchField = newValue }
    }

    /// How much of the window's bottom the bar covers now, in window points (0 while hidden):
    /// subtitles move up above it.
    public func coveredHeight(state: PlayerState, now: Double) -> Double {
        controller.look(state: state, now: now) == nil ? 0 : controller.layout(for: state).barHeight
    }

    /// True in fullscreen while the bar is hidden.
    public func hidesCursor(state: PlayerState, now: Double) -> Bool {
        controller.hidesCursor(state: state, now: now)
    }

    /// Draws the bar and the message over whatever is on `renderer`. `windowSize` is in window
    /// points (the units of mouse events); the renderer's output may have more pixels (HiDPI).
    /// Expects no renderer scale or viewport set; leaves the draw blend mode as it found it.
    /// `window`: the window's pixels when the renderer draws into them (the software path),
    /// for the layers to be blended there directly.
    func draw(renderer: OpaquePointer, state: PlayerState, windowSize: OverlaySize, now: Double, window: WindowPixels? = nil) {
        controller.windowSize = windowSize
        let look = look(state: state, now: now)
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
        defer { SDL_SetRenderDrawBlendMode(renderer, previousBlend) }
        if let frame = barFrame, let barKey {
            drawLayer(barLayer, key: barKey, frame: frame, renderer: renderer, window: window) { renderer, dx, dy in
                drawMesh(barVertices, parts.bar.indices, renderer: renderer, dx: dx, dy: dy)
                for text in barTexts {
                    text.texture.draw(in: SDL_Rect(x: text.frame.x + dx, y: text.frame.y + dy, w: text.frame.w, h: text.frame.h),
                                      renderer: renderer)
                }
            }
        }
        if let frame = fillFrame, let fillKey {
            drawLayer(fillLayer, key: fillKey, frame: frame, renderer: renderer,
                      visibleWidth: thumbPixelX - frame.x, window: window) { renderer, dx, dy in
                drawMesh(fillVertices, parts.fill.indices, renderer: renderer, dx: dx, dy: dy)
            }
        }
        drawMesh(markVertices, parts.marks.indices, renderer: renderer)
        if let frame = thumbFrame, let thumbKey {
            drawLayer(thumbLayer, key: thumbKey, frame: frame, renderer: renderer, window: window) { renderer, dx, dy in
                drawMesh(thumbVertices, parts.thumb.indices, renderer: renderer, dx: dx, dy: dy)
            }
        }
        drawMesh(extraVertices, parts.extras.indices, renderer: renderer)
        if let previewFrame {
            previewTexture.draw(in: previewFrame, renderer: renderer)
        }
        for text in texts {
            text.texture.draw(in: text.frame, alpha: text.alpha, renderer: renderer)
        }
        drawMesh(menuVertices, parts.menu.indices, renderer: renderer)
        menuTexts.draw(renderer: renderer)
        contextMenuTexts.draw(renderer: renderer)
        if let frame = panelFrame, let panelKey {
            drawLayer(panelLayer, key: panelKey, frame: frame, renderer: renderer, window: window) { renderer, dx, dy in
                drawMesh(panelVertices, panelMesh.indices, renderer: renderer, dx: dx, dy: dy)
                panelTexts.draw(renderer: renderer, dx: dx, dy: dy)
            }
            drawMesh(panelHighlightVertices, panelHighlightMesh.indices, renderer: renderer)
        }
    }

    /// Copies `layer` into `frame` (the first `visibleWidth` columns), rendering it first when
    /// `key` changed. `content` draws the layer's shapes moved by (dx, dy) pixels; without
    /// layers it draws them straight onto the screen, clipped the same way.
    private func drawLayer<Key: Equatable>(_ layer: OverlayLayer<Key>, key: Key, frame: SDL_Rect, renderer: OpaquePointer,
                                           visibleWidth: Int32? = nil, window: WindowPixels?,
                                           content: (OpaquePointer, Int32, Int32) -> Void) {
        if usesLayers, layer.update(key: key, width: frame.w, height: frame.h, renderer: renderer,
                                    content: { content($0, -frame.x, -frame.y) }) {
            layer.draw(x: frame.x, y: frame.y, visibleWidth: visibleWidth, window: window)
            return
        }
        if let visibleWidth {
            guard visibleWidth > 0 else { return }
            var clip = SDL_Rect(x: frame.x, y: frame.y, w: min(visibleWidth, frame.w), h: frame.h)
            SDL_RenderSetClipRect(renderer, &clip)
            content(renderer, 0, 0)
            SDL_RenderSetClipRect(renderer, nil)
        } else {
            content(renderer, 0, 0)
        }
    }

    /// Draws triangles blended, moved by (dx, dy) pixels.
    private func drawMesh(_ vertices: [SDL_Vertex], _ indices: [Int32], renderer: OpaquePointer, dx: Int32 = 0, dy: Int32 = 0) {
        guard !indices.isEmpty else { return }
        // A layer's content is drawn onto its own target: the blend mode is set there too.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        var drawn = vertices
        if dx != 0 || dy != 0 {
            shiftedVertices.removeAll(keepingCapacity: true)
            for var vertex in vertices {
                vertex.position.x += Float(dx)
                vertex.position.y += Float(dy)
                shiftedVertices.append(vertex)
            }
            drawn = shiftedVertices
        }
        drawn.withUnsafeBufferPointer { vertices in
            indices.withUnsafeBufferPointer { indices in
                _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress, Int32(vertices.count),
                                       indices.baseAddress, Int32(indices.count))
            }
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
        barTexts.removeAll(keepingCapacity: true)
        previewFrame = nil
        barFrame = nil
        fillFrame = nil
        thumbFrame = nil
        barKey = nil
        fillKey = nil
        thumbKey = nil

        var tooltipFrame: OverlayRect?
        if let look {
            let layout = look.layout
            let labelSize = Int32((layout.fontSize * scale).rounded())
            let captionSize = Int32((layout.smallFontSize * scale).rounded())
            // The picture-in-picture bar has no texts.
            if !layout.isPictureInPicture {
                timeText.update(look.timeText, pixelSize: labelSize, font: font, renderer: renderer)
                skipCaption.update("10", pixelSize: captionSize, font: font, renderer: renderer)
                speedText.update(look.speedText, pixelSize: labelSize, font: font, renderer: renderer)
                texts.append((timeText, timeText.frame(centeredAt: pixels(OverlayPoint(x: layout.timeLabel.midX,
                                                                                        y: layout.timeLabel.midY))), 255))
                for button in [layout.skipBackButton, layout.skipForwardButton] {
                    let center = OverlayPainter.skipCaptionCenter(in: button, layout: layout)
                    barTexts.append((skipCaption, skipCaption.frame(centeredAt: pixels(center))))
                }
                let pill = OverlayPainter.speedPill(in: layout)
                barTexts.append((speedText, speedText.frame(centeredAt: pixels(OverlayPoint(x: pill.midX, y: pill.midY)))))
            }
            barFrame = Self.pixelFrame(layout.band, scale: scale, margin: 0)
            barKey = BarKey(look, scale: scale)
            fillFrame = Self.pixelFrame(layout.track, scale: scale, margin: 2)
            fillKey = FillKey(track: layout.track, scale: scale)
            if let thumbX = look.thumbX {
                let radius = OverlayPainter.thumbRadius(of: look), centerY = layout.track.midY
                let frame = Self.pixelFrame(OverlayRect(x: thumbX - radius, y: centerY - radius,
                                                        width: 2 * radius, height: 2 * radius), scale: scale, margin: 2)
                thumbFrame = frame
                thumbKey = frame.map {
                    ThumbKey(radius: radius * scale, offsetX: thumbX * scale - Double($0.x),
                             offsetY: centerY * scale - Double($0.y))
                }
                thumbPixelX = Int32((thumbX * scale).rounded())
            }
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

        menuTexts.update(look?.trackMenu, scale: scale, font: font, renderer: renderer)
        contextMenuTexts.update(look?.contextMenu, scale: scale, font: font, renderer: renderer)
        rebuildPanel(look?.playlistPanel, scale: scale, renderer: renderer)

        let pictureFrame = previewFrame.map { (x: Int($0.x), y: Int($0.y), width: Int($0.w), height: Int($0.h)) }
        parts = OverlayPainter.parts(for: look, message: message, scale: scale, tooltipFrame: tooltipFrame,
                                     previewFrame: pictureFrame, messagePlate: messagePlate, reusing: parts)
        // SDL's software renderer truncates vertex positions to whole pixels; half a pixel more
        // makes that rounding, so its shapes land where a GPU draws them rather than up to a
        // pixel up and to the left.
        let nudge: Float = Self.truncatesVertices(renderer) ? 0.5 : 0
        Self.convert(parts.bar, nudge: nudge, into: &barVertices)
        Self.convert(parts.fill, nudge: nudge, into: &fillVertices)
        Self.convert(parts.marks, nudge: nudge, into: &markVertices)
        Self.convert(parts.thumb, nudge: nudge, into: &thumbVertices)
        Self.convert(parts.extras, nudge: nudge, into: &extraVertices)
        Self.convert(parts.menu, nudge: nudge, into: &menuVertices)
    }

    /// The panel's shapes, texts and place, when its look, the scale or the renderer changed.
    private func rebuildPanel(_ look: PlaylistPanelLook?, scale: Double, renderer: OpaquePointer) {
        if let built = panelBuiltFor, built.look == look, built.scale == scale, built.renderer == renderer { return }
        let nudge: Float = Self.truncatesVertices(renderer) ? 0.5 : 0
        let key = look.map { PanelKey($0, scale: scale) }
        if key != panelKey || panelBuiltFor?.renderer != renderer {
            panelTexts.update(look, scale: scale, font: font, renderer: renderer)
            var builder = MeshBuilder(scale: scale, reusing: panelMesh)
            if let look { OverlayPainter.addPlaylistPanel(look, to: &builder) }
            panelMesh = builder.mesh
            Self.convert(panelMesh, nudge: nudge, into: &panelVertices)
            panelFrame = look.flatMap { Self.pixelFrame($0.layout.frame, scale: scale, margin: 2) }
            panelKey = key
        }
        var highlights = MeshBuilder(scale: scale, reusing: panelHighlightMesh)
        if let look { OverlayPainter.addPlaylistPanelHighlights(look, to: &highlights) }
        panelHighlightMesh = highlights.mesh
        Self.convert(panelHighlightMesh, nudge: nudge, into: &panelHighlightVertices)
        panelBuiltFor = (look, scale, renderer)
    }

    private static func convert(_ mesh: Mesh, nudge: Float, into vertices: inout [SDL_Vertex]) {
        vertices.removeAll(keepingCapacity: true)
        for vertex in mesh.vertices {
            let color = vertex.color
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: vertex.x + nudge, y: vertex.y + nudge),
                                       color: SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a),
                                       tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
    }

    /// `rect` (points) in whole output pixels, grown by `margin` pixels on every side for the
    /// anti-aliased edges; never above or left of the output's origin.
    private static func pixelFrame(_ rect: OverlayRect, scale: Double, margin: Int32) -> SDL_Rect? {
        let x0 = max(0, Int32((rect.minX * scale).rounded(.down)) - margin)
        let y0 = max(0, Int32((rect.minY * scale).rounded(.down)) - margin)
        let x1 = Int32((rect.maxX * scale).rounded(.up)) + margin
        let y1 = Int32((rect.maxY * scale).rounded(.up)) + margin
        guard x1 > x0, y1 > y0 else { return nil }
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// True for SDL's software renderer.
    private static func truncatesVertices(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return false }
        return String(cString: name) == "software"
    }
}
