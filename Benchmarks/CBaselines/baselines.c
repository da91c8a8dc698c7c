#include "CBaselines.h"
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

struct ring {
    _Alignas(128) _Atomic size_t tail;
    size_t producer_cached_head;
    _Alignas(128) _Atomic size_t head;
    size_t consumer_cached_tail;
    _Alignas(128) unsigned char *slots;
    size_t mask, element_size, capacity;
    uint64_t count;
};

static int ring_push(struct ring *r, const void *element) {
    size_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    if (t - r->producer_cached_head == r->capacity) {
        r->producer_cached_head = atomic_load_explicit(&r->head, memory_order_acquire);
        if (t - r->producer_cached_head == r->capacity) return 0;
    }
    memcpy(r->slots + (t & r->mask) * r->element_size, element, r->element_size);
    atomic_store_explicit(&r->tail, t + 1, memory_order_release);
    return 1;
}

static int ring_pop(struct ring *r, void *element) {
    size_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    if (h == r->consumer_cached_tail) {
        r->consumer_cached_tail = atomic_load_explicit(&r->tail, memory_order_acquire);
        if (h == r->consumer_cached_tail) return 0;
    }
    memcpy(element, r->slots + (h & r->mask) * r->element_size, r->element_size);
    atomic_store_explicit(&r->head, h + 1, memory_order_release);
    return 1;
}

static void *producer(void *arg) {
    struct ring *r = arg;
    unsigned char element[256] = {0};
    for (uint64_t i = 0; i < r->count; i++) {
        memcpy(element, &i, sizeof i);
        while (!ring_push(r, element)) { /* spin: the benchmark measures throughput, not drops */ }
    }
    return NULL;
}

/* The consumer as the kiosk uses it: read tail once, copy out everything
   available, publish head once for the whole batch. */
static size_t ring_drain(struct ring *r, uint64_t *sum) {
    size_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    size_t t = atomic_load_explicit(&r->tail, memory_order_acquire);
    unsigned char element[256];
    for (size_t i = h; i != t; i++) {
        uint64_t v;
        memcpy(element, r->slots + (i & r->mask) * r->element_size, r->element_size);
        memcpy(&v, element, sizeof v);
        *sum += v;
    }
    if (t != h) atomic_store_explicit(&r->head, t, memory_order_release);
    return t - h;
}

void c_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static struct ring *ring_new(size_t capacity, size_t element_size, uint64_t count) {
    if (element_size < 8 || element_size > 256 || (capacity & (capacity - 1)) != 0) return NULL;
    struct ring *r = aligned_alloc(128, sizeof *r);
    if (!r) return NULL;
    memset(r, 0, sizeof *r);
    r->slots = aligned_alloc(128, capacity * element_size);
    if (!r->slots) { free(r); return NULL; }
    r->mask = capacity - 1;
    r->capacity = capacity;
    r->element_size = element_size;
    r->count = count;
    return r;
}

static void ring_free(struct ring *r) {
    free(r->slots);
    free(r);
}

/* The consumers: each a loop of its own, so neither pays for the other's branch. */
static uint64_t consume_pop(struct ring *r) {
    unsigned char element[256];
    uint64_t sum = 0;
    for (uint64_t received = 0; received < r->count;) {
        if (ring_pop(r, element)) {
            uint64_t v;
            memcpy(&v, element, sizeof v);
            sum += v;
            received++;
        }
    }
    return sum;
}

static uint64_t consume_drain(struct ring *r, int pauses_when_empty) {
    uint64_t sum = 0;
    for (uint64_t received = 0; received < r->count;) {
        size_t n = ring_drain(r, &sum);
        received += n;
        if (n == 0) for (int i = 0; i < pauses_when_empty; i++) c_cpu_relax();
    }
    return sum;
}

/* Times the producer thread against the caller's consumer: pop() per element when
   `pauses_when_empty` < 0, else drain() in batches with that many pause hints when empty. */
static int64_t ring_run(size_t capacity, size_t element_size, uint64_t count, int pauses_when_empty, uint64_t *checksum) {
    struct ring *r = ring_new(capacity, element_size, count);
    if (!r) return -1;
    int64_t start = now_ns();
    pthread_t thread;
    pthread_create(&thread, NULL, producer, r);
    *checksum = pauses_when_empty < 0 ? consume_pop(r) : consume_drain(r, pauses_when_empty);
    pthread_join(thread, NULL);
    int64_t elapsed = now_ns() - start;
    ring_free(r);
    return elapsed;
}

