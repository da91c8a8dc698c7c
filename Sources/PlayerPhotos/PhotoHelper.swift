import Appliance
import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
import Localization
#endif

/// A picture decoded in a short-lived child process (`sideline prepare-photo FILE`): the parent
/// side starts it and judges what comes back; `serve` is the child's side.
///
/// The child reads the file itself, gives up every capability (`sideline_drop_privileges`),
/// reads the header, and only then decodes, under an address-space limit of its size now plus
/// what that header may cost (`PhotoLimits.decodeBytes`), a CPU limit and a seccomp filter that
/// leaves it memory and its pipe (`sideline_confine_syscalls`: it runs as the kiosk's user, and
/// SDL_image's GIF decoder writes out of bounds on a crafted file); the kernel's out-of-memory
/// killer takes it first. It inherits no file descriptor but a pipe (not the
/// database, not the HCI socket) and an environment of one variable. Its answer on that pipe:
/// exit 0 and the stored photo's JPEG, or exit 3 and why not (`refusal`: the message's id and values, so the
/// parent says it in the reader's language). Anything else —
/// a signal, another status, more than `maxAnswerBytes`, no end within `timeout` — is a picture
/// that broke its decoder, and is refused as such.
public enum PhotoHelper {
    /// The subcommand of `sideline` that is the child.
    public static let subcommand = "prepare-photo"
    /// A 40-megapixel JPEG decodes in about 2 s on a Raspberry Pi 4; a hung decoder is cut off.
    static let timeout: Double = 30
    static let cpuSeconds: UInt = 30
    /// A stored photo is some 20 kB; the answer is cut off well above.
    static let maxAnswerBytes = 1 << 20
    /// Exit status of a refusal with its reason.
    static let refusedStatus: Int32 = 3

    // MARK: parent

    static func prepare(file path: String, executable: String) throws -> StoredPhoto {
        let child = try spawn(executable: executable, arguments: [subcommand, path])
        let (answer, status) = child.finish(deadline: Date().addingTimeInterval(timeout), limit: maxAnswerBytes)
        return try verdict(answer, status)
    }

    /// What the child's answer and end mean.
    static func verdict(_ answer: [UInt8], _ status: Status) throws -> StoredPhoto {
        switch status {
        case .exited(0):
            return try StoredPhoto(checking: answer)
        case .exited(refusedStatus):
            throw PhotoError(refusal(reading: answer))
        case .exited(let code):
            throw PhotoError(Message(N_("the picture stopped its decoder (status {status})"), ["status": "\(code)"]))
        case .signalled(let signal):
            throw PhotoError(Message(N_("the picture crashed its decoder ({signal})"), ["signal": String(cString: strsignal(signal))]))
        case .overran:
            throw PhotoError(Message(N_("the picture's decoder answered too much and was stopped")))
        case .timedOut:
            throw PhotoError(Message(N_("the picture took more than {seconds} s to decode and was stopped"), ["seconds": "\(Int(timeout))"]))
        }
    }

    enum Status: Equatable { case exited(Int32), signalled(Int32), overran, timedOut }

    /// A started child: its pid and the read end of its stdout.
    struct Child {
        let pid: pid_t
        let output: Int32

