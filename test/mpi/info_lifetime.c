/* Info routines work before MPI_Init, between init and finalize, after
 * MPI_Finalize and with the Sessions model, repeatedly (R-I13), and
 * MPI_INFO_ENV stays readable after finalize. The same program runs under
 * valgrind in info_lifetime_valgrind.sh.
 * mpich-info-test: np=1,2 */
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

int main(int argc, char **argv)
{
    int nkeys_env, nkeys_after, size = 1;
    MPI_Session session;
    MPI_Info kept;

    exercise("before MPI_Init");
    /* An info created before init is still usable after it. */
    MPI_Info_create(&kept);
    MPI_Info_set(kept, "created", "before init");

    /* Sessions come before the world model: MPICH 4.0.2 cannot start a
     * session after MPI_Finalize (a sessions matter, not an info one). */
    for (int round = 0; round < 3; round++) {
        MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
        exercise("inside a session");
        MPI_Session_finalize(&session);
        exercise("between sessions");
    }

    MPI_Init(&argc, &argv);
    exercise("between init and finalize");
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys_env);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();

    exercise("after MPI_Finalize");
    CHECK(MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys_after) == MPI_SUCCESS,
          "after MPI_Finalize: expected MPI_INFO_ENV readable");
    CHECK(nkeys_after == nkeys_env, "after MPI_Finalize: expected MPI_INFO_ENV to keep %d keys, "
          "got %d", nkeys_env, nkeys_after);

    char got[32];
    int flag;
    MPI_Info_get(kept, "created", 31, got, &flag);
    CHECK(flag && strcmp(got, "before init") == 0, "kept info: expected 'before init', got '%s'",
          flag ? got : "(absent)");
    MPI_Info_free(&kept);

    if (check_failures)
        return 1;
    return status;
}
