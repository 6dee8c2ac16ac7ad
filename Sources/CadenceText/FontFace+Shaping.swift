#if Shaping
    import CHarfBuzz

    /// Shaping by HarfBuzz, compiled in under the package trait `Shaping` (docs/text.md).
    extension FontFace {
        /// `characters` (one line of a paragraph whose level is `paragraphLevel`) shaped by
        /// HarfBuzz: the line is split into runs of one embedding level (`Bidi`) and one
        /// script, the runs put in visual order, and each shaped with its direction and
        /// script (HarfBuzz's default features: ligatures, contextual forms, mark
        /// positioning, GPOS kerning). Glyphs left to right, in font units.
        ///
        /// Cost: linear in the characters; one HarfBuzz buffer per call, under the face's lock.
        public func shape(_ characters: ArraySlice<Character>, paragraphLevel: Int) -> [ShapedGlyph]? {
            let chars = Array(characters)
            guard !chars.isEmpty else { return [] }
            let unicode = hb_unicode_funcs_get_default()
            let levels = Bidi.levels(chars.map { FontFace.bidiClass($0, unicode) }, paragraphLevel: paragraphLevel)
            let scripts = FontFace.scripts(of: chars, unicode)
            // Runs: maximal ranges of one level and one script.
            var runs: [Range<Int>] = []
            var start = 0
            for i in 1...chars.count where i == chars.count || levels[i] != levels[start] || scripts[i] != scripts[start] {
                runs.append(start..<i)
                start = i
            }
            let order = Bidi.visualOrder(runs.map { levels[$0.lowerBound] })
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(chars.count)
            state.withLock { state in
                let buffer = hb_buffer_create()
                defer { hb_buffer_destroy(buffer) }
                for index in order {
                    let run = runs[index]
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
                    for i in run {
                        for scalar in chars[i].unicodeScalars { hb_buffer_add(buffer, scalar.value, UInt32(i)) }
                    }
                    hb_buffer_set_direction(buffer, levels[run.lowerBound] & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                    hb_buffer_set_script(buffer, scripts[run.lowerBound])
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(state.shaper, buffer, nil, 0)
                    var count: UInt32 = 0
                    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                          let positions = hb_buffer_get_glyph_positions(buffer, &count)
                    else { continue }
                    for g in 0..<Int(count) {
                        glyphs.append(
                            ShapedGlyph(
                                glyph: infos[g].codepoint, advance: Double(positions[g].x_advance),
                                xOffset: Double(positions[g].x_offset), yOffset: Double(positions[g].y_offset),
                                character: Int(infos[g].cluster)))
                    }
                }
            }
            return glyphs
        }

        /// 1 when the paragraph's first strong character is right to left, else 0 (UAX #9's
        /// P2–P3).
        public func paragraphLevel(_ paragraph: ArraySlice<Character>) -> Int {
            let unicode = hb_unicode_funcs_get_default()
            return Bidi.paragraphLevel(paragraph.lazy.map { FontFace.bidiClass($0, unicode) })
        }

        /// The bidirectional class of a character's first scalar: strong from its script's
        /// direction (HarfBuzz's script property; Arabic, Syriac, Thaana, N'Ko and the
        /// like are Arabic letters), digits European or Arabic-Indic, marks, whitespace,
        /// the rest neutral.
        static func bidiClass(_ c: Character, _ unicode: OpaquePointer?) -> Bidi.Class {
            guard let scalar = c.unicodeScalars.first else { return .neutral }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .decimalNumber:
                return (0x0660...0x0669).contains(scalar.value) ? .arabicNumber : .europeanNumber
            case .nonspacingMark, .enclosingMark: return .nonspacingMark
            default: break
            }
            if properties.isWhitespace { return .whitespace }
            let script = hb_unicode_script(unicode, scalar.value)
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN {
                return .neutral
            }
            guard hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL else { return .leftToRight }
            switch script {
            case HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_THAANA, HB_SCRIPT_NKO, HB_SCRIPT_MANDAIC,
                 HB_SCRIPT_ADLAM, HB_SCRIPT_HANIFI_ROHINGYA:
                return .arabicLetter
            default: return .rightToLeft
            }
        }

        /// Each character's script (HarfBuzz's): common and inherited characters take the
        /// script before them, or the first real one after them at the start.
        static func scripts(of chars: [Character], _ unicode: OpaquePointer?) -> [hb_script_t] {
            var scripts = chars.map { c in c.unicodeScalars.first.map { hb_unicode_script(unicode, $0.value) } ?? HB_SCRIPT_COMMON }
            func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
            var last = scripts.first(where: isReal) ?? HB_SCRIPT_LATIN
            for i in scripts.indices {
                if isReal(scripts[i]) { last = scripts[i] } else { scripts[i] = last }
            }
            return scripts
        }
    }
#endif
