/* Info objects with many keys keep every rule (R-I9, R-I10): 65,536 keys,
 * every third deleted and every fifth overwritten, then the full get_nthkey
 * walk, every value, and a dup are checked against the expected order.
 * The dup (megabytes: mpich-info makes it in one block) is then changed in
 * every way, and both are checked again: the original must not change.
 * mpich-info-test: np=1 section=info */
#include "check.h"
#include <stdio.h>

#define N 65536

static int kept(int i)
{
    return i % 3 != 0;
}

static void check_all(MPI_Info info, const char *what)
{
    char key[32], want_key[32], value[32], want_value[32];
    int nkeys, flag, k = 0, bad = 0;

    MPI_Info_get_nkeys(info, &nkeys);
    CHECK(nkeys == N - (N + 2) / 3, "%s: expected %d keys, got %d", what, N - (N + 2) / 3, nkeys);
    for (int i = 0; i < N && bad < 5; i++) {
        if (!kept(i))
            continue;
        snprintf(want_key, sizeof(want_key), "key%d", i);
        snprintf(want_value, sizeof(want_value), i % 5 == 0 ? "new%d" : "value%d", i);
        MPI_Info_get_nthkey(info, k++, key);
        MPI_Info_get(info, want_key, 31, value, &flag);
        if (strcmp(key, want_key) != 0 || !flag || strcmp(value, want_value) != 0) {
            fprintf(stderr, "%s: key %d: expected %s=%s, got %s (value %s)\n", what, k - 1,
                    want_key, want_value, key, flag ? value : "absent");
            check_failures++;
            bad++;
        }
    }
}

/* On the dup: kept keys with i % 7 == 1 deleted, those with i % 11 == 2
 * given a longer value, and ADDED new keys appended. */
#define ADDED 20000

static int dup_kept(int i)
{
    return kept(i) && i % 7 != 1;
}

static void dup_value(int i, char *value, size_t size)
{
    if (i >= N)
        snprintf(value, size, "added%d", i);
    else if (i % 11 == 2)
        snprintf(value, size, "a longer value for the dup, %d", i);
    else
        snprintf(value, size, i % 5 == 0 ? "new%d" : "value%d", i);
}

static void change_dup(MPI_Info dup)
{
    char key[32], value[64];

    for (int i = 0; i < N; i++) {
        if (!kept(i))
            continue;
        snprintf(key, sizeof(key), "key%d", i);
        if (i % 7 == 1) {
            MPI_Info_delete(dup, key);
        } else if (i % 11 == 2) {
            dup_value(i, value, sizeof(value));
            MPI_Info_set(dup, key, value);
        }
    }
    for (int i = N; i < N + ADDED; i++) {
        snprintf(key, sizeof(key), "key%d", i);
        dup_value(i, value, sizeof(value));
        MPI_Info_set(dup, key, value);
    }
}

static void check_changed_dup(MPI_Info dup)
{
    char key[32], want_key[32], value[64], want_value[64];
    int nkeys, flag, k = 0, bad = 0, want_nkeys = ADDED;

    for (int i = 0; i < N; i++)
        want_nkeys += dup_kept(i);
    MPI_Info_get_nkeys(dup, &nkeys);
    CHECK(nkeys == want_nkeys, "changed dup: expected %d keys, got %d", want_nkeys, nkeys);
    for (int i = 0; i < N + ADDED && bad < 5; i++) {
        if (i < N && !dup_kept(i))
            continue;
        snprintf(want_key, sizeof(want_key), "key%d", i);
        dup_value(i, want_value, sizeof(want_value));
        MPI_Info_get_nthkey(dup, k++, key);
        MPI_Info_get(dup, want_key, 63, value, &flag);
        if (strcmp(key, want_key) != 0 || !flag || strcmp(value, want_value) != 0) {
            fprintf(stderr, "changed dup: key %d: expected %s=%s, got %s (value %s)\n", k - 1,
                    want_key, want_value, key, flag ? value : "absent");
            check_failures++;
            bad++;
        }
    }
}

int main(int argc, char **argv)
{
    MPI_Info info, dup;
    char key[32], value[32];

    MPI_Init(&argc, &argv);
    MPI_Info_create(&info);
    for (int i = 0; i < N; i++) {
        snprintf(key, sizeof(key), "key%d", i);
        snprintf(value, sizeof(value), "value%d", i);
        MPI_Info_set(info, key, value);
    }
    for (int i = 0; i < N; i++) {
        snprintf(key, sizeof(key), "key%d", i);
        if (!kept(i)) {
            MPI_Info_delete(info, key);
        } else if (i % 5 == 0) {
            snprintf(value, sizeof(value), "new%d", i);
            MPI_Info_set(info, key, value);
        }
    }
    check_all(info, "original");
    MPI_Info_dup(info, &dup);
    check_all(dup, "dup");
    change_dup(dup);
    check_changed_dup(dup);
    check_all(info, "original, after its dup changed");
    MPI_Info_free(&dup);
    MPI_Info_free(&info);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
