// A TCG plugin for qemu-user (`qemu-aarch64 -plugin libqemu_instruction_count.so`): counts every
// guest instruction executed, all threads together, and writes the total to stderr at exit as
// "instructions: N" — the arm64 column of `make bench-instructions` (callgrind counts x86-64's).
// Each translated block adds its instruction count when it runs; a block left early by a fault
// counts whole (rare: the benchmarks do not fault). The count is atomic, so threads lose nothing.
// With the argument blocks=FILE (`-plugin libqemu_instruction_count.so,blocks=FILE`) it also writes, at exit,
// each translated block's guest address, instructions and executions, a line each ("0x5500a1b2c0 12 3400"):
// bench_instructions.py --profile names their functions (where a unit's instructions go on AArch64).
//
// Debian ships qemu's plugin support (bookworm's qemu-user 7.2, API version 1) but not its header,
// so the few entry points used here are declared below as qemu-plugin.h of 7.2 defines them.
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t executed;

static void block_ran(unsigned int vcpu_index, void *instructions) {
    (void)vcpu_index;
    __atomic_fetch_add(&executed, (uint64_t)(uintptr_t)instructions, __ATOMIC_RELAXED);
}

// blocks=FILE: one record per translation (a block translated again gets another; the profile adds them up).
// Records are never freed or moved while the guest runs (chunks), so a block's callback may hold its record.
struct block { uint64_t vaddr, instructions, runs; };
enum { CHUNK = 65536 };
static const char *blocks_path;
static struct block **chunks;
static size_t chunk_count, used_in_last = CHUNK;
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;

static void profiled_block_ran(unsigned int vcpu_index, void *record) {
    (void)vcpu_index;
    struct block *b = record;
    __atomic_fetch_add(&executed, b->instructions, __ATOMIC_RELAXED);
    __atomic_fetch_add(&b->runs, 1, __ATOMIC_RELAXED);
}

static struct block *new_block(uint64_t vaddr, uint64_t instructions) {
    pthread_mutex_lock(&blocks_lock);
    if (used_in_last == CHUNK) {
        struct block **grown = realloc(chunks, (chunk_count + 1) * sizeof *chunks);
        struct block *chunk = calloc(CHUNK, sizeof *chunk);
        if (!grown || !chunk) { fprintf(stderr, "qemu_instruction_count: out of memory\n"); abort(); }
        chunks = grown;
        chunks[chunk_count++] = chunk;
        used_in_last = 0;
    }
    struct block *b = &chunks[chunk_count - 1][used_in_last++];
    pthread_mutex_unlock(&blocks_lock);
    b->vaddr = vaddr;
    b->instructions = instructions;
    return b;
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    if (blocks_path) {
        struct block *b = new_block(qemu_plugin_tb_vaddr(tb), qemu_plugin_tb_n_insns(tb));
        qemu_plugin_register_vcpu_tb_exec_cb(tb, profiled_block_ran, QEMU_PLUGIN_CB_NO_REGS, b);
        return;
    }
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_ran, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

static void write_blocks(void) {
    FILE *out = fopen(blocks_path, "w");
    if (!out) { perror(blocks_path); return; }
    for (size_t c = 0; c < chunk_count; c++) {
        size_t n = c + 1 == chunk_count ? used_in_last : CHUNK;
        for (size_t i = 0; i < n; i++) {
            const struct block *b = &chunks[c][i];
            uint64_t runs = __atomic_load_n(&b->runs, __ATOMIC_RELAXED);
            if (runs) fprintf(out, "0x%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", b->vaddr, b->instructions, runs);
        }
    }
    fclose(out);
}

static void finished(qemu_plugin_id_t id, void *userdata) {
    (void)id;
    (void)userdata;
    if (blocks_path) write_blocks();
    fprintf(stderr, "instructions: %" PRIu64 "\n", __atomic_load_n(&executed, __ATOMIC_RELAXED));
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "blocks=", 7) == 0) blocks_path = argv[i] + 7;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, finished, NULL);
    return 0;
}
