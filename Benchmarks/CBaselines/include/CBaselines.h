#ifndef SIDELINE_CBASELINES_H
#define SIDELINE_CBASELINES_H
#include <stdint.h>
#include <stddef.h>

/// Baselines the Swift code is measured against, side by side in one run.

/// A plain C11 SPSC ring of fixed-size elements (same algorithm as SPSCRing:
/// acquire/release indices on separate cache lines, cached opposite index).
/// Runs a producer thread and a consumer (the caller) over `count` elements of
/// `element_size` bytes; returns nanoseconds elapsed, or -1 on failure.
/// `checksum` receives the sum of the first 8 bytes of every element popped.
int64_t c_spsc_ring_run(size_t capacity, size_t element_size, uint64_t count, uint64_t *checksum);

/// The same ring with the consumer draining in batches, as the kiosk's main loop
/// does: one acquire load of tail and one release store of head per batch. When a
/// drain finds nothing, the consumer runs `pauses_when_empty` CPU pause hints
/// before polling again (0: poll at once).
int64_t c_spsc_ring_run_drain(size_t capacity, size_t element_size, uint64_t count, int pauses_when_empty, uint64_t *checksum);

/// One CPU spin-wait hint (x86 PAUSE, Arm YIELD): lets a polling thread back off
/// without a system call.
void c_cpu_relax(void);

/// Writes `count` readings (30 players, a reading a second each) into sample_minute as the
/// store does since v33 — each player's minute packed, 10 bytes a reading, and upserted —
/// with one prepared statement in one transaction, through SQLite's C API, into a
/// database at `path` prepared with the same schema and pragmas as the store. The readings
/// are generated already grouped by player and minute: no sort (the "pre-grouped" figure).
/// Returns nanoseconds elapsed, or -1 on failure.
int64_t c_sqlite_insert_samples(const char *path, uint64_t count);

/// One heart-rate reading as the recorder hands it to the store (`Sample`, energy absent).
/// `arrival` is its place in the batch: the sort's last key, so equal readings keep their order.
struct c_reading {
    int64_t player_id, t_ms, bpm, contact, strap_id;
    uint64_t arrival;
};

/// The same ingest from the writer's own input: `readings` in the order they arrived (by time,
/// players interleaved) are grouped the plain C way — `qsort` by player, time, the other fields,
/// then arrival — each player's minute packed and upserted, in one transaction. Sorts `readings`
/// in place. Returns nanoseconds elapsed (the sort included), or -1 on failure.
int64_t c_sqlite_insert_readings(const char *path, struct c_reading *readings, size_t count);

/// A digest (FNV-1a) of every sample_minute row's player, minute and blobs, in key order, whatever
/// its session: equal digests, equal stored readings. 0 if the file cannot be read.
uint64_t c_sqlite_sample_minute_digest(const char *path);
#endif
