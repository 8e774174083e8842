/// The downstream end of an operator under test, as a script drives it (``Step``) and a contract reads it:
/// a ``TrackingSubscriber`` in the Combine family, an observer and its disposable in the Rx family.
package protocol DrivenDownstream: AnyObject {
    /// What it received so far, in the shared vocabulary.
    var outputEvents: [OutputEvent] { get }
    /// Every breach of the Subscriber (Observer) contract it noticed.
    var violations: [String] { get }
    /// Asks for `count` more values (nothing in the Rx family, which has no demand).
    func requestMore(_ count: Int)
    /// Cancels (Combine) or disposes (Rx), and lets go of the subscription.
    func cancel()
}