int64_t c_spsc_ring_run_drain(size_t capacity, size_t element_size, uint64_t count, int pauses_when_empty, uint64_t *checksum) {
    return ring_run(capacity, element_size, count, pauses_when_empty < 0 ? 0 : pauses_when_empty, checksum);
}

int64_t c_spsc_ring_run(size_t capacity, size_t element_size, uint64_t count, uint64_t *checksum) {
    return ring_run(capacity, element_size, count, -1, checksum);
}

/* Opens `path` with the store's schema for sample_minute (v33, Sources/Store/SampleMinuteMigration.swift,
   decision 108) and pragmas. */
static int sqlite_open_upsert(const char *path, sqlite3 **db) {
    if (sqlite3_open(path, db) != SQLITE_OK) return 0;
    const char *setup =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
        "CREATE TABLE IF NOT EXISTS sample_minute(session_id INTEGER NOT NULL, player_id INTEGER NOT NULL,"
        " minute INTEGER NOT NULL, readings BLOB NOT NULL, wide BLOB NOT NULL,"
        " PRIMARY KEY (session_id, player_id, minute)) WITHOUT ROWID;";
    if (sqlite3_exec(*db, setup, NULL, NULL, NULL) != SQLITE_OK) { sqlite3_close(*db); return 0; }
    return 1;
}

/* Begins the transaction and prepares SessionWriter's upsert. */
static int sqlite_begin_upsert(sqlite3 *db, sqlite3_stmt **stmt) {
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) return 0;
    return sqlite3_prepare_v2(db, "INSERT INTO sample_minute(session_id, player_id, minute, readings, wide) VALUES (?, ?, ?, ?, ?)"
                                  " ON CONFLICT (session_id, player_id, minute) DO UPDATE"
                                  " SET readings = CAST(readings || excluded.readings AS BLOB), wide = CAST(wide || excluded.wide AS BLOB)",
                              -1, stmt, NULL) == SQLITE_OK;
}

/* One player's minute, `n` packed readings, appended to its row. */
static int sqlite_upsert_minute(sqlite3_stmt *stmt, int64_t player, int64_t minute, const unsigned char *bytes, size_t n) {
    sqlite3_bind_int64(stmt, 1, 1);
    sqlite3_bind_int64(stmt, 2, player);
    sqlite3_bind_int64(stmt, 3, minute);
    sqlite3_bind_blob(stmt, 4, bytes, (int)(10 * n), SQLITE_TRANSIENT);
    sqlite3_bind_zeroblob(stmt, 5, 0);
    int code = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return code == SQLITE_DONE;
}

/* Finalizes the upsert and commits (or, after a failed step, leaves the transaction to the close). */
static int sqlite_finish(sqlite3 *db, sqlite3_stmt *stmt, int ok) {
    sqlite3_finalize(stmt);
    return ok && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
}

/* Times `ingest` (the transaction from BEGIN to COMMIT) on a file opened beforehand, as the Swift side
   times SessionWriter.commit on a store opened beforehand. */
static int64_t timed_ingest(const char *path, int (*ingest)(sqlite3 *, void *), void *context) {
    sqlite3 *db;
    if (!sqlite_open_upsert(path, &db)) return -1;
    int64_t start = now_ns();
    int ok = ingest(db, context);
    int64_t elapsed = now_ns() - start;
    sqlite3_close(db);
    return ok ? elapsed : -1;
}

/* A reading's 10 bytes as SampleMinuteCodec.append writes one that fits (no energy: flags 0). */
static void pack_reading(unsigned char *r, unsigned offset, int64_t bpm, int64_t strap, int64_t contact) {
    r[0] = offset & 0xFF; r[1] = offset >> 8; r[2] = bpm & 0xFF; r[3] = (bpm >> 8) & 0xFF;
    r[4] = strap & 0xFF; r[5] = (strap >> 8) & 0xFF; r[6] = 0; r[7] = 0; r[8] = (unsigned char)contact; r[9] = 0;
}

/* The timed part of each ingest is a function of its own, never inlined: callgrind's --toggle-collect can
   count exactly it (docs/BENCHMARKS.md, the store ingest's split). */
