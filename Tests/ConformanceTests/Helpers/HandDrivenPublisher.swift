import CombineFramework
import DirectSources
import ReactiveBenchConformance
import Subjects

/// A Combine publisher a test drives by hand with `send`: the subjects (`PassthroughSubject`,
/// `CustomSubject`) and the direct source, so that one rig (``CombineSubjectRig``) runs the subject
/// contracts on all of them.
protocol HandDrivenPublisher: Publisher where Output == Int, Failure == TestError {
    func send(_ value: Int)
    func send(completion: Subscribers.Completion<TestError>)
}

extension PassthroughSubject: HandDrivenPublisher where Output == Int, Failure == TestError {}

extension CustomSubject: HandDrivenPublisher where Output == Int, Failure == TestError {}

extension DirectPublisher: HandDrivenPublisher where Output == Int, Failure == TestError {}
