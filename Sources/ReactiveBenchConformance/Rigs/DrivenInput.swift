/// An input of an operator under test that a script drives (``Step``): a value, the end, a failure. The
/// tracking inputs and the direct sources of every family are one.
package protocol DrivenInput: AnyObject {
    func send(_ value: Int)
    func finish()
    func fail(with error: TestError)
}
