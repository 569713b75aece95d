/// An exponentially weighted mean: each new sample moves it by `weight` of the difference.
/// The first sample is taken as it is.
public struct SmoothedValue: Equatable, Sendable {
    public let weight: Double
    public private(set) var value: Double = 0
    private var hasSample = false

    public init(weight: Double) {
        self.weight = weight
    }

    public mutating func add(_ sample: Double) {
        guard sample.isFinite else { return }
        value = hasSample ? value + weight * (sample - value) : sample
        hasSample = true
    }
}
