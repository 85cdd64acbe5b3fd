/* Hashed matching across a restart of MPI (doc/assertions.txt, "Assertions
 * that pay"; doc/sessions.txt, "Sessions and the start of MPI"): a
 * communicator that asserts no wildcards, left unfreed when its session ends
 * (MPI does not require it to be freed), must not leave its context matched
 * by hash once MPI starts again and gives the same context to a communicator
 * without hints: a message on that one must reach its receive. A receive
 * still waiting after 10 s counts as lost (and is cancelled, so the test
 * ends).
 * mpich-info-test: np=2 section=performance */
#include "check.h"
#include <stdlib.h>

/* Rank 1 waits up to 10 s for the N (at most 16) receives of REQS, cancels those still
 * waiting, and says whether all came */
static int all_within_10s(int n, MPI_Request * reqs)
{
    int done = 0;
    /* (gcc 12 warns of MPI_STATUSES_IGNORE given to MPI_Testall) */
    MPI_Status statuses[16];
    double deadline = MPI_Wtime() + 10;
    while (!done && MPI_Wtime() < deadline)
        MPI_Testall(n, reqs, &done, statuses);
    if (!done)
        for (int i = 0; i < n; i++)
            if (reqs[i] != MPI_REQUEST_NULL) {
                MPI_Cancel(&reqs[i]);
                MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
            }
    return done;
}

/* On a communicator without hints, WILD receives from MPI_ANY_SOURCE and,
 * after them, one from rank 0 with another tag, whose message comes first
 * and walks past them: were the context still matched by hash, that walk
 * would move them to a table where no message could find them. */
#define WILD 6
static void wildcards_walked_past(MPI_Comm comm, int rank, const char *what)
{
    int values[WILD + 1];
    char go = 0;
    if (rank == 0) {
        MPI_Recv(&go, 1, MPI_CHAR, 1, 9, comm, MPI_STATUS_IGNORE);
        for (int i = WILD; i >= 0; i--) {
            values[i] = i;
            MPI_Send(&values[i], 1, MPI_INT, 1, i == WILD ? 8 : 7, comm);
        }
    } else if (rank == 1) {
        MPI_Request reqs[WILD + 1];
        for (int i = 0; i <= WILD; i++) {
            values[i] = -1;
            MPI_Irecv(&values[i], 1, MPI_INT, i == WILD ? 0 : MPI_ANY_SOURCE, i == WILD ? 8 : 7,
                      comm, &reqs[i]);
        }
        MPI_Send(&go, 1, MPI_CHAR, 0, 9, comm);
        int done = all_within_10s(WILD + 1, reqs);
        CHECK(done && values[0] == WILD - 1 && values[WILD] == WILD,
              "%s: expected %d messages from MPI_ANY_SOURCE and one more within 10 s, got %s (first %d, last %d)",
              what, WILD, done ? "other values" : "not all", values[0], values[WILD]);
    }
}

/* One session: a communicator from mpi://WORLD with HINTS, and one
 * message from rank 0 to rank 1 on it (with no hints, also the wildcards
 * above). The communicator is freed only when free_it is set. */
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
    if (hints == MPI_INFO_NULL)
        wildcards_walked_past(comm, rank, what);
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
