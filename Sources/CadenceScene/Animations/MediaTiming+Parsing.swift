import CadenceTiming

/// Reading the media-timing fields (`CAMediaTiming`) of a layer or an animation object.
extension MediaTiming {
    /// The field names, in the order the documentation lists them.
    static let fieldNames = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode",
    ]

    /// The media-timing fields of `reader`'s object; absent fields keep Core Animation's
    /// defaults. `durationNote` explains what a duration of 0 means for this object.
    init(reading reader: JSONObjectReader, durationNote: String) throws {
        self.init()
        if let value = try reader.number("beginTime") { beginTime = value }
        if let value = try reader.nonNegativeNumber("duration", note: durationNote) { duration = value }
        if let value = try reader.number("speed") { speed = value }
        if let value = try reader.number("timeOffset") { timeOffset = value }
        if let value = try reader.countOrInfinity("repeatCount") { repeatCount = value }
        if let value = try reader.countOrInfinity("repeatDuration") { repeatDuration = value }
        if let value = try reader.bool("autoreverses") { autoreverses = value }
        if let value = try reader.choice("fillMode", FillMode.self, noun: "fill mode") { fillMode = value }
    }
}
