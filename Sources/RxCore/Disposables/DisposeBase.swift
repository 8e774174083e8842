/// The base class of RxSwift's disposable classes (`Disposables/DisposeBase.swift`). It holds nothing;
/// RxSwift counts resources in it in `TRACE_RESOURCES` builds only.
public class DisposeBase {
    init() {}
}
