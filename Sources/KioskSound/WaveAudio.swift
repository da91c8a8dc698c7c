/// What the voice hands over, made fit for the kiosk's audio device: a RIFF/WAVE file of 16-bit
/// mono PCM (espeak-ng's `--stdout`, whose size fields say "unknown length" as it streams) read,
/// resampled to the device's rate and scaled to the chosen volume.
public enum WaveAudio {
    /// The samples and their rate; nil for anything but 16-bit mono PCM.
    public static func decode(_ bytes: [UInt8]) -> (samples: [Int16], sampleRate: Int)? {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        var at = 12
        var rate: Int?
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self), size = u32(at + 4), body = at + 8
            if id == "fmt " {
                guard body + 16 <= bytes.count, u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16 else { return nil }
                rate = u32(body + 4)
            } else if id == "data", let rate {
                // A streamed file's data runs to the end whatever its size field says.
                let end = min(bytes.count, body + size) & ~1
                let samples = stride(from: body, to: end, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
                return (samples, rate)
            }
            at = body + size + (size & 1)
        }
        return nil
    }

    /// `samples` at `from` Hz as they sound at `to` Hz (linear interpolation: speech, not music).
    public static func resample(_ samples: [Int16], from: Int, to: Int) -> [Int16] {
        guard from != to, from > 0, to > 0, !samples.isEmpty else { return samples }
        let count = samples.count * to / from
        let step = Double(from) / Double(to)
        return (0..<count).map { i in
            let x = Double(i) * step, j = Int(x), f = x - Double(j)
            let a = Double(samples[j]), b = Double(samples[min(j + 1, samples.count - 1)])
            return Int16((a + (b - a) * f).rounded())
        }
    }

    /// Quiet ends trimmed (anything under 1 % of full scale), the loudest sample brought to the
    /// tones' peak at `volumePercent` — a phrase is as loud as a tone at the same setting.
    public static func levelled(_ samples: [Int16], volumePercent: Int) -> [Int16] {
        let quiet = 328
        guard let first = samples.firstIndex(where: { abs(Int($0)) > quiet }),
              let last = samples.lastIndex(where: { abs(Int($0)) > quiet }) else { return [] }
        let body = samples[first...last]
        let peak = Double(body.map { abs(Int($0)) }.max() ?? 1)
        let gain = 0.9 * 32767 * Double(min(100, max(0, volumePercent))) / 100 / peak
        return body.map { Int16((Double($0) * gain).rounded()) }
    }
}
