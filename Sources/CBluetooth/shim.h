#ifndef SIDELINE_CBLUETOOTH_SHIM_H
#define SIDELINE_CBLUETOOTH_SHIM_H
#include <sys/socket.h>
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>

// Swift does not import these macros.
static inline uint16_t sideline_htobs(uint16_t v) { return htobs(v); }
#endif
