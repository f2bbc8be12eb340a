@preconcurrency import CGtk
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
        gtk_window_set_default_size(cast(window), 420, -1)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(box, 24)
        }
        var firstSwitch: UnsafeMutablePointer<GtkWidget>?
        for entry in switches {
            let (row, toggle) = self.row(for: entry, settings: settings)
            gtk_box_append(cast(box), row)
            if firstSwitch == nil { firstSwitch = toggle }
        }
        gtk_box_append(cast(box), backgroundRow(changed: backgroundChanged))
        gtk_window_set_child(cast(window), box)
        Widgets.closeOnEscape(window)
        // The main window takes the keyboard back, also where no window manager hands it back.
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
        gtk_window_present(cast(window))
        if let firstSwitch { gtk_widget_grab_focus(firstSwitch) }
    }

    /// "Run in the background and start at login": writes or removes the autostart entry.
    private static func backgroundRow(changed: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let entry = Switch(key: "", title: tr("Run in the background and start at login"),
                           subtitle: tr("Reminders come when the window is closed, and after you log in"))
        let (row, toggle) = self.row(for: entry, settings: nil, bound: false)
        let preference = BackgroundPreference()
        gtk_switch_set_active(OpaquePointer(toggle), preference.isOn ? 1 : 0)
        Signal.connectObject(toggle.raw, "notify::active") { _ in
            let on = gtk_switch_get_active(OpaquePointer(toggle)) != 0
            do {
                try preference.set(on)
            } catch {
                FileHandle.standardError.write(Data("flick: the autostart entry could not be written: \(error)\n".utf8))
                gtk_switch_set_active(OpaquePointer(toggle), preference.isOn ? 1 : 0)
            }
            changed()
        }
        return row
    }

    /// A title, a dimmed explanation and a switch named by the title for screen readers; bound
    /// to the setting `entry.key` unless `bound` is false (the caller handles the switch).
    private static func row(for entry: Switch, settings: UnsafeMutablePointer<GSettings>?, bound: Bool = true)
        -> (row: UnsafeMutablePointer<GtkWidget>, toggle: UnsafeMutablePointer<GtkWidget>) {
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
        gtk_box_append(cast(row), texts)
        gtk_box_append(cast(row), toggle)
        return (row, toggle)
    }
}
