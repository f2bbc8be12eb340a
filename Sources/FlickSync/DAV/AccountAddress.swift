import Foundation

/// The server address a user types: "cloud.example.org", "https://cloud.example.org/remote.php/dav",
/// "http://127.0.0.1:5232". Without a scheme it is https; only http and https are CalDAV's.
public enum AccountAddress {
    public static func parse(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(" ") else { return nil }
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty,
              // A user name goes in its own field ("mailto:x@y" would read as user "mailto").
              url.user == nil, url.password == nil else { return nil }
        return url
    }
}
