import CLibFuzzer

#if canImport(Glibc)
import Glibc
#endif

/// Runs libFuzzer on `test` with the process's arguments (the usual libFuzzer options and
/// corpus folders) and ends the process with its status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
