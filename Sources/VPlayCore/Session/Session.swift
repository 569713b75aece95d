import Foundation

/// The run, from launch to quit: the playlist, the settings that outlive a file, and the one
/// file playing. Every `PlayerCommand` from keys, mouse, IPC and MPRIS comes here and is
/// carried out in `apply(_:)`: by the `Player` when there is one, by the settings store, or
/// kept until the file being opened has loaded. Runs on the main loop's thread; opens happen
/// on threads of their own, so commands are answered at once in every phase.
public final class Session {
    public enum Phase: Equatable, Sendable {
        /// No file: the idle window waits for one.
        case idle
        /// The entry's source is being opened.
        case opening(PlaylistItem)
        /// The entry plays (its `Player` is `player`).
        case playing(PlaylistItem)
        /// The run is over, with this exit status.
        case quitting(code: Int32)
    }

    /// What the run does beyond one file; from the options.
    public struct Configuration: Sendable {
        /// The options every file starts from; the settings store overrides what it holds.
        public var options = PlayerOptions()
        /// With no file left, wait in the idle window rather than quit (`--idle`, no file given).
        public var idles = false
        /// Quit at the end of the last file rather than rewind to wait there (`--autoexit`, no window).
        public var quitsAtEnd = false
        /// Start each file where it was left (`--resume`).
        public var resumes = false
        /// Remember the position of the file playing at quit (`--save-position-on-quit`).
        public var savesPositionOnQuit = false
        /// Folders, order, the watch history.
        public var playlist = PlaylistOptions()

        public init() {}
    }

    /// Opens a source: on a thread of its own, with the flag that gives the open up.
    public typealias Opener = @Sendable (_ source: Source, _ options: PlayerOptions, _ interrupt: InterruptFlag) throws(PlayerError) -> Player

    public private(set) var phase: Phase = .idle
    public private(set) var player: Player?
    /// The loudness of the files played, measured once a run for `--normalize=album`.
    let albumLoudness = AlbumLoudness()
    public private(set) var playlist: Playlist
    public internal(set) var settings: Settings
    /// The status the run ends with, once it ends.
    public var exitCode: Int32? {
        if case .quitting(let code) = phase { return code }
        return nil
    }
    /// The last file's figures, for `--bench` and `--dump-stats`.
    public private(set) var lastStats = PlaybackStats()
    /// Called with a file's player before it starts (the view sizes its window); false gives
    /// up the run with status 1.
    public var willStart: (Player) -> Bool = { _ in true }

    let configuration: Configuration
    let opener: Opener
    let wake: @Sendable () -> Void
    let warn: @Sendable (String) -> Void
    let watchLater: WatchLaterStore?
    let monotonic: @Sendable () -> Double
    /// The open of the entry in `.opening`.
    var opening: PlayerOpening?
    /// A file asked for while another plays (`loadfile`, a drop), opened beside it: it
    /// replaces the one playing once it opens, and is refused without stopping it if it fails.
    var replacement: PlayerOpening?
    /// Commands that need a file, sent while it opens: carried out, in order, once it has loaded.
    var waiting: [PlayerCommand] = []
    var events: [PlayerEvent] = []
    /// A message with no file to show it (`show-text` in the idle window), and when it goes.
    var message: (text: String, expiry: Double)?
    /// The next entry, opened ahead (`--prefetch-playlist`).
    var prefetched: Prefetch?
    /// The entry last found not to be opened ahead (a URL, a folder).
    var declinedPrefetch: PlaylistItem?
    /// Where the file being opened resumes, for the message once it plays.
    var resuming: Resume?
    /// A failure since the last successful open: the status if the run ends now.
    var failed = false

    /// Where each file played is recorded, nil when none is kept; written off the main loop.
    public let history: WatchHistory?
    let historyQueue = DispatchQueue(label: "vplay.history", qos: .utility)
    /// The choices carried across each folder's episodes; nil with `--remember-series=no`.
    let series: SeriesMemory?
    /// The choices made in this run, by folder (what the series memory is being told).
    var seriesChoices: [String: SeriesChoices] = [:]
    /// The files the user named, until `start` makes them the playlist.
    let files: [String]

