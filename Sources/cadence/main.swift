// The `cadence` executable: runs the command line on the process's arguments and streams.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceCommandLine

exit(CadenceCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
