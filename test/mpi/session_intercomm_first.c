/* The cases of session_groups.c with the Sessions model alone, starting
 * with MPI_Intercomm_create_from_groups between the two halves of
 * mpi://WORLD: on ch4 it is then the call that needs MPI_COMM_WORLD first
 * (session_groups.inc).
 * mpich-info-test: np=2,4 section=sessions */
#include "check.h"
#include "session_groups.inc"

int main(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        return 1;
    group_cases(session, MPI_THREAD_SINGLE, true);
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    if (check_failures)
        fprintf(stderr, "session_intercomm_first: %d check(s) failed\n", check_failures);
    return check_failures ? 1 : 0;
}
