import Foundation
import Harness
import Workloads

/// The JSON files a parent run and its cell processes exchange. Non-finite numbers are written as the
/// strings "inf", "-inf" and "nan", which plain JSON cannot hold.
public enum JSONFile {
    public static func write<Value: Encodable>(_ value: Value, to path: String) throws(HarnessError) {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // The same request reads the same in every cell process: its instruction counts include reading it.
        encoder.outputFormatting = .sortedKeys
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw HarnessError("cannot write \(path): \(error.localizedDescription)")
        }
        // Scratch files, read once by the other process: atomic (never read half-written), not durable.
        try AtomicFile.write(Array(data), to: path, durable: false)
    }

    public static func read<Value: Decodable>(_ type: Value.Type, from path: String) throws(HarnessError) -> Value {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(type, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw HarnessError("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
