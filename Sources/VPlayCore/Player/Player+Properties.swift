/// Property adjustments, resolved when they are applied.
extension Player {
    /// Reads the live `state`, not the last published snapshot, so adjustments sent between
    /// two frames build on each other. One that cannot apply now (nothing to move) does nothing.
    func adjust(_ name: String, by adjustment: PropertyAdjustment) {
        guard let command = try? PropertyRegistry.property(named: name).command(adjusting: adjustment, in: state) else { return }
        apply(command)
    }
}
