/// The namespace of the publisher types, as `Publishers` is Combine's.
/// The operators module adds its operators here.
public enum SimplePublishers {}
