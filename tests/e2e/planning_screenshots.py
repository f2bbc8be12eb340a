"""Takes the README's screenshots of planning (issue 9) in the real app under Xvfb with GTK's
GL renderer: a week planned with due chips and marks, the details view and a search. Part of
`make screenshot`."""

import datetime
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

from flickapp import FlickApp, row_center_y, wait_for, window_width, xdotool


def grab(window, path):
    subprocess.run(["import", "-window", window, str(path)], check=True)


def day_number(day):
    return day.year * 10000 + day.month * 100 + day.day


def plan_a_week(app):
    """The first items of the welcome list, as a week planned: due dates from yesterday
    (overdue) to next month, a time, a note, a weekly chore, a reminder, priorities and tags."""
    today = datetime.datetime.now(ZoneInfo("Europe/Berlin")).date()  # The app's zone (TZ below).
    rows = [
        ("Renew the passport", -1, None, "", None, None),
        ("Water the plants", 0, None, "", "FREQ=WEEKLY", None),
        ("Pay rent", 1, None, "", None, None),
        ("Call mum", 4, 18 * 60, "Ask about the trip", None, "before:0"),
        ("Dentist", 9, 8 * 60 + 30, "", None, "before:60"),
    ]
    with sqlite3.connect(app.database) as db:
        ids = [row[0] for row in db.execute("SELECT id FROM item ORDER BY list_id, rank LIMIT ?", (len(rows),))]
        for item_id, (title, days, minute, notes, rrule, reminder) in zip(ids, rows):
            due = today + datetime.timedelta(days=days)
            db.execute("UPDATE item SET title = ?, due_day = ?, due_minute = ?, due_zone = ?, notes = ?, rrule = ?, "
                       "reminder = ? WHERE id = ?",
                       (title, day_number(due), minute, "Europe/Berlin" if minute is not None else None, notes, rrule,
                        reminder, item_id))
        # Issue 32: a high priority and tags on one row, a medium priority and a tag in the details.
        db.execute("UPDATE item SET priority = 1, tags = 'money' || char(10) || 'home' WHERE title = 'Pay rent'")
        db.execute("UPDATE item SET priority = 5, tags = 'family' WHERE title = 'Call mum'")


def main(folder):
    folder = Path(folder)
    app = FlickApp(env={"GSK_RENDERER": "gl", "LANGUAGE": "en", "TZ": "Europe/Berlin"})
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.quit()
        plan_a_week(app)
        app.start()
        time.sleep(0.8)
        grab(app.window, folder / "due-dates.png")

        app.keys("Down", "Down", "Down", "ctrl+i")
        details = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Details$"],
                                                  capture_output=True, text=True).stdout.split(),
                           message="the details window")[0]
        time.sleep(0.8)
        grab(details, folder / "details.png")
        app.keys("Escape")
        time.sleep(0.5)
        subprocess.run(["xdotool", "windowfocus", app.window], capture_output=True)

        # Search: every list, by a word of the title or the notes.
        app.keys("ctrl+f")
        app.type("trip")
        time.sleep(1.0)
        grab(app.window, folder / "search.png")
        app.keys("Escape")
        time.sleep(0.8)

        # Swipe to postpone (issue 59): "Pay rent" dragged past its menu, held at the cue.
        y = row_center_y(2)
        width = window_width(app)
        command = ["mousemove", "--window", app.window, width - 30, y, "mousedown", "1"]
        for x in range(width - 40, 40, -12):
            command += ["sleep", 0.016, "mousemove", "--window", app.window, x, y]
        xdotool(*command)
        time.sleep(0.5)
        grab(app.window, folder / "postpone.png")
        xdotool("mouseup", "1")
        time.sleep(5.5)  # The notice goes.

        # Upcoming (issue 59): the planned week day by day.
        app.keys("ctrl+u")
        wait_for(lambda: app.window_names() == ["Upcoming"], message="Upcoming")
        time.sleep(0.8)
        grab(app.window, folder / "upcoming.png")
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/screenshots")