    /// - Parameter files: what the user named: files, URLs, folders (playlist files already read).
    public init(files: [String], settings: Settings, configuration: Configuration, opener: @escaping Opener,
                wake: @escaping @Sendable () -> Void, warn: @escaping @Sendable (String) -> Void = { _ in },
                watchLater: WatchLaterStore? = nil, series: SeriesMemory? = nil,
                monotonic: @escaping @Sendable () -> Double = Player.monotonicNow) {
        self.files = files
        self.series = configuration.playlist.remembersSeries ? series : nil
        playlist = Playlist([])
        history = configuration.playlist.savesHistory ? WatchHistory(file: configuration.playlist.historyFile, warn: warn) : nil
        self.settings = settings
        self.configuration = configuration
        // Web pages are resolved through yt-dlp on the opening's thread; media opens as it is.
        self.opener = { source, options, interrupt throws(PlayerError) in
            try WebOpening.open(source, options: options, interrupt: interrupt, warn: warn, with: opener)
        }
        self.wake = wake
        self.warn = warn
        self.watchLater = watchLater
        self.monotonic = monotonic
    }

    deinit {
        prefetched?.opening.cancel()
        opening?.cancel()
        replacement?.cancel()
        player?.shutdown()
    }

    /// Makes the playlist from what the user named and opens its first entry, or waits idle
    /// (or quits) with none.
    public func start() {
        playlist = makePlaylist(files)
        // Named files that came to nothing (empty folders) leave a failure status.
        failed = playlist.items.isEmpty && !files.isEmpty
        let options = configuration.playlist
        if options.shuffles { playlist.shuffle(keepingCurrent: false) }
        if let start = options.start, !playlist.select(start) {
            warn("--playlist-start=\(start): the playlist has \(playlist.items.count) entries")
        }
        playCurrentEntry()
    }

    /// The playlist `paths` make: folders expanded; one file alone, with `--autocreate-playlist`,
    /// among its folder's files.
    private func makePlaylist(_ paths: [String]) -> Playlist {
        let options = configuration.playlist
        if paths.count == 1, options.autocreate != .no, !DirectoryExpansion.isDirectory(paths[0]),
           let siblings = SiblingPlaylist.entries(around: paths[0], mode: options.autocreate, kinds: options.kinds) {
            var made = Playlist(siblings.entries)
            _ = made.select(siblings.index)
            return made
        }
        return Playlist(options.expanding(paths, warn: warn))
    }

    // MARK: commands

    /// The one place where commands take effect.
    public func apply(_ command: PlayerCommand) {
        switch command {
        case .quit(let code): quit(code: code, savingPosition: configuration.savesPositionOnQuit)
        case .quitSavingPosition: quit(code: 0, savingPosition: true)
        case .stop: stop()
        case .playlistNext:
            if playlist.hasNext { go(.next) } else if settings.loopsPlaylist { go(.first) }
        case .playlistPrevious:
            if playlist.index > 0 { go(.previous) } else if settings.loopsPlaylist { go(.last) }
        case .playlistPlay(let position):
            guard playlist.items.indices.contains(position) else { return }
            leaveEntry(reason: .stop)
            _ = playlist.select(position)
            playCurrentEntry()
        case .loadFile(let path): load(path)
        case .openFiles(let paths):
            guard !paths.isEmpty else { return }
            leaveEntry(reason: .stop)
            playlist = makePlaylist(paths)
            playCurrentEntry()
        case let .resume(path, position):
            leaveEntry(reason: .stop)
            playlist = Playlist([path])
            playCurrentEntry(startingAt: position)
        case let .appendFiles(paths, play):
            let entries = configuration.playlist.expanding(paths, warn: warn)
            playlist.append(entries)
            if play && phase == .idle && !entries.isEmpty { playCurrentEntryAfterIdle(firstOf: entries.count) }
        case let .playlistMove(from, to):
            _ = playlist.move(from: from, to: to)
        case .playlistRemove(let position):
            guard playlist.remove(at: position ?? playlist.index), phase != .idle else { return }
            // The entry playing (or opening) went: the one that took its place plays.
            leaveEntry(reason: .stop)
            playCurrentEntry()
        case .forgetSeriesChoices:
            guard let series, let folder = player.flatMap({ SeriesMemory.folder(of: $0.state.path) }) else { return }
            // After any choice still being written.
            historyQueue.sync { series.forget(folder: folder) }
            seriesChoices[folder] = nil
            player?.apply(.showText("Choices for this folder forgotten", seconds: 2))
        case .playlistClear: playlist.clearOthers()
        case .playlistShuffle: playlist.shuffle()
        case .playlistUnshuffle: playlist.unshuffle()
        default: applyToFile(command)
        }
    }

