@preconcurrency import CGtk

/// The view over the pages at a phone's size (`PhoneView`): while it is shown the
/// header has its title, and the pages' actions are greyed out; once it has closed they are
/// back, and the header follows the page again.
extension MainWindow {
    func phoneViewChanged() {
        if phoneView.isShown {
            actionPause.pause()
        } else {
            actionPause.resume()
            // The main menu's Search follows the width the window has now, which a resize
            // while the view was shown may have changed.
            header.fitPhone(phoneWidth.isNarrow)
        }
        updateHeader()
        // The focus was in the view, now gone: the row focused before takes it back.
        if !phoneView.isShown { settled() }
    }

    /// Add Account: inside the window at a phone's size, in a window of its own elsewhere.
    var accountView: PhoneView? { PhoneWidth.isNarrow(window) ? phoneView : nil }
}
