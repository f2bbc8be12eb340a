/// What `WalCheckpointer`'s WAL hook points to: its checkpointer, weakly, so that the writer's
/// connection (which a list document may keep after its store is gone) does not keep it open.
final class WalHookTarget {
    weak var checkpointer: WalCheckpointer?

    init(_ checkpointer: WalCheckpointer) {
        self.checkpointer = checkpointer
    }
}
