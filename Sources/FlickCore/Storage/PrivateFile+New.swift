import Foundation

extension PrivateFile {
    /// Writes `data` as a new file of `folder` named `name` ("Garden.ics") or, where a file has
    /// that name, "Garden (2).ics", "Garden (3).ics"…, whole and with mode 0600 as `write` does;
    /// returns the file written. Never over another file, not even one made meanwhile: the
    /// name is taken with link(2), which fails where a file is (at a phone's size
    /// Export asks for a folder, and a second export of a list must not replace the first).
    /// Where the folder's file system has no hard links (an SD card's FAT), a name nothing has
    /// is taken with rename(2).
    public static func writeNew(_ data: Data, in folder: URL, name: String) throws -> URL {
        let temporary = try writeTemporary(data, in: folder, name: name)
        defer { unlink(temporary) }
        for number in 1...maximumNumber {
            let candidate = folder.appendingPathComponent(numbered(name, number))
            if link(temporary, candidate.path) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, EOPNOTSUPP, EMLINK:
                if FileManager.default.fileExists(atPath: candidate.path) { continue }
                guard rename(temporary, candidate.path) == 0 else { throw lastError() }
                return candidate
            default: throw lastError()
            }
        }
        throw POSIXError(.EEXIST)
    }

    /// How far "(2)", "(3)"… go before the export gives up: a folder with 999 exports of one list.
    static let maximumNumber = 999

    /// `name` with " (n)" before its extension; `name` itself for 1.
    static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 1 else { return name }
        let suffix = " (\(number))"
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + suffix }
        return name[..<dot] + suffix + name[dot...]
    }
}
