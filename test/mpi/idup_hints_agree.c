/* MPI_Comm_idup_with_info checks the hints that must be the same on all
 * processes (R-H5, R-C1), as the blocking constructors do, but its request
 * carries the verdict: given differently, MPI_Wait returns MPI_ERR_NOT_SAME
 * on every process, and the new communicator, whose handle the program has
 * had since the call, exists without the hints and is freed by the program
 * (doc/communicators.txt). Given the same, the hint is reported. On an
 * intercommunicator both groups must agree, whether the value differs
 * inside one group or between them; a mismatch must leave no process
 * waiting. A process that gives MPI_INFO_NULL takes part as one that gives
 * an info.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

static const char *const key = "mpi_assert_strict_persistent_collective_ordering";
static int rank, size;

/* idup_with_info of parent with key=value; expects MPI_Wait to return
 * want, and then key reported as reported. */
static void idup_expect(MPI_Comm parent, const char *value, int want, const char *reported,
                        const char *what)
{
    MPI_Info info;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Request req = MPI_REQUEST_NULL;

    MPI_Info_create(&info);
    MPI_Info_set(info, key, value);
    CHECK_CLASS(MPI_Comm_idup_with_info(parent, info, &comm, &req), MPI_SUCCESS);
    /* (the info may be freed before completion) */
    MPI_Info_free(&info);
    int cls = error_class(MPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK(cls == want, "%s: expected MPI_Wait to return %s, got %s", what,
          error_class_name(want), error_class_name(cls));
    CHECK(comm != MPI_COMM_NULL, "%s: expected a communicator", what);
    if (comm == MPI_COMM_NULL)
        return;
    EXPECT_HINT(comm, comm, key, reported, what);
    /* the new communicator works (on an intercommunicator, each process
     * gets the sum over the other group) */
    int one = 1, sum = 0, inter, n;
    CHECK_CLASS(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm), MPI_SUCCESS);
    MPI_Comm_test_inter(comm, &inter);
    if (inter)
        MPI_Comm_remote_size(comm, &n);
    else
        MPI_Comm_size(comm, &n);
    CHECK(sum == n, "%s: expected an allreduce over the new communicator to give %d, got %d",
          what, n, sum);
    CHECK_CLASS(MPI_Comm_free(&comm), MPI_SUCCESS);
}

/* Process 0 gives MPI_INFO_NULL, the others a hint each process may give
 * on its own (R-C2: mpi_assert_no_any_tag is not one that must agree):
 * every process takes part in the same exchange, and they agree. */
static void info_null_beside_an_info(MPI_Comm parent, const char *what)
{
    int me;
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_Request req = MPI_REQUEST_NULL;

    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (me != 0) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    }
    CHECK_CLASS(MPI_Comm_idup_with_info(parent, info, &comm, &req), MPI_SUCCESS);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    int cls = error_class(MPI_Wait(&req, MPI_STATUS_IGNORE));
    CHECK(cls == MPI_SUCCESS, "%s: expected MPI_Wait to return MPI_SUCCESS, got %s", what,
          error_class_name(cls));
    if (comm == MPI_COMM_NULL)
        return;
    EXPECT_HINT(comm, comm, "mpi_assert_no_any_tag", me != 0 ? "true" : "false", what);
    CHECK_CLASS(MPI_Comm_free(&comm), MPI_SUCCESS);
}

static void intracommunicator(void)
{
    idup_expect(MPI_COMM_WORLD, "true", MPI_SUCCESS, "true", "idup_with_info, all true");
    idup_expect(MPI_COMM_WORLD, rank == 0 ? "true" : "false", MPI_ERR_NOT_SAME, "false",
                "idup_with_info, process 0 true, the others false");
    /* a value equal to the default agrees with the default */
    idup_expect(MPI_COMM_WORLD, "false", MPI_SUCCESS, "false", "idup_with_info, all false");
    info_null_beside_an_info(MPI_COMM_WORLD, "idup_with_info, MPI_INFO_NULL on process 0 only");
}

/* The first half of the processes and the rest. */
static void intercommunicator(void)
{
    int half = size / 2, low = rank < half;
    int low_range[1][3] = { {0, half - 1, 1} }, high_range[1][3] = { {half, size - 1, 1} };
    MPI_Group world, mine, other;
    MPI_Comm inter;

    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_range_incl(world, 1, low ? low_range : high_range, &mine);
    MPI_Group_range_incl(world, 1, low ? high_range : low_range, &other);
    CHECK_CLASS(MPI_Intercomm_create_from_groups(mine, 0, other, 0, "mpich-info.idup",
                                                 MPI_INFO_NULL, MPI_ERRORS_RETURN, &inter),
                MPI_SUCCESS);

    idup_expect(inter, "true", MPI_SUCCESS, "true",
                "idup_with_info of an intercommunicator, all true");
    idup_expect(inter, low ? "true" : "false", MPI_ERR_NOT_SAME, "false",
                "idup_with_info of an intercommunicator, different between the groups");
    if (half > 1)
        idup_expect(inter, rank == 0 ? "true" : "false", MPI_ERR_NOT_SAME, "false",
                    "idup_with_info of an intercommunicator, different inside the first group");
    if (size - half > 1)
        idup_expect(inter, rank == half ? "false" : "true", MPI_ERR_NOT_SAME, "false",
                    "idup_with_info of an intercommunicator, different inside the second group");
    info_null_beside_an_info(inter, "idup_with_info of an intercommunicator, MPI_INFO_NULL on "
                             "process 0 only");

    MPI_Comm_free(&inter);
    MPI_Group_free(&mine);
    MPI_Group_free(&other);
    MPI_Group_free(&world);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    intracommunicator();
    if (size >= 2)
        intercommunicator();

    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
