import CombineFramework
import DirectSources
import SimpleCombine

// The direct sources of the Combine-like cores, as inputs a script drives (``DirectInputsRig``).

extension DirectPublisher: DrivenInput where Output == Int, Failure == TestError {
    package func finish() { send(completion: .finished) }
    package func fail(with error: TestError) { send(completion: .failure(error)) }
}

extension SimpleDirectPublisher: DrivenInput where Output == Int, Failure == TestError {
    package func finish() { send(completion: .finished) }
    package func fail(with error: TestError) { send(completion: .failure(error)) }
}
