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
            if let command = Self.command(for: choice) { channel.send(command) }
        }
    }

    /// The files chosen become the playlist; with no chooser, the way to open a file is said.
    static func command(for choice: FileChoice) -> PlayerCommand? {
        switch choice {
        case .chosen(let paths): paths.isEmpty ? nil : .openFiles(paths)
        case .cancelled: nil
        case .unavailable: .showText(FileChooserChain.unavailableMessage, seconds: 5)
        }
    }
}
