/* A session a library ends from its exit handler (atexit) after an earlier
 * session left MPI idle: MPI-4.1 11.3 asks only that every session be
 * finalized before the process ends, and an exit handler is before. The
 * finalize must succeed and MPI stop then, without crash or hang
 * (doc/sessions.txt, "Sessions and the start of MPI": MPI stops at exit if a
 * session was the last to end). The library's handler is registered before
 * MPI registers its own, so it runs after it. (That MPI really stops, and
 * tells the process manager, is checked by session_restart_valgrind's at-exit
 * run: mpiexec does not report it.)
 * mpich-info-test: np=1,2 section=sessions */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>

static MPI_Session library_session = MPI_SESSION_NULL;

static void library_end(void)
{
    int rc = MPI_Session_finalize(&library_session);
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "MPI_Session_finalize from an exit handler: expected MPI_SUCCESS, "
                "got %s\n", error_class_name(error_class(rc)));
        _exit(1);
    }
}

/* An allreduce on a communicator from mpi://WORLD; returns the rank. */
static int use(MPI_Session session)
{
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    int one = 1, sum = 0, size = 0, rank = 0;
    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://WORLD", &group), MPI_SUCCESS);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_ended_at_exit", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm == MPI_COMM_NULL)
        exit(1);
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
    CHECK(sum == size, "allreduce: expected %d, got %d", size, sum);
    MPI_Comm_free(&comm);
    return rank;
}

int main(void)
{
    MPI_Session first = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &first), MPI_SUCCESS);
    if (first == MPI_SESSION_NULL)
        return 1;
    atexit(library_end);
    use(first);
    /* MPI goes idle, and registers its handler for the exit. */
    CHECK_CLASS(MPI_Session_finalize(&first), MPI_SUCCESS);
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &library_session),
                MPI_SUCCESS);
    if (library_session == MPI_SESSION_NULL)
        return 1;
    int rank = use(library_session);
    if (check_failures)
        return 1;
    if (rank == 0)
        printf(" No Errors\n");
    return 0;
}
