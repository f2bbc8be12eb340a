@preconcurrency import CGtk

/// The window's header bar: back, +, search and the menu, and the title. It follows the page
/// shown; what is unchanged is not set again, since the pages say they changed after every
/// edit and a new title or tooltip lays the header out again.
@MainActor
final class WindowHeader {
    let backButton: UnsafeMutablePointer<GtkWidget>
    private let menuButton: UnsafeMutablePointer<GtkWidget>
    private let newButton: UnsafeMutablePointer<GtkWidget>
    private let searchButton: UnsafeMutablePointer<GtkWidget>
    /// The main menu's Search, shown (enabled) only while the search button is not; the
    /// window's action map owns it.
    private let menuSearch: OpaquePointer
    private let window: UnsafeMutablePointer<GtkWidget>
    private var shown: (title: String, backLabel: String?, newLabel: String)?
    private let header: UnsafeMutablePointer<GtkWidget>
    /// The selection's bar in place of the title, while items are selected.
    private var selectionBar: UnsafeMutablePointer<GtkWidget>?
    /// The title, or the selection's bar: the header bar's title widget.
    private let titleBox: UnsafeMutablePointer<GtkWidget>
    /// The title, in place of the header bar's own label: GTK 4.8's keeps five characters
    /// (69 px of "Welcome to Flick") however narrow the window, which with the desktop's six
    /// buttons held the window at 374 px when it was resized from 480 to a phone's 360.
    /// This one gives way down to its ellipsis; at a phone's width the header has two
    /// buttons fewer (`fitPhone`), and the title has 140 px again.
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    /// Whether a `PhoneView` covers the pages: + has nothing to make a row in.
    private var viewShown = false
    /// Whether the window is a phone's (`fitPhone`).
    private var isNarrow = false

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        header = gtk_header_bar_new()!
        backButton = Widgets.iconButton(icon: "go-previous-symbolic", tooltip: tr("Back to Lists"), action: "win.go-up")
        gtk_header_bar_pack_start(OpaquePointer(header), backButton)
        newButton = Widgets.iconButton(icon: "list-add-symbolic", tooltip: tr("New Item"), action: "win.new-item")
        gtk_header_bar_pack_start(OpaquePointer(header), newButton)
        menuButton = PrimaryMenu.button()
        gtk_header_bar_pack_end(OpaquePointer(header), menuButton)
        searchButton = Widgets.iconButton(icon: "system-search-symbolic", tooltip: tr("Search"), action: "win.search")
        gtk_header_bar_pack_end(OpaquePointer(header), searchButton)
        titleLabel = gtk_label_new(nil)!
        gtk_label_set_ellipsize(OpaquePointer(titleLabel), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(OpaquePointer(titleLabel), 1)
        Widgets.addClass(titleLabel, "title")
        titleBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(titleBox), titleLabel)
        gtk_header_bar_set_title_widget(OpaquePointer(header), titleBox)
        gtk_window_set_titlebar(cast(window), header)
        menuSearch = g_simple_action_new(PrimaryMenu.searchAction, nil)!
        g_simple_action_set_enabled(menuSearch, 0)
        Signal.connectAction(menuSearch) { [weak self] in
            guard let self else { return }
            gtk_widget_activate_action_variant(self.window, "win.search", nil)
        }
        g_action_map_add_action(OpaquePointer(window), menuSearch)
        // The window's action map holds it from here, and lets it go with the window (its
        // handler's box with it: LiveBoxTests).
        g_object_unref(UnsafeMutableRawPointer(menuSearch))
    }

    /// At a phone's width (`PhoneWidth`) the header keeps back, +, the title and the menu: the
    /// search button goes into the main menu, and the window's buttons keep only Close (a
    /// phone's shell has nothing to minimise to, and maximises every window). Four buttons of
    /// 44 px leave the title 140 px of a 360 px screen; with all six it had 40 ("Wel…").
    func fitPhone(_ narrow: Bool) {
        gtk_widget_set_visible(searchButton, narrow ? 0 : 1)
        g_simple_action_set_enabled(menuSearch, narrow ? 1 : 0)
        gtk_header_bar_set_decoration_layout(OpaquePointer(header), narrow ? ":close" : nil)
        isNarrow = narrow
        showNavigation()
    }

    /// Opens the main menu (F10, as in GNOME's applications).
    func openMenu() {
        gtk_menu_button_popup(OpaquePointer(menuButton))
    }

    /// The page's title; the back button, named after where it goes ("Back to Lists", "Back to
    /// Plan the trip"), where there is a page above (`backLabel` nil: none); what + makes there.
    func show(title: String, backLabel: String?, newLabel: String) {
        if shown?.title != title {
            gtk_window_set_title(cast(window), title)
            gtk_label_set_text(OpaquePointer(titleLabel), title)
        }
        if let backLabel, shown?.backLabel != backLabel { Widgets.setName(ofIconButton: backButton, to: backLabel) }
        if shown?.newLabel != newLabel { Widgets.setName(ofIconButton: newButton, to: newLabel) }
        shown = (title, backLabel, newLabel)
        showNavigation()
    }

    /// The page's selection bar in the title's place, or the title again (nil). While it is
    /// shown, + is not (a new item is not what one does to a selection): the bar then fits in
    /// the header of Flick's default window, 480 px wide, which it widened by 68 px.
    func show(selectionBar bar: UnsafeMutablePointer<GtkWidget>?) {
        guard bar != selectionBar else { return }
        if let selectionBar { gtk_box_remove(cast(titleBox), selectionBar) }
        selectionBar = bar
        if let bar { gtk_box_append(cast(titleBox), bar) }
        gtk_widget_set_visible(titleLabel, bar == nil ? 1 : 0)
        showNewButton()
        showNavigation()
    }

    /// A view over the pages (`PhoneView`): its title is shown (`show(title:…)`), without + or
    /// the selection's bar, which act on the rows it covers.
    func show(viewShown shown: Bool) {
        viewShown = shown
        if shown { show(selectionBar: nil) }
        showNewButton()
    }

    private func showNewButton() {
        gtk_widget_set_visible(newButton, selectionBar == nil && !viewShown ? 1 : 0)
    }

    /// At a phone's width a selection's bar takes the place of back and of the main menu, as
    /// GNOME's selection modes take the header: with back, the count, the bar's three buttons,
    /// the menu and Close, selecting two items widened a 360 px window to 414. Both
    /// are back once the selection ends (its bar's End Selection, Escape, or a tap on each row).
    private func showNavigation() {
        let selecting = selectionBar != nil && isNarrow
        gtk_widget_set_visible(menuButton, selecting ? 0 : 1)
        gtk_widget_set_visible(backButton, shown?.backLabel == nil || selecting ? 0 : 1)
    }
}
