@preconcurrency import CGtk
import Foundation
import FlickCore

/// What the header shows in place of the title while items are selected: how many,
/// and what can be done to all of them at once. A widget of its own, which the header only
/// places (`WindowHeader.show(selectionBar:)`), so the header's layout at any width is the
/// header's. Every button is a keyboard way too: Tab reaches them, and Space, Delete,
/// Ctrl+Shift+P, Ctrl+Shift+M and Escape do what Complete, Delete, Postpone, Move and End do.
@MainActor
final class SelectionBar {
    let root: UnsafeMutablePointer<GtkWidget>
    private let countLabel: UnsafeMutablePointer<GtkWidget>
    private weak var page: ItemsPage?

    init(page: ItemsPage) {
        self.page = page
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        // Kept by the bar: the header lets it go each time the selection ends, and it comes back.
        g_object_ref_sink(root.raw)
        Widgets.addClass(root, "selection-bar")
        Widgets.setAccessibleLabel(root, tr("Selected items"))
        countLabel = gtk_label_new(nil)
        // The count gives way before the window widens: "12,345 sel…" at a phone's width.
        gtk_label_set_ellipsize(OpaquePointer(countLabel), PANGO_ELLIPSIZE_END)
        Widgets.addClass(countLabel, "heading")
        gtk_widget_set_margin_end(countLabel, 4)
        gtk_box_append(cast(root), countLabel)
        append(button(icon: "object-select-symbolic", name: tr("Complete or Reopen Selected")) { $0.completeSelection() })
        let delete = button(icon: "user-trash-symbolic", name: tr("Delete Selected")) { $0.actOnSelection(.delete) }
        Widgets.addClass(delete, "destructive-action")
        append(delete)
        append(moreButton())
    }

    func show(count: Int) {
        gtk_label_set_text(OpaquePointer(countLabel), SelectionText.count(count))
    }

    private func append(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_append(cast(root), widget)
    }

    private func button(icon: String, name: String, _ act: @escaping @MainActor (ItemsPage) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = Widgets.iconButton(icon: icon, tooltip: name, action: nil)
        Widgets.addClass(button, "flat")
        Signal.connect(button.raw, "clicked") { [weak self] in
            if let page = self?.page { act(page) }
        }
        return button
    }

    /// The other actions, in a popover: the header of a window 480 px wide (Flick's default
    /// size) has room for the count and three buttons beside its own; with every action a
    /// button of its own, selecting widened the window to 692 px.
    private func moreButton() -> UnsafeMutablePointer<GtkWidget> {
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "view-more-symbolic")
        Widgets.setName(ofIconButton: menuButton, to: tr("More Actions for Selected"))
        gtk_menu_button_set_has_frame(OpaquePointer(menuButton), 0)
        let popover = gtk_popover_new()!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let act: (@escaping @MainActor (ItemsPage) -> Void) -> @MainActor () -> Void = { [weak self] body in
            { gtk_popover_popdown(cast(popover)); if let page = self?.page { body(page) } }
        }
        gtk_box_append(cast(box), Self.textButton(tr("Move Selected to…"), act { $0.askWhereToMoveSelection() }))
        gtk_box_append(cast(box), Self.textButton(tr("Postpone Selected"), act { $0.postponeSelection() }))
        gtk_box_append(cast(box), Self.choices(tr("Due Date of Selected"), Self.dueChoices.map { label, action in
            (label, act { $0.actOnSelection(action()) })
        }))
        gtk_box_append(cast(box), Self.choices(tr("Priority of Selected"), Self.priorityChoices.map { label, action in
            (label, act { $0.actOnSelection(action()) })
        }))
        let entry = gtk_entry_new()!
        Widgets.setAccessibleLabel(entry, tr("Tag Selected"))
        gtk_entry_set_placeholder_text(cast(entry), tr("Tag to add"))
        Signal.connect(entry.raw, "activate") { [weak self] in
            let typed = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            gtk_popover_popdown(cast(popover))
            gtk_editable_set_text(OpaquePointer(entry), "")
            self?.addTag(typed)
        }
        gtk_box_append(cast(box), entry)
        gtk_box_append(cast(box), Self.textButton(tr("End Selection"), act { _ = $0.endSelection() }))
        gtk_popover_set_child(cast(popover), Self.scrolling(box))
        PhoneMenuHeight.limit(popover, leftwards: false)
        gtk_menu_button_set_popover(OpaquePointer(menuButton), popover)
        return menuButton
    }

    /// `box` in a view that is as large as it, and scrolls up and down once held to a phone's
    /// height (`PhoneMenuHeight`).
    private static func scrolling(_ box: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), box)
        return scrolled
    }

    private static func textButton(_ label: String, _ clicked: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(label)!
        Widgets.addClass(button, "flat")
        Signal.connect(button.raw, "clicked") { clicked() }
        return button
    }

    /// A heading and a row of buttons, one a choice (the quick dates, the priorities).
    private static func choices(_ heading: String, _ all: [(String, @MainActor () -> Void)]) -> UnsafeMutablePointer<GtkWidget> {
        let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "heading")
        gtk_label_set_xalign(OpaquePointer(title), 0)
        gtk_box_append(cast(group), title)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        Widgets.setAccessibleLabel(row, heading)
        for (label, clicked) in all { gtk_box_append(cast(row), textButton(label, clicked)) }
        gtk_box_append(cast(group), row)
        return group
    }

    /// The tag typed, added to every selected item that lacks it; nothing typed, nothing done.
    func addTag(_ typed: String) {
        let tag = typed.trimmingCharacters(in: .whitespaces)
        if !tag.isEmpty { page?.actOnSelection(.addTag(tag)) }
    }

    /// The quick dates (the details' quick picks): each item keeps its time of day.
    private static var dueChoices: [(String, @MainActor () -> BulkAction)] {
        [
            (tr("Today"), { .setDue(DueDate.today()) }),
            (tr("Tomorrow"), { .setDue(DueDate.today().addingDays(1)) }),
            (tr("Next Week"), { .setDue(PostponeTarget.nextWeek.due(postponing: nil, today: DueDate.today())) }),
            (tr("No Date"), { .setDue(nil) }),
        ]
    }

    private static var priorityChoices: [(String, @MainActor () -> BulkAction)] {
        [
            (tr("High"), { .setPriority(.high) }),
            (tr("Medium"), { .setPriority(.medium) }),
            (tr("Low"), { .setPriority(.low) }),
            (tr("None"), { .setPriority(.none) }),
        ]
    }
}
