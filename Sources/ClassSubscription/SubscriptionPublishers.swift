/// The namespace for the publishers of the class-subscription style, as `Publishers` is OpenCombine's.
///
/// Each operator is a `struct` publisher whose inner is a `final class`: a `Subscriber` to its upstream and
/// the `Subscription` its downstream holds (the custom-operator pattern's `MyWithLatestFrom.Subscription`,
/// SimpleCombine's `Conduit`). The inner owns a `Mutex`, keeps its own demand where the operator needs it,
/// and follows one rule: lock, change state, take what is needed, unlock, then call out.
///
/// How an inner is laid out, and why: an inner always runs as unspecialized generic code, since its
/// upstream (a subject, another operator) calls it through its `Subscriber` witness table. In that code
/// every use of a type built from the generic parameters (`Mutex<State<Downstream>>`, `Downstream?`,
/// a tuple) asks the runtime for its metadata, a hash lookup that costs more than the lock itself. So:
/// - the `Mutex` guards a state of a non-generic type (``UpstreamStatus``, a private struct at file
///   scope), and its closures return only non-generic values;
/// - generic values (the downstream, a latest or pending value) live beside it in `@exclusivity(unchecked)`
///   properties that are read and written only inside that `Mutex`'s closures (the lock already makes
///   the accesses exclusive), behind class references (``DownstreamRef``, ``ValueBox``) so that what
///   leaves the lock is a reference, handed out through a local the closure assigns.
public enum SubscriptionPublishers {}
