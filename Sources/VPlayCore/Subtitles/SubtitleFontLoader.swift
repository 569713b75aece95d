import Foundation

/// Makes the libass renderer on a thread of its own (loading the font configuration can take
/// seconds on a fresh machine) and hands it over once ready, with the fonts the file attaches.
final class SubtitleFontLoader: @unchecked Sendable {
    private let ready = Locked<LibassRenderer?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - fonts: the file's attached fonts, by name.
    ///   - done: called on the loader's thread once the renderer is ready (or cannot be made).
    init(fonts: [(name: String, data: Data)], done: @escaping @Sendable () -> Void) {
        let ready = ready, finished = finished
        let fonts = fonts.map { SendableFont(name: $0.name, data: $0.data) }
        let thread = Thread {
            if let library = LibassLibrary() {
                for font in fonts { font.data.withUnsafeBytes { library.addFont(named: font.name, data: $0) } }
                let renderer = LibassRenderer(library: library)
                ready.withLock { $0 = renderer }
            }
            finished.signal()
            done()
        }
        thread.name = "vplay.subtitle-fonts"
        thread.start()
    }

    /// The renderer, nil until it is ready.
    var renderer: LibassRenderer? {
        ready.withLock { $0 }
    }

    /// Waits for the thread, so that nothing of libass outlives the player.
    func wait() {
        finished.wait()
        finished.signal()
    }

    private struct SendableFont: Sendable {
        let name: String
        let data: Data
    }
}
