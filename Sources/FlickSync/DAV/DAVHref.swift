import Foundation

/// Resolves the hrefs a server writes (absolute paths mostly, sometimes full URLs or relative
/// references) against the URL a request went to, into one canonical form, so that the same
/// resource compares equal whichever way the server wrote it: the scheme and host lower-cased,
/// the default port left out, no user name, no fragment, dot segments resolved and the path's
/// percent-encoding made canonical (`PathEncoding`). A trailing slash is kept: "/a" and "/a/"
/// stay different, as servers treat them.
public enum DAVHref {
    /// The absolute URL `href` names, or nil when it cannot be one (an unknown base, say).
    public static func url(_ href: String, relativeTo base: URL) -> URL? {
        guard let resolved = resolve(href, against: base) else { return nil }
        return URL(string: resolved.origin + resolved.path + (resolved.query.map { "?" + $0 } ?? ""))
    }

    /// The canonical percent-encoded path of the resource `href` names ("/alice/flick%20tasks/").
    /// Within one server this is the key to compare and store.
    public static func path(_ href: String, relativeTo base: URL) -> String? {
        resolve(href, against: base)?.path
    }

    private typealias Resolved = (origin: String, path: String, query: String?)

    /// RFC 3986 §5.2, simplified to the shapes hrefs take.
    private static func resolve(_ href: String, against base: URL) -> Resolved? {
        guard let baseParts = parts(of: base) else { return nil }
        var reference = Substring(href.trimmingCharacters(in: .whitespacesAndNewlines))
        if let hash = reference.firstIndex(of: "#") { reference = reference[..<hash] }
        var query: String?
        if let mark = reference.firstIndex(of: "?") {
            query = String(reference[reference.index(after: mark)...])
            reference = reference[..<mark]
        }
        var origin = baseParts.origin
        var path: String
        if let scheme = scheme(of: reference) {
            let rest = reference.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//") else { return nil }
            let (authority, remainder) = splitAuthority(rest.dropFirst(2))
            guard let canonical = canonicalOrigin(scheme: scheme, authority: authority) else { return nil }
            origin = canonical
            path = String(remainder)
        } else if reference.hasPrefix("//") {
            let (authority, remainder) = splitAuthority(reference.dropFirst(2))
            guard let canonical = canonicalOrigin(scheme: baseParts.scheme, authority: authority) else { return nil }
            origin = canonical
            path = String(remainder)
        } else if reference.hasPrefix("/") {
            path = String(reference)
        } else if reference.isEmpty {
            path = baseParts.path
            if query == nil { query = baseParts.query }
        } else {
            // Relative to the base's "directory": everything up to its last slash.
            let directory = baseParts.path[...(baseParts.path.lastIndex(of: "/") ?? baseParts.path.startIndex)]
            path = String(directory) + reference
        }
        if !path.hasPrefix("/") { path = "/" + path }
        return (origin, PathEncoding.canonicalPath(path), query)
    }

    private static func parts(of base: URL) -> (scheme: String, origin: String, path: String, query: String?)? {
        guard let components = URLComponents(url: base.absoluteURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme, var host = components.percentEncodedHost else { return nil }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let authority = host + (components.port.map { ":\($0)" } ?? "")
        guard let origin = canonicalOrigin(scheme: scheme, authority: Substring(authority)) else { return nil }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return (scheme, origin, path, components.percentEncodedQuery)
    }

    /// The scheme of an absolute URL ("https" of "https://…"), or nil for a relative reference.
    private static func scheme(of reference: Substring) -> String? {
        guard let colon = reference.firstIndex(of: ":") else { return nil }
        let candidate = reference[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(candidate)
    }

    /// "host:port/path" split into "host:port" and "/path".
    private static func splitAuthority(_ text: Substring) -> (Substring, Substring) {
        let slash = text.firstIndex(of: "/") ?? text.endIndex
        return (text[..<slash], text[slash...])
    }

    /// "scheme://host[:port]" with scheme and host lower-cased, no user information and no
    /// default port; nil without a host.
    private static func canonicalOrigin(scheme: String, authority: Substring) -> String? {
        let scheme = scheme.lowercased()
        var hostAndPort = authority
        if let at = hostAndPort.lastIndex(of: "@") { hostAndPort = hostAndPort[hostAndPort.index(after: at)...] }
        var host = hostAndPort
        var port: Substring = ""
        let bracket = hostAndPort.lastIndex(of: "]")
        if let colon = hostAndPort.lastIndex(of: ":"), bracket.map({ colon > $0 }) ?? true {
            host = hostAndPort[..<colon]
            port = hostAndPort[hostAndPort.index(after: colon)...]
        }
        guard !host.isEmpty else { return nil }
        let defaultPort = ["http": "80", "https": "443"][scheme]
        let portText = port.isEmpty || String(port) == defaultPort ? "" : ":\(port)"
        return "\(scheme)://\(host.lowercased())\(portText)"
    }
}
