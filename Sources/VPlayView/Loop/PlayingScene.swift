import CSDL2
import VPlayCore

/// One file playing in the window: shows its pictures when they are due, with its subtitles
/// and the overlay, and handles what the pointer and the overlay's keys do to them. Made for
/// each file's player and dropped when the session lets the file go.
final class PlayingScene: ViewScene {
    private let session: Session
    private let window: PlayerWindow
    private let player: Player
    private let overlay: Overlay
    /// The seek-bar previews of this file; nil: none.
    private let thumbnails: BackgroundThumbnails?
    private let texture: VideoTexture
    /// The main subtitle track's layer, and the second track's.
    private let subtitleLayers: [SubtitleTexture]
    /// The software path's direct route to the screen; nil on the GPU path.
    private let windowPixels: WindowPixels?
    private var needsPresent = true
    /// Decision to picture on screen (scaling, upload, present), smoothed.
    private var displayLatency = SmoothedValue(weight: 0.1)
    /// When this turn's decision began, if it brought a new picture.
    private var newPictureDecidedAt: Double?
    private let firstPicture: FirstPictureWait

    /// - Parameters:
    ///   - player: the session's player.
    ///   - thumbnails: the seek-bar previews of this file (nil: none). Its `onReady` must wake
    ///     the loop: it then redraws with the new picture.
    ///   - openDialog: Ctrl+O and the context menu's Open: the desktop's file chooser.
    init(session: Session, window: PlayerWindow, overlay: Overlay, player: Player,
         thumbnails: BackgroundThumbnails?, openDialog: @escaping () -> Void) {
        overlay.thumbnails = thumbnails
        overlay.openFileChooser = openDialog
        self.session = session
        self.window = window
        self.player = player
        self.overlay = overlay
        self.thumbnails = thumbnails
        texture = VideoTexture(renderer: window.renderer)
        subtitleLayers = SubtitleLayer.allCases.map { SubtitleTexture(renderer: window.renderer, layer: $0) }
        windowPixels = window.presentation == .scaledRGB ? WindowPixels(window: window.window, renderer: window.renderer) : nil
        firstPicture = FirstPictureWait(startedAt: Player.monotonicNow())
    }

    func leave() {
        // The previews are this file's: the next file brings its own.
        overlay.thumbnails = nil
        thumbnails?.stop()
    }

    func prepare(after tick: Player.Tick?, decidedAt: Double) {
        let hasNewPicture = tick?.hasNewPicture ?? false
        newPictureDecidedAt = hasNewPicture ? decidedAt : nil
        if hasNewPicture || lookChanged() || (!drawsIntoWindow && texture.isEmpty) {
            uploadPicture()
        }
        let canvas = subtitleCanvas
        for layer in subtitleLayers where layer.update(from: player, canvas: canvas, intoWindow: drawsIntoWindow) {
            needsPresent = true
        }
        player.updateWindow(window.state)
    }

    func draw(_ state: PlayerState, now: Double) -> Double {
        if state.isFullscreen != window.isFullscreen {
            window.setFullscreen(state.isFullscreen)
            needsPresent = true
        }
        if window.apply(state.windowSettings, pictureSize: player.geometry?.displaySize) { needsPresent = true }
        let waitsForPicture = firstPicture.holdsDrawing(hasVideo: player.geometry != nil, hasPicture: player.hasPicture, now: now)
        if !waitsForPicture && (needsPresent || overlay.needsRedraw(state: state, now: now)) {
            present(state: state, now: now)
            if let decidedAt = newPictureDecidedAt { displayLatency.add(Player.monotonicNow() - decidedAt) }
            player.displayLatency = displayLatency.value
        }
        SDL_ShowCursor(overlay.hidesCursor(state: state, now: now) ? 0 : 1)
        let overlayDeadline = overlay.nextDeadline(state: state, now: now) ?? .infinity
        return min(waitsForPicture ? firstPicture.deadline : .infinity, overlayDeadline)
    }

