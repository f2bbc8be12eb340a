@preconcurrency import CGtk

/// The window's actions (`win.*`) and their keys: what the keyboard, the menus, D-Bus and the
/// mouse's side buttons reach. Each only calls the window (to go somewhere) or the page shown
/// (to change something); the shortcuts window lists the keys (`ShortcutTable.groups`).
@MainActor
enum WindowActions {
    static func install(on window: MainWindow) {
        let application = gtk_window_get_application(cast(window.window))!
        let map = OpaquePointer(window.window)
        Actions.add(editing(window) + going(window) + FocusedRowActions.entries { [weak window] in window?.shownList },
                    to: map, prefix: "win", application: application)
        // The row menu's buttons name their row, so they work on any row, focused or not.
        Actions.addItemActions(RowAction.allCases.map { action in
            .init(name: action.rawValue) { [weak window] id in window?.pages.perform(action, on: id) }
        }, to: map)
        // The mouse's back (8) and forward (9) buttons go up and return, as in a browser.
        InputAdapters.click(on: window.window, button: 8, pressed: { [weak window] _ in window?.goUp() })
        InputAdapters.click(on: window.window, button: 9, pressed: { [weak window] _ in window?.goForward() })
        WindowKeys.attach(to: window)
    }

    /// An action the page shown carries out, if it has it (`Page.perform(_:)`).
    private static func shown(_ name: String, _ accelerators: [String], _ window: MainWindow,
                              _ action: PageAction) -> Actions.Entry {
        .init(name: name, accelerators: accelerators) { [weak window] in window?.pages.shown.perform(action) }
    }

    /// What changes the list shown, or the window's own state.
    private static func editing(_ window: MainWindow) -> [Actions.Entry] {
        [
            .init(name: "new-item", accelerators: ["<Control>n"]) { [weak window] in window?.startNewRow() },
            shown("move-to-list", ["<Control><Shift>m"], window, .moveFocusedToList),
            shown("postpone", ["<Control><Shift>p"], window, .postponeFocused),
            shown("clear-completed", ["<Control><Shift>Delete"], window, .clearCompleted),
            shown("sort", ["<Control><Shift>s"], window, .chooseSortOrder),
            shown("sort-by-due-date", [], window, .sort(.dueDate)),
            shown("sort-by-priority", [], window, .sort(.priority)),
            // The collation is read when the sort runs, not with the window: a Locale makes ICU
            // open its likely subtags and calendar preferences, which stayed resident whether or
            // not the list was ever sorted by title.
            .init(name: "sort-by-title", accelerators: []) { [weak window] in
                window?.pages.shown.perform(.sort(.title(collation: Collation.locale)))
            },
            .init(name: "search", accelerators: ["<Control>f"]) { [weak window] in window?.search.start() },
            .init(name: "close", accelerators: ["<Control>w"]) { [weak window] in
                if let window { gtk_window_close(cast(window.window)) }
            },
            .init(name: "undo", accelerators: ["<Control>z"]) { [weak window] in window?.undo(redo: false) },
            .init(name: "redo", accelerators: ["<Control><Shift>z"]) { [weak window] in window?.undo(redo: true) },
            .init(name: "preferences", accelerators: ["<Control>comma"]) { [weak window] in
                guard let window else { return }
                PreferencesWindow.present(over: window.window, settings: window.windowState.gSettings) { [weak window] in
                    window?.onItemsChanged?()  // The reminders look again at whether to keep Flick running.
                }
            },
            .init(name: "recently-deleted", accelerators: []) { [weak window] in
                guard let window else { return }
                RecentlyDeletedWindow.present(over: window.window, store: window.store)
            },
            .init(name: "main-menu", accelerators: ["F10"]) { [weak window] in
                window?.header.openMenu()
            },
            .init(name: "shortcuts", accelerators: ["<Control>question"]) { [weak window] in
                if let window { ShortcutsWindow.present(over: window.window) }
            },
            shown("details", ["<Control>i"], window, .showFocusedDetails),
        ]
    }

    /// Going between levels and lists (`MainWindow.go(to:)`), and the overview's own.
    private static func going(_ window: MainWindow) -> [Actions.Entry] {
        var entries: [Actions.Entry] = [
            .init(name: "go-up", accelerators: ["<Alt>Left"]) { [weak window] in window?.goUp() },
            .init(name: "go-forward", accelerators: ["<Alt>Right"]) { [weak window] in window?.goForward() },
            .init(name: "upcoming", accelerators: ["<Control>u"]) { [weak window] in window?.go(to: .upcoming) },
            .init(name: "previous-list", accelerators: ["<Control>Page_Up"]) { [weak window] in window?.openAdjacentList(-1) },
            .init(name: "next-list", accelerators: ["<Control>Page_Down"]) { [weak window] in window?.openAdjacentList(1) },
            .init(name: "new-list", accelerators: ["<Control><Shift>n"]) { [weak window] in window?.askForNewList() },
            shown("rename-list", [], window, .renameFocusedList),
            shown("delete-list", [], window, .deleteFocusedList),
        ]
        for number in 1...9 {
            entries.append(.init(name: "open-list-\(number)", accelerators: ["<Control>\(number)"]) { [weak window] in
                window?.openList(atIndex: number - 1)
            })
        }
        return entries
    }
}
