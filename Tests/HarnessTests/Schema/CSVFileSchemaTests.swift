import Foundation
import Harness
import Testing

struct CSVFileSchemaTests {
    private struct Point { var name: String; var value: Double? }

    private let schema = CSVFileSchema<Point>(
        file: "points.csv", schemaVersion: 3, row: "one point",
        columns: [
            CSVColumn("name", "the point's name") { $0.name },
            ColumnDeclaration("value_ns", unit: .nanoseconds, "its value").written { $0.value.map { String($0) } ?? "" },
        ]
    )

    @Test func theTableHasTheColumnsInOrderAndAFieldPerColumn() {
        let table = schema.table([Point(name: "a", value: 1.5), Point(name: "b,c", value: nil)])
        #expect(table.header == ["name", "value_ns"])
        #expect(table.rows == [["a", "1.5"], ["b,c", ""]])
        #expect(table.encoded() == "name,value_ns\na,1.5\n\"b,c\",\n")
    }

    @Test func theDeclarationDescribesEveryColumnWithoutTheRows() throws {
        let declaration = schema.declaration
        #expect(declaration.file == "points.csv" && declaration.schemaVersion == 3 && declaration.row == "one point")
        #expect(declaration.columns == [
            ColumnDeclaration("name", unit: .none, "the point's name"),
            ColumnDeclaration("value_ns", unit: "ns", "its value"),
        ])
        #expect(declaration.column("value_ns")?.unit == .nanoseconds)
        #expect(declaration.column("other") == nil)
    }

    @Test func theDeclarationReadsBackFromJSON() throws {
        let data = try JSONEncoder().encode(schema.declaration)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"schemaVersion\":3") && text.contains("\"unit\":\"ns\""))
        #expect(try JSONDecoder().decode(CSVFileDeclaration.self, from: data) == schema.declaration)
    }
}
