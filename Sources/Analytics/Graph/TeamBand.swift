import TeamCore

/// The team graph of a big squad: forty lines on top of each other read as one smudge, so the
/// team is drawn as its mean heart rate inside the band from its lowest to its highest player.
///
/// The session is cut into equal stretches (a second or more, at most `maxPoints` of them); each
/// player with a signal in a stretch counts once, with their own mean there, so a strap that
/// notifies twice as often does not weigh twice.
public enum TeamBand {
    public static func compute(tracks: [HeartRateTrack], durationMs: Int64, maxPoints: Int = 480) -> [TeamBandPoint] {
        let stretchMs = stretch(durationMs: durationMs, maxPoints: maxPoints)
        var sum: [Int: Double] = [:], lo: [Int: Double] = [:], hi: [Int: Double] = [:], players: [Int: Int] = [:]
        for track in tracks {
            var bucket = -1, bpmSum = 0, n = 0
            func flush() {
                guard n > 0 else { return }
                let mean = Double(bpmSum) / Double(n)
                sum[bucket, default: 0] += mean
                players[bucket, default: 0] += 1
                lo[bucket] = min(lo[bucket] ?? mean, mean)
                hi[bucket] = max(hi[bucket] ?? mean, mean)
            }
            for i in 0..<track.count where track.tMs[i] >= 0 {
                let b = Int(track.tMs[i] / stretchMs)
                if b != bucket { flush(); bucket = b; bpmSum = 0; n = 0 }
                bpmSum += track.bpm[i]
                n += 1
            }
            flush()
        }
        return players.keys.sorted().map { b in
            TeamBandPoint(tMs: Int64(b) * stretchMs + stretchMs / 2, meanBPM: sum[b]! / Double(players[b]!),
                          minBPM: lo[b]!, maxBPM: hi[b]!)
        }
    }

    /// Whole seconds, so that the session fits in `maxPoints` stretches.
    static func stretch(durationMs: Int64, maxPoints: Int) -> Int64 {
        let perPoint = max(1, durationMs) / Int64(max(1, maxPoints))
        return max(1000, (perPoint + 999) / 1000 * 1000)
    }
}