    /// Where the picture goes in the window now, and which part of it shows.
    private var layout: PictureLayout? {
        guard let geometry = player.geometry else { return nil }
        let size = player.pictureSize ?? (geometry.width, geometry.height)
        let output = window.outputSize
        return PictureLayout.make(width: size.width, height: size.height, geometry: geometry, display: player.state.display,
                                  windowWidth: output.width, windowHeight: output.height)
    }

    /// The window's pixels and the picture's place in them, for subtitles.
    private var subtitleCanvas: SubtitleCanvas {
        let output = window.outputSize
        var box = Letterbox(x: 0, y: 0, width: output.width, height: output.height)
        if let picture = layout?.picture {
            let left = max(0, picture.x), top = max(0, picture.y)
            box = Letterbox(x: left, y: top, width: min(output.width, picture.x + picture.width) - left,
                            height: min(output.height, picture.y + picture.height) - top)
        }
        return SubtitleCanvas(width: output.width, height: output.height,
                              video: PixelBox(x: box.x, y: box.y, width: box.width, height: box.height))
    }

    /// Software path, picture upright: scaled straight into the window's pixels at present.
    private var drawsIntoWindow: Bool {
        windowPixels != nil && (layout?.rotation ?? 0) == 0
    }

    /// The texture holds YUV planes of the whole picture (the GPU converts); else the shown
    /// part, converted, scaled and adjusted on the CPU.
    private var uploadsPlanes: Bool {
        window.presentation == .gpuYUV && player.state.display.equalizer.isNeutral
    }

    /// The layout and adjustments the picture on screen was drawn with.
    private var shownLook: (layout: PictureLayout?, equalizer: PictureEqualizer, planes: Bool)?

    /// True when the picture must be drawn again though it is the same: the window's size, a
    /// zoom, a crop or an adjustment changed (paused too).
    private func lookChanged() -> Bool {
        let look = (layout: layout, equalizer: player.state.display.equalizer, planes: uploadsPlanes)
        defer { shownLook = look }
        guard let shown = shownLook else { return false }
        let changed = shown.layout != look.layout || shown.equalizer != look.equalizer || shown.planes != look.planes
        if changed { needsPresent = true }
        return changed
    }

    /// Puts the current picture into the texture in the form the presentation path wants.
    private func uploadPicture() {
        needsPresent = true
        if drawsIntoWindow { return }   // drawn at present, into the window itself
        if uploadsPlanes {
            guard let picture = player.picture() else { return }
            texture.upload(picture)
            return
        }
        guard let layout else { return }
        let size = layout.unturnedSize
        texture.fill(width: size.width, height: size.height) { pixels, pitch in
            player.drawPicture(into: pixels, pitch: pitch, width: size.width, height: size.height, source: layout.source)
        }
    }

    private func present(state: PlayerState, now: Double) {
        let renderer = window.renderer
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        let layout = layout
        let rotation = layout?.rotation ?? 0
        let pictureBox = layout.map { Letterbox($0.destination) }
        var drawn = false
        if drawsIntoWindow, let layout, let box = pictureBox, let windowPixels {
            drawn = windowPixels.draw(into: box) { pixels, pitch in
                player.drawPicture(into: pixels, pitch: pitch, width: box.width, height: box.height, source: layout.source)
            }
        }
        if drawn || (window.presentation == .scaledRGB && rotation == 0 && !texture.isEmpty), let box = pictureBox {
            // In software the picture's copy overwrites its box: paint only the bars around it.
            let output = window.outputSize
            var rects = box.bars(inWidth: output.width, height: output.height)
                .map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
            if !rects.isEmpty { SDL_RenderFillRects(renderer, &rects, Int32(rects.count)) }
        } else {
            SDL_RenderClear(renderer)
        }
        if !drawn, let box = pictureBox {
            texture.draw(into: box, rotation: rotation, source: uploadsPlanes ? layout?.source : nil)
        }
        // The overlay works in window points and scales to output pixels itself (HiDPI).
        let points = window.size
        let pixelsPerPoint = points.height > 0 ? Double(window.outputSize.height) / Double(points.height) : 1
        let barHeight = Int((overlay.coveredHeight(state: state, now: now) * pixelsPerPoint).rounded(.up))
        let canvas = subtitleCanvas
        for layer in subtitleLayers {
            layer.draw(lift: canvas.lift(of: layer.lowerBounds, barHeight: barHeight), window: windowPixels)
        }
        overlay.draw(renderer: renderer, state: state,
                     windowSize: OverlaySize(width: Double(points.width), height: Double(points.height)), now: now,
                     window: windowPixels)
        SDL_RenderPresent(renderer)
        needsPresent = false
    }

