/* A library starts a session, then the program calls MPI_Init: the two
 * models live side by side in one process (MPI-4.1 11.2, the World Model,
 * and 11.3, the Sessions Model). The session, at its default
 * MPI_THREAD_MULTIPLE, has started MPI; MPI_Init then makes
 * MPI_COMM_WORLD and MPI_COMM_SELF, whose creation waits in collectives.
 * Both models must then work: an allreduce on MPI_COMM_WORLD and one on a
 * communicator made from the session's mpi://WORLD group, then
 * MPI_Finalize and MPI_Session_finalize. (MPICH 4.0.2 on ch4 aborted in
 * MPI_Init: the creation waited without holding the global critical
 * section; patch 0008.)
 * mpich-info-test: np=2,4 section=fixes */
#include "check.h"

int main(int argc, char **argv)
{
    MPI_Session session;
    MPI_Group group;
    MPI_Comm comm;
    int rc, nprocs, one = 1, sum = 0;

    rc = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "MPI_Session_init: expected MPI_SUCCESS, got %s\n",
                error_class_name(error_class(rc)));
        return 1;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == nprocs, "allreduce on MPI_COMM_WORLD: expected %d, got %d", nprocs, sum);

    CHECK_CLASS(MPI_Group_from_session_pset(session, "mpi://WORLD", &group), MPI_SUCCESS);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_then_init", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    sum = 0;
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
    CHECK(sum == nprocs, "allreduce on the session's communicator: expected %d, got %d",
          nprocs, sum);
    MPI_Comm_free(&comm);
    MPI_Group_free(&group);

    rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    if (MPI_Session_finalize(&session) != MPI_SUCCESS) {
        fprintf(stderr, "MPI_Session_finalize: expected MPI_SUCCESS, got an error\n");
        rc = 1;
    }
    return rc;
}
