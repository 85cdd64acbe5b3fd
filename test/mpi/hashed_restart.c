/* Hashed matching across a restart of MPI (README, "Assertions that pay";
 * "Sessions and the start of MPI"): a communicator that asserts no
 * wildcards, left unfreed when its session ends (MPI does not require it
 * to be freed), must not leave its context matched by hash once MPI
 * starts again and gives the same context to a communicator without
 * hints: a message on that one must reach its receive. A receive still
 * waiting after 10 s counts as lost (and is cancelled, so the test ends).
 * mpich-info-test: np=2 */
#include "check.h"
#include <stdlib.h>

/* One session: a communicator from mpi://WORLD with HINTS, and one
 * message from rank 0 to rank 1 on it. The communicator is freed only
 * when free_it is set. */
static void one_session(MPI_Info hints, int free_it, const char *what)
{
    MPI_Session session;
    MPI_Group group;
    MPI_Comm comm;
    int rank, value = -1;

    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Comm_create_from_group(group, "hashed_restart", hints, MPI_ERRORS_RETURN, &comm);
    MPI_Group_free(&group);
    MPI_Comm_rank(comm, &rank);
    if (rank == 0) {
        value = 42;
        MPI_Send(&value, 1, MPI_INT, 1, 7, comm);
    } else if (rank == 1) {
        MPI_Request req;
        int done = 0;
        MPI_Irecv(&value, 1, MPI_INT, 0, 7, comm, &req);
        double deadline = MPI_Wtime() + 10;
        while (!done && MPI_Wtime() < deadline)
            MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (!done) {
            MPI_Cancel(&req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        CHECK(done && value == 42, "%s: expected the message (42) within 10 s, got %s (%d)",
              what, done ? "another value" : "no message", value);
    }
    /* (both ranks have finished with the message before the session ends) */
    MPI_Barrier(comm);
    if (free_it)
        MPI_Comm_free(&comm);
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
}

int main(void)
{
    const char *const pairs[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    MPI_Info asserts = info_of(pairs);

    one_session(asserts, 0, "first start, no wildcards asserted");
    MPI_Info_free(&asserts);
    one_session(MPI_INFO_NULL, 1, "second start, no hints");

    /* (failures summed over the processes in a session of its own) */
    MPI_Session session;
    MPI_Group group;
    MPI_Comm comm;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Comm_create_from_group(group, "hashed_restart_end", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                               &comm);
    MPI_Group_free(&group);
    int rc = check_finish(comm);
    MPI_Comm_free(&comm);
    MPI_Session_finalize(&session);
    return rc;
}
