import Testing

/// Every suite of this target, run one test at a time.
///
/// The drivers wait on their calling thread (a cell's thread, the tool's main thread) while the consumer
/// task runs on the global concurrent executor. A test calls them from a task of that executor, whose
/// threads are as many as the cores (two here): two tests waiting at once could hold them all and
/// starve the consumer tasks they wait for. One at a time, one thread at most is held.
@Suite(.serialized) enum AsyncSequenceStyleSuite {}
