extension TimingFunction {
    /// Evaluates `progress(at:)` for every input in `xs`, writing into `ys`.
    ///
    /// Same results as the scalar function, bit for bit (same clamping, same correctly
    /// rounded values). No allocation.
    /// - Precondition: `xs.count == ys.count`, checked by `assert` (debug builds). A
    ///   release build processes the first `min(xs.count, ys.count)` elements and leaves
    ///   the rest of `ys` untouched; it never reads or writes past either buffer.
    public func progress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        assert(xs.count == ys.count, "cadence: progress(at:into:): \\(xs.count) inputs for \\(ys.count) outputs")
        clampedProgress(at: xs, into: ys)
    }

    /// `progress(at:into:)` without the length assertion: the first
    /// `min(xs.count, ys.count)` elements (what a release build does; tests call it).
    func clampedProgress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        let count = Swift.min(xs.count, ys.count)
        guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
        for i in 0..<count { output[i] = progress(at: input[i]) }
    }
}
