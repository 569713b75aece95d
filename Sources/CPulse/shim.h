#ifndef VPLAY_CPULSE_SHIM_H
#define VPLAY_CPULSE_SHIM_H
// Types only: libpulse-simple is loaded with dlopen when sound first plays (PulseLibrary),
// so a start without sound does not pay for loading it.
#include <pulse/simple.h>
#include <pulse/channelmap.h>
#include <pulse/sample.h>
#endif
