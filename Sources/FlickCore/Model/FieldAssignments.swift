import GRDB

/// The SET clause of an update of an item's fields and its arguments (`ItemFields.assignments`).
/// Hashable, so that the items of a bulk change that set the same columns to the same values
/// are written by one statement, not one per item.
struct FieldAssignments: Hashable {
    private(set) var clauses: [String] = []
    private(set) var arguments: [DatabaseValue] = []

    var isEmpty: Bool { clauses.isEmpty }

    /// The clauses joined, to follow `UPDATE item SET`.
    var sql: String { clauses.joined(separator: ", ") }

    mutating func set(_ column: String, _ value: (any DatabaseValueConvertible)?) {
        add("\(column) = ?", [value])
    }

    /// A clause with its arguments (one for each `?`).
    mutating func add(_ clause: String, _ values: [(any DatabaseValueConvertible)?]) {
        clauses.append(clause)
        arguments += values.map { $0?.databaseValue ?? .null }
    }
}
