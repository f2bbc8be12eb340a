@preconcurrency import CGtk
import Foundation
import FlickCore

/// What the header shows in place of the title while items are selected (issue 60): how many,
/// and what can be done to all of them at once. A widget of its own, which the header only
/// places (`WindowHeader.show(selectionBar:)`), so the header's layout at any width is the
/// header's. Every button is a keyboard way too: Tab reaches them, and Space, Delete,
/// Ctrl+Shift+P and Ctrl+Shift+M on a selected row do what the first four do.
@MainActor
final class SelectionBar {
    let root: UnsafeMutablePointer<GtkWidget>
    private let countLabel: UnsafeMutablePointer<GtkWidget>
    private weak var page: ItemsPage?

    init(page: ItemsPage) {
        self.page = page
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        // Kept by the bar: the header lets it go each time the selection ends, and it comes back.
        g_object_ref_sink(root.raw)
        Widgets.addClass(root, "selection-bar")
        Widgets.setAccessibleLabel(root, tr("Selected items"))
        countLabel = gtk_label_new(nil)
        Widgets.addClass(countLabel, "heading")
        gtk_widget_set_margin_end(countLabel, 8)
        gtk_box_append(cast(root), countLabel)
        append(button(icon: "object-select-symbolic", name: tr("Complete or Reopen Selected")) { $0.completeSelection() })
        append(button(icon: "go-jump-symbolic", name: tr("Move Selected to…")) { $0.askWhereToMoveSelection() })
        append(menuButton(icon: "x-office-calendar-symbolic", name: tr("Due Date of Selected"), choices: Self.dueChoices))
        append(button(icon: "media-seek-forward-symbolic", name: tr("Postpone Selected")) { $0.postponeSelection() })
        append(menuButton(icon: "emblem-important-symbolic", name: tr("Priority of Selected"), choices: Self.priorityChoices))
        append(tagButton())
        let delete = button(icon: "user-trash-symbolic", name: tr("Delete Selected")) { $0.actOnSelection(.delete) }
        Widgets.addClass(delete, "destructive-action")
        append(delete)
        append(button(icon: "window-close-symbolic", name: tr("End Selection")) { _ = $0.endSelection() })
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

    /// A button whose popover lists `choices`, each a bulk action by name.
    private func menuButton(icon: String, name: String, choices: [(String, @MainActor () -> BulkAction)]) -> UnsafeMutablePointer<GtkWidget> {
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), icon)
        Widgets.setName(ofIconButton: menuButton, to: name)
        gtk_menu_button_set_has_frame(OpaquePointer(menuButton), 0)
        let popover = gtk_popover_new()!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        for (label, action) in choices {
            let choice = gtk_button_new_with_label(label)!
            Widgets.addClass(choice, "flat")
            gtk_box_append(cast(box), choice)
            Signal.connect(choice.raw, "clicked") { [weak self] in
                gtk_popover_popdown(cast(popover))
                self?.page?.actOnSelection(action())
            }
        }
        gtk_popover_set_child(cast(popover), box)
        gtk_menu_button_set_popover(OpaquePointer(menuButton), popover)
        return menuButton
    }

    /// A field for a tag, which Enter adds to every selected item that lacks it.
    private func tagButton() -> UnsafeMutablePointer<GtkWidget> {
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "bookmark-new-symbolic")
        Widgets.setName(ofIconButton: menuButton, to: tr("Tag Selected"))
        gtk_menu_button_set_has_frame(OpaquePointer(menuButton), 0)
        let popover = gtk_popover_new()!
        let entry = gtk_entry_new()!
        Widgets.setAccessibleLabel(entry, tr("Tag to add"))
        gtk_entry_set_placeholder_text(cast(entry), tr("Tag to add"))
        Signal.connect(entry.raw, "activate") { [weak self] in
            let typed = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            gtk_popover_popdown(cast(popover))
            gtk_editable_set_text(OpaquePointer(entry), "")
            self?.addTag(typed)
        }
        gtk_popover_set_child(cast(popover), entry)
        gtk_menu_button_set_popover(OpaquePointer(menuButton), popover)
        return menuButton
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
