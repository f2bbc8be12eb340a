/// A UID for a VTODO that came without one, made from its text, so that the same file imported
/// twice gives the same UIDs and adds nothing the second time (a random UID would add every
/// such item again).
enum DerivedUID {
    /// A UUID-shaped text from two 64-bit FNV-1a hashes of `text` (different offsets), marked as
    /// a version 8 ("custom") UUID (RFC 9562 §5.8).
    static func uid(for text: String) -> String {
        var high = hash(text, offset: 0xcbf2_9ce4_8422_2325)
        var low = hash(text, offset: 0x6c62_272e_07bb_0142)
        high = (high & ~0xf000) | 0x8000  // version 8
        low = (low & ~(0xc << 60)) | (0x8 << 60)  // variant 10
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4),
                     hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-").uppercased()
    }

    private static func hash(_ text: String, offset: UInt64) -> UInt64 {
        var value = offset
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
