import Foundation

extension Array where Element == String {
    /// Calls `body` with a NULL-terminated C array of the strings, valid only during the call
    /// (`gtk_drop_down_new_from_strings` and the like copy what they need).
    func withCStringArray<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
