/// One property, declared once. IPC (`get/set/observe_property`, `set`, `add`, `multiply`,
/// `cycle`), options of the same name, `--list-properties` and MPRIS all read this declaration.
///
/// Most properties use the `readOnly`, `flag` and `number` shorthands. Anything else uses
/// `init` with its own getter, domain and cycle; for instance (the commands and state fields
/// here are illustrative) a track selection that cycles through the track ids and `no`:
///
///     Property("aid", .integer, "selected audio track id, or no",
///              get: { $0.audioTrackID.map(PropertyValue.integer) ?? .text("no") },
///              domain: ..., set: { value, _ in .selectAudioTrack(value.number.map(Int.init)) },
///              cycle: { state, up in .selectAudioTrack(state.audioTrackIDs.cycled(from: state.audioTrackID, up: up)) })
///
/// and `track-list` is a read-only `.list` whose getter returns `.list([.map(["id": .integer(1), ...])])`.
public struct Property: Sendable {
    public typealias Getter = @Sendable (PlayerState) -> PropertyValue
    /// The command that sets a checked value; the state gives what the command must keep
    /// (setting loop point A keeps B).
    public typealias Setter = @Sendable (PropertyValue, PlayerState) -> PlayerCommand
    /// The command that moves to the next (`up`) or previous value.
    public typealias Cycle = @Sendable (_ state: PlayerState, _ up: Bool) -> PlayerCommand?
    /// The command for `add` or `multiply` by an amount; nil when there is nothing to move now.
    public typealias Step = @Sendable (_ state: PlayerState, _ amount: Double) -> PlayerCommand?

    public let name: String
    public let type: PropertyType
    /// One line for `--list-properties`.
    public let help: String
    /// Whether observers are told of changes; constant properties need no watching.
    public let isObservable: Bool
    /// How written values are checked; nil for read-only properties.
    public let domain: PropertyDomain?
    private let read: Getter
    private let write: Setter?
    private let cycle: Cycle?
    private let add: Step?
    private let multiply: Step?

    public init(_ name: String, _ type: PropertyType, _ help: String, observable: Bool = true, get: @escaping Getter,
                domain: PropertyDomain? = nil, set: Setter? = nil, cycle: Cycle? = nil, add: Step? = nil, multiply: Step? = nil) {
        self.name = name
        self.type = type
        self.help = help
        isObservable = observable
        self.read = get
        self.domain = set == nil ? nil : domain
        write = set
        self.cycle = cycle
        self.add = add
        self.multiply = multiply
    }

    public var isWritable: Bool { write != nil }

    public func value(in state: PlayerState) -> PropertyValue {
        read(state)
    }

    /// The command that sets this property to `value`, checked against `state`.
    /// - Throws: `.readOnly`, `.unavailable` (no value to change now), or the domain's check.
    public func command(setting value: PropertyValue, in state: PlayerState) throws(PropertyError) -> PlayerCommand {
        guard let write, let domain else { throw .readOnly }
        guard read(state) != .unavailable else { throw .unavailable }
        return write(try domain.check(value, in: state), state)
    }

    /// `value` as this property takes it; for options that share the property's name.
    public func check(_ value: PropertyValue, in state: PlayerState) throws(PropertyError) -> PropertyValue {
        guard let domain else { throw .readOnly }
        return try domain.check(value, in: state)
    }

    public func supports(_ adjustment: PropertyAdjustment) -> Bool {
        switch adjustment {
        case .add: add != nil
        case .multiply: multiply != nil
        case .cycle: cycle != nil
        }
    }

    /// The command that carries out `adjustment` from the value in `state`; the player calls
    /// this with its live state when it applies the adjustment.
    /// - Throws: `.notAdjustable`, or `.unavailable` when there is no value to move from.
    public func command(adjusting adjustment: PropertyAdjustment, in state: PlayerState) throws(PropertyError) -> PlayerCommand {
        guard supports(adjustment) else { throw .notAdjustable }
        let command = switch adjustment {
        case .add(let amount): add?(state, amount)
        case .multiply(let factor): multiply?(state, factor)
        case .cycle(let up): cycle?(state, up)
        }
        guard let command else { throw .unavailable }
        return command
    }
}

