/// The window the player shows in, as the view reports it.
extension Player {
    /// Called by the view each turn, before the state is published.
    public func updateWindow(_ window: WindowState) {
        if state.window != window { state.window = window }
    }
}
