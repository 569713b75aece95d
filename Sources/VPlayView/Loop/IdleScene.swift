import CSDL2
import VPlayCore

/// The window with no file: "No file", an Open button and Ctrl+O for the file chooser, files
/// dropped on it, and `loadfile` over IPC; under them the files played lately, from the watch
/// history, to play again from where they were left. Shown while the session is idle; a visit
/// to the idle window has a scene of its own.
///
/// The history is read on the thread that records it, once the window has been drawn; the rows
/// appear when it answers. Their pictures come later still, from `pictures`.
final class IdleScene: ViewScene {
    private let sdl: SDLSession
    private let session: Session
    private let window: PlayerWindow
    private let screen: IdleScreen
    /// Shows the desktop's file chooser; its answer comes back through the channel.
    private let openDialog: () -> Void
    private var pointer: OverlayPoint?
    private var drawn: IdleScreen.Look?
    /// Files of a drop under way (SDL sends one event per file between begin and complete).
    private var dropped: [String] = []
    /// The recent files as last shown: the next visit shows them at once while it reads the
    /// history again.
    private(set) var recent: RecentList
    /// Decodes the rows' pictures; nil for none.
    private let pictures: StillPictures?
    /// The pictures last asked of `pictures`.
    private var wanted: [StillPictures.Request] = []
    /// A reading of the history, left by the history's thread with the number of the request it
    /// answers; only the answer to the latest request is shown.
    private let reading = Locked<(request: Int, files: [RecentFile])?>(nil)
    private var requests = 0
    /// Where the left button went down in the list: a click acts only if it comes up there too.
    private var pressed: RecentListLayout.Hit?

    /// - Parameters:
    ///   - recent: the recent files to show until the history has been read (those of the last
    ///     visit).
    ///   - pictures: decodes a picture of each recent file where it was left; nil for none.
    init(sdl: SDLSession, session: Session, window: PlayerWindow, screen: IdleScreen, openDialog: @escaping () -> Void,
         recent: RecentList, pictures: StillPictures?) {
        self.sdl = sdl
        self.session = session
        self.window = window
        self.screen = screen
        self.openDialog = openDialog
        self.recent = session.history == nil ? RecentList() : recent
        self.pictures = pictures
        // The pointer may have hidden with a fullscreen file's bar; here there are buttons to click.
        SDL_ShowCursor(SDL_ENABLE)
    }

    func prepare(after tick: Player.Tick?, decidedAt: Double) {}

    func draw(_ state: PlayerState, now: Double) -> Double {
        if state.isFullscreen != window.isFullscreen { window.setFullscreen(state.isFullscreen) }
        takeReading()
        let showsMessage = state.message != nil && state.messageExpiry > now
        draw(message: showsMessage ? state.message : nil)
        // Read once the window shows: reading never holds up its first picture.
        if requests == 0 { readHistory() }
        // A message on screen goes when it expires.
        return showsMessage ? state.messageExpiry : .infinity
    }

    func leave() {
        // A file about to open has the machine to itself.
        pictures?.cancel()
    }

    func handle(_ event: SDL_Event, state: PlayerState) -> Bool {
        switch event.type {
        case SDL_DROPBEGIN.rawValue:
            dropped.removeAll()
        case SDL_DROPFILE.rawValue:
            if let file = event.drop.file {
                dropped.append(String(cString: file))
                SDL_free(file)
            }
        case SDL_DROPTEXT.rawValue:
            if let text = event.drop.file {
                dropped += PastedLinks.links(in: String(cString: text))
                SDL_free(text)
            }
        case SDL_DROPCOMPLETE.rawValue:
            if !dropped.isEmpty { session.apply(.openFiles(dropped)) }
        case SDL_KEYDOWN.rawValue:
            // The list's keys; the others are the loop's.
            guard let press = OverlayKeyPress(event.key), let rows = layout.recent,
                  let action = recent.handle(press, shown: rows.count, hovered: pointer.flatMap(rows.hit(at:))?.row) else {
                return false
            }
            act(action)
        case SDL_MOUSEMOTION.rawValue:
            pointer = OverlayPoint(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEBUTTONDOWN.rawValue:
            let point = OverlayPoint(x: Double(event.button.x), y: Double(event.button.y))
            pointer = point
            pressed = event.button.button == UInt8(SDL_BUTTON_LEFT) ? layout.recent?.hit(at: point) : nil
        case SDL_MOUSEBUTTONUP.rawValue:
            let point = OverlayPoint(x: Double(event.button.x), y: Double(event.button.y))
            pointer = point
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { break }
            let layout = layout
            if layout.isOnOpenButton(point) {
                openDialog()
            } else if let hit = layout.recent?.hit(at: point), hit == pressed {
                act(recent.action(for: hit))
            }
            pressed = nil
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue) { pointer = nil }
            // Exposed or resized: draw again.
            drawn = nil
        default:
            return false
        }
        return true
    }

