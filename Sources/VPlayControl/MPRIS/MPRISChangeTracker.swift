/// Remembers the property values last announced and tells which changed: the contents of
/// the `PropertiesChanged` signals, one per interface.
struct MPRISChangeTracker {
    private var announced: [String: DBusValue] = [:]

    init(initial context: MPRISContext) {
        _ = changes(in: context)
    }

    /// The properties whose values differ from those last announced, by interface.
    mutating func changes(in context: MPRISContext) -> [(interface: String, values: [String: DBusValue])] {
        var changed: [String: [String: DBusValue]] = [:]
        for property in MPRISProperties.all where property.emitsChanges {
            let key = property.interface + "." + property.name
            let value = property.get(context)
            guard announced[key] != value else { continue }
            announced[key] = value
            changed[property.interface, default: [:]][property.name] = value
        }
        return changed.keys.sorted().map { ($0, changed[$0]!) }
    }
}
