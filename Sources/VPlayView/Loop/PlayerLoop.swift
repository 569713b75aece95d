import CSDL2
import VPlayCore

/// The main loop while a file plays in the window: sends commands from every control surface
/// to the session, shows pictures when they are due, draws the overlay, and otherwise sleeps
/// until the next frame, overlay deadline or event. A paused, idle player sleeps without waking.
public final class PlayerLoop {
    private let sdl: SDLSession
    private let session: Session
    private let window: PlayerWindow
    private let player: Player
    private let channel: PlayerChannel
    private let overlay: Overlay
    private let texture: VideoTexture
    /// The main subtitle track's layer, and the second track's.
    private let subtitleLayers: [SubtitleTexture]
    /// The software path's direct route to the screen; nil on the GPU path.
    private let windowPixels: WindowPixels?
    /// Called after each turn with the published state (status line, IPC observers).
    private let onTurn: (PlayerState) -> Void
    private var needsPresent = true
    /// Decision to picture on screen (scaling, upload, present), smoothed.
    private var displayLatency = SmoothedValue(weight: 0.1)
    /// Keys to commands: the user's input.conf first, then the built-in bindings.
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    /// Ctrl+O: the desktop's file chooser.
    private let openDialog: () -> Void

    /// - Parameters:
    ///   - player: the session's player; the loop runs while it plays.
    ///   - thumbnails: the seek-bar previews of this file (nil: none). Its `onReady` must
    ///     call `sdl.wake()`: the loop then redraws with the new picture.
    public init(sdl: SDLSession, session: Session, window: PlayerWindow, player: Player, channel: PlayerChannel,
                overlay: Overlay, thumbnails: (any ThumbnailSource)? = nil,
                keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand? = KeyBindings.command(for:isFullscreen:),
                openDialog: @escaping () -> Void = {}, onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        overlay.thumbnails = thumbnails
        overlay.openFileChooser = openDialog
        self.keyCommand = keyCommand
        self.openDialog = openDialog
        self.sdl = sdl
        self.session = session
        self.window = window
        self.player = player
        self.channel = channel
        self.overlay = overlay
        self.onTurn = onTurn
        texture = VideoTexture(renderer: window.renderer)
        subtitleLayers = SubtitleLayer.allCases.map { SubtitleTexture(renderer: window.renderer, layer: $0) }
        windowPixels = window.presentation == .scaledRGB ? WindowPixels(window: window.window, renderer: window.renderer) : nil
    }

    /// How long a file's first picture is waited for before the window is drawn without it.
    static let firstPictureWait = 1.0

    /// Runs until the session lets this file go (its end, another file, a quit).
    public func run() {
        let startedAt = Player.monotonicNow()
        // The thumbnail source is this file's: the next file brings its own.
        defer { overlay.thumbnails = nil }
        var event = SDL_Event()
        while true {
            LoopTurn.takeCommands(from: channel, into: session)
            guard session.player === player else {
                LoopTurn.publish(session, to: channel, onTurn: onTurn)
                return
            }
            let decidedAt = Player.monotonicNow()
            let tick = player.tick()
            if tick.hasNewPicture || lookChanged() || (!drawsIntoWindow && texture.isEmpty) {
                uploadPicture()
            }
            let canvas = subtitleCanvas
            for layer in subtitleLayers where layer.update(from: player, canvas: canvas, intoWindow: drawsIntoWindow) {
                needsPresent = true
            }
            player.updateWindow(window.state)
            let state = LoopTurn.publish(session, to: channel, onTurn: onTurn)
            guard session.player === player else { return }
            if state.isFullscreen != window.isFullscreen {
                window.setFullscreen(state.isFullscreen)
                needsPresent = true
            }
            if window.apply(state.windowSettings, pictureSize: player.geometry?.displaySize) { needsPresent = true }

            let now = Player.monotonicNow()
            // Until this file's first picture is up, the window keeps the last one of the file
            // before (or the idle screen) rather than going black between files.
            let waitsForPicture = player.geometry != nil && !player.hasPicture && now - startedAt < Self.firstPictureWait
            if !waitsForPicture && (needsPresent || overlay.needsRedraw(state: state, now: now)) {
                present(state: state, now: now)
                if tick.hasNewPicture { displayLatency.add(Player.monotonicNow() - decidedAt) }
                player.displayLatency = displayLatency.value
            }
            SDL_ShowCursor(overlay.hidesCursor(state: state, now: now) ? 0 : 1)

            var deadline = waitsForPicture ? min(tick.wakeAt, startedAt + Self.firstPictureWait) : tick.wakeAt
            if let overlayDeadline = overlay.nextDeadline(state: state, now: now) {
                deadline = min(deadline, overlayDeadline)
            }
            if sdl.waitEvent(&event, until: deadline, now: now) {
                handle(event, state: state)
                while session.player === player, SDL_PollEvent(&event) != 0 { handle(event, state: session.snapshot) }
            }
        }
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

    private func handle(_ event: SDL_Event, state: PlayerState) {
        let now = Player.monotonicNow()
        switch event.type {
        case sdl.wakeEventType:
            // Also how a finished seek preview arrives: `needsRedraw` then sees the new picture.
            sdl.wakeConsumed()
        case SDL_QUIT.rawValue:
            session.apply(.quit(code: 0))
        case SDL_DROPFILE.rawValue:
            if let file = event.drop.file {
                let path = String(cString: file)
                // A subtitle file joins the video playing; anything else replaces it.
                session.apply(SidecarFinder.isSubtitleFile(path) ? .addSubtitleFile(SubtitleFileRequest(path: path), .select) : .loadFile(path))
                SDL_free(file)
            }
        case SDL_DROPTEXT.rawValue:
            if let text = event.drop.file {
                PastedLinks.command(for: String(cString: text), appending: false).map(session.apply)
                SDL_free(text)
            }
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
            guard let press = KeyPress(event.key) else { break }
            // Esc closes an open menu before it leaves fullscreen or quits.
            if press.key == .escape, overlay.dismissTrackMenu(state: state) { break }
            if press.isOpenDialogKey {
                openDialog()
            } else if let appending = press.pasteAppends {
                session.apply(PastedLinks.clipboardCommand(appending: appending))
            } else if let command = keyCommand(press, state.isFullscreen) {
                session.apply(command)
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
            break
        }
    }
}
