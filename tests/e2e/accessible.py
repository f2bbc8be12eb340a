"""Acting through AT-SPI as a screen reader user does: finding an application's accessible by
a condition and pressing buttons by name. (Reading the tree is flickapp.accessible_nodes.)"""

import warnings

BUTTON_ROLES = ("push button", "button")


def find(node, matches, depth=0):
    """The first accessible under `node` (itself included) for which `matches` is true."""
    if node is None or depth > 60:
        return None
    try:
        if matches(node):
            return node
        children = [node.getChildAtIndex(index) for index in range(node.childCount)]
    except Exception:
        return None  # The widget went away while we read it.
    for child in children:
        found = find(child, matches, depth + 1)
        if found is not None:
            return found
    return None


def press_button(pid, name):
    """Activates the button named `name` of the application with process id `pid` (its first
    action, as Orca's "activate" does); False when there is no such button."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pyatspi's own import and deprecation warnings.
        import pyatspi  # Debian's python3-pyatspi: run the tests with /usr/bin/python3.
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        application = desktop.getChildAtIndex(index)
        try:
            if application is None or application.get_process_id() != pid:
                continue
        except Exception:
            continue
        button = find(application, lambda node: node.getRoleName() in BUTTON_ROLES and node.name == name)
        if button is not None:
            button.queryAction().doAction(0)
            return True
    return False
