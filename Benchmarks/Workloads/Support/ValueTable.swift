/// An ``InputTable`` holding one value made from each seeded Int: other element types (a 64-byte struct,
/// an object), or the seeded Ints narrowed to a small range. Made once per cell, outside every measured
/// region, so the timed loop only reads it.
public struct ValueTable<Element>: InputTable {
    public let values: [Element]
    private let mask: Int

    /// `values.count` must be a power of two.
    public init(_ values: [Element]) {
        precondition(!values.isEmpty && values.count & (values.count - 1) == 0, "a table's length is a power of two")
        self.values = values
        self.mask = values.count - 1
    }

    /// One value per seeded Int, in the input's order.
    public init(_ input: SeededInput, _ make: (Int) -> Element) {
        self.init(input.values.map(make))
    }

    @inline(__always)
    public subscript(index: Int) -> Element { values[index & mask] }
}
