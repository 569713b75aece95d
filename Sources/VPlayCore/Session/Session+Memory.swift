import Foundation

/// What the run remembers of the files it plays: the watch history, where a file was left,
/// and the choices carried across a folder's episodes.
extension Session {
    /// The choices kept for the file's folder, applied with a line saying so.
    func applySeriesChoices(to opened: Player) {
        guard let series, let folder = SeriesMemory.folder(of: opened.state.path),
              let choices = seriesChoices[folder] ?? series.choices(forFolder: folder) else { return }
        let commands = choices.commands(for: opened.state)
        guard !commands.isEmpty else { return }
        for command in commands {
            settings.record(command)
            opened.apply(command)
        }
        opened.apply(.showText("As before in this folder: \(choices.summary) (Alt+F forgets)", seconds: 4))
    }

    /// Kept for a folder only when its episodes play one after another (two or more of them
    /// in the playlist), not for any file that happens to share a folder.
    func rememberSeriesChoices(of state: PlayerState) {
        guard let series, let folder = SeriesMemory.folder(of: state.path),
              playlist.items.filter({ SeriesMemory.folder(of: $0.path) == folder }).count > 1 else { return }
        let choices = SeriesChoices(of: state)
        // Kept here too: the next episode may open before the store has written them.
        seriesChoices[folder] = choices.isEmpty ? nil : choices
        let warn = warn
        historyQueue.async {
            do throws(WatchLaterError) {
                if choices.isEmpty { series.forget(folder: folder) } else { try series.save(choices, forFolder: folder) }
            } catch {
                warn(error.description)
            }
        }
    }

    func record(_ state: PlayerState) {
        guard let history, !state.path.isEmpty else { return }
        let entry = WatchHistory.Entry(path: state.path, title: state.title, position: state.position, duration: state.duration)
        let warn = warn
        historyQueue.async {
            do throws(WatchHistoryError) { try history.record(entry) } catch { warn(error.description) }
        }
    }

    /// Waits until the history and the series choices hold everything recorded so far (before the run ends).
    public func flushHistory() {
        historyQueue.sync {}
    }

    /// Runs `body` with the history on the thread that records it, after every file recorded so
    /// far: what it reads there includes them all, and a change it makes is ordered with the
    /// records. False, and `body` is not run, when no history is kept.
    @discardableResult
    public func withHistory(_ body: @escaping @Sendable (WatchHistory) -> Void) -> Bool {
        guard let history else { return false }
        historyQueue.async { body(history) }
        return true
    }

    /// Removes every entry for `path` from the history on the thread that records it (a failure
    /// is warned about), then runs `then` there. False when no history is kept.
    @discardableResult
    public func forgetInHistory(_ path: String, then: @escaping @Sendable (WatchHistory) -> Void = { _ in }) -> Bool {
        let warn = warn
        return withHistory { history in
            do throws(WatchHistoryError) { try history.forget(path: path) } catch { warn(error.description) }
            then(history)
        }
    }

    /// Saves where a quit file was left, or forgets it when it was watched to the end
    /// (or barely started): the next open then starts from the beginning.
    func rememberPosition(of state: PlayerState) {
        guard let watchLater, !state.path.isEmpty else { return }
        if WatchLaterStore.shouldSave(position: state.position, duration: state.duration) {
            // A kind of track the file has: the one chosen, or none.
            let chosen = { (kind: Track.Kind) -> TrackChoice? in
                guard state.tracks.contains(where: { $0.kind == kind }) else { return nil }
                return state.selectedTrackID(kind).map(TrackChoice.id) ?? TrackChoice.none
            }
            let entry = WatchLaterEntry(position: state.position, audioTrack: chosen(.audio), subtitleTrack: chosen(.sub),
                                        subtitleDelay: state.subtitles.delay, loudness: state.fileLoudness)
            do { try watchLater.save(entry, for: state.path) } catch {
                warn("\(error)")
            }
        } else {
            watchLater.remove(for: state.path)
        }
    }
}

extension PlayerCommand {
    /// A choice that carries to the other episodes of a folder.
    var isSeriesChoice: Bool {
        switch self {
        case .selectTrack(.audio, _), .selectTrack(.sub, _), .cycleTrack(.audio, _), .cycleTrack(.sub, _),
             .setSubtitle(.delay), .setSpeed: true
        default: false
        }
    }
}
