import Foundation

/// The desktop's own file chooser through the XDG desktop portal
/// (`org.freedesktop.portal.FileChooser.OpenFile`): several files at once, with the filters of
/// `MediaFileKinds`. `.unavailable` when there is no session bus, no portal answers, or the
/// chooser stays open past `answerTimeout`; the next chooser of a chain is then tried.
public struct PortalFileChooser: FileChooser {
    /// How long the portal may take to accept the request.
    public static let defaultReplyTimeout = Duration.seconds(10)
    /// How long the chooser may stay open before vplay stops waiting for it.
    public static let defaultAnswerTimeout = Duration.seconds(30 * 60)

    let title: String
    let address: String?
    let replyTimeout: Duration
    let answerTimeout: Duration

    public init(title: String = "Open", environment: [String: String] = ProcessInfo.processInfo.environment,
                replyTimeout: Duration = defaultReplyTimeout, answerTimeout: Duration = defaultAnswerTimeout) {
        self.title = title
        address = DBusConnection.sessionAddress(environment: environment)
        self.replyTimeout = replyTimeout
        self.answerTimeout = answerTimeout
    }

    public func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void) {
        request { result in
            switch result {
            case .success(let choice): done(choice)
            case .failure: done(.unavailable)
            }
        }
    }

    /// Shows the chooser and returns at once; `completion` runs once, on a thread of its own,
    /// with the answer or why there is none.
    func request(completion: @escaping @Sendable (Result<FileChoice, PortalUnavailable>) -> Void) {
        let (address, title, replyTimeout, answerTimeout) = (address, title, replyTimeout, answerTimeout)
        let thread = Thread {
            guard let address else {
                completion(.failure(PortalUnavailable("no session bus for the desktop's file chooser")))
                return
            }
            completion(PortalRequest(address: address, title: title, replyTimeout: replyTimeout,
                                     answerTimeout: answerTimeout).run())
        }
        thread.name = "vplay-file-chooser"
        thread.start()
    }
}

/// Why the portal's chooser could not be shown.
struct PortalUnavailable: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
