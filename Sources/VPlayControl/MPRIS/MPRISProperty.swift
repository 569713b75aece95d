import VPlayCore

/// One MPRIS property: how it reads from the player's state and, when writable, the commands
/// that set it. Values and checks come from the property registry where vplay has the property.
struct MPRISProperty: Sendable {
    typealias Getter = @Sendable (MPRISContext) -> DBusValue
    typealias Setter = @Sendable (DBusValue, PlayerState) throws(MPRISError) -> [PlayerCommand]

    let interface: String
    let name: String
    /// How clients learn of changes.
    enum Changes: Sendable {
        /// `PropertiesChanged` tells of them.
        case signalled
        /// Never announced: read when wanted (`Position`, which moves all the time).
        case onDemand
        /// There are none.
        case constant
    }

    let changes: Changes
    let get: Getter
    let set: Setter?

    init(_ interface: String, _ name: String, changes: Changes = .signalled, get: @escaping Getter, set: Setter? = nil) {
        self.interface = interface
        self.name = name
        self.changes = changes
        self.get = get
        self.set = set
    }

    /// A constant: never announced as changed.
    static func fixed(_ interface: String, _ name: String, _ value: DBusValue) -> MPRISProperty {
        MPRISProperty(interface, name, changes: .constant, get: { _ in value })
    }
}

extension MPRISProperty {
    /// The command that sets the registry property `name` to `value`, checked by the registry.
    static func registryCommand(_ name: String, _ value: PropertyValue, in state: PlayerState) throws(MPRISError) -> PlayerCommand {
        do {
            return try PropertyRegistry.property(named: name).command(setting: value, in: state)
        } catch {
            throw .invalidArguments(Self.describe(error, name: name))
        }
    }

    private static func describe(_ error: PropertyError, name: String) -> String {
        switch error {
        case .outOfRange(let range): "\(name) must be within \(range.lowerBound)...\(range.upperBound)"
        case .unavailable: "\(name) cannot be changed now"
        default: "\(name) cannot be set to that value"
        }
    }

    /// The value's `d`, else an error naming the property.
    static func double(_ value: DBusValue, for name: String) throws(MPRISError) -> Double {
        guard let number = value.double, number.isFinite else { throw .invalidArguments("\(name) takes a double") }
        return number
    }

    static func boolean(_ value: DBusValue, for name: String) throws(MPRISError) -> Bool {
        guard let flag = value.boolean else { throw .invalidArguments("\(name) takes a boolean") }
        return flag
    }
}
