/// The allocation control: a heap object of 16 bytes of header and one 8-byte field, which jemalloc
/// serves from its 32-byte size class.
final class OneField {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}
