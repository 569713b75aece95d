import Foundation

/// Asks `condition` every `interval` seconds until it holds or `timeout` has passed, and once
/// more at the deadline (a slow last step still counts); whether it held.
public func poll(timeout: Duration, interval: Double = 0.03, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return try condition()
}
