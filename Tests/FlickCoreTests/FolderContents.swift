import Foundation

/// Every file under a folder with its bytes and mode, by its path inside the folder: two reads
/// of a folder that nothing changed in between are equal.
struct FolderContents: Equatable, CustomStringConvertible {
    var files: [String: Data]
    var modes: [String: Int]

    init(of folder: URL) throws {
        files = [:]
        modes = [:]
        let manager = FileManager.default
        for path in try manager.subpathsOfDirectory(atPath: folder.path) {
            let full = folder.appendingPathComponent(path).path
            modes[path] = try manager.attributesOfItem(atPath: full)[.posixPermissions] as? Int
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
    }

    var description: String {
        files.keys.sorted().map { "\($0) (\(files[$0]!.count) bytes)" }.joined(separator: ", ")
    }
}
