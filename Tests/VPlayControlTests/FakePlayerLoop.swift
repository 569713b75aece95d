import Foundation
import VPlayCore
@testable import VPlayControl

/// A stand-in for vplay's main loop: on its own thread it takes commands from the
/// channel, applies them to a `PlayerState`, publishes it, emits events and calls
/// `stateDidChange`, in the order the real loop does.
final class FakePlayerLoop: @unchecked Sendable {
    typealias Change = @Sendable (inout PlayerState) -> [PlayerEvent]

    private let channel: PlayerChannel
    private let server: IPCServer
    /// Guards everything below.
    private let condition = NSCondition()
    private var woken = false
    private var stopping = false
    private var finished = false
    private var changes: [Change] = []

    init(channel: PlayerChannel, server: IPCServer, initial: PlayerState) {
        self.channel = channel
        self.server = server
        channel.publish(initial)
        channel.setWake { [weak self] in self?.wake() }
        Thread { [self] in run(state: initial) }.start()
    }

    /// Changes the state on the loop thread, as playback would, then emits `events`.
    func change(_ change: @escaping Change) {
        condition.withLock { changes.append(change) }
        wake()
    }

    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
            while !finished { condition.wait() }
        }
    }

    private func wake() {
        condition.withLock {
            woken = true
            condition.broadcast()
        }
    }

    private func run(state initial: PlayerState) {
        var state = initial
        while let pending = nextTurn() {
            var events: [PlayerEvent] = []
            for command in channel.takeCommands() {
                events += Self.apply(command, to: &state)
            }
            for change in pending {
                events += change(&state)
            }
            channel.publish(state)
            events.forEach(channel.emit)
            server.stateDidChange(state)
        }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// Waits to be woken; nil when stopping.
    private func nextTurn() -> [Change]? {
        condition.withLock {
            while !woken && !stopping { condition.wait() }
            woken = false
            defer { changes.removeAll() }
            return stopping ? nil : changes
        }
    }

    private static func apply(_ command: PlayerCommand, to state: inout PlayerState) -> [PlayerEvent] {
        switch command {
        case .setPaused(let paused): state.isPaused = paused
        case .togglePause: state.isPaused.toggle()
        case .setVolume(let volume): state.volume = volume
        case .addVolume(let delta): state.volume = min(state.volumeMax, max(0, state.volume + delta))
        case .setMute(let muted): state.isMuted = muted
        case .toggleMute: state.isMuted.toggle()
        case .setSpeed(let speed): state.speed = speed
        case .multiplySpeed(let factor): state.speed *= factor
        case .setFullscreen(let fullscreen): state.isFullscreen = fullscreen
        case .toggleFullscreen: state.isFullscreen.toggle()
        case .setPicture(let picture): state.picture = picture
        case .changeVideoFilters(let change): state.picture = state.picture.with(change)
        case .seek(let target, _):
            switch target {
            case .absolute(let seconds): state.position = seconds
            case .relative(let seconds): state.position += seconds
            case .absolutePercent(let percent): state.position = (state.duration ?? 0) * percent / 100
            case .relativePercent(let percent): state.position += (state.duration ?? 0) * percent / 100
            }
            return [.seek, .playbackRestart]
        case .quit:
            return [.endFile(reason: .quit), .shutdown]
        case .setLoopFile(let count): state.loopFile = count
        case .setLoopPlaylist(let loops): state.loopsPlaylist = loops
        case .setABLoop(let a, let b):
            state.abLoopA = a
            state.abLoopB = b
        case let .adjust(property, adjustment):
            // As the player does: from the state as it is now.
            guard let command = try? PropertyRegistry.property(named: property).command(adjusting: adjustment, in: state) else { break }
            return apply(command, to: &state)
        case .setSubtitle(let setting): state.subtitles = state.subtitles.with(setting)
        case .setPlayDirection(let direction): state.playDirection = direction
        case .setDisplay(let setting): state.display = state.display.with(setting)
        case .setWindow(let setting): state.windowSettings = state.windowSettings.with(setting)
        case .setAudio(let setting): state.audio = state.audio.with(setting)
        case .changeAudioFilters:
            guard let command = Settings.resolve(command, in: state) else { break }
            return apply(command, to: &state)
        case .frameStep, .frameBackStep, .showText, .cycleABLoop, .screenshot, .screenshotVideo, .exportClip, .quitSavingPosition,
             .playlistNext, .playlistPrevious, .loadFile, .selectTrack, .cycleTrack, .subtitleSeek, .addSubtitleFile, .addAudioFile, .setWebFormat, .removeAudioFile, .searchSubtitles, .selectSecondarySubtitles,
             .goToChapter, .openFiles, .stop, .appendFiles, .playlistPlay, .playlistMove, .playlistRemove, .playlistClear,
             .playlistShuffle, .playlistUnshuffle, .resume, .forgetSeriesChoices:
            break
        }
        return []
    }
}
