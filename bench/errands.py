"""Errands (GNOME's other to-do app, Python and libadwaita; Debian 13's `errands`, not in Debian 12)
for `make bench-peers` (bench/peers.py): the same 1,000 items as Flick's and Endeavour's, written
straight into Errands' own data file, and a HOME whose settings open that list in a window of
Flick's size. Timed like the others, from outside, by its pixels (bench/watched.py).

What Errands 46.2.8 reads, learnt from its source (/usr/share/errands/errands/lib/data.py; none
of it is used here): one JSON file, $XDG_DATA_HOME/errands/data.json, of three arrays, "lists",
"tags" and "tasks", each entry an object whose keys are exactly the fields of its data class
(it builds each with `TaskData(**entry)`, so a key missing is the default and a key it does not
know is an error that makes it back the file up and start empty). A task belongs to its list by
"list_uid"; a top-level task has an empty "parent". On start it selects the list whose name is
the setting `last-open-list` (schema io.github.mrvladus.List), and builds a widget for every
task of a list when it builds the list's page (widgets/task_list/task_list.py)."""

import datetime
import json

from watched import WINDOW_SIZE, App, environment

APP_ID = "io.github.mrvladus.List"
LIST_NAME = "Flick bench"
LIST_UID = "flick-bench-list"


def task(item_id, title, completed, stamp):
    """One task as Errands keeps it: every field of its TaskData, at its default unless given."""
    return {"attachments": [], "color": "", "completed": bool(completed), "changed_at": stamp, "created_at": stamp,
            "deleted": False, "due_date": "", "expanded": False, "list_uid": LIST_UID, "notes": "",
            "notified": False, "parent": "", "percent_complete": 100 if completed else 0, "priority": 0,
            "rrule": "", "start_date": "", "synced": False, "tags": [], "text": title, "toolbar_shown": False,
            "trash": False, "uid": f"flick-bench-{item_id}"}


def data_file(items):
    """Errands' data.json with one list holding the items, in Flick's order."""
    stamp = datetime.datetime(2026, 1, 1, 9, 0).strftime("%Y%m%dT%H%M%S")  # the format Errands writes
    task_list = {"color": "#3584e4", "deleted": False, "name": LIST_NAME, "show_completed": True,
                 "synced": False, "uid": LIST_UID}
    tasks = [task(item_id, title, completed, stamp) for item_id, title, completed in items]
    return json.dumps({"lists": [task_list], "tags": [], "tasks": tasks}, ensure_ascii=False)


def errands_home(home):
    """A HOME whose settings open the bench's list in a window of Flick's size (keyfile
    backend: GVariant text, so strings are quoted). Returns the data file's path."""
    data = home / ".local/share/errands/data.json"
    data.parent.mkdir(parents=True, exist_ok=True)
    settings = home / ".config/glib-2.0/settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "keyfile").write_text(f"[io/github/mrvladus/List]\nlast-open-list='{LIST_NAME}'\n"
                                      f"width={WINDOW_SIZE[0]}\nheight={WINDOW_SIZE[1]}\nmaximized=false\n")
    return data


def errands_app(items, work):
    """Errands in its own HOME, its data file written again before each run (it rewrites the
    file itself when it starts)."""
    text = data_file(items)
    home = work / "errands-home"
    data = errands_home(home)

    def reset():
        data.write_text(text)
        data.with_name("data.json.old").unlink(missing_ok=True)  # a backup from a run that failed to read it
    return App("errands", ["errands"], environment(home, GSETTINGS_BACKEND="keyfile"), home, reset)
