@preconcurrency import CGtk

/// What the C shim's gestures (the rows' and the pulls' drags, the pinch) hold as `user_data`
/// for their callbacks: the object they reach, held weakly, so that the shim never keeps a view
/// alive; a callback that finds it gone does nothing. Each box is retained once as it is handed
/// over (`retained`) and released by the shim's destroy notify (`releaseWeakBox`), which runs
/// when the gesture's first handler is disconnected: when the gesture goes with its widget.
/// `LiveBoxes` counts them, and the UI tests check that a closed window leaves none.
final class WeakBox<Target: AnyObject>: @unchecked Sendable {
    private(set) weak var target: Target?

    private init(_ target: Target) {
        self.target = target
        LiveBoxes.made()
    }

    deinit { LiveBoxes.released() }

    /// A new box for `target`, with the one reference the shim's destroy notify gives back.
    static func retained(_ target: Target) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(WeakBox(target)).toOpaque()
    }

    /// The object the box in `data` holds, if it is still there.
    static func target(of data: UnsafeMutableRawPointer?) -> Target? {
        Unmanaged<WeakBox>.fromOpaque(data!).takeUnretainedValue().target
    }
}

/// The shim's destroy notify for every `WeakBox`: the box's one reference goes.
let releaseWeakBox: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
