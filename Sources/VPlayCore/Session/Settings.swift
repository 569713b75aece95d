/// The values that outlive a file (mpv's options that are also properties): set once, by an
/// option, a key, IPC or MPRIS, they hold for every file after, as in mpv. Per-file state (the
/// position, A-B points, the tracks chosen by id) is the `Player`'s and goes with its file.
public struct Settings: Sendable, Equatable {
    /// The user's pause: an intent, kept whatever the file is doing.
    public var isPaused: Bool
    public var volume: Double
    public var volumeMax: Double
    public var isMuted: Bool
    public var speed: Double
    public var playDirection: PlayDirection
    public var subtitles: SubtitleSettings
    public var audio: AudioSettings
    /// Extra plays of each file: 0 none, nil forever (`loop-file`).
    public var loopFile: Int?
    public var loopsPlaylist: Bool
    public var picture: PictureSettings
    public var isFullscreen: Bool
    public var display: DisplaySettings
    public var window: WindowSettings
    /// yt-dlp's format (`ytdl-format`).
    public var webFormat: String

    /// The options' values: options only seed the store.
    public init(options: PlayerOptions, fullscreen: Bool = false) {
        isPaused = options.startPaused
        volume = min(options.volumeMax, max(0, options.volume))
        volumeMax = options.volumeMax
        isMuted = options.muted
        speed = options.speed
        playDirection = options.playDirection
        subtitles = options.subtitles
        audio = options.audio
        loopFile = options.loopCount
        loopsPlaylist = options.loopsPlaylist
        picture = options.picture
        isFullscreen = fullscreen
        display = options.display
        window = options.windowSettings
        webFormat = options.web.format
    }

    /// `command` with what it is relative to resolved against `state` (the file's live state,
    /// or these settings with no file): a toggle, a step, a property's `add` or `cycle` become
    /// the value they lead to, so the file and the store are told the same value.
    public static func resolve(_ command: PlayerCommand, in state: PlayerState) -> PlayerCommand? {
        switch command {
        case .togglePause: return .setPaused(!state.isPaused)
        case .toggleMute: return .setMute(!state.isMuted)
        case .toggleFullscreen: return .setFullscreen(!state.isFullscreen)
        case .addVolume(let delta): return .setVolume(state.volume + delta)
        case .multiplySpeed(let factor): return .setSpeed(state.speed * factor)
        case .changeVideoFilters(let change): return .setPicture(state.picture.with(change))
        case let .changeAudioFilters(operation, text):
            return AudioFilterChain.apply(operation, text, to: state.audio.filters).map { .setAudio(.filters($0)) }
        case let .adjust(name, adjustment):
            guard let resolved = try? PropertyRegistry.property(named: name).command(adjusting: adjustment, in: state) else {
                return nil
            }
            return resolve(resolved, in: state)
        default: return command
        }
    }

    /// Takes the value an absolute command sets; false when the command sets no setting.
    @discardableResult
    public mutating func record(_ command: PlayerCommand) -> Bool {
        switch command {
        case .setPaused(let paused): isPaused = paused
        case .setVolume(let value): volume = min(volumeMax, max(0, value))
        case .setMute(let muted): isMuted = muted
        case .setSpeed(let value):
            // Rate 0 is a pause, as in the seed players; the speed itself stays.
            if value <= 0 { isPaused = true } else { speed = min(Speed.range.upperBound, max(Speed.range.lowerBound, value)) }
        case .setSubtitle(let setting): subtitles = subtitles.with(setting)
        case .setPlayDirection(let direction): playDirection = direction
        case .setAudio(let setting): audio = audio.with(setting)
        case .setLoopFile(let count): loopFile = count
        case .setLoopPlaylist(let loops): loopsPlaylist = loops
        case .setPicture(let value): picture = value
        case .setFullscreen(let on): isFullscreen = on
        case .setDisplay(let setting): display = display.with(setting)
        case .setWindow(let setting): window = window.with(setting)
        case .setWebFormat(let format): webFormat = format
        default: return false
        }
        return true
    }

