@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// .ics files in and out of the window: Import… (Ctrl+O), Export List… (Ctrl+E), Export All
/// Lists… (Ctrl+Shift+E), `win.import-file` for D-Bus callers, and files dropped on the window.
/// What an import stored is shown by the window (`FileTransferHost.imported`).
@MainActor
final class FileTransfers {
    private unowned let host: any FileTransferHost

    init(host: any FileTransferHost) {
        self.host = host
        let window = host.window
        let application = gtk_window_get_application(cast(window))!
        Actions.add([
            .init(name: "import", accelerators: ["<Control>o"]) { [weak self] in self?.chooseFilesToImport() },
            .init(name: "export-list", accelerators: ["<Control>e"]) { [weak self] in self?.chooseExportFile(allLists: false) },
            .init(name: "export-all", accelerators: ["<Control><Shift>e"]) { [weak self] in
                self?.chooseExportFile(allLists: true)
            },
        ], to: OpaquePointer(window), prefix: "win", application: application)
        // `win.import-file(s path)`: the same import without the chooser, for D-Bus callers.
        let string = g_variant_type_new("s")
        defer { g_variant_type_free(string) }
        let action = g_simple_action_new("import-file", string)!
        Signal.connectStringAction(action) { [weak self] path in self?.importFiles([URL(fileURLWithPath: path)]) }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        installFileDrop()
    }

