import Foundation

/// The three-way merge of an item both sides changed (DESIGN 6: a 412, or a pull that finds
/// local changes): against the version both last agreed on, a property only one side changed
/// takes that side's value; one both changed alike is that value; one both changed differently
/// goes to the later change, and the other is reported as replaced.
public enum VTodoMerge {
    public struct Outcome: Sendable, Equatable {
        public var fields: VTodoFields
        public var conflicts: [FieldConflict]
        /// Whether the result differs from the server's version: then it must be sent.
        public var differsFromRemote: Bool
    }

    /// `base` is nil when there is no agreed version (a resource found by its UID): every
    /// difference is then a conflict, decided by the times. `localModified` is when Flick's
    /// item last changed, `remoteModified` the server's LAST-MODIFIED (absent: the server's
    /// version counts as the later, so nothing it holds is lost silently to an older edit).
    public static func merge(base: VTodoFields?, local: VTodoFields, remote: VTodoFields, localModified: Date,
                             remoteModified: Date?) -> Outcome {
        let localIsLater = remoteModified.map { localModified > $0 } ?? false
        var merged = remote
        var conflicts: [FieldConflict] = []
        func pick<T>(_ field: FieldConflict.Field, _ value: (VTodoFields) -> T, same: (T, T) -> Bool,
                     describe: (T) -> String, set: (inout VTodoFields, VTodoFields) -> Void) {
            let l = value(local), r = value(remote)
            if same(l, r) { return }
            let localChanged = base.map { !same(value($0), l) } ?? true
            let remoteChanged = base.map { !same(value($0), r) } ?? true
            if localChanged && !remoteChanged {
                set(&merged, local)
            } else if localChanged && remoteChanged {
                if localIsLater { set(&merged, local) }
                conflicts.append(FieldConflict(field: field, replacedLocal: !localIsLater,
                                               replacedValue: describe(localIsLater ? r : l)))
            }
        }
        pick(.title, \.title, same: VTodoFields.sameText, describe: { $0 }) { $0.title = $1.title }
        pick(.notes, \.notes, same: VTodoFields.sameText, describe: { $0 }) { $0.notes = $1.notes }
        pick(.completion, { ($0.completed, $0.completed ? $0.completedAt : nil) },
             same: { $0.0 == $1.0 && VTodoFields.sameSecond($0.1, $1.1) },
             describe: { $0.0 ? "completed" : "open" }) {
            $0.completed = $1.completed
            $0.completedAt = $1.completedAt
        }
        pick(.due, \.due, same: ==, describe: { $0.map { "\($0)" } ?? "none" }) { $0.due = $1.due }
        pick(.repeatRule, \.repeatRule, same: ==, describe: { $0 ?? "none" }) { $0.repeatRule = $1.repeatRule }
        pick(.reminder, \.reminder, same: VTodoFields.sameReminder, describe: { $0.map { "\($0)" } ?? "none" }) { $0.reminder = $1.reminder }
        pick(.order, \.sortOrder, same: ==, describe: { $0.map(String.init) ?? "none" }) { $0.sortOrder = $1.sortOrder }
        pick(.priority, \.priority, same: ==, describe: { String($0) }) { $0.priority = $1.priority }
        pick(.tags, \.tags, same: ==, describe: { $0.isEmpty ? "none" : $0.joined(separator: ", ") }) { $0.tags = $1.tags }
        pick(.parent, \.parentUID, same: ==, describe: { $0 ?? "none" }) { $0.parentUID = $1.parentUID }
        pick(.start, \.start, same: ==, describe: { $0.map { "\($0)" } ?? "none" }) { $0.start = $1.start }
        return Outcome(fields: merged, conflicts: conflicts, differsFromRemote: !merged.hasSameOwnedValues(as: remote))
    }
}
