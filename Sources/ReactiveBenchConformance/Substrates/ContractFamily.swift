/// The semantics an implementation's operators follow, as far as the contracts tell them apart
/// (docs/SEMANTICS.md): Combine's, with demand and cancel, on OpenCombine or on another Combine-like core;
/// or Rx's, push only, with dispose.
package enum ContractFamily: Hashable, Sendable {
    case combine
    case rx
}
