/* The empty group in the constructors from groups, Sessions model alone.
 *  - MPI-4.1 7.4.2, MPI_Comm_create_from_group: with MPI_GROUP_EMPTY "the
 *    call is a local operation and MPI_COMM_NULL is returned as newcomm".
 *    Each process calls it a different number of times (a call that
 *    communicated would wait or mismatch), then the pattern of MPICH's own
 *    session test: the last process passes MPI_GROUP_EMPTY while the
 *    others make a communicator of the world without it and use it.
 *  - MPI-4.1 7.6.2, MPI_Intercomm_create_from_groups: "the calling MPI
 *    process must be a member of the local group", so MPI_GROUP_EMPTY as
 *    the local group is MPI_ERR_GROUP; as the remote group it has no rank
 *    for remote_leader, MPI_ERR_RANK; a local_leader outside the local
 *    group is MPI_ERR_RANK (MPI-4.1 2.8: an invalid rank argument is an
 *    error of class MPI_ERR_RANK). Each process is its own local group
 *    and leader here, so every error is found without communication.
 * mpich-info-test: np=1,2,4 section=sessions */
#include "check.h"

/* MPI_Intercomm_create_from_groups(local, leader, remote, 0) fails with
 * class want at once (without waiting for any other process). */
static void intercomm_refused(MPI_Group local, int leader, MPI_Group remote, const char *what,
                              int want)
{
    MPI_Comm comm = MPI_COMM_SELF;
    char tag[128];
    snprintf(tag, sizeof(tag), "session_empty_group %s", what);
    int got = error_class(MPI_Intercomm_create_from_groups(local, leader, remote, 0, tag,
                                                           MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                                           &comm));
    CHECK(got == want, "intercommunicator, %s: expected %s, got %s", what,
          error_class_name(want), error_class_name(got));
}

int main(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Group world, self, others;
    MPI_Comm comm;
    int size, rank;

    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        return 1;
    MPI_Group_from_session_pset(session, "mpi://WORLD", &world);
    MPI_Group_from_session_pset(session, "mpi://SELF", &self);
    MPI_Group_size(world, &size);
    MPI_Group_rank(world, &rank);

    /* Rank r asks r + 1 times, under one tag. */
    for (int i = 0; i <= rank; i++) {
        comm = MPI_COMM_SELF;
        CHECK_CLASS(MPI_Comm_create_from_group(MPI_GROUP_EMPTY, "session_empty_group",
                                               MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm),
                    MPI_SUCCESS);
        CHECK(comm == MPI_COMM_NULL, "MPI_Comm_create_from_group(MPI_GROUP_EMPTY), call %d: "
              "expected MPI_COMM_NULL, got another handle", i + 1);
    }

    /* The last process is left out and passes the empty group. */
    int last = size - 1;
    MPI_Group_excl(world, 1, &last, &others);
    MPI_Group mine = rank == last ? MPI_GROUP_EMPTY : others;
    comm = MPI_COMM_SELF;
    CHECK_CLASS(MPI_Comm_create_from_group(mine, "session_empty_group without last",
                                           MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm),
                MPI_SUCCESS);
    if (rank == last) {
        CHECK(comm == MPI_COMM_NULL, "the process left out, MPI_GROUP_EMPTY: expected "
              "MPI_COMM_NULL, got another handle");
    } else if (comm == MPI_COMM_NULL || comm == MPI_COMM_SELF) {
        CHECK(0, "the world without the last process: expected a communicator, got none");
    } else {
        int csize = -1, sum = -1, want = (size - 1) * (size - 2) / 2;
        MPI_Comm_size(comm, &csize);
        CHECK(csize == size - 1, "the world without the last process: expected size %d, "
              "got %d", size - 1, csize);
        CHECK_CLASS(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
        CHECK(sum == want, "allreduce of world ranks without the last: expected %d, got %d",
              want, sum);
        MPI_Comm_free(&comm);
    }
    MPI_Group_free(&others);

    /* Intercommunicators: every process is its own local group and leader. */
    intercomm_refused(MPI_GROUP_EMPTY, 0, self, "local group empty", MPI_ERR_GROUP);
    intercomm_refused(self, 0, MPI_GROUP_EMPTY, "remote group empty", MPI_ERR_RANK);
    intercomm_refused(self, 1, world, "local_leader 1 in a group of 1", MPI_ERR_RANK);

    /* Everyone still meets on the world afterwards. */
    comm = MPI_COMM_NULL;
    CHECK_CLASS(MPI_Comm_create_from_group(world, "session_empty_group world", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&self);
    MPI_Group_free(&world);
    int status = check_finish(comm);
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    return status || check_failures;
}
