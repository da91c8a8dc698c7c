#ifndef SIDELINE_CSANDBOX_SHIM_H
#define SIDELINE_CSANDBOX_SHIM_H
// A child process that decodes a stranger's file gives up what the kiosk holds, for good.
// prctl and syscall are variadic, which Swift cannot call: wrapped here.
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <spawn.h>
#include <stddef.h>
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

#if defined(__x86_64__)
#define SIDELINE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SIDELINE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#define SIDELINE_LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned int)offsetof(struct seccomp_data, field))
#define SIDELINE_DENY_IF(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)(nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

/// After the file is read, a decoder needs memory and its output pipe, nothing else. The helper runs
/// as the kiosk's user, so a decoder taken over by a crafted file could otherwise delete the
/// database, talk to bluetoothd over D-Bus or signal the kiosk. This seccomp filter (on top of the
/// unit's own) answers EPERM to: sockets; exec and fork; ptrace and other processes' memory; kill,
/// and tgkill but to itself (abort uses it); every call that creates, removes, renames, links or
/// changes the mode, owner or attributes of a file; open/openat for writing (openat2, whose flags a
/// filter cannot read, altogether); io_uring (its operations bypass seccomp); bpf, perf events,
/// keys and userfaultfd. Another architecture's calls (x32 on x86-64) kill it. Needs no_new_privs
/// (sideline_drop_privileges) and applies to the calling thread: the helper has only one.
/// Returns 0, or -errno.
static inline int sideline_confine_syscalls(void) {
#ifdef SIDELINE_AUDIT_ARCH
    unsigned int self = (unsigned int)getpid();
    unsigned int writes = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
    struct sock_filter filter[] = {
        SIDELINE_LOAD(arch),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIDELINE_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        SIDELINE_LOAD(nr),
#if defined(__x86_64__)
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), // x32
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
        SIDELINE_DENY_IF(__NR_socket), SIDELINE_DENY_IF(__NR_socketpair), SIDELINE_DENY_IF(__NR_connect),
        SIDELINE_DENY_IF(__NR_bind), SIDELINE_DENY_IF(__NR_listen), SIDELINE_DENY_IF(__NR_accept4),
        SIDELINE_DENY_IF(__NR_execve), SIDELINE_DENY_IF(__NR_execveat), SIDELINE_DENY_IF(__NR_ptrace),
        SIDELINE_DENY_IF(__NR_process_vm_readv), SIDELINE_DENY_IF(__NR_process_vm_writev),
        SIDELINE_DENY_IF(__NR_kill), SIDELINE_DENY_IF(__NR_tkill),
        SIDELINE_DENY_IF(__NR_unlinkat), SIDELINE_DENY_IF(__NR_renameat2),
#ifdef __NR_renameat
        SIDELINE_DENY_IF(__NR_renameat),
#endif
        SIDELINE_DENY_IF(__NR_mkdirat), SIDELINE_DENY_IF(__NR_linkat), SIDELINE_DENY_IF(__NR_symlinkat),
        SIDELINE_DENY_IF(__NR_mknodat), SIDELINE_DENY_IF(__NR_fchmod), SIDELINE_DENY_IF(__NR_fchmodat),
        SIDELINE_DENY_IF(__NR_fchown), SIDELINE_DENY_IF(__NR_fchownat), SIDELINE_DENY_IF(__NR_truncate),
        SIDELINE_DENY_IF(__NR_setxattr), SIDELINE_DENY_IF(__NR_lsetxattr), SIDELINE_DENY_IF(__NR_fsetxattr),
        SIDELINE_DENY_IF(__NR_removexattr), SIDELINE_DENY_IF(__NR_lremovexattr), SIDELINE_DENY_IF(__NR_fremovexattr),
        SIDELINE_DENY_IF(__NR_openat2), SIDELINE_DENY_IF(__NR_io_uring_setup), SIDELINE_DENY_IF(__NR_io_uring_enter),
        SIDELINE_DENY_IF(__NR_io_uring_register), SIDELINE_DENY_IF(__NR_bpf), SIDELINE_DENY_IF(__NR_perf_event_open),
        SIDELINE_DENY_IF(__NR_add_key), SIDELINE_DENY_IF(__NR_request_key), SIDELINE_DENY_IF(__NR_keyctl),
        SIDELINE_DENY_IF(__NR_userfaultfd),
#if defined(__x86_64__)
        SIDELINE_DENY_IF(__NR_fork), SIDELINE_DENY_IF(__NR_vfork), SIDELINE_DENY_IF(__NR_accept),
        SIDELINE_DENY_IF(__NR_unlink), SIDELINE_DENY_IF(__NR_rename), SIDELINE_DENY_IF(__NR_mkdir),
        SIDELINE_DENY_IF(__NR_rmdir), SIDELINE_DENY_IF(__NR_link), SIDELINE_DENY_IF(__NR_symlink),
        SIDELINE_DENY_IF(__NR_mknod), SIDELINE_DENY_IF(__NR_chmod), SIDELINE_DENY_IF(__NR_chown),
        SIDELINE_DENY_IF(__NR_lchown), SIDELINE_DENY_IF(__NR_creat),
        // open(path, flags): flags are the second argument.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 3),
        SIDELINE_LOAD(args[1]),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, writes, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        SIDELINE_LOAD(nr),
#endif
        // openat(dir, path, flags): flags are the third.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 4),
        SIDELINE_LOAD(args[2]),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, writes, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        // tgkill(tgid, tid, signal): only to itself.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 0, 3),
        SIDELINE_LOAD(args[0]),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, self, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { (unsigned short)(sizeof(filter) / sizeof(filter[0])), filter };
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) return -errno;
    return 0;
#else
    return -ENOSYS;
#endif
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
