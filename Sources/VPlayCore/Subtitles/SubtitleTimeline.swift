/// Every line of a subtitle track decoded so far, kept for the whole file (as mpv does), so
/// that a seek back finds the lines at once. Lines read twice (after a seek) are kept once.
struct SubtitleTimeline {
    private(set) var events: [SubtitleEvent] = []

    /// Adds `event` in start order, unless the same line is there already.
    mutating func insert(_ event: SubtitleEvent) {
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].start < event.start { low = mid + 1 } else { high = mid }
        }
        var probe = low
        while probe < events.count && events[probe].start == event.start {
            if events[probe] == event { return }
            probe += 1
        }
        events.insert(event, at: low)
    }

    /// The text shown at media time `time`: every line on screen then, in start order.
    func text(at time: Double) -> String? {
        // Lines are short, so looking back from the last one started is enough.
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        // One line on screen, the common case, is returned as stored: nothing is built per turn.
        var shown: String?
        var index = low - 1
        while index >= 0 && low - index <= 64 {
            let event = events[index]
            if event.end > time && !event.text.isEmpty {
                shown = shown.map { event.text + "\n" + $0 } ?? event.text
            }
            index -= 1
        }
        return shown
    }

    /// The earliest-starting line with text on screen at `time`.
    func firstShown(at time: Double) -> SubtitleEvent? {
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        var found: SubtitleEvent?
        var index = low - 1
        while index >= 0 && low - index <= 64 {
            if events[index].end > time && !events[index].text.isEmpty { found = events[index] }
            index -= 1
        }
        return found
    }

    /// The start of the first line after `time` (`forward`), or of the last line starting
    /// before `time` less a little (backward, so that a line just begun is not found again).
    func lineStart(from time: Double, forward: Bool) -> Double? {
        let margin = 0.01
        if forward { return events.first { $0.start > time + margin && !$0.text.isEmpty }?.start }
        return events.last { $0.start < time - margin && !$0.text.isEmpty }?.start
    }

    /// The first moment after `time` when the lines on screen change (one starts or ends).
    func nextChange(after time: Double) -> Double? {
        var low = 0, high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].start <= time { low = mid + 1 } else { high = mid }
        }
        var next = low < events.count ? events[low].start : Double.infinity
        var index = low - 1
        while index >= 0 && low - index <= 64 {
            if events[index].end > time { next = min(next, events[index].end) }
            index -= 1
        }
        return next.isFinite ? next : nil
    }
}
