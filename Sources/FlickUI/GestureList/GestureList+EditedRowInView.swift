@preconcurrency import CGtk

/// The row being edited stays in view when the list gets shorter under it: a
/// phone's on-screen keyboard rises over the lower half of the screen when the editor takes
/// the focus (GTK's text input on Wayland), and the shell makes the window that much shorter;
/// the last rows, edited at 640 px, were then behind the keyboard.
extension GestureList {
    func keepEditedRowInView() {
        guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(listView)) else { return }
        Signal.connectObject(UnsafeMutableRawPointer(adjustment), "notify::page-size") { [weak self] _ in
            guard let self, self.isEditing else { return }
            // After the layout that changed the height: GTK 4.8 scrolls only to rows laid out.
            MainLoop.idle { [weak self] in
                guard let self, !self.isDestroyed, let position = self.editedRowPosition else { return }
                self.scrollTo(rowPosition: position)
            }
        }
    }
}
