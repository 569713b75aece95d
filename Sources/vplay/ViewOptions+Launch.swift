import VPlayControl
import VPlayView

extension ViewOptions {
    /// The window the command line asked for; nil with `--no-video`.
    static func window(_ options: LaunchOptions) -> ViewOptions? {
        guard options.player.videoEnabled else { return nil }
        var view = ViewOptions()
        view.title = options.title
        view.width = options.windowWidth
        view.height = options.windowHeight
        view.autofit = options.autofit
        view.screens = options.screens
        view.fullscreen = options.fullscreen
        view.seekPreviews = options.thumbnails && !options.bench
        view.recentPictures = options.thumbnails
        view.fileOptions = options.player
        return view
    }
}
