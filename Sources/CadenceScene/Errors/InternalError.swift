/// A failure that is not the input's fault (for example, zlib failing to compress, or the
/// compositor failing on a scene that decoded), printed by the command line as
/// `cadence: internal error: <message>`.
public struct InternalError: Error {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
