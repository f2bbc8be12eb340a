"""Takes the README's screenshots of subtasks (issue 32) in the real app under Xvfb with GTK's
GL renderer: a list whose first item has subtasks, with its progress chip, and the level of
those subtasks. Part of `make screenshot`."""

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from flickapp import FlickApp, wait_for

SUBTASKS = [("Pack the bags", 0, 1, "home"), ("Print the tickets", 0, 5, None),
            ("Ask Sam to water the plants", 0, 0, None), ("Book the train", 1, 0, None)]


def grab(window, path):
    subprocess.run(["import", "-window", window, str(path)], check=True)


def main(folder):
    folder = Path(folder)
    app = FlickApp(env={"GSK_RENDERER": "gl", "LANGUAGE": "en"})
    try:
        app.start()
        wait_for(app.titles, message="the welcome list")
        app.quit()
        with sqlite3.connect(app.database) as db:
            list_id, first_id = db.execute("SELECT list_id, id FROM item WHERE list_id = "
                                           "(SELECT id FROM list ORDER BY rank LIMIT 1) ORDER BY rank LIMIT 1").fetchone()
            db.execute("UPDATE item SET title = 'Plan the trip', uid = 'trip' WHERE id = ?", (first_id,))
            for rank, (title, done, priority, tags) in enumerate(SUBTASKS):
                db.execute("INSERT INTO item (list_id, title, rank, completed, priority, tags, parent_uid) "
                           "VALUES (?, ?, ?, ?, ?, ?, 'trip')", (list_id, title, rank, done, priority, tags))
        app.start()
        time.sleep(0.8)
        grab(app.window, folder / "subtask-progress.png")
        app.keys("alt+Right")
        wait_for(lambda: app.title() == "Plan the trip", message="the subtasks")
        time.sleep(0.8)
        grab(app.window, folder / "subtasks.png")
    finally:
        app.cleanup()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/screenshots")
