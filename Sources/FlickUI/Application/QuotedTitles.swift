/// A few titles named in a message: “A”, “B”, “C” and 56 more.
enum QuotedTitles {
    /// `titles` quoted, then how many of `total` they leave out.
    static func text(_ titles: [String], of total: Int) -> String {
        let quoted = titles.map { tr("“{title}”", ["title": $0]) }.joined(separator: ", ")
        let more = total - titles.count
        guard more > 0 else { return quoted }
        return trPlural("{titles} and {count} more", "{titles} and {count} more", more, ["titles": quoted, "count": countText(more)])
    }
}
