/// What a stream cell's source sends, by index: element `i` of a run is `table[i]`. Tables are made from
/// the ``SeededInput`` when a cell is made, before anything is measured, and wrap like it.
public protocol InputTable {
    associatedtype Element

    subscript(index: Int) -> Element { get }
}

extension SeededInput: InputTable {}
