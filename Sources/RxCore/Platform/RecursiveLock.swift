import Foundation

/// A recursive mutex: the thread that holds it may lock it again.
///
/// RxSwift's multi-source operators and subjects forward events while holding their lock, and a
/// downstream may call back into the same operator on the same thread (a dispose, a new event), so
/// the lock must be re-entrant. As in RxSwift (`Platform/RecursiveLock.swift`), it is Foundation's
/// `NSRecursiveLock`: two allocations (the object and, in swift-corelibs-foundation, its mutex) and a
/// class-method call per lock and unlock.
public typealias RecursiveLock = NSRecursiveLock
