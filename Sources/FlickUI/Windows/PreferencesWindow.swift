@preconcurrency import CGtk
import FlickCore
import Foundation

/// Preferences (Ctrl+comma): switches bound to Flick's settings, saved as they change.
@MainActor
enum PreferencesWindow {
    struct Switch {
        var key: String
        var title: String
        var subtitle: String
    }

    static var switches: [Switch] {
        [
            Switch(key: "completed-items-sink", title: tr("Completed items sink"),
                   subtitle: tr("A completed item moves below the open ones; a reopened one rises to their end")),
            Switch(key: "event-sounds", title: tr("Sounds"),
                   subtitle: tr("A short sound when completing, clearing and deleting")),
        ]
    }

    /// - Parameter backgroundChanged: told after "Run in the background" was switched.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, settings: UnsafeMutablePointer<GSettings>?,
                        backgroundChanged: @escaping @MainActor () -> Void = {}) {
        let window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_transient_for(cast(window), cast(parent))
        DialogWindow.fit(window, width: 420, over: parent)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        DialogWindow.setMargins(of: box, over: parent)
        var firstSwitch: UnsafeMutablePointer<GtkWidget>?
        for entry in switches {
            let (row, toggle) = self.row(for: entry, settings: settings)
            gtk_box_append(cast(box), row)
            if firstSwitch == nil { firstSwitch = toggle }
        }
        gtk_box_append(cast(box), postponeRow(settings: settings))
        gtk_box_append(cast(box), backgroundRow(settings: settings, changed: backgroundChanged))
        gtk_window_set_child(cast(window), box)
        Widgets.closeOnEscape(window)
        // The main window takes the keyboard back, also where no window manager hands it back.
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
        gtk_window_present(cast(window))
        if let firstSwitch { gtk_widget_grab_focus(firstSwitch) }
    }

    /// "Run in the background and start at login": asks the desktop's Background portal where
    /// it runs, else writes or removes the autostart entry (`BackgroundPreference.apply`). What
    /// the portal did not allow is said under the switch, and to the screen reader.
    private static func backgroundRow(settings: UnsafeMutablePointer<GSettings>?,
                                      changed: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let entry = Switch(key: "", title: tr("Run in the background and start at login"),
                           subtitle: BackgroundPreference.reason)
        let (row, toggle) = self.row(for: entry, settings: nil, bound: false)
        let notice = gtk_label_new(nil)!
        gtk_label_set_xalign(OpaquePointer(notice), 0)
        gtk_label_set_wrap(OpaquePointer(notice), 1)
        gtk_label_set_max_width_chars(OpaquePointer(notice), 40)
        gtk_widget_set_visible(notice, 0)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(cast(column), row)
        gtk_box_append(cast(column), notice)
        let preference = BackgroundPreference(settings: settings)
        gtk_switch_set_active(OpaquePointer(toggle), preference.isOn ? 1 : 0)
        let asking = BackgroundSwitching()
        Signal.connectObject(toggle.raw, "notify::active") { _ in
            guard !asking.settingItself else { return }
            gtk_widget_set_visible(notice, 0)
            asking.requests += 1
            let request = asking.requests
            // The answer may come after the window closed (the portal's dialog waits for the user).
            g_object_ref(toggle.raw)
            g_object_ref(notice.raw)
            let window = gtk_widget_get_root(toggle).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
            preference.apply(gtk_switch_get_active(OpaquePointer(toggle)) != 0, window: window) { outcome in
                defer {
                    g_object_unref(toggle.raw)
                    g_object_unref(notice.raw)
                }
                guard request == asking.requests else { return }  // Switched again meanwhile.
                asking.settingItself = true
                gtk_switch_set_active(OpaquePointer(toggle), outcome.isOn ? 1 : 0)
                asking.settingItself = false
                if let message = outcome.message {
                    gtk_label_set_text(OpaquePointer(notice), message)
                    gtk_widget_set_visible(notice, 1)
                    Announcer.say(message, from: toggle)
                }
                changed()
            }
        }
        return column
    }

    /// "Postpone to": where a row dragged past its menu, or the Postpone key, moves an item.
    /// A drop-down of the three choices, saved as the setting's string.
    private static func postponeRow(settings: UnsafeMutablePointer<GSettings>?) -> UnsafeMutablePointer<GtkWidget> {
        let targets = PostponeTarget.allCases
        let entry = Switch(key: "postpone-to", title: tr("Postpone to"),
                           subtitle: tr("Where dragging a row past its menu, or Ctrl+Shift+P, moves an item"))
        let choice = targets.map(PostponeText.word(for:)).withCStringArray { gtk_drop_down_new_from_strings($0) }!
        gtk_widget_set_valign(choice, GTK_ALIGN_CENTER)
        Widgets.setAccessibleLabel(choice, entry.title)
        let current = settings.flatMap { settings -> PostponeTarget? in
            guard let value = g_settings_get_string(settings, "postpone-to") else { return nil }
            defer { g_free(value) }
            return PostponeTarget(rawValue: String(cString: value))
        } ?? .tomorrow
        gtk_drop_down_set_selected(OpaquePointer(choice), guint(targets.firstIndex(of: current) ?? 0))
        if let settings {
            Signal.connectObject(choice.raw, "notify::selected") { _ in
                let selected = Int(gtk_drop_down_get_selected(OpaquePointer(choice)))
                guard targets.indices.contains(selected) else { return }
                g_settings_set_string(settings, "postpone-to", targets[selected].rawValue)
            }
        } else {
            gtk_widget_set_sensitive(choice, 0)  // No schema installed: nothing to save to.
        }
        return labelled(choice, entry)
    }

    /// The background switch's requests: the answer to the latest one sets it.
    private final class BackgroundSwitching {
        var requests = 0
        /// The switch is being set to the answer, not switched by the user.
        var settingItself = false
    }

    /// A title, a dimmed explanation and a switch named by the title for screen readers; bound
    /// to the setting `entry.key` unless `bound` is false (the caller handles the switch).
    private static func row(for entry: Switch, settings: UnsafeMutablePointer<GSettings>?, bound: Bool = true)
        -> (row: UnsafeMutablePointer<GtkWidget>, toggle: UnsafeMutablePointer<GtkWidget>) {
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Widgets.setAccessibleLabel(toggle, entry.title)
        if !bound {
            // The caller sets and follows the switch.
        } else if let settings {
            g_settings_bind(settings, entry.key, UnsafeMutableRawPointer(toggle), "active", G_SETTINGS_BIND_DEFAULT)
        } else {
            gtk_widget_set_sensitive(toggle, 0)  // No schema installed: nothing to save to.
        }
        return (labelled(toggle, entry), toggle)
    }

    /// A title and a dimmed explanation, with `control` at the end.
    private static func labelled(_ control: UnsafeMutablePointer<GtkWidget>, _ entry: Switch) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(texts, 1)
        let title = gtk_label_new(entry.title)!
        gtk_label_set_xalign(OpaquePointer(title), 0)
        let subtitle = gtk_label_new(entry.subtitle)!
        gtk_label_set_xalign(OpaquePointer(subtitle), 0)
        gtk_label_set_wrap(OpaquePointer(subtitle), 1)
        gtk_label_set_max_width_chars(OpaquePointer(subtitle), 40)
        Widgets.addClass(subtitle, "dim-label")
        gtk_box_append(cast(texts), title)
        gtk_box_append(cast(texts), subtitle)
        gtk_box_append(cast(row), texts)
        gtk_box_append(cast(row), control)
        return row
    }
}
