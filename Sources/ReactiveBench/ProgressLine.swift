import Foundation
import Runner

/// The run's progress on stderr: where it is, the time so far and an estimate of what is left. On a
/// terminal one line that updates in place (messages print above it); otherwise one plain line per step,
/// for logs.
final class ProgressLine {
    private let isTerminal: Bool
    private let started = Date()
    /// When the steps now counted began: a run counts its cells from 0, then its price list from 0 again.
    private var stepsStarted = Date()
    /// The step shown on the terminal's last line, redrawn after a message.
    private var current: String?

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Shows `step` with the elapsed time and, once a step is done, the time left at the mean pace of the
    /// steps counted so far (the price list's own, not the cells' before it).
    func show(_ step: ProgressStep) {
        if step.done == 0 { stepsStarted = Date() }
        let elapsed = -started.timeIntervalSinceNow
        var text = "\(step.label) · \(Self.duration(elapsed)) elapsed"
        if step.done > 0 && step.total > step.done {
            let pace = -stepsStarted.timeIntervalSinceNow / Double(step.done)
            text += ", ~\(Self.duration(pace * Double(step.total - step.done))) left"
        }
        if isTerminal {
            current = text
            write("\r\u{1B}[K[reactive-bench] \(text)")
        } else {
            write("[reactive-bench] \(text)\n")
        }
    }

    /// A message on a line of its own, above the progress line.
    func log(_ message: String) {
        line("[reactive-bench] \(message)")
    }

    /// `warning: ...` on a line of its own.
    func warn(_ message: String) {
        line("warning: \(message)")
    }

    private func line(_ text: String) {
        if isTerminal && current != nil { write("\r\u{1B}[K") }
        write("\(text)\n")
        if isTerminal, let current { write("[reactive-bench] \(current)") }
    }

    /// Ends the progress line, so that what follows starts on a line of its own.
    func finish() {
        guard isTerminal, current != nil else { return }
        write("\r\u{1B}[K")
        current = nil
    }

    /// `0:42`, `3:05`, `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        let tail = String(format: "%02d", rest)
        return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
