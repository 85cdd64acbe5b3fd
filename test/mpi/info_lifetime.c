/* Info routines work before MPI_Init, between init and finalize and after
 * MPI_Finalize (R-I13), and MPI_INFO_ENV stays readable after finalize.
 * info_sessions.c covers the Sessions model; info_valgrind.sh runs both
 * under valgrind.
 * mpich-info-test: np=1,2 section=info */
#include "info_exercise.h"

int main(int argc, char **argv)
{
    int nkeys_env, nkeys_after, size = 1;
    MPI_Info kept;

    exercise("before MPI_Init");
    /* An info created before init is still usable after it. */
    MPI_Info_create(&kept);
    MPI_Info_set(kept, "created", "before init");

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
