/// Does nothing when disposed; one shared instance.
struct NopDisposable: Disposable {
    static let noOp: Disposable = NopDisposable()

    func dispose() {}
}