    /// Files dropped on the window (from a file manager) are imported.
    private func installFileDrop() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        Signal.connectDrop(UnsafeMutableRawPointer(target)) { [weak self] value in
            guard let self, let list = g_value_get_boxed(value) else { return false }
            var urls: [URL] = []
            var remote = 0
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let file = current.pointee.data, let url = FileChooser.localURL(of: OpaquePointer(file)) {
                    urls.append(url)
                } else {
                    remote += 1
                }
                node = current.pointee.next
            }
            g_slist_free(head)
            // After the drop has been answered: an import may show a message window.
            _ = MainLoop.idle { [weak self] in
                guard let self else { return }
                if urls.isEmpty, remote > 0 {
                    // A link dragged from a web page: the window accepted it, so say why nothing came.
                    MessageWindow.present(heading: tr("Nothing Was Imported"), body: tr(
                        "Flick imports files on this computer. Save the calendar from the web page as a file first, then drop or import that file."),
                        over: self.host.window)
                }
                self.importFiles(urls)
            }
            return !urls.isEmpty
        }
        gtk_widget_add_controller(host.window, target)
    }

    private func chooseFilesToImport() {
        if let view = phonePickerView {
            PhoneFilePicker.present(.file, title: tr("Import Tasks"), in: view) { [weak self] url in self?.importFiles([url]) }
            return
        }
        FileChooser.open(title: tr("Import Tasks"), acceptLabel: tr("_Import"), over: host.window) { [weak self] urls in
            self?.importFiles(urls)
        }
    }

    /// Imports each file, each calendar into the list of its name; says what was imported, or
    /// why a file was not.
    func importFiles(_ urls: [URL]) {
        guard host.commitCurrentEdit() else { return }
        // Several files (a dropped selection) get one notice with a sentence per file: a
        // notice each would replace the one before at once, and only the last would be read.
        var done = ImportSummary()
        var sentences: [String] = []
        for url in urls {
            let result = ICSFileImport.run(url, into: nil, store: host.store)
            let (_, message) = FlickApplication.importText(result, file: url, store: host.store)
            switch result {
            case let .success(summary):
                done.listIDs += summary.listIDs.filter { !done.listIDs.contains($0) }
                sentences.append(message)
            case .failure(.notSaved):
                host.runner.report(message, retry: { [weak self] in self?.importFiles([url]) })
            case .failure:
                MessageWindow.present(heading: tr("Nothing Was Imported"), body: message, over: host.window)
            }
        }
        // Only the lists are read from `done`: which one to open.
        if !sentences.isEmpty { host.imported(done, message: sentences.joined(separator: "\n")) }
    }

    private func chooseExportFile(allLists: Bool) {
        guard host.commitCurrentEdit() else { return }
        let (ids, name) = allLists ? (nil, nil) : host.listsToExport
        let suggested = Self.fileName(for: name ?? tr("Flick Lists"))
        if PhoneWidth.isNarrow(host.window) {
            chooseExportFolder(listIDs: ids, listName: name, fileName: suggested)
            return
        }
        FileChooser.save(title: allLists || ids == nil ? tr("Export All Lists") : tr("Export List"),
                         suggestedName: suggested, over: host.window) { [weak self] url in
            self?.export(listIDs: ids, to: url)
        }
    }

    /// Where GTK's own chooser cannot fit, at a phone's size without a portal, the
    /// main window's view, where the phone's picker opens (`PhoneFilePicker`).
    private var phonePickerView: PhoneView? {
        PhoneWidth.isNarrow(host.window) && !FileChooser.usesPortal ? host.phoneView : nil
    }

    /// At a phone's size Export asks for a folder, where a save dialog cannot fit
    /// (GTK's is at least 433 px wide), and writes the list there under its name: in the
    /// phone's picker, or the portal's folder chooser.
    private func chooseExportFolder(listIDs: [Int64]?, listName: String?, fileName: String) {
        let title = listName.map { tr("Export “{list}” to a Folder", ["list": $0]) } ?? tr("Export All Lists to a Folder")
        if let view = phonePickerView {
            PhoneFilePicker.present(.folder, title: title, in: view) { [weak self] folder in
                self?.export(listIDs: listIDs, into: folder, fileName: fileName)
            }
            return
        }
        FileChooser.folder(title: title, acceptLabel: tr("_Export"), over: host.window) { [weak self] folder in
            self?.export(listIDs: listIDs, into: folder, fileName: fileName)
        }
    }

    /// Writes the lists to `url` as iCalendar: whole or not at all (a new file moved into place).
    func export(listIDs: [Int64]?, to url: URL) {
        export(listIDs: listIDs, to: url, folder: nil) { data in
            try PrivateFile.write(data, to: url)
            return url
        }
    }

    /// Writes the lists as a new file of `folder` named `fileName`, or "(2)", "(3)"… where that
    /// name is taken: never over another file (`PrivateFile.writeNew`). The notice says where.
    func export(listIDs: [Int64]?, into folder: URL, fileName: String) {
        export(listIDs: listIDs, to: folder.appendingPathComponent(fileName), folder: folder) { data in
            try PrivateFile.writeNew(data, in: folder, name: fileName)
        }
    }

    /// Writes the lists' iCalendar text with `write` (to `url`, or a name beside it), and says
    /// what was written and where, or why nothing was.
    private func export(listIDs: [Int64]?, to url: URL, folder: URL?, write: (Data) throws -> URL) {
        do {
            let lists = try host.store.exportedLists(ids: listIDs)
            // 0600 whatever the umask: the file holds every item and note of the lists.
            let written = try write(Data(ICSExport.text(for: lists).utf8))
            host.notice.show(Self.exportedText(count: lists.reduce(0) { $0 + $1.items.count }, file: written, folder: folder),
                             undoable: false)
        } catch {
            let reason = (error as NSError).localizedDescription
            FileHandle.standardError.write(Data("flick: export to \(url.path) failed: \(error)\n".utf8))
            MessageWindow.present(heading: tr("Nothing Was Exported"),
                                  body: tr("“{file}” could not be written: {reason}", ["file": url.lastPathComponent, "reason": reason]),
                                  over: host.window)
        }
    }

    /// "Exported 3 items to “Garden.ics”.", and, into a folder, "… in “Documents”." (the name
    /// written may have a number the list's had not).
    static func exportedText(count: Int, file: URL, folder: URL?) -> String {
        let values = ["count": countText(count), "file": file.lastPathComponent]
        guard let folder else {
            return trPlural("Exported {count} item to “{file}”.", "Exported {count} items to “{file}”.", count, values)
        }
        return trPlural("Exported {count} item to “{file}” in “{folder}”.", "Exported {count} items to “{file}” in “{folder}”.",
                        count, values.merging(["folder": folder.lastPathComponent]) { old, _ in old })
    }

    /// A file name for a list's name: "/" and control characters replaced, ".ics" added.
    static func fileName(for listName: String) -> String {
        let safe = String(listName.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar.properties.generalCategory == .control ? "-" : Character(scalar)
        }).trimmingCharacters(in: .whitespaces)
        return (safe.isEmpty ? "Flick" : String(safe.prefix(100))) + ".ics"
    }
}
