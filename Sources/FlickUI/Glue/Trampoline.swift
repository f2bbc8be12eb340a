@preconcurrency import CGtk
import GestureShim

/// A C function that calls a Swift handler, with the shape of the arguments it takes between
/// the instance and the user data and of what it returns, which `Signal` checks against the
/// signal it is connected to.
struct Trampoline {
    let callback: GCallback
    let returns: FlickArg
    let arguments: [FlickArg]

    init<Function>(_ function: Function, returns: FlickArg, _ arguments: [FlickArg]) {
        callback = unsafeBitCast(function, to: GCallback.self)
        self.returns = returns
        self.arguments = arguments
    }
}
