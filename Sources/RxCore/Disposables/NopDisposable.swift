/// Does nothing when disposed; one shared instance.
private struct NopDisposable: Disposable {
    fileprivate static let noOp: Disposable = NopDisposable()

    func dispose() {}
}

extension Disposables {
    /// A disposable that does nothing.
    public static func create() -> Disposable {
        NopDisposable.noOp
    }
}