    /// Settings go to the store (and the file playing); the rest to the file, kept while one opens.
    private func applyToFile(_ command: PlayerCommand) {
        if let player {
            guard let resolved = Settings.resolve(command, in: player.state) else { return }
            settings.record(resolved)
            player.apply(resolved)
            // The file may refuse part of it (a filter that cannot be built): the store keeps what plays.
            if case .setAudio = resolved { settings.audio = player.state.audio }
            if resolved.isSeriesChoice { rememberSeriesChoices(of: player.state) }
            return
        }
        var state = PlayerState()
        settings.publish(into: &state)
        if let resolved = Settings.resolve(command, in: state), settings.record(resolved) { return }
        if case .opening = phase {
            waiting.append(command)
        } else if case let .showText(text, seconds) = command {
            message = (text, monotonic() + seconds)
        }
    }

    // MARK: the main loop's turn

    /// Takes what happened since the last turn: an open that finished, a file that ended.
    /// Called once per main-loop turn, after the player's tick.
    public func update() {
        // The sound went to another device (the server's default changed, one came or went):
        // the store keeps that device's delay.
        if let player, player.state.audio.playing != settings.audio.playing { settings.audio = player.state.audio }
        if let player, let outcome = player.outcome {
            entryEnded(outcome, of: player)
        }
        // After an end: the next entry, prefetched, may be ready already.
        if let opening, let result = opening.result {
            self.opening = nil
            switch result {
            case .success(let opened): begin(opened)
            case .failure(let error): openFailed(error)
            }
        }
        if let replacement, let result = replacement.result {
            self.replacement = nil
            switch result {
            case .success(let opened):
                leaveEntry(reason: .stop)
                _ = playlist.apply(.open(replacement.path))
                begin(opened)
            case .failure(.listsEntries(_, let entries)):
                leaveEntry(reason: .stop)
                _ = playlist.apply(.open(replacement.path))
                if let item = playlist.currentItem { playlist.expand(id: item.id, into: entries) }
                playCurrentEntry()
            case .failure(let error):
                // Refused with its reason while the current file plays on.
                warn(error.description)
                player?.apply(.showText(error.description, seconds: 3))
                events.append(.endFile(reason: .error, error: error.reason))
            }
        }
        player?.movesOnAtEnd = playlist.hasNext || settings.loopsPlaylist || configuration.idles || configuration.quitsAtEnd
        prefetchIfDue()
        handSoundOnIfDue()
    }

    /// What control surfaces see: the file's state, or the settings with none, and the run's.
    public var snapshot: PlayerState {
        var state: PlayerState
        if let player {
            state = player.state
        } else {
            state = PlayerState()
            settings.publish(into: &state)
            if let message, message.expiry > monotonic() {
                state.message = message.text
                state.messageExpiry = message.expiry
            }
        }
        state.isIdle = phase == .idle
        state.playlist = playlist.items
        state.playlistPosition = phase == .idle || playlist.items.isEmpty ? -1 : playlist.index
        state.isShuffled = playlist.isShuffled
        return state
    }

