/// Factory functions for the basic disposables; each lives in the file of the disposable it makes, as
/// in RxSwift.
public enum Disposables {}
