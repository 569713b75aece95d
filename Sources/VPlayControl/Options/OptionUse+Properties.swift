import VPlayCore

/// Options that share a property's name take the values its `set` takes: the property
/// registry checks them, so the ranges are written once.
extension OptionUse {
    func flag(for property: String) throws(OptionError) -> Bool {
        try checked(.flag(try flag()), for: property).flag ?? false
    }

    /// - Parameter state: what the range depends on (`volume-max` for `volume`).
    func number(for property: String, in state: PlayerState = PlayerState()) throws(OptionError) -> Double {
        try checked(.number(try number()), for: property, in: state).number ?? 0
    }

    /// One of the names a choice property (`deinterlace`) takes.
    func choice(for property: String) throws(OptionError) -> String {
        let value = try text()
        guard case .choice(let names)? = try? PropertyRegistry.property(named: property).domain else { return value }
        guard let name = try? PropertyRegistry.property(named: property).check(.text(value), in: PlayerState()),
              case .text(let chosen) = name else {
            throw .invalidValue(self.name, value, expected: "one of " + names.joined(separator: ", "))
        }
        return chosen
    }

    func text(for property: String) throws(OptionError) -> String {
        try checked(.text(try text()), for: property).textValue ?? ""
    }

    func time(for property: String) throws(OptionError) -> Double {
        try checked(.number(try time()), for: property).number ?? 0
    }

    /// The command setting `property` to this option's value, checked by the registry (the
    /// picture's and the window's settings, which options only seed).
    func command(for property: String) throws(OptionError) -> PlayerCommand {
        let text = try text()
        do {
            return try PropertyRegistry.property(named: property).command(setting: .text(text), in: PlayerState())
        } catch .outOfRange(let range) {
            throw .outOfRange(name, text, ValueText.describe(range))
        } catch {
            throw .invalidValue(name, text, expected: "a value for '\(property)' (see --list-properties)")
        }
    }

    private func checked(_ value: PropertyValue, for name: String, in state: PlayerState = PlayerState()) throws(OptionError) -> PropertyValue {
        do {
            return try PropertyRegistry.property(named: name).check(value, in: state)
        } catch .outOfRange(let range) {
            throw .outOfRange(self.name, self.value ?? "", ValueText.describe(range))
        } catch {
            throw .invalidValue(self.name, self.value ?? "", expected: "a value for '\(name)'")
        }
    }
}
