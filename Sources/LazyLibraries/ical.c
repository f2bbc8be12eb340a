/* libical, for iCalendar (LibicalBridge.swift): loaded with the first .ics read or written
 * (an import, an export, a sync). */
#include <libical/ical.h>

#include "lazy_function.h"

#define ICAL "libical.so.3"

FLICK_LAZY_FUNCTION(ICAL, icalerrorenum *, icalerrno_return, (void), ())
FLICK_LAZY_PROCEDURE(ICAL, icalerror_clear_errno, (void), ())
FLICK_LAZY_PROCEDURE(ICAL, icalerror_set_errors_are_fatal, (int fatal), (fatal))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent *, icalcomponent_new_from_string, (const char *str), (str))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent *, icalcomponent_new_clone, (icalcomponent *component), (component))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent_kind, icalcomponent_isa, (const icalcomponent *component), (component))
FLICK_LAZY_FUNCTION(ICAL, char *, icalcomponent_as_ical_string, (icalcomponent *component), (component))
FLICK_LAZY_PROCEDURE(ICAL, icalcomponent_free, (icalcomponent *component), (component))
FLICK_LAZY_FUNCTION(ICAL, struct icaltimetype, icaltime_null_time, (void), ())
FLICK_LAZY_FUNCTION(ICAL, struct icaltimetype, icaltime_from_string, (const char *str), (str))
FLICK_LAZY_FUNCTION(ICAL, int, icaltime_is_utc, (const struct icaltimetype t), (t))
FLICK_LAZY_FUNCTION(ICAL, int, icaltime_is_null_time, (const struct icaltimetype t), (t))
FLICK_LAZY_FUNCTION(ICAL, time_t, icaltime_as_timet_with_zone, (const struct icaltimetype tt, const icaltimezone *zone),
                    (tt, zone))
FLICK_LAZY_FUNCTION(ICAL, struct icaldurationtype, icaldurationtype_from_string, (const char *dur), (dur))
FLICK_LAZY_FUNCTION(ICAL, int, icaldurationtype_as_int, (struct icaldurationtype duration), (duration))
FLICK_LAZY_FUNCTION(ICAL, int, icaldurationtype_is_bad_duration, (struct icaldurationtype d), (d))
FLICK_LAZY_FUNCTION(ICAL, struct icalrecurrencetype, icalrecurrencetype_from_string, (const char *str), (str))
FLICK_LAZY_FUNCTION(ICAL, icaltimezone *, icaltimezone_new, (void), ())
FLICK_LAZY_PROCEDURE(ICAL, icaltimezone_free, (icaltimezone *zone, int free_struct), (zone, free_struct))
FLICK_LAZY_FUNCTION(ICAL, int, icaltimezone_set_component, (icaltimezone *zone, icalcomponent *comp), (zone, comp))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent *, icaltimezone_get_component, (icaltimezone *zone), (zone))
FLICK_LAZY_FUNCTION(ICAL, icaltimezone *, icaltimezone_get_utc_timezone, (void), ())
FLICK_LAZY_FUNCTION(ICAL, icaltimezone *, icaltimezone_get_builtin_timezone, (const char *location), (location))
FLICK_LAZY_PROCEDURE(ICAL, icaltimezone_truncate_vtimezone,
                     (icalcomponent *vtz, icaltimetype start, icaltimetype end, int ms_compatible),
                     (vtz, start, end, ms_compatible))
FLICK_LAZY_FUNCTION(ICAL, icalrecur_iterator *, icalrecur_iterator_new,
                    (struct icalrecurrencetype rule, struct icaltimetype dtstart), (rule, dtstart))
FLICK_LAZY_FUNCTION(ICAL, struct icaltimetype, icalrecur_iterator_next, (icalrecur_iterator *iterator), (iterator))
FLICK_LAZY_PROCEDURE(ICAL, icalrecur_iterator_free, (icalrecur_iterator *iterator), (iterator))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent *, icalcomponent_get_first_component,
                    (icalcomponent *component, icalcomponent_kind kind), (component, kind))
FLICK_LAZY_FUNCTION(ICAL, icalcomponent *, icalcomponent_get_next_component,
                    (icalcomponent *component, icalcomponent_kind kind), (component, kind))
FLICK_LAZY_FUNCTION(ICAL, icalproperty *, icalcomponent_get_first_property,
                    (icalcomponent *component, icalproperty_kind kind), (component, kind))
FLICK_LAZY_FUNCTION(ICAL, icalproperty *, icalcomponent_get_next_property,
                    (icalcomponent *component, icalproperty_kind kind), (component, kind))
FLICK_LAZY_FUNCTION(ICAL, struct icaltimetype, icalproperty_get_exdate, (const icalproperty *prop), (prop))
FLICK_LAZY_FUNCTION(ICAL, struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty *prop), (prop))
FLICK_LAZY_FUNCTION(ICAL, icalparameter *, icalproperty_get_first_parameter,
                    (icalproperty *prop, icalparameter_kind kind), (prop, kind))
FLICK_LAZY_FUNCTION(ICAL, const char *, icalparameter_get_tzid, (const icalparameter *value), (value))
