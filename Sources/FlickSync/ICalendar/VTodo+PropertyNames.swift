/// The names of the VTODO's own properties, to see which of them a server kept.
extension VTodo {
    /// The VTODO's own property names (uppercase; not those of its VALARMs, nor BEGIN and END).
    var ownPropertyNames: Set<String> {
        var depth = 0
        var names: Set<String> = []
        for line in lines {
            if line.name == "BEGIN" {
                depth += 1
            } else if line.name == "END" {
                depth -= 1
            } else if depth == 1 {
                names.insert(line.name)
            }
        }
        return names
    }
}
