/// When libass's image of a track can change: when an event starts or ends, and all the time
/// while an event shows that moves, fades, transforms, sings karaoke or scrolls. Between those
/// moments the image stays the one rendered last, and rendering it again is skipped.
struct ASSStillness {
    private struct Event {
        /// Milliseconds, as libass counts them: shown while `start <= now < end`.
        var start: Int64
        var end: Int64
        var animates: Bool
    }

    private var events: [Event] = []

    var count: Int { events.count }

    mutating func append(start: Int64, duration: Int64, animates: Bool) {
        events.append(Event(start: start, end: start &+ max(0, duration), animates: animates))
    }

    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
    }

    /// The milliseconds around `time` in which the image stays what it is at `time`; nil when
    /// an event showing then animates.
    func stillSpan(at time: Int64) -> Range<Int64>? {
        var lower = Int64.min, upper = Int64.max
        for event in events {
            if event.start <= time {
                if time < event.end {
                    if event.animates { return nil }
                    upper = min(upper, event.end)
                } else {
                    lower = max(lower, event.end)
                }
                lower = max(lower, event.start)
            } else {
                upper = min(upper, event.start)
            }
        }
        return lower..<upper
    }

    /// Whether an event with this text and effect field changes while it shows. Tags are told by
    /// their first letters after the backslash (`\move`, `\fad`, `\fade`, `\t(…)`, `\k`, `\kf`,
    /// `\ko`, `\K`), in any case: reading too much as motion only costs a render.
    static func animates<Bytes: Collection<UInt8>>(text: Bytes, effect: Bytes) -> Bool {
        if effect.contains(where: { $0 != UInt8(ascii: " ") }) { return true }   // Banner, Scroll up/down
        var index = text.startIndex
        while let slash = text[index...].firstIndex(of: UInt8(ascii: "\\")) {
            var name = text[text.index(after: slash)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            index = name.startIndex
            guard let first = name.first.map(lowercased) else { break }
            switch first {
            case UInt8(ascii: "t"), UInt8(ascii: "k"): return true
            case UInt8(ascii: "m"), UInt8(ascii: "f"):
                name = name.dropFirst()
                let rest = first == UInt8(ascii: "m") ? "ove" : "ad"
                if name.prefix(rest.utf8.count).map(lowercased).elementsEqual(rest.utf8) { return true }
            default: break
            }
        }
        return false
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
