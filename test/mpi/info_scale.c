/* Info objects with many keys keep every rule (R-I9, R-I10): 65,536 keys,
 * every third deleted and every fifth overwritten, then the full get_nthkey
 * walk, every value, and a dup are checked against the expected order.
 * mpich-info-test: np=1 */
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
    MPI_Info_free(&dup);
    MPI_Info_free(&info);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
