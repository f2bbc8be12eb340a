/* libsoup, for CalDAV (HTTPClient.swift): loaded on the first request. */
#include <libsoup/soup.h>

#include "lazy_function.h"

#define SOUP "libsoup-3.0.so.0"

FLICK_LAZY_FUNCTION(SOUP, SoupSession *, soup_session_new, (void), ())
FLICK_LAZY_PROCEDURE(SOUP, soup_session_set_timeout, (SoupSession *session, guint timeout), (session, timeout))
FLICK_LAZY_PROCEDURE(SOUP, soup_session_set_user_agent, (SoupSession *session, const char *user_agent),
                     (session, user_agent))
FLICK_LAZY_FUNCTION(SOUP, GBytes *, soup_session_send_and_read,
                    (SoupSession *session, SoupMessage *msg, GCancellable *cancellable, GError **error),
                    (session, msg, cancellable, error))
FLICK_LAZY_FUNCTION(SOUP, SoupMessage *, soup_message_new, (const char *method, const char *uri_string),
                    (method, uri_string))
FLICK_LAZY_PROCEDURE(SOUP, soup_message_set_flags, (SoupMessage *msg, SoupMessageFlags flags), (msg, flags))
FLICK_LAZY_PROCEDURE(SOUP, soup_message_set_request_body_from_bytes,
                     (SoupMessage *msg, const char *content_type, GBytes *bytes), (msg, content_type, bytes))
FLICK_LAZY_FUNCTION(SOUP, SoupStatus, soup_message_get_status, (SoupMessage *msg), (msg))
FLICK_LAZY_FUNCTION(SOUP, SoupMessageHeaders *, soup_message_get_request_headers, (SoupMessage *msg), (msg))
FLICK_LAZY_FUNCTION(SOUP, SoupMessageHeaders *, soup_message_get_response_headers, (SoupMessage *msg), (msg))
FLICK_LAZY_FUNCTION(SOUP, const char *, soup_message_headers_get_one, (SoupMessageHeaders *hdrs, const char *name),
                    (hdrs, name))
FLICK_LAZY_PROCEDURE(SOUP, soup_message_headers_replace,
                     (SoupMessageHeaders *hdrs, const char *name, const char *value), (hdrs, name, value))
