/* libsecret, for CalDAV passwords (PasswordStore.swift): loaded when a password is first stored,
 * read or removed. */
#include <libsecret/secret.h>

#include "lazy_function.h"

#define SECRET "libsecret-1.so.0"

FLICK_LAZY_FUNCTION(SECRET, SecretSchema *, secret_schema_newv,
                    (const gchar *name, SecretSchemaFlags flags, GHashTable *attribute_names_and_types),
                    (name, flags, attribute_names_and_types))
FLICK_LAZY_PROCEDURE(SECRET, secret_schema_unref, (SecretSchema *schema), (schema))
FLICK_LAZY_FUNCTION(SECRET, gboolean, secret_password_storev_sync,
                    (const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label,
                     const gchar *password, GCancellable *cancellable, GError **error),
                    (schema, attributes, collection, label, password, cancellable, error))
FLICK_LAZY_FUNCTION(SECRET, gchar *, secret_password_lookupv_sync,
                    (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error),
                    (schema, attributes, cancellable, error))
FLICK_LAZY_FUNCTION(SECRET, gboolean, secret_password_clearv_sync,
                    (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error),
                    (schema, attributes, cancellable, error))
FLICK_LAZY_PROCEDURE(SECRET, secret_password_free, (gchar *password), (password))