__attribute__((noinline)) static int ingest_pregrouped(sqlite3 *db, void *context) {
    uint64_t count = *(const uint64_t *)context;
    sqlite3_stmt *stmt;
    if (!sqlite_begin_upsert(db, &stmt)) return 0;
    /* Pre-grouped: the loops walk player by player, minute by minute, so no reading is ever sorted.
       Reading i is player i % 30's at second i / 30 (the Swift side's samples): a player's minute is 60 of them. */
    uint64_t seconds = (count + 29) / 30;
    unsigned char bytes[60 * 10];
    int ok = 1;
    for (int64_t player = 1; ok && player <= 30; player++) {
        for (uint64_t first = 0; ok && first < seconds; first += 60) {
            size_t n = 0;
            for (uint64_t second = first; second < first + 60 && second < seconds; second++) {
                uint64_t i = second * 30 + (uint64_t)(player - 1);
                if (i >= count) break;
                pack_reading(bytes + 10 * n++, (unsigned)((second - first) * 1000), 60 + (int64_t)(i % 120), player, 2);
            }
            if (n > 0) ok = sqlite_upsert_minute(stmt, player, (int64_t)(first / 60), bytes, n);
        }
    }
    return sqlite_finish(db, stmt, ok);
}

int64_t c_sqlite_insert_samples(const char *path, uint64_t count) {
    return timed_ingest(path, ingest_pregrouped, &count);
}

/* The order SampleMinuteCodec.packed writes a batch in: player, time, then bpm, contact, strap (the bench
   has no energy), then arrival, which makes qsort (not stable in itself) keep equal readings as they came. */
static int reading_order(const void *x, const void *y) {
    const struct c_reading *a = x, *b = y;
    if (a->player_id != b->player_id) return a->player_id < b->player_id ? -1 : 1;
    if (a->t_ms != b->t_ms) return a->t_ms < b->t_ms ? -1 : 1;
    if (a->bpm != b->bpm) return a->bpm < b->bpm ? -1 : 1;
    if (a->contact != b->contact) return a->contact < b->contact ? -1 : 1;
    if (a->strap_id != b->strap_id) return a->strap_id < b->strap_id ? -1 : 1;
    return a->arrival < b->arrival ? -1 : a->arrival > b->arrival;
}

static int64_t minute_of(int64_t t_ms) { return t_ms >= 0 ? t_ms / 60000 : (t_ms + 1) / 60000 - 1; }

struct readings { struct c_reading *readings; size_t count; };

__attribute__((noinline)) static int ingest_grouping(sqlite3 *db, void *context) {
    struct c_reading *readings = ((struct readings *)context)->readings;
    size_t count = ((struct readings *)context)->count;
    sqlite3_stmt *stmt;
    /* Room for the largest minute the batch can hold: all of it. */
    unsigned char *bytes = malloc(10 * (count ? count : 1));
    if (!bytes) return 0;
    if (!sqlite_begin_upsert(db, &stmt)) { free(bytes); return 0; }
    qsort(readings, count, sizeof *readings, reading_order);
    int ok = 1;
    for (size_t at = 0; ok && at < count;) {
        int64_t player = readings[at].player_id, minute = minute_of(readings[at].t_ms);
        size_t n = 0;
        for (; at < count && readings[at].player_id == player && minute_of(readings[at].t_ms) == minute; at++) {
            const struct c_reading *r = &readings[at];
            pack_reading(bytes + 10 * n++, (unsigned)(r->t_ms - minute * 60000), r->bpm, r->strap_id, r->contact);
        }
        ok = sqlite_upsert_minute(stmt, player, minute, bytes, n);
    }
    free(bytes);
    return sqlite_finish(db, stmt, ok);
}

int64_t c_sqlite_insert_readings(const char *path, struct c_reading *readings, size_t count) {
    struct readings context = { readings, count };
    return timed_ingest(path, ingest_grouping, &context);
}

uint64_t c_sqlite_sample_minute_digest(const char *path) {
    sqlite3 *db;
    sqlite3_stmt *stmt;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 0;
    if (sqlite3_prepare_v2(db, "SELECT player_id, minute, readings, wide FROM sample_minute ORDER BY session_id, player_id, minute",
                           -1, &stmt, NULL) != SQLITE_OK) { sqlite3_close(db); return 0; }
    uint64_t hash = 14695981039346656037ULL;  /* FNV-1a over each row's integers and bytes */
    #define FNV(byte) (hash = (hash ^ (unsigned char)(byte)) * 1099511628211ULL)
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int column = 0; column < 2; column++) {
            int64_t v = sqlite3_column_int64(stmt, column);
            for (int k = 0; k < 8; k++) FNV(v >> (8 * k));
        }
        for (int column = 2; column < 4; column++) {
            const unsigned char *b = sqlite3_column_blob(stmt, column);
            int n = sqlite3_column_bytes(stmt, column);
            for (int k = 0; k < 4; k++) FNV(n >> (8 * k));
            for (int k = 0; k < n; k++) FNV(b[k]);
        }
    }
    #undef FNV
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return hash;
}
