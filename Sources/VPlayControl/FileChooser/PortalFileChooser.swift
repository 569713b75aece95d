import Foundation

/// The desktop's own file chooser through the XDG desktop portal
/// (`org.freedesktop.portal.FileChooser.OpenFile`): several files at once, with Video, Audio,
/// Subtitles and All files filters.
public enum PortalFileChooser {
    /// How long the portal may take to accept the request.
    public static let defaultReplyTimeout = Duration.seconds(10)
    /// How long the chooser may stay open before vplay stops waiting for it.
    public static let defaultAnswerTimeout = Duration.seconds(30 * 60)

    /// Shows the chooser and returns at once. `completion` runs once, on a thread of its own:
    /// with the files picked, `.cancelled`, or `FileChooserUnavailable` when there is no
    /// session bus, no portal answers, or the chooser stays open past `answerTimeout`.
    public static func chooseFiles(title: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment,
                                   replyTimeout: Duration = defaultReplyTimeout,
                                   answerTimeout: Duration = defaultAnswerTimeout,
                                   completion: @escaping @Sendable (Result<FileChoice, FileChooserUnavailable>) -> Void) {
        let address = DBusConnection.sessionAddress(environment: environment)
        let thread = Thread {
            guard let address else {
                completion(.failure(FileChooserUnavailable("no session bus for the desktop's file chooser")))
                return
            }
            completion(PortalRequest(address: address, title: title, replyTimeout: replyTimeout,
                                     answerTimeout: answerTimeout).run())
        }
        thread.name = "vplay-file-chooser"
        thread.start()
    }
}
