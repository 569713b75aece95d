/// Which values a writable property takes. Bounds read the state because some depend on it
/// (volume's top is `volume-max`).
public enum PropertyDomain: Sendable {
    public typealias Bounds = @Sendable (PlayerState) -> ClosedRange<Double>

    case flag
    case number(Bounds)
    /// A number, or the text `no` for none (mpv's loop points).
    case numberOrNo(Bounds)
    /// A track of one kind: the id of one the file has, `auto`, or `no` (or false).
    case track(Track.Kind)
    /// How many more times (mpv's loops): a count from 0, `inf` (or yes, true) or `no` (or false).
    case loopCount
    /// One of a few names (`auto`, `yes`, `no`...); a flag stands for `yes` or `no`.
    case choice([String])
    /// Text the check accepts (a colour, a font name).
    case text(@Sendable (String) -> Bool)
    /// Values a property reads itself (an aspect ratio as `16:9` or a number, a crop against the
    /// picture's size): the canonical value, or nil to refuse it.
    case custom(@Sendable (PropertyValue, PlayerState) -> PropertyValue?)

    /// The number range, for messages and `--help`; nil for flags.
    public func bounds(in state: PlayerState) -> ClosedRange<Double>? {
        switch self {
        case .flag, .track, .loopCount, .choice, .text, .custom: nil
        case .number(let bounds), .numberOrNo(let bounds): bounds(state)
        }
    }

    /// `value` in its canonical form (`.flag`, `.number`, or `.text("no")`).
    /// - Throws: `.invalidValue` for the wrong type, `.outOfRange` for a number outside the bounds.
    func check(_ value: PropertyValue, in state: PlayerState) throws(PropertyError) -> PropertyValue {
        switch self {
        case .flag:
            guard let flag = value.flag else { throw .invalidValue }
            return .flag(flag)
        case .numberOrNo where value == .text("no"):
            return value
        case .choice(let names):
            let name: String? = switch value {
            case .text(let text): text
            case .flag(let flag): flag ? "yes" : "no"
            default: nil
            }
            guard let name, names.contains(name) else { throw .invalidValue }
            return .text(name)
        case .text(let accepts):
            guard case .text(let text) = value, accepts(text) else { throw .invalidValue }
            return value
        case .custom(let read):
            guard let canonical = read(value, state) else { throw .invalidValue }
            return canonical
        case .track(let kind):
            if value == .text("auto") || value == .text("no") { return value }
            if value.flag == false { return .text("no") }
            guard let number = value.number, number == number.rounded(), number >= 1 else { throw .invalidValue }
            guard state.tracks.contains(where: { $0.kind == kind && Double($0.id) == number }) else {
                throw .outOfRange(1...Double(max(1, state.tracks.filter { $0.kind == kind }.count)))
            }
            return .integer(Int(number))
        case .loopCount:
            if value == .text("inf") || value.flag == true { return .text("inf") }
            if value.flag == false { return .integer(0) }
            guard let number = value.number, number == number.rounded(), number >= 0, number <= Double(Int32.max) else {
                throw .invalidValue
            }
            return .integer(Int(number))
        case .number(let bounds), .numberOrNo(let bounds):
            guard let number = value.number else { throw .invalidValue }
            let range = bounds(state)
            guard range.contains(number) else { throw .outOfRange(range) }
            return .number(number)
        }
    }
}
