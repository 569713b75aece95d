import CSDL2
import VPlayCore

/// The window with no file: "No file", an Open button and Ctrl+O for the file chooser, files
/// dropped on it, and `loadfile` over IPC; under them the files played lately, from the watch
/// history, to play again from where they were left. Runs while the session is idle.
///
/// The history is read on the thread that records it, once the window has been drawn; the rows
/// appear when it answers. Their pictures come later still, from `pictures`.
public final class IdleLoop {
    private let sdl: SDLSession
    private let session: Session
    private let window: PlayerWindow
    private let screen: IdleScreen
    private let channel: PlayerChannel
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    /// Shows the desktop's file chooser; its answer comes back through the channel.
    private let openDialog: () -> Void
    private let onTurn: (PlayerState) -> Void
    private var pointer: OverlayPoint?
    private var drawn: IdleScreen.Look?
    /// Files of a drop under way (SDL sends one event per file between begin and complete).
    private var dropped: [String] = []
    /// The recent files as last shown: the caller may keep them for its next idle window, which
    /// then shows them at once while it reads the history again.
    public private(set) var recent: RecentList
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
    ///     idle window).
    ///   - pictures: decodes a picture of each recent file where it was left; nil for none.
    public init(sdl: SDLSession, session: Session, window: PlayerWindow, screen: IdleScreen, channel: PlayerChannel,
                keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand?, openDialog: @escaping () -> Void,
                recent: RecentList = RecentList(), pictures: StillPictures? = nil,
                onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.sdl = sdl
        self.session = session
        self.window = window
        self.screen = screen
        self.channel = channel
        self.keyCommand = keyCommand
        self.openDialog = openDialog
        self.recent = session.history == nil ? RecentList() : recent
        self.pictures = pictures
        self.onTurn = onTurn
    }

    public func run() {
        // A file about to open has the machine to itself.
        defer { pictures?.cancel() }
        var event = SDL_Event()
        while session.phase == .idle {
            LoopTurn.takeCommands(from: channel, into: session)
            let state = LoopTurn.publish(session, to: channel, onTurn: onTurn)
            guard session.phase == .idle else { return }
            if state.isFullscreen != window.isFullscreen { window.setFullscreen(state.isFullscreen) }
            takeReading()
            let now = Player.monotonicNow()
            draw(message: state.messageExpiry > now ? state.message : nil)
            // Read once the window shows: reading never holds up its first picture.
            if requests == 0 { readHistory() }
            // A message on screen goes when it expires.
            let until = state.message != nil && state.messageExpiry > now ? state.messageExpiry : .infinity
            guard sdl.waitEvent(&event, until: until, now: now) else { continue }
            repeat {
                handle(event, state: state)
            } while session.phase == .idle && SDL_PollEvent(&event) != 0
        }
    }

    private func handle(_ event: SDL_Event, state: PlayerState) {
        if LoopTurn.handleWakeOrQuit(event, sdl: sdl, session: session) { return }
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
            if let press = OverlayKeyPress(event.key), let rows = layout.recent,
               let action = recent.handle(press, shown: rows.count, hovered: pointer.flatMap(rows.hit(at:))?.row) {
                act(action)
                break
            }
            guard let press = KeyPress(event.key) else { break }
            if press.isOpenDialogKey {
                openDialog()
            } else if let appending = press.pasteAppends {
                session.apply(PastedLinks.clipboardCommand(appending: appending))
            } else if let command = keyCommand(press, state.isFullscreen) {
                session.apply(command)
            }
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
            break
        }
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

extension KeyPress {
    /// Ctrl+O: the file chooser, from the idle window and while playing.
    public var isOpenDialogKey: Bool {
        modifiers == [.control] && (key == .character("o") || key == .character("O"))
    }
}
