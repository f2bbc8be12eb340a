/// What the Shell shows of one search result (`GetResultMetas`): its name, a line under it, and
/// an icon of the icon theme, if it has one of its own.
struct SearchProviderMeta: Equatable {
    let id: String
    let name: String
    let description: String
    let iconName: String?
}
