@preconcurrency import CGtk

/// The keyboard shortcuts window (Ctrl+?). GTK 4.8 builds GtkShortcutsWindow only from
/// GtkBuilder, so the XML is generated here from translated titles.
@MainActor
enum ShortcutsWindow {
    struct Shortcut {
        var accelerator: String
        var title: String
        /// For a gesture: GtkShortcutType's nick ("gesture-stretch", or "gesture" with `icon`).
        var gesture: String?
        var icon: String?
        var subtitle: String?

        init(accelerator: String, title: String) {
            self.accelerator = accelerator
            self.title = title
        }

        init(gesture: String, icon: String? = nil, title: String, subtitle: String) {
            accelerator = ""
            self.gesture = gesture
            self.icon = icon
            self.title = title
            self.subtitle = subtitle
        }
    }

    static var groups: [(title: String, shortcuts: [Shortcut])] {
        [
            (tr("Items"), [
                Shortcut(accelerator: "<Control>n", title: tr("New item at the top")),
                Shortcut(accelerator: "<Control>Return", title: tr("Insert item below")),
                Shortcut(accelerator: "<Control><Shift>Return", title: tr("Insert item above")),
                Shortcut(accelerator: "F2 Return", title: tr("Edit item")),
                Shortcut(accelerator: "<Control>i", title: tr("Show the item’s details: notes, due date, reminder, repeat, priority, tags")),
                Shortcut(accelerator: "space <Control>d", title: tr("Complete or reopen item")),
                Shortcut(accelerator: "Delete", title: tr("Delete item")),
                Shortcut(accelerator: "<Shift>Up <Shift>Down", title: tr("Select items: stretch the selection up or down")),
                Shortcut(accelerator: "<Control>a", title: tr("Select every open item")),
                Shortcut(accelerator: "space Delete", title: tr("While items are selected: complete or delete all of them")),
                Shortcut(accelerator: "Escape", title: tr("End the selection")),
                Shortcut(accelerator: "<Alt>Up", title: tr("Move item up")),
                Shortcut(accelerator: "<Alt>Down", title: tr("Move item down")),
                Shortcut(accelerator: "<Alt>Home", title: tr("Move item to the top")),
                Shortcut(accelerator: "<Alt>Up <Alt>Down", title: tr("In Upcoming: move the item a day earlier or later")),
                Shortcut(accelerator: "<Alt>End", title: tr("Move item to the bottom")),
                Shortcut(accelerator: "<Control><Shift>p", title: tr("Postpone item (to tomorrow, or as set in the preferences)")),
                Shortcut(accelerator: "<Control><Shift>m", title: tr("Move item to another list")),
                Shortcut(accelerator: "<Control><Shift>Delete", title: tr("Clear completed items")),
                Shortcut(accelerator: "<Control><Shift>s", title: tr("Sort the open items once: by due date, priority or title")),
                Shortcut(accelerator: "Menu <Shift>F10", title: tr("Open the item’s menu")),
                Shortcut(accelerator: "Escape", title: tr("Close the item’s menu")),
                Shortcut(accelerator: "<Alt>Right", title: tr("Open the focused item’s subtasks")),
                Shortcut(accelerator: "<Alt>Left Escape", title: tr("Go up from subtasks to their item")),
            ]),
            (tr("Lists"), [
                Shortcut(accelerator: "<Alt>Left Escape", title: tr("Go up to the lists")),
                Shortcut(accelerator: "<Alt>Right", title: tr("Return to the last list")),
                Shortcut(accelerator: "Return", title: tr("Open the focused list")),
                Shortcut(accelerator: "<Control>Page_Up", title: tr("Open the previous list")),
                Shortcut(accelerator: "<Control>Page_Down", title: tr("Open the next list")),
                Shortcut(accelerator: "<Control>1...<Control>9", title: tr("Open one of the first nine lists")),
                Shortcut(accelerator: "<Control>u", title: tr("Open Upcoming: the next two weeks, day by day")),
                Shortcut(accelerator: "<Control><Shift>n", title: tr("New list")),
                Shortcut(accelerator: "F2", title: tr("Rename the focused list")),
                Shortcut(accelerator: "Delete", title: tr("Delete the focused list")),
                Shortcut(accelerator: "space <Control>d", title: tr("Complete every item of the focused list")),
                Shortcut(accelerator: "<Alt>Up <Alt>Down <Alt>Home <Alt>End", title: tr("Move the focused list")),
                Shortcut(accelerator: "Menu <Shift>F10", title: tr("Open the list’s menu")),
            ]),
            (tr("Editing"), [
                Shortcut(accelerator: "Return", title: tr("Save title")),
                Shortcut(accelerator: "Escape", title: tr("Cancel editing")),
            ]),
            (tr("Gestures"), [
                Shortcut(gesture: "gesture", icon: "object-select-symbolic", title: tr("Complete or reopen an item"),
                         subtitle: tr("Drag its row right, past half its width")),
                Shortcut(gesture: "gesture", icon: "open-menu-symbolic", title: tr("Open an item’s menu"),
                         subtitle: tr("Drag its row left, flick it or right-click it")),
                Shortcut(gesture: "gesture", icon: "media-seek-forward-symbolic", title: tr("Postpone an item"),
                         subtitle: tr("Drag its row left past the menu until the cue says where, and let go")),
                Shortcut(gesture: "gesture-stretch", title: tr("Add an item between two"),
                         subtitle: tr("Pinch the two rows apart; with a mouse, Ctrl+scroll up over them")),
                Shortcut(gesture: "gesture", icon: "list-add-symbolic", title: tr("Add an item at the top"),
                         subtitle: tr("Pull the list down past its top by a row; by two rows to go up to the lists")),
                Shortcut(gesture: "gesture", icon: "document-properties-symbolic", title: tr("Show an item’s details"),
                         subtitle: tr("Double-click the right end of its row, or choose Details in its menu")),
                Shortcut(gesture: "gesture", icon: "edit-clear-all-symbolic", title: tr("Clear completed items"),
                         subtitle: tr("Pull the list up past its end, with the mouse or a finger")),
                Shortcut(gesture: "gesture", icon: "list-drag-handle-symbolic", title: tr("Reorder items and lists"),
                         subtitle: tr("Hold a row (touch, or the mouse button) until it lifts, then drag it; Escape puts it back")),
                Shortcut(gesture: "gesture", icon: "go-jump-symbolic", title: tr("Move an item to another list"),
                         subtitle: tr("Lift it, hold it at the back button until the lists show, and drop it on one")),
                Shortcut(gesture: "gesture-pinch", title: tr("Go up to the lists"),
                         subtitle: tr("Pinch the items together; with a mouse, Ctrl+scroll down four steps")),
                Shortcut(gesture: "gesture-stretch", title: tr("Open a list"),
                         subtitle: tr("Spread two fingers on its row, or click it")),
                Shortcut(gesture: "gesture-stretch", title: tr("Open an item’s subtasks"),
                         subtitle: tr("Spread two fingers on its row, or click its progress chip")),
                Shortcut(gesture: "gesture", icon: "object-select-symbolic", title: tr("Complete every item of a list"),
                         subtitle: tr("Drag the list’s row right, on the lists")),
            ]),
            (tr("General"), [
                Shortcut(accelerator: "<Control>f", title: tr("Search the titles, notes and tags of every list")),
                Shortcut(accelerator: "<Control>o", title: tr("Import tasks from an iCalendar (.ics) file or another app; or drop the file on the window")),
                Shortcut(accelerator: "<Control>e", title: tr("Export the list as an iCalendar (.ics) file")),
                Shortcut(accelerator: "<Control><Shift>e", title: tr("Export every list as one iCalendar (.ics) file")),
                Shortcut(accelerator: "F5", title: tr("Sync with the server now")),
                Shortcut(accelerator: "<Control>z", title: tr("Undo")),
                Shortcut(accelerator: "<Control><Shift>z", title: tr("Redo")),
                Shortcut(accelerator: "<Control>comma", title: tr("Preferences")),
                Shortcut(accelerator: "F10", title: tr("Open the main menu")),
                Shortcut(accelerator: "<Control>question", title: tr("Keyboard shortcuts")),
                Shortcut(accelerator: "<Control>w", title: tr("Close the window (reminders still come)")),
                Shortcut(accelerator: "<Control>q", title: tr("Quit")),
            ]),
        ]
    }

