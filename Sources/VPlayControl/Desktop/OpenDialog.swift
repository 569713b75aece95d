import Synchronization
import VPlayCore

/// The Open button and Ctrl+O: shows the chooser (one at a time) and sends what was chosen to
/// the player as commands, like every other control surface.
public final class OpenDialog: Sendable {
    private let chooser: any FileChooser
    private let channel: PlayerChannel
    private let isShowing = Atomic(false)

    public init(chooser: any FileChooser, channel: PlayerChannel) {
        self.chooser = chooser
        self.channel = channel
    }

    public func show() {
        guard !isShowing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        chooser.chooseFiles { [self] choice in
            isShowing.store(false, ordering: .releasing)
            for command in Self.commands(for: choice) { channel.send(command) }
        }
    }

    /// The media files chosen become the playlist; subtitle files chosen alone join the video
    /// playing. With no chooser, the way to open a file is said.
    static func commands(for choice: FileChoice) -> [PlayerCommand] {
        switch choice {
        case .chosen(let paths):
            let media = paths.filter { !SidecarFinder.isSubtitleFile($0) }
            if !media.isEmpty { return [.openFiles(media)] }
            return paths.map { .addSubtitleFile(SubtitleFileRequest(path: $0), .select) }
        case .cancelled: return []
        case .unavailable: return [.showText(FileChooserChain.unavailableMessage, seconds: 5)]
        }
    }
}
