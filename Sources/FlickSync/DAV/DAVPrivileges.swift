/// The privileges DAV:current-user-privilege-set grants (RFC 3744 §5.4), and what they allow.
/// Servers may list only an aggregate (`all`, or `write`) and not what it holds, so each
/// question is answered from the aggregates too (RFC 3744 §3.12).
public struct DAVPrivileges: Sendable, Equatable {
    /// The privilege elements granted, as listed.
    public let granted: Set<DAVName>

    public init(granted: Set<DAVName>) {
        self.granted = granted
    }

    /// Changing existing items: write-content, or write or all that hold it. False means a
    /// read-only list.
    public var canWriteContent: Bool { grantsAny(.privilegeWriteContent) }

    /// Adding items to the collection.
    public var canBind: Bool { grantsAny(.privilegeBind) }

    /// Removing items from the collection.
    public var canUnbind: Bool { grantsAny(.privilegeUnbind) }

    private func grantsAny(_ privilege: DAVName) -> Bool {
        granted.contains(privilege) || granted.contains(.privilegeWrite) || granted.contains(.privilegeAll)
    }
}
