/* The multi backend: a render spread over the context's list of devices
 * (fr_context_set_device("cuda:0,1"), "cuda:all", "cuda:0,cpu"). Each
 * family's contract is filled by fanning out to the devices' own backends
 * through a pool of workers (multi_pool.h); fr_backend_current picks it
 * whenever the list has more than one device. */
#include "multi/multi_backend.h"

static int multi_device_count(char *why, size_t why_len)
{
    (void)why, (void)why_len;
    return 1;
}

const fr_backend_iface fr_multi_backend = {
    .api_version = FR_BACKEND_API_VERSION,
    .name = "multi",
    .device_count = multi_device_count,
    .escape = &fr_multi_escape_ops,
    .buddha = &fr_multi_buddha_ops,
    .flame = &fr_multi_flame_ops,
    .deep = &fr_multi_deep_ops,
};
