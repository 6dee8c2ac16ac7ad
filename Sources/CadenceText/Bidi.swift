/// Cadence's subset of the Unicode Bidirectional Algorithm (UAX #9) for one line of one
/// paragraph without explicit embeddings: the directions of characters resolved into
/// embedding levels (even: left to right, odd: right to left), and runs of levels put in
/// visual order. Used by shaped layout (the `Shaping` trait); plain Swift, so it is tested
/// without HarfBuzz.
///
/// What it implements (rule names are UAX #9's): the paragraph level from the first strong
/// character (P2, P3; left to right when there is none); W1 (a non-spacing mark takes the
/// class before it), W2 (a European number after an Arabic letter is an Arabic number), W3
/// (Arabic letters are R), W7 (a European number after L is L); N1 and N2 (neutrals between
/// two characters of one direction take it, numbers counting as R; others the paragraph's);
/// I1 and I2 (levels); L1 for trailing whitespace (it takes the paragraph level); L2
/// (reversal from the highest level down to the lowest odd one). Not implemented: explicit
/// embeddings, overrides and isolates (their formatting characters are neutrals), the
/// separator and terminator rules W4–W6 (separators are neutrals), and bracket pairs (N0).
/// Cost: linear in the characters, plus the reversals of L2 (at most three levels here).
enum Bidi {
    /// A character's bidirectional class, reduced to what these rules read.
    enum Class: Hashable, Sendable {
        /// Strong left to right (L).
        case leftToRight
        /// Strong right to left (R: Hebrew and the like).
        case rightToLeft
        /// An Arabic letter (AL: Arabic, Syriac, Thaana…; R once resolved).
        case arabicLetter
        /// A European digit (EN).
        case europeanNumber
        /// An Arabic-Indic digit (AN).
        case arabicNumber
        /// A non-spacing mark (NSM): the class of the character before it.
        case nonspacingMark
        /// Whitespace (WS): neutral, and at a line's end it takes the paragraph level (L1).
        case whitespace
        /// Any other neutral (punctuation, symbols, separators, formatting characters).
        case neutral

        var isStrong: Bool { self == .leftToRight || self == .rightToLeft || self == .arabicLetter }
    }

    /// The paragraph's level: 1 when its first strong character is right to left, else 0
    /// (P2, P3).
    static func paragraphLevel<C: Collection<Class>>(_ classes: C) -> Int {
        guard let first = classes.first(where: \.isStrong) else { return 0 }
        return first == .leftToRight ? 0 : 1
    }

    /// The resolved embedding level of each character of a line whose paragraph level is
    /// `paragraphLevel` (0 or 1; other values are taken modulo 2).
    static func levels(_ classes: [Class], paragraphLevel: Int) -> [Int] {
        let p = paragraphLevel & 1
        let sos: Class = p == 0 ? .leftToRight : .rightToLeft
        var resolved = classes
        // W1: a mark takes the class before it.
        for i in resolved.indices where resolved[i] == .nonspacingMark { resolved[i] = i > 0 ? resolved[i - 1] : sos }
        // W2, W3, W7: the last strong class seen decides numbers.
        var lastStrong = sos
        for i in resolved.indices {
            switch resolved[i] {
            case .europeanNumber where lastStrong == .arabicLetter: resolved[i] = .arabicNumber
            case .europeanNumber where lastStrong == .leftToRight: resolved[i] = .leftToRight
            case .arabicLetter:
                lastStrong = .arabicLetter
                resolved[i] = .rightToLeft
            case .leftToRight, .rightToLeft: lastStrong = resolved[i]
            default: break
            }
        }
        // N1, N2: each run of neutrals between its neighbours (numbers count as R).
        func direction(_ c: Class) -> Class {
            c == .leftToRight ? .leftToRight : .rightToLeft
        }
        var i = 0
        while i < resolved.count {
            guard resolved[i] == .neutral || resolved[i] == .whitespace else {
                i += 1
                continue
            }
            var end = i
            while end < resolved.count, resolved[end] == .neutral || resolved[end] == .whitespace { end += 1 }
            let before = i > 0 ? direction(resolved[i - 1]) : sos
            let after = end < resolved.count ? direction(resolved[end]) : sos
            let side = before == after ? before : sos
            for j in i..<end { resolved[j] = side }
            i = end
        }
        // I1, I2.
        var levels = resolved.map { c -> Int in
            switch (p, c) {
            case (0, .leftToRight): 0
            case (0, .rightToLeft): 1
            case (0, _): 2
            case (_, .rightToLeft): 1
            default: 2
            }
        }
        // L1: whitespace at the end of the line takes the paragraph level.
        var k = classes.count
        while k > 0, classes[k - 1] == .whitespace {
            k -= 1
            levels[k] = p
        }
        return levels
    }

    /// The visual order of runs whose levels are `levels`, left to right, as indices into
    /// `levels` (L2: from the highest level down to the lowest odd one, every maximal
    /// sequence of runs at that level or above is reversed). A run's own characters are
    /// reversed by its shaper when its level is odd.
    static func visualOrder(_ levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
