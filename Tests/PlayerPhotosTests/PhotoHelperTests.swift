import Appliance
import CSandbox
import Foundation
@testable import PlayerPhotos
import Testing
import Localization

/// The parent's side of the photo helper against children that misbehave as a broken decoder
/// would (crash, hang, flood, lie), and what a child is given: no descriptors, no environment,
/// no privileges. The real child, `sideline prepare-photo`, is run by the end-to-end tests.
@Suite struct PhotoHelperTests {
    func run(_ executable: String, _ arguments: [String], seconds: Double = 20, limit: Int = PhotoHelper.maxAnswerBytes)
        throws -> (answer: [UInt8], status: PhotoHelper.Status) {
        try PhotoHelper.spawn(executable: executable, arguments: arguments).finish(deadline: Date().addingTimeInterval(seconds), limit: limit)
    }

    @Test func aCrashIsARefusedPhotoNamedAsSuch() throws {
        let (answer, status) = try run("/bin/sh", ["-c", "kill -SEGV $$"])
        #expect(status == .signalled(SIGSEGV))
        #expect(throws: PhotoError(Message("the picture crashed its decoder ({signal})", ["signal": "Segmentation fault"]))) {
            try PhotoHelper.verdict(answer, status)
        }
    }

    @Test func aRefusalCarriesTheChildsReasonAsAMessage() throws {
        let reason = Message("a {kind} of {width}×{height} pixels is too large for a photo (at most {side} pixels a side and {megapixels} megapixels)",
                             ["kind": "PNG", "width": "40000", "height": "40000", "side": "8000", "megapixels": "40"])
        let lines = PhotoHelper.refusalLines(reason)
        let (answer, status) = try run("/bin/sh", ["-c", "printf '%s' \"$1\"; exit 3", "sh", lines])
        #expect(throws: PhotoError(reason)) { try PhotoHelper.verdict(answer, status) }
        #expect(PhotoError(reason).description == "a PNG of 40000×40000 pixels is too large for a photo (at most 8000 pixels a side and 40 megapixels)")
        // A line break in a value cannot start a value of its own; a refusal with no words is still one.
        let broken = Message("cannot scale the photo ({problem})", ["problem": "out of\nmemory=yes"])
        #expect(PhotoHelper.refusal(reading: Array(PhotoHelper.refusalLines(broken).utf8)) == Message(broken.id, ["problem": "out of memory=yes"]))
        #expect(PhotoHelper.refusal(reading: []).id == "the photo decoder refused the picture without saying why")
    }

    @Test func anAnswerThatIsNotAStoredPhotoIsRefused() throws {
        let (answer, status) = try run("/bin/sh", ["-c", "printf 'GIF89a'"])
        #expect(status == .exited(0))
        #expect(throws: PhotoError(Message("the photo decoder answered something that is not a {side}-pixel JPEG", ["side": "256"]))) {
            try PhotoHelper.verdict(answer, status)
        }
        let jpeg = try TestPictures.written(.jpeg, width: 256, height: 256)
        #expect(try PhotoHelper.verdict(jpeg, .exited(0)).jpeg == jpeg)
    }

    @Test func aChildThatHangsIsKilledAtTheDeadlineAndReaped() throws {
        let child = try PhotoHelper.spawn(executable: "/bin/sh", arguments: ["-c", "exec sleep 60"])
        let (_, status) = child.finish(deadline: Date().addingTimeInterval(0.3), limit: 100)
        #expect(status == .timedOut)
        #expect(kill(child.pid, 0) == -1 && errno == ESRCH, "killed and reaped")
    }

    @Test func aChildThatFloodsIsCutOff() throws {
        let (answer, status) = try run("/bin/sh", ["-c", "exec head -c 3000000 /dev/zero"], limit: 1 << 20)
        #expect(status == .overran)
        #expect(answer.count <= (1 << 20) + 65536)
    }

    @Test func aChildInheritsNoDescriptorAndOneVariable() throws {
        // A descriptor without close-on-exec, as a careless open elsewhere in the kiosk would leave one.
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        let (listing, _) = try run("/bin/ls", ["/proc/self/fd"])
        // ls's own descriptor for the folder it lists is the fourth.
        #expect(String(decoding: listing, as: UTF8.self).split(separator: "\n") == ["0", "1", "2", "3"])
        let (environment, _) = try run("/usr/bin/env", [])
        #expect(String(decoding: environment, as: UTF8.self) == "SWIFT_BACKTRACE=enable=no\n")
    }

    /// Run in a child process of the test: it gives up its capabilities for good (as root, they are
    /// all there first). Capabilities belong to a thread: the body runs on one of Swift's, so that
    /// thread's status is read (`serve` refuses to run unless its process has one thread).
    @Test func theChildGivesUpEveryCapability() async {
        await #expect(processExitsWith: .success) {
            guard sideline_drop_privileges() == 0 else { exit(10) }
            let status = MountTable.readToEnd("/proc/thread-self/status")
            let fields = Dictionary(status.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }, uniquingKeysWith: { a, _ in a })
            let none = "0000000000000000"
            guard fields["CapEff"] == none, fields["CapPrm"] == none, fields["CapInh"] == none, fields["CapAmb"] == none,
                  fields["NoNewPrivs"] == "1" else { exit(11) }
            exit(0)
        }
    }

    /// Run in a child process of the test, on the thread the filter is installed on: memory and
    /// reading work; a socket, a file opened for writing, an unlink and a signal to the parent do not.
    @Test func theChildCanComputeButNotWriteFilesOpenSocketsOrSignalTheKiosk() async {
        await #expect(processExitsWith: .success) {
            guard sideline_drop_privileges() == 0, sideline_confine_syscalls() == 0 else { _exit(10) }
            guard socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0) == -1, errno == EPERM else { _exit(11) }
            guard open(NSTemporaryDirectory() + "/sideline-seccomp-probe", O_WRONLY | O_CREAT, 0o600) == -1, errno == EPERM else { _exit(12) }
            guard unlink(NSTemporaryDirectory() + "/sideline-seccomp-probe") == -1, errno == EPERM else { _exit(13) }
            guard kill(getppid(), 0) == -1, errno == EPERM else { _exit(14) }
            let readable = open("/proc/self/status", O_RDONLY)
            guard readable >= 0 else { _exit(15) }
            close(readable)
            let memory = [UInt8](repeating: 1, count: 8 << 20)
            _exit(memory.reduce(0) { $0 &+ Int($1) } == 8 << 20 ? 0 : 16)
        }
    }

    @Test func missingExecutablesAreSaidPlainly() {
        #expect(throws: PhotoError.self) { try PhotoHelper.prepare(file: "/nonexistent.jpg", executable: "/nonexistent/sideline") }
    }
}
