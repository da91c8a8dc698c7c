#ifndef SIDELINE_CSANDBOX_SHIM_H
#define SIDELINE_CSANDBOX_SHIM_H
// A child process that decodes a stranger's file gives up what the kiosk holds, for good.
// prctl and syscall are variadic, which Swift cannot call: wrapped here.
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// No capabilities left and none to gain: no_new_privs (an exec gains nothing from file
/// capabilities or set-uid bits), the ambient set cleared (the unit's AmbientCapabilities would
/// pass CAP_NET_ADMIN/CAP_NET_RAW to anything exec'd), then permitted, effective and inheritable
/// emptied. Dropping is always allowed. Returns 0, or -errno of the step that failed.
static inline int sideline_drop_privileges(void) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) return -errno;
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
    if (syscall(SYS_capset, &header, data) != 0) return -errno;
    return 0;
}

/// Hard limits for a decoder: its address space, its CPU time, no files written, no core dump.
/// Lowering a limit is always allowed. Returns 0, or -errno.
static inline int sideline_limit_resources(unsigned long long address_space_bytes, unsigned long cpu_seconds) {
    struct rlimit space = { address_space_bytes, address_space_bytes };
    struct rlimit cpu = { cpu_seconds, cpu_seconds };
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_AS, &space) != 0) return -errno;
    if (setrlimit(RLIMIT_CPU, &cpu) != 0) return -errno;
    if (setrlimit(RLIMIT_FSIZE, &none) != 0) return -errno;
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -errno;
    return 0;
}

/// Asks the kernel's out-of-memory killer to take this process first (raising it needs no privilege).
static inline void sideline_prefer_oom_kill(void) {
    int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t written = write(fd, "1000", 4);
    (void)written;
    close(fd);
}

// GNU extensions (glibc ≥ 2.34), hidden from Swift's Glibc module, which is built without _GNU_SOURCE.
int pipe2(int pipefd[2], int flags);
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
