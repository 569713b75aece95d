/// The playlist's properties, by mpv's names and shapes (`playlist/N/filename` through IPC's
/// sub-paths).
extension PropertyRegistry {
    static let playlistProperties: [Property] = [
        .readOnly("playlist", .list, "every entry: filename, title, id, current, playing") { state in
            .list(state.playlist.enumerated().map { position, item in
                var fields: [String: PropertyValue] = ["filename": .text(item.path), "id": .integer(item.id)]
                if let title = item.title { fields["title"] = .text(title) }
                if position == state.playlistPosition {
                    fields["current"] = .flag(true)
                    fields["playing"] = .flag(true)
                }
                return .map(fields)
            })
        },
        Property("playlist-pos", .integer, "index of the entry playing, from 0 (-1: none); setting it plays another",
                 get: { .integer($0.playlistPosition) },
                 domain: .number { 0...Double(max(0, $0.playlistCount - 1)) },
                 set: { value, _ in .playlistPlay(Int((value.number ?? 0).rounded())) }),
        Property("playlist-pos-1", .integer, "index of the entry playing, from 1 (0: none); setting it plays another",
                 get: { .integer($0.playlistPosition + 1) },
                 domain: .number { 1...Double(max(1, $0.playlistCount)) },
                 set: { value, _ in .playlistPlay(Int((value.number ?? 1).rounded()) - 1) }),
        .readOnly("playlist-count", .integer, "number of entries in the playlist") { .integer($0.playlistCount) },
        .flag("shuffle", "the playlist is in random order; setting it shuffles or restores the order",
              get: { $0.isShuffled }, set: { $0 ? .playlistShuffle : .playlistUnshuffle }),
    ]
}
