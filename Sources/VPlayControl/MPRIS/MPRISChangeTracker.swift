/// Remembers the property values last announced and tells which changed: the contents of
/// the `PropertiesChanged` signals, one per interface.
struct MPRISChangeTracker {
    private var announced: [String: DBusValue] = [:]
    private var lastSteady: MPRISContext?

    init(initial context: MPRISContext) {
        _ = changes(in: context)
    }

    /// The properties whose values differ from those last announced, by interface.
    mutating func changes(in context: MPRISContext) -> [(interface: String, values: [String: DBusValue])] {
        // The state comes every frame while playing; most of the time only what no announced
        // property reads has moved, and then nothing is computed.
        let steady = Self.steady(context)
        guard steady != lastSteady else { return [] }
        lastSteady = steady
        var changed: [String: [String: DBusValue]] = [:]
        for property in MPRISProperties.all where property.changes == .signalled {
            let key = property.interface + "." + property.name
            let value = property.get(context)
            guard announced[key] != value else { continue }
            announced[key] = value
            changed[property.interface, default: [:]][property.name] = value
        }
        return changed.keys.sorted().map { ($0, changed[$0]!) }
    }

    /// `context` without what moves every frame and is never announced (`Position` is read
    /// when asked).
    private static func steady(_ context: MPRISContext) -> MPRISContext {
        var steady = context
        steady.state.position = 0
        steady.state.avOffset = nil
        steady.state.estimatedFPS = nil
        steady.state.droppedFrames = 0
        return steady
    }
}
