import FlickCore
import Foundation

/// PRIORITY, CATEGORIES and the parent's RELATED-TO: read, and written by changing only their
/// lines, so that what another program wrote beside them stays (DESIGN 6, "Patch, never rebuild").
extension VTodo {
    /// PRIORITY as 0 (none) to 9; a value out of range or unreadable counts as none (and its
    /// line stays as it came until the priority is changed in Flick).
    var priority: Int {
        guard let value = property("PRIORITY").flatMap({ Int($0.value.trimmingCharacters(in: .whitespaces)) }),
              (0...9).contains(value) else { return 0 }
        return value
    }

    /// Every CATEGORIES line's categories, in order, cleaned (`ItemTags.cleaned`).
    var tags: [String] {
        ItemTags.cleaned(Self.topLevelIndices(of: "CATEGORIES", in: lines).flatMap { index in
            Self.textList(lines[index].content.value)
        })
    }

    /// The UID of the parent task: the first RELATED-TO whose RELTYPE is PARENT or absent (RFC
    /// 5545 §3.2.15: absent means PARENT).
    var parentUID: String? {
        Self.parentRelationIndices(in: lines).first.map { lines[$0].content.value.trimmingCharacters(in: .whitespaces) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// PRIORITY: the new value with the old line's parameters; none removes it.
    mutating func writePriority(_ priority: Int) {
        let parameters = property("PRIORITY")?.parameterText ?? ""
        setProperty("PRIORITY", to: priority == 0 ? nil
            : ContentLine(name: "PRIORITY", parameterText: parameters, value: String(priority)))
    }

    /// CATEGORIES: one line with every tag, with the first old line's parameters (LANGUAGE);
    /// none removes them all.
    mutating func writeTags(_ tags: [String]) {
        let parameters = property("CATEGORIES")?.parameterText ?? ""
        removeProperties("CATEGORIES")
        guard !tags.isEmpty else { return }
        setProperty("CATEGORIES", to: ContentLine(name: "CATEGORIES", parameterText: parameters,
                                                  value: tags.map(TextValue.escape).joined(separator: ",")))
    }

    /// The parent's RELATED-TO: the first such line takes the new UID (its parameters kept),
    /// other parent lines go, and relations of other types (CHILD, SIBLING) stay. A new one
    /// says RELTYPE=PARENT, as Nextcloud Tasks and tasks.org read it.
    mutating func writeParent(_ uid: String?) {
        let indices = Self.parentRelationIndices(in: lines)
        for index in indices.dropFirst().reversed() { lines.remove(at: index) }
        guard let uid else {
            if let first = indices.first { lines.remove(at: first) }
            return
        }
        if let first = indices.first {
            var line = lines[first].content
            line.value = uid
            lines[first] = RawLine(line)
        } else {
            setProperty("RELATED-TO", to: ContentLine(name: "RELATED-TO", parameterText: ";RELTYPE=PARENT", value: uid))
        }
    }

    private static func parentRelationIndices(in lines: [RawLine]) -> [Int] {
        topLevelIndices(of: "RELATED-TO", in: lines).filter { index in
            let type = lines[index].content.parameter("RELTYPE")?.uppercased()
            return type == nil || type == "PARENT"
        }
    }

    /// A TEXT list value (RFC 5545 §3.1.1): split at the commas that are not escaped, each
    /// piece unescaped.
    static func textList(_ value: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var escaping = false
        for character in value {
            if escaping {
                current.append("\\")
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                pieces.append(TextValue.unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        pieces.append(TextValue.unescape(current))
        return pieces
    }
}
