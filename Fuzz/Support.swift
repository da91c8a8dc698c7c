// Shared by every fuzz target (compiled into each): the libFuzzer entry point
// hands the bytes to `fuzzOne`, which each target file defines.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    fuzzOne(bytes)
    return 0
}

/// A property violation is a finding: trap so libFuzzer saves the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("property violated: \(message())") }
}