extension Property {
    public static func readOnly(_ name: String, _ type: PropertyType, _ help: String, observable: Bool = true,
                                get: @escaping Getter) -> Property {
        Property(name, type, help, observable: observable, get: get)
    }

    /// A writable flag; `cycle` flips it whichever the direction.
    public static func flag(_ name: String, _ help: String, get: @escaping @Sendable (PlayerState) -> Bool,
                            set: @escaping @Sendable (Bool) -> PlayerCommand) -> Property {
        Property(name, .flag, help, get: { .flag(get($0)) }, domain: .flag,
                 set: { value, _ in set(value.flag ?? false) },
                 cycle: { state, _ in set(!get(state)) })
    }

    /// A writable number in `bounds`; with `clear`, also the text `no` (mpv's loop points).
    /// `add` and `multiply` go from the current value and stay in bounds, unless the property
    /// says how it adds (a relative seek for `time-pos`).
    public static func number(_ name: String, _ help: String, get: @escaping Getter, bounds: @escaping PropertyDomain.Bounds,
                              set: @escaping @Sendable (Double, PlayerState) -> PlayerCommand,
                              clear: (@Sendable (PlayerState) -> PlayerCommand)? = nil, add: Step? = nil) -> Property {
        let moved: @Sendable (@escaping @Sendable (Double, Double) -> Double) -> Step = { operation in
            { state, amount in
                guard let current = get(state).number else { return nil }
                let range = bounds(state)
                return set(min(range.upperBound, max(range.lowerBound, operation(current, amount))), state)
            }
        }
        return Property(name, .number, help, get: get, domain: clear == nil ? .number(bounds) : .numberOrNo(bounds),
                        // The domain lets `no` through only when there is `clear`.
                        set: { value, state in value.number.map { set($0, state) } ?? clear!(state) },
                        add: add ?? moved(+), multiply: moved(*))
    }

    /// A writable choice among an enumeration's names, kept in the picture settings
    /// (`deinterlace`); `cycle` goes through them in declaration order.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ help: String, _ setting: WritableKeyPath<PictureSettings, Choice> & Sendable
    ) -> Property where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return Property(name, .text, help, get: { .text($0.picture[keyPath: setting].rawValue) },
                        domain: .choice(names), set: { value, state in
            var picture = state.picture
            if case .text(let text) = value, let choice = Choice(rawValue: text) { picture[keyPath: setting] = choice }
            return .setPicture(picture)
        }, cycle: { state, up in
            var picture = state.picture
            let all = Array(Choice.allCases)
            let index = all.firstIndex { $0.rawValue == picture[keyPath: setting].rawValue } ?? 0
            picture[keyPath: setting] = all[(index + (up ? 1 : all.count - 1)) % all.count]
            return .setPicture(picture)
        })
    }

    /// The track of one kind that plays (`aid`, `vid`, `sid`): its id, or false for none, as
    /// mpv answers; set to an id, `auto` or `no`; `cycle` goes through the ids, then none.
    public static func track(_ name: String, _ kind: Track.Kind, _ help: String) -> Property {
        Property(name, .integer, help, get: { state in
            guard !state.path.isEmpty else { return .unavailable }
            return state.selectedTrackID(kind).map(PropertyValue.integer) ?? .flag(false)
        }, domain: .track(kind), set: { value, _ in
            switch value {
            case .integer(let id): .selectTrack(kind, .id(id))
            case .text("auto"): .selectTrack(kind, .auto)
            default: .selectTrack(kind, .none)
            }
        }, cycle: { _, up in .cycleTrack(kind, down: !up) })
    }
}
