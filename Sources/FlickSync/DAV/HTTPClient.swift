internal import CLibsoup
import Foundation

/// HTTP for sync through libsoup 3 (DESIGN 6): TLS certificates checked by glib-networking, the
/// desktop's proxy settings, Basic authentication sent with every request.
///
/// Sync runs its requests one after another on a thread of its own, away from the window, with
/// libsoup's blocking calls: a sync is a sequence of steps that each need the last answer, and
/// as straight-line code each step, and each crash between two steps, is plain to follow and to
/// test. A client is made and used on one thread (libsoup sessions belong to their thread).
public final class HTTPClient {
    private let session: UnsafeMutablePointer<SoupSession>
    private let authorization: String?

    /// `timeout` in seconds for connecting and for each read.
    public init(user: String?, password: String?, timeout: UInt32 = 30) {
        session = soup_session_new()!
        soup_session_set_timeout(session, timeout)
        soup_session_set_user_agent(session, "Flick/0.1 (CalDAV)")
        if let user, let password {
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Sends `request` and reads the whole answer. Redirects are not followed here (the caller
    /// follows them, sending its credentials again).
    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard let message = soup_message_new(request.method, request.url.absoluteString) else {
            throw .badAddress(request.url.absoluteString)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        if let authorization { soup_message_headers_replace(headers, "Authorization", authorization) }
        for (name, value) in request.headers { soup_message_headers_replace(headers, name, value) }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, request.contentType, bytes)
            g_bytes_unref(bytes)
        }
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read(session, message, nil, &error)
        if let error {
            defer { g_error_free(error) }
            if let bytes { g_bytes_unref(bytes) }
            throw Self.failure(error)
        }
        var response = HTTPResponse(status: Int(soup_message_get_status(message).rawValue))
        let answerHeaders = soup_message_get_response_headers(message)
        for name in ["ETag", "Location", "Content-Type", "Retry-After", "DAV"] {
            if let value = soup_message_headers_get_one(answerHeaders, name) {
                response.headers[name.lowercased()] = String(cString: value)
            }
        }
        if let bytes {
            var size: gsize = 0
            if let data = g_bytes_get_data(bytes, &size), size > 0 { response.body = Data(bytes: data, count: Int(size)) }
            g_bytes_unref(bytes)
        }
        return response
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>) -> HTTPError {
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        if error.pointee.domain == g_tls_error_quark() { return .untrustedCertificate(message) }
        if error.pointee.domain == g_io_error_quark(), error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue {
            return .timedOut
        }
        return .noConnection(message)
    }
}
