/* A program of the Sessions model whose communicators are all of one
 * process waits for a request before any larger communicator exists:
 * MPI_Test then MPI_Wait on a receive from itself on a communicator from
 * mpi://SELF (MPI-4.1 11.3.2: a communicator from a process set is an
 * ordinary communicator). MPICH 4.0.2's ch4 crashed there, in its
 * shared-memory progress. Afterwards all processes meet on mpi://WORLD.
 * mpich-info-test: np=1,2 section=fixes */
#include "check.h"

int main(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Group self, world;
    MPI_Comm comm = MPI_COMM_NULL, all = MPI_COMM_NULL;
    MPI_Request req;
    int sent = 42, got = -1, flag = 0;

    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        return 1;
    MPI_Group_from_session_pset(session, "mpi://SELF", &self);
    CHECK_CLASS(MPI_Comm_create_from_group(self, "session_self_progress", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    if (comm == MPI_COMM_NULL)
        return 1;
    CHECK_CLASS(MPI_Irecv(&got, 1, MPI_INT, 0, 7, comm, &req), MPI_SUCCESS);
    CHECK_CLASS(MPI_Test(&req, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(!flag, "receive before the send: expected not complete, got complete");
    CHECK_CLASS(MPI_Send(&sent, 1, MPI_INT, 0, 7, comm), MPI_SUCCESS);
    CHECK_CLASS(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(got == sent, "receive from itself: expected %d, got %d", sent, got);
    MPI_Comm_free(&comm);
    MPI_Group_free(&self);

    MPI_Group_from_session_pset(session, "mpi://WORLD", &world);
    CHECK_CLASS(MPI_Comm_create_from_group(world, "session_self_progress world", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &all), MPI_SUCCESS);
    MPI_Group_free(&world);
    int status = check_finish(all);
    if (all != MPI_COMM_NULL)
        MPI_Comm_free(&all);
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    return status || check_failures;
}
