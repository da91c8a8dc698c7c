import Foundation

/// Pages malloc holds free, handed back to the system (glibc's `malloc_trim(0)`: every arena, and the free
/// pages inside the heap, not only its top). malloc.h is not in Swift's Glibc module, so it is found by name,
/// as `SessionReview.warmCache` finds it; a C library without it is left alone.
enum FreedMemory {
    static func handBack() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (UInt) -> Int32
        guard let trim = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: Trim.self)(0)
        #endif
    }
}
