/// A chain of `remaining` stages of one ``ChainStage`` with Swift concurrency's operators, built one
/// stage at a time over the sequence it is handed, then handed to `builder`: the depth sweeps' and
/// `subscribeChurn`'s pipelines for `asyncSequence` (each level a type made at run time).
struct AsyncChainStages<Builder: AsyncPipelineBuilder>: AsyncSequenceConsumer where Builder.Input == Int {
    typealias Input = Int

    let stage: ChainStage
    let remaining: Int
    let builder: Builder

    func consume<Pipeline: AsyncSequence>(_ pipeline: Pipeline) -> Builder.Result where Pipeline.Element == Int {
        guard remaining > 0 else { return builder.consume(pipeline) }
        return stage.build(pipeline, into: AsyncChainStages(stage: stage, remaining: remaining - 1, builder: builder))
    }
}