    /// The run's events and the file's, in order, since the last call.
    public func takeEvents() -> [PlayerEvent] {
        if let player { events += player.takeEvents() }
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Ends the run now (the window closed, a signal): as `quit`.
    public func close() {
        if exitCode == nil { quit(code: 0, savingPosition: configuration.savesPositionOnQuit) }
    }

    // MARK: phases

    /// The one function that changes the phase.
    private func enter(_ next: Phase) {
        phase = next
        wake()
    }

    /// - Parameter start: where to start, over the options and the resume position.
    private func playCurrentEntry(startingAt start: Double? = nil) {
        // A folder left as an entry (`--directory-mode=lazy`, or given later) opens when reached.
        while let folder = playlist.currentItem, folder.source.reach == .local,
              DirectoryExpansion.isDirectory(folder.path) {
            let entries = DirectoryExpansion.entries(of: folder.path, mode: configuration.playlist.directoryMode,
                                                     kinds: configuration.playlist.kinds, warn: warn)
            if entries.isEmpty {
                warn(PlayerError.cannotOpen(folder.path, PlaylistOptions.emptyFolder).description)
                failed = true
            }
            playlist.expand(id: folder.id, into: entries)
        }
        guard let item = playlist.currentItem else {
            if configuration.idles {
                playlist = Playlist([])
                enter(.idle)
            } else {
                enter(.quitting(code: failed ? 1 : 0))
            }
            return
        }
        events.append(.startFile)
        if let prefetched, prefetched.id == item.id, start == nil {
            opening = prefetched.opening
            resuming = prefetched.resume
        } else {
            let (options, resume) = openingOptions(for: item, startingAt: start)
            resuming = resume
            opening = makeOpening(item.source, options)
            prefetched?.opening.cancel()
        }
        prefetched = nil
        enter(.opening(item))
    }

    /// Files appended while idle: the first of them plays.
    private func playCurrentEntryAfterIdle(firstOf count: Int) {
        _ = playlist.select(playlist.items.count - count)
        playCurrentEntry()
    }

    private func begin(_ opened: Player) {
        guard let item = playlist.currentItem else { return }
        player = opened
        playlist.describe(id: item.id, title: opened.state.title, duration: opened.state.duration)
        opened.album = (AlbumLoudness.members(of: item.path, in: playlist.items.map(\.path)), albumLoudness)
        opened.movesOnAtEnd = playlist.hasNext || settings.loopsPlaylist || configuration.idles || configuration.quitsAtEnd
        enter(.playing(item))
        // The first picture is decoded while the window opens.
        opened.startDecoding()
        guard willStart(opened) else {
            quit(code: 1, savingPosition: false)
            return
        }
        opened.start()
        // Filters the file could not build were reported once and are not kept.
        if opened.options.audio.filters == settings.audio.filters { settings.audio.filters = opened.state.audio.filters }
        // Settings changed while it opened (its options were taken before).
        settings.differences(from: opened.state).forEach(opened.apply)
        failed = false
        let kept = waiting
        waiting.removeAll()
        kept.forEach(apply)
        applySeriesChoices(to: opened)
        if let resuming {
            if let delay = resuming.subtitleDelay { opened.apply(.setSubtitle(.delay(delay))) }
            opened.apply(.showText("Resumed at \(TimeFormat.label(resuming.position, duration: opened.state.duration))", seconds: 2))
        }
    }

    /// Like mpv: a file that cannot be played is skipped when others follow; else the idle
    /// window says why, or the run ends with a failure status.
    private func openFailed(_ error: PlayerError) {
        if case let .listsEntries(_, entries) = error, let item = playlist.currentItem {
            // A web page's playlist takes the entry's place.
            playlist.expand(id: item.id, into: entries)
            playCurrentEntry()
            return
        }
        warn(error.description)
        events.append(.endFile(reason: .error, error: error.reason))
        failed = true
        waiting.removeAll()
        if playlist.apply(.next) {
            playCurrentEntry()
            return
        }
        message = (error.description, monotonic() + 5)
        playlist = Playlist([])
        playCurrentEntry()
    }

    private func entryEnded(_ outcome: Player.Outcome, of ended: Player) {
        finishEntry()
        if case .failed(let error) = outcome {
            warn(error.description)
            failed = true
        }
        if playlist.apply(.next) || (settings.loopsPlaylist && playlist.apply(.first)) {
            playCurrentEntry()
        } else if configuration.idles {
            playlist = Playlist([])
            enter(.idle)
        } else {
            enter(.quitting(code: failed ? 1 : 0))
        }
    }

    private func go(_ move: PlaylistMove) {
        leaveEntry(reason: .stop)
        _ = playlist.apply(move)
        playCurrentEntry()
    }

    /// A file given while another plays is opened beside it; with none playing it plays now.
    private func load(_ path: String) {
        let source = Source(path)
        if source.location.kind == .local, DirectoryExpansion.isDirectory(path) {
            // A folder replaces the playlist with its files, as in mpv.
            apply(.openFiles([path]))
            return
        }
        if player != nil {
            replacement?.cancel()
            events.append(.startFile)
            replacement = makeOpening(source, settings.seeding(configuration.options))
            return
        }
        leaveEntry(reason: .stop)
        if phase == .idle { playlist = Playlist([path]) } else { _ = playlist.apply(.open(path)) }
        playCurrentEntry()
    }

    private func stop() {
        leaveEntry(reason: .stop)
        playlist = Playlist([])
        failed = false
        playCurrentEntry()
    }

    private func quit(code: Int32, savingPosition: Bool) {
        if let player {
            events.append(.endFile(reason: .quit))
            if savingPosition { rememberPosition(of: player.state) }
        }
        leaveEntry(reason: nil)
        prefetched?.opening.cancel()
        prefetched = nil
        enter(.quitting(code: code))
    }

    /// Stops the file playing or being opened; `reason`: the `end-file` to announce.
    private func leaveEntry(reason: EndFileReason?) {
        // A file asked for beside the one playing gives way to what the user did since.
        replacement?.cancel()
        replacement = nil
        if let opening {
            opening.cancel()
            self.opening = nil
            waiting.removeAll()
            if let reason { events.append(.endFile(reason: reason)) }
        }
        if player != nil {
            if let reason { events.append(.endFile(reason: reason)) }
            finishEntry()
        }
    }

    /// Lets the file playing go, keeping its figures and recording it in the history.
    private func finishEntry() {
        guard let player else { return }
        record(player.state)
        player.shutdown()
        events += player.takeEvents()
        lastStats = player.stats
        self.player = nil
    }

}
