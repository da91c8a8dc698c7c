#ifndef SIDELINE_CDBUS_SHIM_H
#define SIDELINE_CDBUS_SHIM_H
// libdbus-1 through its iterator API only: the variadic calls
// (dbus_message_append_args, dbus_message_get_args, …) do not import into Swift.
#include <stdlib.h>
#include <dbus/dbus.h>

// DBusError on the heap, so Swift holds a stable pointer to it (it is filled in place).
static inline DBusError *sideline_dbus_error_new(void) {
    DBusError *e = (DBusError *)calloc(1, sizeof(DBusError));
    if (e) dbus_error_init(e);
    return e;
}
static inline void sideline_dbus_error_free(DBusError *e) {
    if (!e) return;
    dbus_error_free(e);
    free(e);
}
static inline const char *sideline_dbus_error_name(const DBusError *e) { return e->name; }
static inline const char *sideline_dbus_error_message(const DBusError *e) { return e->message; }

// Type codes and timeouts are cast macros, which Swift does not import.
static inline int sideline_dbus_type_invalid(void) { return DBUS_TYPE_INVALID; }
static inline int sideline_dbus_timeout_default(void) { return DBUS_TIMEOUT_USE_DEFAULT; }
#endif
