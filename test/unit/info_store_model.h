/* A deliberately simple model of an info object's pairs (an array searched
 * linearly) and a check that the real store agrees with it. Used by the
 * randomized unit test and by the fuzz target. */
#ifndef INFO_STORE_MODEL_H
#define INFO_STORE_MODEL_H

#include "mpir_info_store.h"

#define MODEL_MAX 4096

typedef struct {
    char *keys[MODEL_MAX];
    char *values[MODEL_MAX];
    int n;
} info_model;

void model_set(info_model *m, const char *key, const char *value);
/* 1 if key was there and is now gone. */
int model_delete(info_model *m, const char *key);
void model_clear(info_model *m);

/* Compare every observable: count, each key's value and length by lookup,
 * each position by get_nthkey, absent keys. Prints the first difference as
 * "expected ..., got ..." prefixed by what, and returns 0 when they agree. */
int model_check(const info_model *m, MPIR_Info_store *store, const char *what);

#endif
