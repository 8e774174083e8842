import OpenCombine
import SimpleCombine
import StyleKit
import Subjects

/// Builds the ``SubjectRig`` for a subject.
enum SubjectRigs {
    static func make(_ id: SubjectID) -> any SubjectRig {
        switch id {
        case .passthroughSubject: CombineSubjectRig(PassthroughSubject<Int, TestError>())
        case .customSubject: CombineSubjectRig(CustomSubject<Int, TestError>())
        case .rxPublishSubject: RxSubjectRig()
        case .simplePassthroughSubject: SimpleSubjectRig(SimplePassthroughSubject<Int, TestError>())
        }
    }
}
