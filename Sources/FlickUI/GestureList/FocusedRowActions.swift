/// The window's actions for the keyboard's way to each gesture (`win.*`): each acts on the
/// focused row of the list shown (`shown`), so the same keys work on items, on lists and on any
/// page below them. New Item is not here: on the overview it asks for a list's name.
@MainActor
enum FocusedRowActions {
    static func entries(shown: @escaping @MainActor () -> GestureList?) -> [Actions.Entry] {
        func on(_ act: @escaping @MainActor (GestureList) -> Void) -> @MainActor () -> Void {
            { if let list = shown() { act(list) } }
        }
        return [
            .init(name: "insert-below", accelerators: ["<Control>Return", "<Control>KP_Enter"],
                  handler: on { $0.insertNextToFocus(offset: 1) }),
            .init(name: "insert-above", accelerators: ["<Control><Shift>Return", "<Control><Shift>KP_Enter"],
                  handler: on { $0.insertNextToFocus(offset: 0) }),
            .init(name: "edit", accelerators: [], handler: on { $0.editFocused() }),
            .init(name: "toggle-complete", accelerators: ["<Control>d"], handler: on { $0.toggleFocused() }),
            .init(name: "delete", accelerators: [], handler: on { $0.deleteFocused() }),
            .init(name: "move-up", accelerators: ["<Alt>Up"], handler: on { $0.moveFocused(by: -1) }),
            .init(name: "move-down", accelerators: ["<Alt>Down"], handler: on { $0.moveFocused(by: 1) }),
            .init(name: "move-to-top", accelerators: ["<Alt>Home"], handler: on { $0.moveFocused(toEnd: false) }),
            .init(name: "move-to-bottom", accelerators: ["<Alt>End"], handler: on { $0.moveFocused(toEnd: true) }),
            .init(name: "open-menu", accelerators: [], handler: on { $0.openFocusedMenu() }),
            .init(name: "close-menu", accelerators: [], handler: on { $0.driver.closeMenu() }),
        ]
    }
}
