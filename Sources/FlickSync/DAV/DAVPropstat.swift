/// One DAV:propstat: some properties of a resource and the status they share (200 for those
/// found, 404 for those the resource does not have, 403 for those withheld, …).
public struct DAVPropstat: Sendable, Equatable {
    public let status: DAVStatus
    public let properties: DAVProperties

    public init(status: DAVStatus, properties: DAVProperties) {
        self.status = status
        self.properties = properties
    }

    /// A propstat without a status cannot say whether its properties were found, so it makes the
    /// whole reply unreadable. A missing prop reads as no properties.
    init(element: DAVXMLNode) throws(DAVParseError) {
        status = try DAVStatus.read(element.required(.status))
        properties = element.first(.prop).map(DAVProperties.init(prop:)) ?? DAVProperties()
    }
}
