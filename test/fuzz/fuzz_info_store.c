/* libFuzzer target for the info store: the input is a program of set,
 * delete, lookup-by-position and copy operations on a small key space; after
 * each operation the store must agree with the simple model. */
#include "mpi/info/info_store.c"
#include "info_store_model.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static info_model model;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    MPIR_Info_store store;
    char key[16], value[16];

    MPIR_Info_store_init(&store);
    for (size_t i = 0; i + 1 < size; i += 2) {
        int op = data[i] & 3;
        snprintf(key, sizeof(key), "k%d", data[i + 1] % 64);
        snprintf(value, sizeof(value), "v%zu", i);
        if (op == 0 || op == 1) {
            MPIR_Info_store_set(&store, key, value);
            model_set(&model, key, value);
        } else if (op == 2) {
            int want = model_delete(&model, key);
            if (want != (MPIR_Info_store_delete(&store, key) == MPIR_INFO_STORE_OK))
                abort();
        } else {
            MPIR_Info_store copy;
            MPIR_Info_store_init(&copy);
            if (MPIR_Info_store_copy(&copy, &store) != MPIR_INFO_STORE_OK)
                abort();
            MPIR_Info_store_destroy(&store);
            store = copy;
        }
        /* Probe one position out of order, to exercise the cursor. */
        if (model.n > 0) {
            int n = data[i + 1] % model.n;
            const MPIR_Info_store_entry *e = MPIR_Info_store_nth(&store, n);
            if (!e || strcmp(e->key, model.keys[n]) != 0)
                abort();
        }
    }
    if (model_check(&model, &store, "fuzz"))
        abort();
    MPIR_Info_store_destroy(&store);
    model_clear(&model);
    return 0;
}
