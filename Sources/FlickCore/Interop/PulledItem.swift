/// One resource as the server has it, read for a pull: its place, its ETag, and the item its
/// VTODO says (with the resource's text as `item.ical`, the new base).
public struct PulledItem: Sendable, Equatable {
    public var href: String
    public var etag: String?
    public var item: ImportedItem

    public init(href: String, etag: String?, item: ImportedItem) {
        self.href = href
        self.etag = etag
        self.item = item
    }
}