    /// Keys for the subtitle search: `/` opens it; while open it takes every key. True when used.
    private func handleSearchKey(_ press: KeyPress) -> Bool {
        guard var field = overlay.searchField else {
            guard press.key == .character("/"), press.modifiers.isDisjoint(with: [.control, .alt, .gui]) else { return false }
            overlay.searchField = SearchField(openedWith: "/")
            SDL_StartTextInput()
            needsPresent = true
            return true
        }
        switch field.handle(press.key) {
        case .edited: overlay.searchField = field
        case .search(let phrase): session.apply(SearchField.command(for: phrase))
        case .close:
            overlay.searchField = nil
            SDL_StopTextInput()
        case .ignored: break
        }
        needsPresent = true
        return true
    }

    func handle(_ event: SDL_Event, state: PlayerState) -> Bool {
        let now = Player.monotonicNow()
        switch event.type {
        case SDL_DROPFILE.rawValue:
            guard let file = event.drop.file else { return false }
            let path = String(cString: file)
            // A subtitle file joins the video playing; anything else replaces it.
            session.apply(SidecarFinder.isSubtitleFile(path) ? .addSubtitleFile(SubtitleFileRequest(path: path), .select) : .loadFile(path))
            SDL_free(file)
        case SDL_DROPTEXT.rawValue:
            guard let text = event.drop.file else { return false }
            PastedLinks.command(for: String(cString: text), appending: false).map(session.apply)
            SDL_free(text)
        case SDL_WINDOWEVENT.rawValue:
            // The overlay needs to know when the pointer leaves the window.
            _ = overlay.handle(event, state: state, now: now)
            needsPresent = true
        case SDL_TEXTINPUT.rawValue:
            guard overlay.searchField != nil else { break }
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            overlay.searchField?.type(text)
            needsPresent = true
        case SDL_KEYDOWN.rawValue:
            if let press = KeyPress(event.key), handleSearchKey(press) { break }
            // The overlay's keys first: F8 and, while it is open, the playlist panel's.
            let response = overlay.handle(event, state: state, now: now)
            for command in response.commands { session.apply(command) }
            if response.consumed {
                needsPresent = true
                break
            }
            // Esc closes an open menu before it leaves fullscreen or quits; other keys are the loop's.
            guard let press = KeyPress(event.key), press.key == .escape, overlay.dismissTrackMenu(state: state) else {
                return false
            }
        case SDL_MOUSEMOTION.rawValue, SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEWHEEL.rawValue:
            if event.type == SDL_MOUSEMOTION.rawValue, window.followDrag() { break }
            if event.type == SDL_MOUSEBUTTONUP.rawValue { window.endDrag() }
            let response = overlay.handle(event, state: state, now: now)
            for command in response.commands { session.apply(command) }
            needsPresent = needsPresent || response.consumed
            // Picture-in-picture has no title bar: a press on the picture moves the window.
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue, event.button.button == UInt8(SDL_BUTTON_LEFT),
               !response.consumed, window.isDraggable {
                window.beginDrag()
            }
        default:
            return false
        }
        return true
    }
}
