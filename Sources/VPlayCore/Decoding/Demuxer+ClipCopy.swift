import Foundation

/// A clip's packets asked of the demux thread, the one that owns the cache: it answers with
/// copies of what the queues hold, so that the export reads nothing from the source.
final class ClipCopyRequest: @unchecked Sendable {
    private let answered = DispatchSemaphore(value: 0)
    private let answer = Locked([CachedClip.Track]?.none)

    /// On the demux thread: `tracks` (nil: the demuxer stopped).
    func fulfil(_ tracks: [CachedClip.Track]?) {
        answer.withLock { $0 = tracks }
        answered.signal()
    }

    /// The tracks; nil when the demuxer stopped or `interrupt` was raised first.
    func wait(interrupt: InterruptFlag) -> [CachedClip.Track]? {
        while answered.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if interrupt.isRaised { return nil }
        }
        return answer.withLock { $0 }
    }
}

extension Demuxer {
    /// The demux thread's copies of every packet its queues hold (the cache's current range),
    /// with each stream's parameters.
    static func copyTracks(_ routes: Routes, inputs: DemuxerInputs) -> [CachedClip.Track] {
        routes.queues.keys.sorted().compactMap { index in
            CachedClip.Track(stream: inputs.stream(index), isSparse: routes.sparse.contains(index),
                             packets: routes.queues[index]!.copies())
        }
    }
}
