import Foundation
import VPlayCore

/// The `Metadata` map: the track's id, length, title, address, artist, album and cover.
enum MPRISMetadata {
    static func value(_ context: MPRISContext) -> DBusValue {
        var entries: [String: DBusValue] = ["mpris:trackid": .objectPath(context.trackID)]
        guard !context.state.path.isEmpty else { return .variantMap(entries) }
        if let duration = context.value(of: "duration").number {
            entries["mpris:length"] = .int64(MPRISContext.microseconds(duration))
        }
        if let title = context.value(of: "media-title").string {
            entries["xesam:title"] = .string(title)
        }
        entries["xesam:url"] = .string(url(of: context.state.path))
        if let artist = context.state.artist { entries["xesam:artist"] = .strings([artist]) }
        if let album = context.state.album { entries["xesam:album"] = .string(album) }
        if let artURL = context.artURL { entries["mpris:artUrl"] = .string(artURL) }
        return .variantMap(entries)
    }

    /// A URL as given; a path as a `file://` URL (absolute, percent-encoded).
    static func url(of path: String) -> String {
        if MPRISOpenURI.scheme(of: path) != nil { return path }
        return URL(fileURLWithPath: path).absoluteString
    }
}

extension PropertyValue {
    var string: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
