@preconcurrency import CGtk
import FlickCore

/// One of the details view's quick due dates (None, Today, Tomorrow, Next Week): its toggle
/// button and the day it stands for, worked out when asked (the day changes at midnight).
@MainActor
struct DueQuickPick {
    let button: UnsafeMutablePointer<GtkWidget>
    let day: @MainActor () -> DueDate?
}
