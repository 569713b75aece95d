/// What a file chooser answered.
public enum FileChoice: Sendable, Equatable {
    case chosen([String])
    case cancelled
    /// This chooser cannot be shown here (no portal on the bus, no zenity); the next is tried.
    case unavailable
}

/// A desktop dialog for picking files to open, several at once.
public protocol FileChooser: Sendable {
    /// Shows the dialog without blocking; `done` is called once, on any thread.
    func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void)
}

/// The first chooser that can be shown: the desktop portal, then zenity, for instance.
public struct FileChooserChain: FileChooser {
    public let choosers: [any FileChooser]

    public init(_ choosers: [any FileChooser]) {
        self.choosers = choosers
    }

    public func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void) {
        Self.try(choosers[...], done: done)
    }

    private static func `try`(_ rest: ArraySlice<any FileChooser>, done: @escaping @Sendable (FileChoice) -> Void) {
        guard let first = rest.first else { return done(.unavailable) }
        first.chooseFiles { choice in
            if choice == .unavailable { Self.try(rest.dropFirst(), done: done) } else { done(choice) }
        }
    }

    /// Said when no chooser can be shown.
    public static let unavailableMessage = "No file chooser here: drop a file on the window, or run vplay FILE"
}

/// The kinds of file the choosers offer, as their filters.
public enum MediaFileKinds {
    public static let video = ["mkv", "mp4", "m4v", "webm", "avi", "mov", "wmv", "flv", "mpg", "mpeg", "ts", "m2ts", "ogv", "3gp"]
    public static let audio = ["mp3", "flac", "ogg", "opus", "m4a", "aac", "wav", "wma", "mka", "ac3"]
    public static let subtitles = ["srt", "ass", "ssa", "vtt", "sub", "idx", "sup"]

    /// Filters in order: name and the extensions it shows (empty: every file).
    public static let filters: [(name: String, extensions: [String])] = [
        ("Video", video), ("Audio", audio), ("Subtitles", subtitles), ("All files", []),
    ]
}