    static func present(over parent: UnsafeMutablePointer<GtkWidget>) {
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
    /// its class, "GtkStackPage" (issue 31). The pages of shortcuts are "Page 1", "Page 2" (the
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
        let groupsXML: String = groups.map { group -> String in
            let items: String = group.shortcuts.map { shortcut -> String in
                """
                <child><object class="GtkShortcutsShortcut">\(properties(of: shortcut))
                <property name="title">\(escape(shortcut.title))</property>
                <property name="focusable">1</property><property name="accessible-role">list-item</property>
                <accessibility><property name="label">\(escape(spokenName(of: shortcut)))</property></accessibility>
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

    /// What a screen reader says for a shortcut, which Tab reaches (GTK 4.8's shortcuts window
    /// could not be read with the keyboard at all): its title and keys ("New item at the top,
    /// Ctrl+N"), or a gesture's title and how to make it.
    static func spokenName(of shortcut: Shortcut) -> String {
        if let subtitle = shortcut.subtitle { return "\(shortcut.title), \(subtitle)" }
        let keys = shortcut.accelerator.split(separator: " ").map { choice in
            let ends = choice.components(separatedBy: "...").map(label(ofAccelerator:))
            return ends.count == 2 ? tr("{first} to {last}", ["first": ends[0], "last": ends[1]]) : ends[0]
        }
        return ([shortcut.title] + keys).joined(separator: ", ")
    }

    /// GTK's own words for an accelerator ("Ctrl+N"), in the user's language.
    private static func label(ofAccelerator accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let label = gtk_accelerator_get_label(key, modifiers) else {
            return accelerator
        }
        defer { g_free(label) }
        return String(cString: label)
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
