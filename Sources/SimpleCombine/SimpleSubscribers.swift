/// The namespace of the subscriber types, demand and completion, as `Subscribers` is Combine's.
public enum SimpleSubscribers {}
