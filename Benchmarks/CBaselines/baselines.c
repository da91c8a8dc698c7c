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

int64_t c_sqlite_insert_samples(const char *path, uint64_t count) {
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) return -1;
    /* The store's table since v33 (Sources/Store/SampleMinuteMigration.swift, decision 108): a row a player and
       minute, 10 bytes a reading; written as SessionWriter writes a batch, each player's minute one upsert. */
    const char *setup =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
        "CREATE TABLE IF NOT EXISTS sample_minute(session_id INTEGER NOT NULL, player_id INTEGER NOT NULL,"
        " minute INTEGER NOT NULL, readings BLOB NOT NULL, wide BLOB NOT NULL,"
        " PRIMARY KEY (session_id, player_id, minute)) WITHOUT ROWID;";
    if (sqlite3_exec(db, setup, NULL, NULL, NULL) != SQLITE_OK) { sqlite3_close(db); return -1; }
    sqlite3_stmt *stmt;
    int64_t start = now_ns();
    sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    sqlite3_prepare_v2(db, "INSERT INTO sample_minute(session_id, player_id, minute, readings, wide) VALUES (?, ?, ?, ?, ?)"
                           " ON CONFLICT (session_id, player_id, minute) DO UPDATE"
                           " SET readings = CAST(readings || excluded.readings AS BLOB), wide = CAST(wide || excluded.wide AS BLOB)",
                       -1, &stmt, NULL);
    /* Reading i is player i % 30's at second i / 30 (the Swift side's samples): a player's minute is 60 of them. */
    uint64_t seconds = (count + 29) / 30;
    unsigned char bytes[60 * 10];
    for (int64_t player = 1; player <= 30; player++) {
        for (uint64_t first = 0; first < seconds; first += 60) {
            size_t n = 0;
            for (uint64_t second = first; second < first + 60 && second < seconds; second++) {
                uint64_t i = second * 30 + (uint64_t)(player - 1);
                if (i >= count) break;
                unsigned offset = (unsigned)((second - first) * 1000), bpm = 60 + (unsigned)(i % 120);
                unsigned char *r = bytes + 10 * n++;
                r[0] = offset & 0xFF; r[1] = offset >> 8; r[2] = bpm & 0xFF; r[3] = bpm >> 8;
                r[4] = (unsigned char)player; r[5] = 0; r[6] = 0; r[7] = 0; r[8] = 2; r[9] = 0;
            }
            if (n == 0) continue;
            sqlite3_bind_int64(stmt, 1, 1);
            sqlite3_bind_int64(stmt, 2, player);
            sqlite3_bind_int64(stmt, 3, (int64_t)(first / 60));
            sqlite3_bind_blob(stmt, 4, bytes, (int)(10 * n), SQLITE_TRANSIENT);
            sqlite3_bind_zeroblob(stmt, 5, 0);
            if (sqlite3_step(stmt) != SQLITE_DONE) { sqlite3_finalize(stmt); sqlite3_close(db); return -1; }
            sqlite3_reset(stmt);
        }
    }
    sqlite3_finalize(stmt);
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) { sqlite3_close(db); return -1; }
    int64_t elapsed = now_ns() - start;
    sqlite3_close(db);
    return elapsed;
}
