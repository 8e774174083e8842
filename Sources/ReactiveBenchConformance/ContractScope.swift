/// Which operators of an implementation a contract applies to, among those it names.
enum ContractScope: Sendable {
    /// Those the implementation supports, whatever its family.
    case supported
    /// Those the implementation supports, in the Combine family only: the contract reads demand.
    case supportedWithDemand
    /// Those the implementation supports, if it claims thread safety: the contract races threads.
    case supportedIfThreadSafe
    /// Those the implementation does not support.
    case unsupported
}
