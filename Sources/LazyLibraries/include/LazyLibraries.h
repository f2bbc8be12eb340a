#ifndef FLICK_LAZY_LIBRARIES_H
#define FLICK_LAZY_LIBRARIES_H

/* libsoup, libical, libsecret and GSound, loaded when Flick first calls them, not at start-up.
 *
 * Most starts never sync, import, export, use a password or play a sound, yet loading these four
 * libraries and theirs (Kerberos, ICU's i18n, libgcrypt, libcanberra: 27 files) took every start
 * about 8 ms and 3 MiB (A/B runs of make bench's start-up measure, issue 30). So Flick is linked
 * against small functions of the same names instead (soup.c, ical.c, secret.c, gsound.c): the
 * first call of each opens its library (g_module_open) and looks the real function up; every call then
 * goes on to it. The Swift code calls the libraries as before, through their own headers, and the
 * compiler checks each of these functions against the header's declaration. A call of any other
 * function of these libraries does not link until it is added to its file here. */

/* The function `symbol` of the library `soname` ("libsoup-3.0.so.0"), which is opened on first
 * use. A library or function that cannot be found ends Flick with a message saying which: the
 * same as when the dynamic loader could not find it at start-up. */
void *flick_lazy_symbol(const char *soname, const char *symbol);

#endif
