/* With MPICH's argument checks off (MPIR_CVAR_ERROR_CHECKING=0), a receive or
 * probe with a wildcard on a communicator matched by (source, tag)
 * (doc/assertions.txt, "Assertions that pay") could never be matched: a probe
 * fails with MPI_ERR_RANK or MPI_ERR_TAG through the communicator's error
 * handler, and a receive completes at once with that error, instead of
 * waiting for ever. ch3 keeps its lists: there the wildcards work, and the
 * test says so and is skipped, as on ch4:ucx, where UCX matches every message
 * (doc/assertions.txt); so is a build whose checks are always on (Debian's
 * configuration: make check-deb).
 * mpich-info-test: np=2 section=performance */
#include "check.h"
#include <stdlib.h>

static MPI_Comm asserted;

static void expect_class(const char *what, int rc, int want)
{
    int cls = error_class(rc);
    CHECK(cls == want, "%s: expected %s, got %s (%d)", what, error_class_name(want),
          error_class_name(cls), cls);
}

/* A receive with a wildcard is posted, and completed at once with the
 * error; one that is not (it waits for a message) is cancelled, so the
 * test ends. */
static void expect_completed_with(const char *what, int rc, MPI_Request * req, int want)
{
    int flag = 0;
    expect_class(what, rc, MPI_SUCCESS);
    if (rc != MPI_SUCCESS)
        return;
    rc = MPI_Test(req, &flag, MPI_STATUS_IGNORE);
    CHECK(flag, "%s: expected the receive completed with %s, got it waiting for a message",
          what, error_class_name(want));
    if (flag) {
        expect_class(what, rc, want);
    } else {
        MPI_Cancel(req);
        MPI_Wait(req, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv)
{
    int rank, value, flag;
    MPI_Request req = MPI_REQUEST_NULL;

    /* (read by MPI_Init) */
    setenv("MPIR_CVAR_ERROR_CHECKING", "0", 1);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (library_is_ch3()) {
        if (rank == 0)
            printf("skipped: ch3 matches every communicator with its lists\n");
        MPI_Finalize();
        return 77;
    }
    if (library_is_ucx()) {
        if (rank == 0)
            printf("skipped: on ch4:ucx UCX matches every message: wildcards work\n");
        MPI_Finalize();
        return 77;
    }
    if (!checks_switchable_at_run_time()) {
        if (rank == 0)
            printf("skipped: this build's argument checks cannot be turned off at run time "
                   "(not configured with --enable-error-checking=runtime)\n");
        MPI_Finalize();
        return 77;
    }
    const char *const hints[] = { "mpi_assert_no_any_source", "true",
        "mpi_assert_no_any_tag", "true", NULL
    };
    MPI_Info asserts = info_of(hints);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &asserted);
    MPI_Comm_set_errhandler(asserted, MPI_ERRORS_RETURN);
    int peer = 1 - rank;

    expect_completed_with("MPI_Irecv from MPI_ANY_SOURCE",
                          MPI_Irecv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, asserted, &req),
                          &req, MPI_ERR_RANK);
    expect_completed_with("MPI_Irecv with MPI_ANY_TAG",
                          MPI_Irecv(&value, 1, MPI_INT, peer, MPI_ANY_TAG, asserted, &req),
                          &req, MPI_ERR_TAG);
    expect_class("MPI_Iprobe from MPI_ANY_SOURCE",
                 MPI_Iprobe(MPI_ANY_SOURCE, 0, asserted, &flag, MPI_STATUS_IGNORE),
                 MPI_ERR_RANK);
    expect_class("MPI_Iprobe with MPI_ANY_TAG",
                 MPI_Iprobe(peer, MPI_ANY_TAG, asserted, &flag, MPI_STATUS_IGNORE), MPI_ERR_TAG);

    /* the communicator goes on working */
    value = rank;
    int got = -1;
    MPI_Sendrecv(&value, 1, MPI_INT, peer, 1, &got, 1, MPI_INT, peer, 1, asserted,
                 MPI_STATUS_IGNORE);
    CHECK(got == peer, "a message after the refused calls: expected %d, got %d", peer, got);

    MPI_Comm_free(&asserted);
    MPI_Info_free(&asserts);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
