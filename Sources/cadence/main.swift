// The `cadence` executable: runs the command line on the process's arguments and streams,
// with its temporary files removed if a signal stops it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceCommandLine

SignalCleanup.install()
exit(CadenceCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
