/// Which input of an operator a script step addresses: the upstream, or the second input of a
/// multi-source operator (`other` for withLatestFrom/sampleWithFrom, the sampler for sample).
package enum Input: Hashable, Sendable, CustomStringConvertible {
    case primary
    case secondary

    package var description: String { self == .primary ? "primary" : "secondary" }
}