    private var layout: IdleLayout {
        let size = window.size
        return IdleLayout(windowSize: OverlaySize(width: Double(size.width), height: Double(size.height)),
                          recentCount: recent.files.count)
    }

    private func draw(message: String?) {
        let layout = layout
        let points = window.size, pixels = window.outputSize
        let scale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
        var look = IdleScreen.Look(layout: layout, buttonIsLit: pointer.map(layout.isOnOpenButton) ?? false, message: message)
        if let rows = layout.recent {
            let files = Array(recent.files.prefix(rows.count))
            let asked = files.map { pictureRequest(for: $0, in: rows, scale: scale) }
            askPictures(asked.compactMap { $0 })
            look.recent = IdleScreen.RecentLook(files: files,
                                                pictures: asked.map { $0.flatMap { pictures?.picture(for: $0) } },
                                                hovered: pointer.flatMap(rows.hit(at:)),
                                                selection: recent.selection(shown: rows.count))
        }
        guard look != drawn else { return }
        screen.draw(look, renderer: window.renderer, scale: scale)
        drawn = look
    }

    // MARK: recent files

    /// Carries out what the user asked of the list.
    private func act(_ action: RecentList.Action?) {
        switch action {
        case .resume?:
            if let command = action?.command { session.apply(command) }
        case .forget(let path)?:
            // The row goes at once; the history forgets it on its own thread, and the list is
            // read again there after (the next file, if any, moves up into view).
            recent.remove(path: path)
            readHistory(forgetting: path)
        case .moved?, nil:
            break
        }
    }

    /// Reads the newest files from the history on its thread (after forgetting `path`), then
    /// wakes the loop to show them. Without a history nothing is read and the list stays empty.
    private func readHistory(forgetting path: String? = nil) {
        requests += 1
        let request = requests, reading = reading, sdl = sdl
        let read: @Sendable (WatchHistory) -> Void = { history in
            let files = history.recent(limit: RecentListLayout.maxRows).map(RecentFile.init)
            reading.withLock { $0 = (request, files) }
            sdl.wake()
        }
        if let path { session.forgetInHistory(path, then: read) } else { session.withHistory(read) }
    }

    /// Shows the history's latest answer, if it answers the latest request.
    private func takeReading() {
        guard let answer = reading.withLock({ answer in defer { answer = nil }; return answer }),
              answer.request == requests else { return }
        recent.show(answer.files)
    }

    /// The picture a row shows: its file where it was left, the size of its box; nil for a file
    /// that is gone or not on disk.
    private func pictureRequest(for file: RecentFile, in rows: RecentListLayout, scale: Double) -> StillPictures.Request? {
        guard pictures != nil, file.exists, let path = file.localPath else { return nil }
        let box = rows.thumbnailSize
        return StillPictures.Request(path: path, time: file.position, maxWidth: max(1, Int((box.width * scale).rounded())),
                                     maxHeight: max(1, Int((box.height * scale).rounded())))
    }

    private func askPictures(_ asked: [StillPictures.Request]) {
        guard let pictures, asked != wanted else { return }
        wanted = asked
        pictures.want(asked)
    }
}