    /// `options` for the next file: they start from the store's values.
    public func seeding(_ options: PlayerOptions) -> PlayerOptions {
        var seeded = options
        seeded.startPaused = isPaused
        seeded.volume = volume
        seeded.muted = isMuted
        seeded.speed = speed
        seeded.playDirection = playDirection
        seeded.subtitles = subtitles
        seeded.audio = audio
        seeded.loopCount = loopFile
        seeded.loopsPlaylist = loopsPlaylist
        seeded.picture = picture
        seeded.display = display
        seeded.windowSettings = window
        seeded.web.format = webFormat
        return seeded
    }

    /// The commands that bring a file's `state` to these settings.
    public func differences(from state: PlayerState) -> [PlayerCommand] {
        var commands: [PlayerCommand] = []
        if state.isPaused != isPaused { commands.append(.setPaused(isPaused)) }
        if state.volume != volume { commands.append(.setVolume(volume)) }
        if state.isMuted != isMuted { commands.append(.setMute(isMuted)) }
        if state.speed != speed { commands.append(.setSpeed(speed)) }
        if state.playDirection != playDirection { commands.append(.setPlayDirection(playDirection)) }
        if state.loopFile != loopFile { commands.append(.setLoopFile(loopFile)) }
        if state.loopsPlaylist != loopsPlaylist { commands.append(.setLoopPlaylist(loopsPlaylist)) }
        if state.picture != picture { commands.append(.setPicture(picture)) }
        if state.isFullscreen != isFullscreen { commands.append(.setFullscreen(isFullscreen)) }
        if state.webFormat != webFormat { commands.append(.setWebFormat(webFormat)) }
        commands += displayDifferences(from: state)
        if state.audio.delay != audio.delay { commands.append(.setAudio(.delay(audio.delay))) }
        if state.audio.filters != audio.filters { commands.append(.setAudio(.filters(audio.filters))) }
        if state.audio.drc != audio.drc { commands.append(.setAudio(.drc(audio.drc))) }
        if state.audio.normalize != audio.normalize { commands.append(.setAudio(.normalize(audio.normalize))) }
        if state.audio.normalizeTarget != audio.normalizeTarget { commands.append(.setAudio(.normalizeTarget(audio.normalizeTarget))) }
        if state.subtitles != subtitles {
            commands += [.visible(subtitles.isVisible), .secondaryVisible(subtitles.isSecondaryVisible), .delay(subtitles.delay),
                         .scale(subtitles.scale), .position(subtitles.position), .font(subtitles.font),
                         .fontSize(subtitles.fontSize), .color(subtitles.color), .borderSize(subtitles.borderSize)]
                .filter { state.subtitles.with($0) != state.subtitles }
                .map(PlayerCommand.setSubtitle)
        }
        return commands
    }

    /// The snapshot's settings with no file playing.
    public func publish(into state: inout PlayerState) {
        state.isPaused = isPaused
        state.volume = volume
        state.volumeMax = volumeMax
        state.isMuted = isMuted
        state.speed = speed
        state.playDirection = playDirection
        state.webFormat = webFormat
        state.subtitles = subtitles
        state.audio = audio
        state.loopFile = loopFile
        state.loopsPlaylist = loopsPlaylist
        state.picture = picture
        state.isFullscreen = isFullscreen
        state.display = display
        state.windowSettings = window
    }

    /// The display and window settings `state` lacks, one command each.
    private func displayDifferences(from state: PlayerState) -> [PlayerCommand] {
        let old = state.display, new = display
        var settings: [DisplaySetting] = [.zoom(new.zoom), .panX(new.panX), .panY(new.panY), .rotate(new.rotate),
                                          .aspectOverride(new.aspectOverride), .crop(new.crop), .panscan(new.panscan)]
        settings += PictureEqualizer.Control.allCases.map { .equalizer($0, new.equalizer[$0]) }
        var commands = settings.filter { old.with($0) != old }.map(PlayerCommand.setDisplay)
        let windowSettings: [WindowSetting] = [.onTop(window.isOnTop), .scale(window.scale),
                                               .pictureInPicture(window.isPictureInPicture)]
        commands += windowSettings.filter { state.windowSettings.with($0) != state.windowSettings }.map(PlayerCommand.setWindow)
        return commands
    }
}
