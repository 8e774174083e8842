import CombineFramework
import DirectSources
import ReactiveBenchConformance
import RxCore
import SimpleCombine
import StyleKit
import Subjects
import Testing

/// Builds the ``SubjectRig`` for a source under the subject contracts.
enum SubjectRigs {
    static func make(_ id: SubjectID) -> any SubjectRig {
        make(.subject(id))
    }

    static func make(_ source: ContractedSource) -> any SubjectRig {
        switch source {
        case .subject(.passthroughSubject): CombineSubjectRig(PassthroughSubject<Int, TestError>())
        case .subject(.customSubject): CombineSubjectRig(CustomSubject<Int, TestError>())
        case .subject(.rxPublishSubject): RxSubjectRig(PublishSubject<Int>())
        case .subject(.simplePassthroughSubject): SimpleSubjectRig(SimplePassthroughSubject<Int, TestError>())
        case .directPublisher: CombineSubjectRig(DirectPublisher<Int, TestError>())
        case .directObservable: RxSubjectRig(DirectObservable<Int>())
        }
    }
}

/// A source the subject contracts hold for: the subjects compared in fan-out workloads (`SubjectID`), and
/// the direct sources of the workloads' `[direct]` rows, which promise the same delivery, demand,
/// completion and cancellation on one thread (they are not thread-safe: the concurrency tests leave
/// them out).
enum ContractedSource: Hashable, Sendable, CaseIterable, CustomTestStringConvertible {
    case subject(SubjectID)
    case directPublisher
    case directObservable

    static var allCases: [ContractedSource] {
        SubjectID.allCases.map(Self.subject) + [.directPublisher, .directObservable]
    }

    var testDescription: String {
        switch self {
        case .subject(let id): id.rawValue
        case .directPublisher: "directPublisher"
        case .directObservable: "directObservable"
        }
    }
}
