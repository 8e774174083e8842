#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment in UTC to the second, formatted the two ways the harness writes time.
struct UTCTimestamp {
    let year, month, day, hour, minute, second: Int

    init(secondsSince1970: Int) {
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
    }

    /// The current time.
    static func now() -> UTCTimestamp {
        UTCTimestamp(secondsSince1970: Int(time(nil)))
    }

    /// `yyyyMMdd-HHmmss`, which sorts in time order (run directory names).
    var compact: String {
        "\(pad(year, 4))\(pad(month))\(pad(day))-\(pad(hour))\(pad(minute))\(pad(second))"
    }

    /// ISO 8601 in UTC: `yyyy-MM-ddTHH:mm:ssZ`.
    var iso8601: String {
        "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))Z"
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
