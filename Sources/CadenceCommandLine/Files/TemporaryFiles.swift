import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files and the folders a command has made and not yet renamed into place
/// or removed, so that they can be removed when a signal stops the process.
///
/// A temporary file is registered before it is created (`open` with `O_EXCL`) and
/// unregistered once it is renamed or removed, so a signal at any moment finds every one
/// that may exist. Folders are registered when a run creates them and removed on a signal
/// only if they are empty by then. `SignalCleanup.install()` connects this to SIGINT,
/// SIGTERM and SIGHUP; without it (in tests, in-process) the registry is only a list.
final class TemporaryFiles: @unchecked Sendable {
    /// The process's registry.
    static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var files: Set<String> = []
    private var folders: [String] = []

    /// Registers the temporary file `path` (before creating it).
    func register(file path: String) {
        lock.withLock { _ = files.insert(path) }
    }

    /// Forgets `path` (after it was renamed into place or removed).
    func unregister(file path: String) {
        lock.withLock { _ = files.remove(path) }
    }

    /// Registers the folder `path`, which this run created.
    func register(folder path: String) {
        lock.withLock { folders.append(path) }
    }

    /// Forgets the folder `path` (it is kept, or was removed).
    func unregister(folder path: String) {
        lock.withLock { folders.removeAll { $0 == path } }
    }

    /// The files and folders registered now, for tests.
    var registered: (files: Set<String>, folders: [String]) {
        lock.withLock { (files, folders) }
    }

    /// Removes every registered file, then every registered folder that is empty (the last
    /// created first), and keeps the lock: a command still running cannot register
    /// another file, so nothing is created after the clean-up. For the signal watcher only,
    /// which then ends the process.
    fileprivate func removeAllAndHold() {
        lock.lock()
        for file in files { unlink(file) }
        for folder in folders.reversed() { rmdir(folder) }
    }
}

/// Removing a command's temporary files when the process is stopped by SIGINT, SIGTERM or
/// SIGHUP.
///
/// `install()` blocks the three signals in the calling thread — the main thread, before
/// any other thread starts, so every thread inherits the mask — and starts one thread that
/// waits for them (`sigwait`). When one arrives, that thread removes what `TemporaryFiles`
/// holds (an ordinary thread may take locks and allocate, which a signal handler may
/// not), restores the signal's default action and raises it again, so the process ends
/// as killed by the signal (exit status 128 + the signal's number in a shell).
public enum SignalCleanup {
    /// The signals that clean up before the process ends.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Connects `TemporaryFiles.shared` to the signals; call once, first thing in `main`.
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let watcher = Thread {
            var set = waited
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            TemporaryFiles.shared.removeAllAndHold()
            signal(received, SIG_DFL)
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, received)
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(received)
            _exit(128 + received)
        }
        watcher.start()
    }
}