        /// Reads the child's answer until end of file, `deadline` or `limit`, then reaps it
        /// (killing it first unless it ended by itself).
        func finish(deadline: Date, limit: Int) -> (answer: [UInt8], status: Status) {
            defer { close(output) }
            var answer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            var verdict: Status?
            reading: while true {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { verdict = .timedOut; break }
                var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(left * 1000, 1000).rounded(.up)))
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { continue }
                let n = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 { break reading }
                answer += chunk[0..<n]
                if answer.count > limit { verdict = .overran; break }
            }
            var raw: Int32 = 0
            if verdict == nil {
                // End of file: the child is ending; one that closed its output and lingers is cut off.
                while waitpid(pid, &raw, WNOHANG) == 0 {
                    if deadline.timeIntervalSinceNow <= 0 { verdict = .timedOut; break }
                    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                    nanosleep(&pause, nil)
                }
                if verdict == nil { return (answer, Self.status(raw)) }
            }
            kill(pid, SIGKILL)
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            return (answer, verdict!)
        }

        static func status(_ raw: Int32) -> Status {
            let signal = raw & 0x7F
            return signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
        }
    }

    /// posix_spawn with stdout a pipe, stdin and stderr /dev/null, every other descriptor closed,
    /// signals at their defaults and unblocked, and the environment reduced to one variable.
    static func spawn(executable: String, arguments: [String]) throws -> Child {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe2(&pipeEnds, O_CLOEXEC) == 0 else {
            throw PhotoError(Message(N_("cannot start the photo decoder ({problem})"), ["problem": String(cString: strerror(errno))]))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The Swift runtime's crash report would take seconds and say nothing the status does not.
        let environment = ["SWIFT_BACKTRACE=enable=no"]
        var pid: pid_t = 0
        let result = withCStrings([executable] + arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw PhotoError(Message(N_("cannot start the photo decoder {program} ({problem})"), ["program": executable, "problem": String(cString: strerror(result))]))
        }
        return Child(pid: pid, output: pipeEnds[0])
    }

    /// A NULL-terminated array of C strings, valid inside `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return body(pointers + [nil])
    }

    // MARK: child

    /// The child's whole life (`sideline prepare-photo FILE`): returns its exit status, having
    /// written its answer to stdout.
    public static func serve(file path: String) -> Int32 {
        // Capabilities are a thread's: every thread must give them up, and only this one exists yet.
        guard statusField("Threads") == 1 else { return answer(refusal: Message(N_("the photo decoder is not alone in its process"))) }
        guard sideline_drop_privileges() == 0 else { return answer(refusal: Message(N_("the photo decoder cannot give up its privileges"))) }
        sideline_prefer_oom_kill()
        do {
            let bytes = try PhotoPreparation.readPicture(path)
            let limits = PhotoLimits.picture
            let header = try PictureHeader(reading: bytes)
            try limits.check(header)
            // SDL_image and its decoders' libraries are opened now, counted in the limit below: under the filter no file opens.
            try PhotoImage.openSDLImage()
            let budget = UInt64(PhotoLimits.decodeBytes(header) + 64 << 20)
            guard sideline_limit_resources(UInt64(statusField("VmSize") ?? 0) * 1024 + budget, cpuSeconds) == 0 else {
                return answer(refusal: Message(N_("the photo decoder cannot limit itself ({problem})"), ["problem": String(cString: strerror(errno))]))
            }
            // From here on: memory and the answer's pipe, nothing else (see the filter's comment).
            let confined = sideline_confine_syscalls()
            guard confined == 0 else {
                return answer(refusal: Message(N_("the photo decoder cannot confine itself ({problem})"), ["problem": String(cString: strerror(-confined))]))
            }
            let photo = try StoredPhoto(preparing: bytes)
            return write(photo.jpeg) ? 0 : 1
        } catch let error as PhotoError {
            return answer(refusal: error.message)
        } catch {
            return answer(refusal: Message(N_("the picture cannot be used ({problem})"), ["problem": "\(error)"]))
        }
    }

    private static func answer(refusal: Message) -> Int32 {
        _ = write(Array(refusalLines(refusal).utf8))
        return refusedStatus
    }

    /// A refusal as the child writes it: the message's id on the first line, then a `name=value` line for each
    /// value (line breaks in a value made spaces). Plain string work, no encoder: the child may be confined to
    /// memory and its pipe by then. A photo's messages are flat (an id and values), which is all this carries.
    static func refusalLines(_ message: Message) -> String {
        let flat = { (text: String) in text.replacingOccurrences(of: "\n", with: " ") }
        return ([flat(message.id)] + message.values.sorted { $0.key < $1.key }.map { "\(flat($0.key))=\(flat($0.value))" })
            .joined(separator: "\n")
    }

    /// The child's refusal read back (its first kB: a refusal is one sentence).
    static func refusal(reading answer: [UInt8]) -> Message {
        let lines = String(decoding: answer.prefix(1024), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let id = lines.first, !id.isEmpty else { return Message(N_("the photo decoder refused the picture without saying why")) }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return Message(String(id), values)
    }

    private static func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + sent, bytes.count - sent) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    /// A number from /proc/self/status: `Threads`, or `VmSize` (kB: the libraries and the file read so far).
    static func statusField(_ name: String) -> Int? {
        let line = MountTable.readToEnd("/proc/self/status").split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") }
    }
}
