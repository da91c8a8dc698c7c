// Decision 098's count: one session's RR intervals read from SQLite in several layouts, for callgrind.
// It reads `rr`, the table before store v32: run it on a fixture written by a build before v32 (v32's
// own layout, `rr_minute`, is what `recordedSeries` reads; bench_instructions.py counts it there).
//
//   cc -O2 -Wall -o rr_read_variants Benchmarks/instructions/rr_read_variants.c -lsqlite3
//   cp out/bench-instructions/fixtures/review-cold.sqlite /tmp/fx.sqlite   # count-units fixtures
//   ./rr_read_variants /tmp/fx.sqlite pack 0          # adds rr_packed: a player's minute of beats a row
//   valgrind --tool=callgrind ./rr_read_variants /tmp/fx.sqlite MODE 1   (and 2: the difference is a read)
//
// MODE: now (today's statement and columns), perplayer (a statement a player, no player_id column),
// count (the index walk alone), packed (rr_packed's rows decoded), samples (today's sample read).
// Opened SQLITE_OPEN_NOMUTEX, as GRDB opens it. Session 1 only. Not a test.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static sqlite3 *db;
static int64_t sink;

static sqlite3_stmt *prep(const char *sql) {
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(db, sql, -1, &s, 0) != SQLITE_OK) { fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db)); exit(1); }
    return s;
}

int main(int argc, char **argv) {
    const char *path = argv[1], *mode = argv[2];
    int repeat = atoi(argv[3]);
    sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, 0);
    int64_t session = 1;
    if (!strcmp(mode, "pack")) { // a compact copy: one row a player and minute, (t_ms delta u32, rr u16) pairs
        sqlite3_exec(db, "DROP TABLE IF EXISTS rr_packed; CREATE TABLE rr_packed(session_id INTEGER NOT NULL, player_id INTEGER NOT NULL, minute INTEGER NOT NULL, first_t_ms INTEGER NOT NULL, beats BLOB NOT NULL, PRIMARY KEY(session_id, player_id, minute)) WITHOUT ROWID; BEGIN", 0, 0, 0);
        sqlite3_stmt *r = prep("SELECT session_id, player_id, t_ms, rr_1024 FROM rr ORDER BY session_id, player_id, t_ms");
        sqlite3_stmt *w = prep("INSERT INTO rr_packed VALUES (?, ?, ?, ?, ?)");
        int64_t cs = -1, cp = -1, cm = -1, first = 0; unsigned char buf[65536]; int len = 0;
        #define FLUSH if (len) { sqlite3_bind_int64(w,1,cs); sqlite3_bind_int64(w,2,cp); sqlite3_bind_int64(w,3,cm); sqlite3_bind_int64(w,4,first); sqlite3_bind_blob(w,5,buf,len,SQLITE_STATIC); sqlite3_step(w); sqlite3_reset(w); len = 0; }
        while (sqlite3_step(r) == SQLITE_ROW) {
            int64_t s = sqlite3_column_int64(r,0), p = sqlite3_column_int64(r,1), t = sqlite3_column_int64(r,2), v = sqlite3_column_int64(r,3);
            int64_t m = t / 60000;
            if (s != cs || p != cp || m != cm) { FLUSH; cs = s; cp = p; cm = m; first = t; }
            uint32_t d = (uint32_t)(t - first); uint16_t x = (uint16_t)v;
            memcpy(buf+len, &d, 4); memcpy(buf+len+4, &x, 2); len += 6;
        }
        FLUSH;
        sqlite3_exec(db, "COMMIT", 0, 0, 0);
        return 0;
    }
    sqlite3_stmt *players = prep("SELECT player_id FROM session_player WHERE session_id = ? ORDER BY player_id");
    int64_t ids[256]; int np = 0;
    sqlite3_bind_int64(players, 1, session);
    while (sqlite3_step(players) == SQLITE_ROW) ids[np++] = sqlite3_column_int64(players, 0);
    sqlite3_stmt *s;
    if (!strcmp(mode, "now")) s = prep("SELECT player_id, t_ms, rr_1024 FROM rr WHERE session_id = ? AND player_id BETWEEN ? AND ? ORDER BY player_id, t_ms");
    else if (!strcmp(mode, "perplayer")) s = prep("SELECT t_ms, rr_1024 FROM rr WHERE session_id = ? AND player_id = ? ORDER BY t_ms");
    else if (!strcmp(mode, "count")) s = prep("SELECT count(*) FROM rr WHERE session_id = ?");
    else if (!strcmp(mode, "packed")) s = prep("SELECT first_t_ms, beats FROM rr_packed WHERE session_id = ? AND player_id = ? ORDER BY minute");
    else if (!strcmp(mode, "samples")) s = prep("SELECT player_id, strap_id, t_ms, bpm, contact FROM sample WHERE session_id = ? AND player_id BETWEEN ? AND ? ORDER BY player_id, t_ms");
    else { fprintf(stderr, "mode?\n"); return 2; }
    int64_t rows = 0;
    for (int k = 0; k < repeat; k++) {
        if (!strcmp(mode, "now") || !strcmp(mode, "samples")) {
            sqlite3_bind_int64(s, 1, session); sqlite3_bind_int64(s, 2, INT64_MIN); sqlite3_bind_int64(s, 3, INT64_MAX);
            while (sqlite3_step(s) == SQLITE_ROW) { sink += sqlite3_column_int64(s, 0) + sqlite3_column_int64(s, 1) + sqlite3_column_int64(s, 2); rows++; }
            sqlite3_reset(s);
        } else if (!strcmp(mode, "count")) {
            sqlite3_bind_int64(s, 1, session);
            while (sqlite3_step(s) == SQLITE_ROW) { rows += sqlite3_column_int64(s, 0); }
            sqlite3_reset(s);
        } else if (!strcmp(mode, "perplayer")) {
            for (int p = 0; p < np; p++) {
                sqlite3_bind_int64(s, 1, session); sqlite3_bind_int64(s, 2, ids[p]);
                while (sqlite3_step(s) == SQLITE_ROW) { sink += sqlite3_column_int64(s, 0) + sqlite3_column_int64(s, 1); rows++; }
                sqlite3_reset(s);
            }
        } else { // packed
            for (int p = 0; p < np; p++) {
                sqlite3_bind_int64(s, 1, session); sqlite3_bind_int64(s, 2, ids[p]);
                while (sqlite3_step(s) == SQLITE_ROW) {
                    int64_t first = sqlite3_column_int64(s, 0);
                    const unsigned char *b = sqlite3_column_blob(s, 1); int n = sqlite3_column_bytes(s, 1);
                    for (int i = 0; i + 6 <= n; i += 6) { uint32_t d; uint16_t x; memcpy(&d, b+i, 4); memcpy(&x, b+i+4, 2); sink += first + d + x; rows++; }
                }
                sqlite3_reset(s);
            }
        }
    }
    printf("%s: %lld rows over %d repeats (%lld)\n", mode, (long long)rows, repeat, (long long)(sink & 1));
    return 0;
}
