/// An operator over two direct sources (`DirectPublisher`, `SimpleDirectPublisher`, `DirectObservable`) and
/// a recording downstream, driven step by step like the other rigs: what the workloads' `[direct]` rows run.
/// Unlike ``CombineRig`` its inputs keep no log; it checks behaviour, not call histories.
package final class DirectInputsRig: ScriptedOperator {
    private let primary: any DrivenInput
    private let secondary: any DrivenInput
    private let downstream: any DrivenDownstream

    package init(primary: any DrivenInput, secondary: any DrivenInput, downstream: any DrivenDownstream) {
        self.primary = primary
        self.secondary = secondary
        self.downstream = downstream
    }

    /// Ends what a script left running, as a test's end should: the downstream cancels (and so lets go of
    /// its subscription, breaking the subscriber <-> subscription cycle every Combine pipeline has until
    /// then), and both inputs complete.
    deinit {
        apply(.cancel)
        apply(.finish(.primary))
        apply(.finish(.secondary))
    }

    package func apply(_ step: Step) {
        step.perform(on: primary, secondary, downstream: downstream)
    }

    package var events: [OutputEvent] { downstream.outputEvents }
    package var violations: [String] { downstream.violations }
}
