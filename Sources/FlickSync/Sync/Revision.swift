import Foundation

/// How new one copy of a task is next to another copy of the same UID in a file: a task itself
/// outranks a changed occurrence of it, then the higher SEQUENCE (RFC 5545 §3.8.7.4) wins, then
/// the later LAST-MODIFIED.
struct Revision: Comparable {
    var isMaster: Bool
    var sequence: Int
    var modified: Date

    static func < (lhs: Revision, rhs: Revision) -> Bool {
        if lhs.isMaster != rhs.isMaster { return !lhs.isMaster }
        if lhs.sequence != rhs.sequence { return lhs.sequence < rhs.sequence }
        return lhs.modified < rhs.modified
    }
}
