import Foundation
import PlayerPhotos

/// Issue 26: what decoding a stick's picture in a helper process costs against decoding it in
/// this process — `sideline-bench photo-helper --picture=FILE [--sideline=PATH]` (made by
/// `make bench-hostile` from a 12-MP JPEG). Medians of `rounds`; the helper rounds first, so this
/// process's peak RSS after them is the kiosk's side alone, and after the in-process rounds the
/// decoder's too.
func benchPhotoHelper(rounds: Int, picture: String, sideline: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: picture)))
    let header = try PictureHeader(reading: bytes)
    print("photo helper: \(header.kind.rawValue) \(header.width)×\(header.height), \(bytes.count / 1024) kB, median of \(rounds)")
    var helper: [Double] = [], inProcess: [Double] = []
    let isolated = PhotoPreparation.helper(executable: sideline)
    for _ in 0..<rounds {
        let start = nowNs()
        _ = try isolated.prepare(file: picture)
        helper.append(Double(nowNs() - start) / 1e6)
    }
    let peakBefore = peakRSSMegabytes()
    for _ in 0..<rounds {
        let start = nowNs()
        _ = try StoredPhoto(preparing: bytes)
        inProcess.append(Double(nowNs() - start) / 1e6)
    }
    report("  through the helper (sideline prepare-photo), whole", median(helper), unit: "ms")
    report("  in this process (decode, crop, scale, JPEG)", median(inProcess), unit: "ms")
    report("  the helper's cost (start, read the file, answer)", median(helper) - median(inProcess), unit: "ms")
    report("  this process's peak RSS after the helper rounds", peakBefore, unit: "MB")
    report("  this process's peak RSS after the in-process rounds", peakRSSMegabytes(), unit: "MB")
}

/// VmHWM, /proc/self/status.
func peakRSSMegabytes() -> Double {
    let status = FileHandle(forReadingAtPath: "/proc/self/status").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
}
