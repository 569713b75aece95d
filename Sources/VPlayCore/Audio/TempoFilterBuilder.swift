import Foundation

/// Builds tempo filters (with the user's filters before them) on a thread of its own for the
/// audio renderer: configuring a filter graph takes milliseconds (rubberband more), too long
/// for the device's callback. The renderer names the tempo it wants and takes a filter once one is ready, never waiting: it only
/// try-locks, so a builder descheduled while holding the lock costs it a retry at the next
/// frame, not a gap in the sound. One unused filter is kept ready for the wanted tempo, so
/// after a seek a fresh one is usually there at once. Filters the renderer is done with come
/// back here to be freed, as freeing a graph is no cheaper than building one.
final class TempoFilterBuilder: @unchecked Sendable {
    /// What a filter is built for.
    struct Spec: Equatable, Sendable {
        var tempo: Double
        var sampleRate: Int
        var channels: Int
        /// The user's filters before the tempo (`TempoFilter.filters`).
        var filters = ""
    }

    /// What `take` found.
    enum Delivery {
        /// Not built yet (or the builder held the lock that instant): ask again later.
        case pending
        /// A fresh filter for the spec; nil when no spec was given or no graph can be built for it.
        case ready(TempoFilter?)
    }

    private struct Exchange {
        var wanted: Spec?
        /// Built and never used.
        var spare: (spec: Spec, filter: TempoFilter?)?
        /// Handed back to be freed on the builder's thread; its capacity is reserved up front
        /// so that handing one over allocates nothing.
        var retired: [TempoFilter] = []
        var stopping = false
    }

    private let exchange: Locked<Exchange>
    private let wake = DispatchSemaphore(value: 0)

    /// - Parameter build: makes a filter (a stand-in in tests); runs on the builder's thread.
    init(build: @escaping @Sendable (Spec) -> TempoFilter? = {
        TempoFilter(sampleRate: $0.sampleRate, channels: $0.channels, tempo: $0.tempo, filters: $0.filters)
    }) {
        var initial = Exchange()
        initial.retired.reserveCapacity(4)
        let exchange = Locked(initial)
        let wake = wake
        self.exchange = exchange
        Thread.detachNewThread {
            Thread.current.name = "vplay tempo"
            Self.run(exchange: exchange, wake: wake, build: build)
        }
    }

    deinit {
        exchange.withLock { $0.stopping = true }
        wake.signal()
    }

    /// True while the filter asked for is still being built.
    var isBuilding: Bool { exchange.withLock { $0.wanted != nil && $0.spare == nil } }

    /// Asks for filters for `spec` from now on (nil: none wanted) and takes a fresh one for it
    /// if one is ready. Never waits.
    func take(_ spec: Spec?) -> Delivery {
        let delivery = exchange.withLockIfAvailable { exchange -> Delivery in
            exchange.wanted = spec   // a spare for another spec is freed by the builder
            guard let spec else { return .ready(nil) }
            guard let spare = exchange.spare, spare.spec == spec else { return .pending }
            exchange.spare = nil
            return .ready(spare.filter)
        }
        wake.signal()
        return delivery ?? (spec == nil ? .ready(nil) : .pending)
    }

    /// Hands `filter` over to be freed on the builder's thread and sets it to nil; leaves it
    /// as it is when the builder holds the lock this instant or still has a full hand.
    func retire(_ filter: inout TempoFilter?) {
        guard let retiring = filter else { return }
        let taken = exchange.withLockIfAvailable { exchange -> Bool in
            guard exchange.retired.count < exchange.retired.capacity else { return false }
            exchange.retired.append(retiring)
            return true
        } ?? false
        if taken {
            filter = nil
            wake.signal()
        }
    }

    private static func run(exchange: Locked<Exchange>, wake: DispatchSemaphore,
                            build: (Spec) -> TempoFilter?) {
        var garbage: [TempoFilter?] = []
        while true {
            let (job, stopping) = exchange.withLock { exchange -> (Spec?, Bool) in
                garbage += exchange.retired
                exchange.retired.removeAll(keepingCapacity: true)
                if let spare = exchange.spare, spare.spec != exchange.wanted {
                    garbage.append(spare.filter)
                    exchange.spare = nil
                }
                return (exchange.spare == nil ? exchange.wanted : nil, exchange.stopping)
            }
            garbage.removeAll()   // freed here, outside the lock
            if stopping { return }
            guard let spec = job else {
                wake.wait()
                continue
            }
            let filter = build(spec)
            // Starts measuring the filter's delay here, not on the device's thread.
            _ = TempoCalibration.shared.delay(tempo: spec.tempo, sampleRate: spec.sampleRate)
            exchange.withLock { exchange in
                if exchange.wanted == spec, exchange.spare == nil {
                    exchange.spare = (spec, filter)
                } else {
                    garbage.append(filter)
                }
            }
        }
    }
}
