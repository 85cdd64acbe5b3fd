/* The info work each lifetime test repeats in every phase of MPI's life.
 * Included by info_lifetime.c and info_sessions.c. */
#include "check.h"
#include <stdio.h>

/* Create, fill, overwrite, dup, delete, read back and free. */
static void exercise(const char *phase)
{
    MPI_Info info, dup;
    char key[32], value[32], got[32];
    int flag, nkeys;

    MPI_Info_create(&info);
    for (int i = 0; i < 100; i++) {
        snprintf(key, sizeof(key), "key%d", i);
        snprintf(value, sizeof(value), "value%d", i);
        MPI_Info_set(info, key, value);
    }
    MPI_Info_set(info, "key7", "seven");
    MPI_Info_dup(info, &dup);
    for (int i = 0; i < 100; i += 2) {
        snprintf(key, sizeof(key), "key%d", i);
        MPI_Info_delete(dup, key);
    }
    MPI_Info_get_nkeys(dup, &nkeys);
    CHECK(nkeys == 50, "%s: expected 50 keys in the dup, got %d", phase, nkeys);
    MPI_Info_get_nthkey(dup, 3, key);
    CHECK(strcmp(key, "key7") == 0, "%s: expected key 3 of the dup to be key7, got %s", phase, key);
    MPI_Info_get(dup, "key7", 31, got, &flag);
    CHECK(flag && strcmp(got, "seven") == 0, "%s: expected key7=seven, got %s", phase, got);
    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == 100, "%s: expected 100 keys in the original, got %d", phase, nkeys);
    MPI_Info_free(&dup);
    MPI_Info_free(&info);
    CHECK(info == MPI_INFO_NULL && dup == MPI_INFO_NULL, "%s: expected freed handles to be NULL",
          phase);
}
