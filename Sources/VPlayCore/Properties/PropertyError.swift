/// Why a property could not be read, written or adjusted.
public enum PropertyError: Error, Equatable, Sendable {
    case notFound
    /// The property exists but has no value now, so it cannot be set either.
    case unavailable
    case readOnly
    /// The value is not of the property's type.
    case invalidValue
    /// A number outside what the property takes now (volume's top is `volume-max`).
    case outOfRange(ClosedRange<Double>)
    /// The property cannot be moved this way (`add pause`, `cycle volume`).
    case notAdjustable
}
