import Foundation
import VPlayCore

/// The covers behind `mpris:artUrl`: a file's embedded picture written to a directory of
/// vplay's own (mode 0700, in `XDG_RUNTIME_DIR` when there is one), removed with it when the
/// service stops. Each new cover gets a new name, so desktops that cache by URL show it.
final class MPRISCoverArtFiles {
    private let parent: String
    private var directory: String?
    private var current: (picture: EmbeddedPicture, path: String, url: String)?
    private var written = 0

    init(environment: [String: String]) {
        parent = [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"], "/tmp"]
            .compactMap { $0 }.first { !$0.isEmpty && FileManager.default.isWritableFile(atPath: $0) } ?? "/tmp"
    }

    deinit {
        removeAll()
    }

    /// The `file://` URL of `picture`, written on first sight; nil for none or when it cannot be written.
    func url(for picture: EmbeddedPicture?) -> String? {
        if let current, current.picture === picture { return current.url }
        removeCurrent()
        guard let picture, let directory = directory ?? makeDirectory() else { return nil }
        written += 1
        let path = "\(directory)/cover-\(written).\(picture.fileExtension)"
        guard FileManager.default.createFile(atPath: path, contents: picture.data, attributes: [.posixPermissions: 0o600]) else {
            return nil
        }
        let url = URL(fileURLWithPath: path).absoluteString
        current = (picture, path, url)
        return url
    }

    func removeAll() {
        removeCurrent()
        if let directory { rmdir(directory) }
        directory = nil
    }

    private func removeCurrent() {
        if let current { unlink(current.path) }
        current = nil
    }

    private func makeDirectory() -> String? {
        var template = Array("\(parent)/vplay-mpris-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        directory = String(cString: made)
        return directory
    }
}
