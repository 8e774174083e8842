import StyleKit

/// What one implementation's operators are built on, as the contracts need it: the factory every contract
/// is written over. It builds an operator of the implementation over each kind of input a contract drives
/// (tracking inputs that log every `request`/`cancel`, the direct sources of the `[direct]` rows, cold
/// synchronous sequences, the subjects of the articles' examples), always with the shared ``Transforms``.
///
/// A Combine style is one (``CombineStyleSubstrate``); the project's tests add the SimpleCombine core and
/// the Rx core, so that the contracts are written once for every family.
package protocol OperatorSubstrate: Sendable {
    /// The implementation's name, as failures show it.
    var implementation: ImplementationID { get }
    var family: ContractFamily { get }
    var supportedOperators: Set<OperatorID> { get }
    /// Whether concurrent upstream events, requests and cancels are safe (docs/SEMANTICS.md).
    var isThreadSafe: Bool { get }

    /// `operation` over two tracking inputs, with a recording downstream that behaves by `demand`; a
    /// ``CombineRig`` in the Combine family.
    func makeRig(_ operation: OperatorID, demand: DemandPolicy) throws(UnsupportedOperator) -> any OperatorRig

    /// `operation` over two direct sources, with a recording downstream that behaves by `demand`.
    func makeDirectRig(_ operation: OperatorID, demand: DemandPolicy) throws(UnsupportedOperator) -> DirectInputsRig

    /// `operation` over two cold inputs that emit `primary` and `secondary`, then finish (``ColdSources``):
    /// what the downstream received and every breach of its contract it noticed.
    func runOverColdInputs(_ operation: OperatorID, primary: [Int], secondary: [Int], demand: DemandPolicy)
        throws(UnsupportedOperator) -> (events: [OutputEvent], violations: [String])

    /// A multi-source operator over the subjects the articles use (`PassthroughSubject<String, Never>` and
    /// `sink`, or their family's counterparts), combining with `+`, fed `events` in order: the values the
    /// downstream printed (the Producer/Sink article's examples, docs/ORIGINS.md).
    func runOverSubjects(_ operation: OperatorID, _ events: [(Input, String)]) throws(UnsupportedOperator) -> [String]
}
