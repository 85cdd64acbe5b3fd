/* A program that only uses the Sessions model: MPI_INFO_ENV is filled when
 * the session starts (from the process's command line, as init gets no
 * arguments) and MPI_Info_create_env gives the same values. Launched by
 * info_env.sh. */
#include "expected_env.h"

int main(int argc, char **argv)
{
    struct expected_env e;
    MPI_Session session;
    MPI_Info info;

    expect_env(&e, argc, argv);
    int nkeys = -1;
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
    CHECK(nkeys == 0, "MPI_INFO_ENV before MPI_Session_init: expected 0 keys, got %d", nkeys);
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    check_env(MPI_INFO_ENV, &e, "MPI_INFO_ENV in a session");
    CHECK_CLASS(MPI_Info_create_env(0, NULL, &info), MPI_SUCCESS);
    check_env(info, &e, "MPI_Info_create_env(0, NULL) in a session");
    MPI_Info_free(&info);
    CHECK_CLASS(MPI_Info_create_env(argc, argv, &info), MPI_SUCCESS);
    check_env(info, &e, "MPI_Info_create_env(argc, argv) in a session");
    MPI_Info_free(&info);
    MPI_Session_finalize(&session);
    check_env(MPI_INFO_ENV, &e, "MPI_INFO_ENV after the session");

    if (check_failures == 0)
        printf(" No Errors\n");
    return check_failures != 0;
}
