/// The namespace of the subscriber types, demand and completion, as `Subscribers` is Combine's (seed
/// 002's `SimpleSubscribers`).
public enum SimpleSubscribers {}
