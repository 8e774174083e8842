import SimpleCombine

/// A chain of `remaining` stages of one ``ChainStage`` in SimpleCombine, built one stage at a time over the
/// publisher it is handed, then subscribed to `output`: the depth sweeps' and `subscribeChurn`'s chains
/// for `simpleCombine` (as `PipelineDepthWorkload`'s chain is for the Combine styles: each level a type
/// made at run time).
struct SimpleChainStages: SimplePublisherConsumer {
    typealias Input = Int

    let stage: ChainStage
    let remaining: Int
    let output: SimpleCombineOutput<Int>

    func consume<P: SimplePublisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        guard remaining > 0 else { return publisher.subscribe(output) }
        stage.build(publisher, into: SimpleChainStages(stage: stage, remaining: remaining - 1, output: output))
    }
}
