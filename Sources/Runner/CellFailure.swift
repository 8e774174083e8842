import Foundation
import Harness

/// What the row of a cell says when its process gave no result: the one reading of a
/// ``ChildProcess/Ending`` that `run`, `ab` and `profile` share.
struct CellFailure {
    var status: CellStatus
    var detail: String

    /// The failure of a cell whose process ended with `ending` and left no result; `log` is its stderr.
    /// Nil for `.stopped`: a run that is stopping gives the cell no row.
    init?(_ ending: ChildProcess.Ending, log: String) {
        let report = CrashReport(log: log)
        switch ending {
        case .exited(status: let status) where status == 0 || status == 1:
            self.init(status: .crashed, detail: "the cell's process exited without a result")
        case .exited(let status):
            self.init(status: .crashed, detail: "the cell's process exited with status \(status) and no result")
        case .signalled(let signal):
            self.init(
                status: .crashed,
                detail: "killed by \(ChildProcess.signalName(signal)) (signal \(signal))" + (report.reason.map { ": \($0)" } ?? "")
            )
        case .timedOut(let seconds) where report.signal != nil:
            // The cell crashed and its backtracer was still writing the report at the deadline.
            let signal = report.signal!
            self.init(
                status: .crashed,
                detail: "crashed with \(ChildProcess.signalName(signal)) (signal \(signal))"
                    + (report.reason.map { ": \($0)" } ?? "")
                    + "; its crash report was cut short at the \(String(format: "%g", seconds)) s limit (--cell-timeout)"
            )
        case .timedOut(let seconds):
            self.init(status: .timeout, detail: "no result after \(String(format: "%g", seconds)) s (--cell-timeout)")
        case .stopped:
            return nil
        }
    }

    init(status: CellStatus, detail: String) {
        self.status = status
        self.detail = detail
    }
}

/// What a Swift crash report in a cell's stderr says: the signal of its "*** Signal 11: Backtracing
/// from 0x...: ***" line, and the reason of its "*** Program crashed: Bad pointer dereference ... ***"
/// line ("Swift runtime failure: precondition failure" for a trap).
struct CrashReport {
    var signal: Int32?
    var reason: String?

    init(log path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") where line.hasPrefix("*** ") && line.hasSuffix(" ***") {
            let banner = line.dropFirst(4).dropLast(4)
            if banner.hasPrefix("Signal ") {
                signal = signal ?? Int32(banner.dropFirst("Signal ".count).prefix { $0.isNumber })
            } else if reason == nil {
                reason = String(banner.hasPrefix("Program crashed: ") ? banner.dropFirst("Program crashed: ".count) : banner)
            }
        }
    }
}
