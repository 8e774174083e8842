import Foundation

/// Thread-local values in `Thread.current.threadDictionary` under a `String` key, as RxSwift keeps its
/// trampoline's queue on Linux (`Platform/Platform.Linux.swift`): every access looks up the current
/// thread and bridges the key to an `NSString`. (RxSwift on Darwin uses an object key instead; these
/// numbers are measured on Linux.)
extension Thread {
    /// Stores `value` in the current thread's dictionary under `key`, or removes the entry when `value`
    /// is `nil`.
    static func setThreadLocalStorageValue<T: AnyObject>(_ value: T?, forKey key: String) {
        let threadDictionary = Thread.current.threadDictionary
        if let value {
            threadDictionary[key] = value
        } else {
            threadDictionary[key] = nil
        }
    }

    /// The value stored in the current thread's dictionary under `key`, if it is a `T`.
    static func getThreadLocalStorageValueForKey<T: AnyObject>(_ key: String) -> T? {
        Thread.current.threadDictionary[key] as? T
    }
}
