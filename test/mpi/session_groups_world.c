/* The cases of session_groups.c with a session opened inside the world
 * model (after MPI_Init_thread, finalized before MPI_Finalize).
 * mpich-info-test: np=1,2,4 section=sessions */
#include "check.h"
#include "session_groups.inc"

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);

    group_cases(session, provided, false);

    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    if (check_failures)
        fprintf(stderr, "session_groups_world: %d check(s) failed\n", check_failures);
    MPI_Finalize();
    return check_failures ? 1 : 0;
}
