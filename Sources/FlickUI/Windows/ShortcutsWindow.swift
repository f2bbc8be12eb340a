@preconcurrency import CGtk

/// The keyboard shortcuts window (Ctrl+?), listing `ShortcutTable`. GTK 4.8 builds
/// GtkShortcutsWindow only from GtkBuilder, so the XML is generated here from translated titles.
@MainActor
enum ShortcutsWindow {
    /// Over a phone-sized window (`PhoneWidth`) the shortcuts are one column of its width
    /// (`PhoneShortcutsWindow`): GTK 4.8's GtkShortcutsWindow lays its groups out in pairs of
    /// columns, 1,596 px wide over a 360 px phone, and has no layout of one column.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>) {
        if PhoneWidth.isNarrow(parent) {
            PhoneShortcutsWindow.present(over: parent)
            return
        }
        let builder = gtk_builder_new_from_string(xml(), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
        namePageTabs(in: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))
        gtk_window_set_transient_for(window, cast(parent))
        gtk_window_present(window)
    }

    /// GTK 4.8 names the window's pages and their tabs after the pages' titles, "_1", "_2",
    /// which a screen reader spells out with the underscore, and a page without a title after
    /// its class, "GtkStackPage". The pages of shortcuts are "Page 1", "Page 2" (the
    /// tabs still show the numbers); the others have no name to say.
    private static func namePageTabs(in window: UnsafeMutablePointer<GtkWidget>) {
        Widgets.forEachDescendant(of: window) { widget in
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_stack_get_type()) != 0 {
                nameUntitledPages(of: OpaquePointer(widget))
            }
            guard gtk_accessible_get_accessible_role(OpaquePointer(widget)) == GTK_ACCESSIBLE_ROLE_TAB_LIST,
                  let stack = gtk_stack_switcher_get_stack(OpaquePointer(widget)),
                  let pages = gtk_stack_get_pages(stack) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
            var tab = gtk_widget_get_first_child(widget)
            for index in 0..<g_list_model_get_n_items(pages) {
                let name = tr("Page {number}", ["number": String(index + 1)])
                if let page = g_list_model_get_item(pages, index) {
                    Widgets.setAccessibleText(accessible: OpaquePointer(page), GTK_ACCESSIBLE_PROPERTY_LABEL, name)
                    g_object_unref(page)
                }
                if let current = tab {
                    Widgets.setAccessibleLabel(current, name)
                    tab = gtk_widget_get_next_sibling(current)
                }
            }
        }
    }

    private static func nameUntitledPages(of stack: OpaquePointer) {
        guard let pages = gtk_stack_get_pages(stack) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
        for index in 0..<g_list_model_get_n_items(pages) {
            guard let page = g_list_model_get_item(pages, index) else { continue }
            if gtk_stack_page_get_title(OpaquePointer(page)) == nil {
                Widgets.setAccessibleText(accessible: OpaquePointer(page), GTK_ACCESSIBLE_PROPERTY_LABEL, "")
            }
            g_object_unref(page)
        }
    }

    static func xml() -> String {
        // Explicit String types: GRDB's SQL is also string-interpolatable and would be inferred.
        let groupsXML: String = ShortcutTable.groups.map { group -> String in
            let items: String = group.shortcuts.map { shortcut -> String in
                """
                <child><object class="GtkShortcutsShortcut">\(properties(of: shortcut))
                <property name="title">\(escape(shortcut.title))</property>
                <property name="focusable">1</property><property name="accessible-role">list-item</property>
                <accessibility><property name="label">\(escape(shortcut.spokenName))</property></accessibility>
                </object></child>
                """
            }.joined()
            return """
            <child><object class="GtkShortcutsGroup">
            <property name="title">\(escape(group.title))</property>\(items)
            </object></child>
            """
        }.joined()
        return """
        <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
        <property name="title">\(escape(tr("Keyboard Shortcuts")))</property>
        <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
        \(groupsXML)
        </object></child></object></interface>
        """
    }

    /// An accelerator, or a gesture's type with its icon and description.
    private static func properties(of shortcut: Shortcut) -> String {
        guard let gesture = shortcut.gesture else {
            return "<property name=\"accelerator\">\(escape(shortcut.accelerator))</property>"
        }
        var xml = "<property name=\"shortcut-type\">\(gesture)</property>"
        if let icon = shortcut.icon {
            // A GIcon property takes an object, not a name.
            xml += "<property name=\"icon\"><object class=\"GThemedIcon\"><property name=\"name\">\(escape(icon))"
                + "</property></object></property>"
        }
        if let subtitle = shortcut.subtitle { xml += "<property name=\"subtitle\">\(escape(subtitle))</property>" }
        return xml
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
