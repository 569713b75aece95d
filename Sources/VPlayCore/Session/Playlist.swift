/// Which entry plays next: the one after or before, either end, or a file put in after the
/// current one.
public enum PlaylistMove: Sendable, Equatable {
    case next
    case previous
    /// Round again from the other end (`loop-playlist`).
    case first
    case last
    /// A file given while another plays (dropped, `loadfile`) plays next and stays in the list.
    case open(String)
}

/// The files to play (named on the command line, found in a folder, dropped, loaded over IPC),
/// in playing order, and which one plays. Each entry keeps its id through moves and shuffles.
public struct Playlist: Sendable, Equatable {
    public private(set) var items: [PlaylistItem] = []
    public private(set) var index = 0
    /// The ids in the order they had before `shuffle`; nil when not shuffled.
    private var unshuffledOrder: [Int]?
    private var lastID = 0

    public init(_ entries: [String]) {
        append(entries)
    }

    public var entries: [String] { items.map(\.path) }
    public var current: String? { items.indices.contains(index) ? items[index].path : nil }
    public var currentItem: PlaylistItem? { items.indices.contains(index) ? items[index] : nil }
    public var hasNext: Bool { index + 1 < items.count }
    public var isShuffled: Bool { unshuffledOrder != nil }

    /// Applies `move`; false when there is nowhere to go (past either end).
    public mutating func apply(_ move: PlaylistMove) -> Bool {
        switch move {
        case .next:
            guard hasNext else { return false }
            index += 1
        case .previous:
            guard index > 0 else { return false }
            index -= 1
        case .first:
            guard !items.isEmpty else { return false }
            index = 0
        case .last:
            guard !items.isEmpty else { return false }
            index = items.count - 1
        case .open(let path):
            items.insert(makeItem(path), at: min(index + 1, items.count))
            index = min(index + 1, items.count - 1)
        }
        return true
    }

    /// Adds `paths` at the end.
    public mutating func append(_ paths: [String]) {
        for path in paths { items.append(makeItem(path)) }
        unshuffledOrder? += items.suffix(paths.count).map(\.id)
    }

    /// Makes the entry at `position` the current one; false when there is none there.
    public mutating func select(_ position: Int) -> Bool {
        guard items.indices.contains(position) else { return false }
        index = position
        return true
    }

    /// Moves the entry at `from` to stand before the entry now at `to` (`to == count`: last),
    /// as mpv's `playlist-move`; the current entry stays current.
    public mutating func move(from: Int, to: Int) -> Bool {
        guard items.indices.contains(from), (0...items.count).contains(to), from != to, from + 1 != to else {
            return items.indices.contains(from) && (from == to || from + 1 == to)
        }
        let currentID = currentItem?.id
        let item = items.remove(at: from)
        items.insert(item, at: to > from ? to - 1 : to)
        if let currentID, let moved = items.firstIndex(where: { $0.id == currentID }) { index = moved }
        return true
    }

    /// Removes the entry at `position`; the entries after it move up. True when the current
    /// entry was removed (what played must stop).
    public mutating func remove(at position: Int) -> Bool {
        guard items.indices.contains(position) else { return false }
        let wasCurrent = position == index
        let removed = items.remove(at: position)
        unshuffledOrder?.removeAll { $0 == removed.id }
        if position < index { index -= 1 }
        return wasCurrent
    }

    /// Every entry but the current one goes (`playlist-clear`).
    public mutating func clearOthers() {
        guard let item = currentItem else { self = Playlist([]); return }
        items = [item]
        index = 0
        unshuffledOrder = nil
    }

    /// Random order, the current entry first (mpv's `playlist-shuffle`), or every entry in
    /// random order (`--shuffle`, before anything plays); the order before is kept for `unshuffle`.
    public mutating func shuffle<Generator: RandomNumberGenerator>(keepingCurrent: Bool = true, using generator: inout Generator) {
        guard items.count > 1 else { return }
        if unshuffledOrder == nil { unshuffledOrder = items.map(\.id) }
        let current = keepingCurrent ? currentItem : nil
        var rest = items.filter { $0.id != current?.id }
        rest.shuffle(using: &generator)
        items = (current.map { [$0] } ?? []) + rest
        index = 0
    }

    public mutating func shuffle(keepingCurrent: Bool = true) {
        var generator = ShuffleGenerator(seed: UInt64.random(in: .min ... .max))
        shuffle(keepingCurrent: keepingCurrent, using: &generator)
    }

    /// Back to the order before the shuffle, the current entry still current.
    public mutating func unshuffle() {
        guard let order = unshuffledOrder else { return }
        let currentID = currentItem?.id
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        items = order.compactMap { byID[$0] }
        unshuffledOrder = nil
        index = items.firstIndex { $0.id == currentID } ?? 0
    }

    /// What the entry's file said of itself once opened.
    public mutating func describe(id: Int, title: String?, duration: Double?) {
        guard let position = items.firstIndex(where: { $0.id == id }) else { return }
        items[position].title = title
        items[position].duration = duration
    }

    /// Replaces the entry with `id` by `paths` (a folder met when reached, `--directory-mode=lazy`;
    /// a web page's playlist), which reach no further than the entry they replace.
    public mutating func expand(id: Int, into paths: [String]) {
        guard let position = items.firstIndex(where: { $0.id == id }) else { return }
        let list = items[position].source
        var made: [PlaylistItem] = []
        for path in paths { made.append(makeItem(Source(entry: path, listedBy: list))) }
        items.replaceSubrange(position...position, with: made)
        if let order = unshuffledOrder {
            unshuffledOrder = order.flatMap { $0 == id ? items[position..<position + paths.count].map(\.id) : [$0] }
        }
        if index >= items.count { index = max(0, items.count - 1) }
    }

    private mutating func makeItem(_ path: String) -> PlaylistItem {
        makeItem(Source(path))
    }

    private mutating func makeItem(_ source: Source) -> PlaylistItem {
        lastID += 1
        return PlaylistItem(source: source, id: lastID)
    }
}

/// One playlist entry as the overlay's panel and IPC show it (mpv's `playlist/N/…`).
public struct PlaylistItem: Sendable, Equatable {
    /// What the user gave, made into what opens it.
    public var source: Source
    /// What the user gave: a path or a URL.
    public var path: String { source.text }
    /// The media title once the entry has been opened, nil before.
    public var title: String?
    /// Seconds, once known.
    public var duration: Double?
    /// Stays with the entry through moves and shuffles (mpv's `playlist/N/id`, from 1).
    public var id: Int

    public init(path: String, title: String? = nil, duration: Double? = nil, id: Int) {
        self.init(source: Source(path), title: title, duration: duration, id: id)
    }

    public init(source: Source, title: String? = nil, duration: Double? = nil, id: Int) {
        self.source = source
        self.title = title
        self.duration = duration
        self.id = id
    }
}

/// xorshift64* seeded from the system's generator. Passing the system's own generator `inout`
/// crashes ThreadSanitizer's instrumentation (a value of no size has no address), which the
/// suite runs under.
private struct ShuffleGenerator: RandomNumberGenerator {
    var state: UInt64

    /// Any seed; xorshift needs a state other than 0.
    init(seed: UInt64) { state = seed | 1 }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
