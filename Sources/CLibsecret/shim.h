// libsecret (Debian's libsecret-1-dev): passwords in the Secret Service (GNOME Keyring, KeePassXC).
// FlickSync reaches it only through PasswordStore.swift.
#include <libsecret/secret.h>
