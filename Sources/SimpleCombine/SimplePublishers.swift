/// The namespace of the publisher types, as `Publishers` is Combine's (seed 002's `SimplePublishers`).
/// The operators module adds its operators here.
public enum SimplePublishers {}
