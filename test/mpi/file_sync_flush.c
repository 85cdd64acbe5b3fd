/* romio_synchronized_flush: the default, "disable" and "automatic" leave
 * MPI_File_sync unsynchronized.  MPICH 4.0.2 tested the setting for being
 * positive, and "disable" is ROMIO's value 2, so asking for "disable"
 * turned a barrier on inside every MPI_File_sync.
 *
 * Rank 0 syncs and then sends to rank 1; rank 1 receives before it syncs.
 * A sync that synchronizes cannot return on rank 0 before rank 1 enters
 * it, and rank 1 is waiting for rank 0's message: rank 1 gives up after
 * 20 seconds and reports it, instead of hanging.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <unistd.h>

static int rank;
static char path[256];

/* Open with romio_synchronized_flush = value (NULL: MPI_INFO_NULL), check
 * what get_info reports and that MPI_File_sync does not wait for rank 1. */
static void sync_does_not_synchronize(const char *value, const char *want_reported)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_File fh;
    int token = 0, done = 0;
    MPI_Request req;

    if (value) {
        MPI_Info_create(&info);
        MPI_Info_set(info, "romio_synchronized_flush", value);
    }
    CHECK_CLASS(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh),
                MPI_SUCCESS);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    EXPECT_HINT(file, fh, "romio_synchronized_flush", want_reported, value ? value : "default");

    if (rank == 0) {
        MPI_File_sync(fh);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        double give_up = MPI_Wtime() + 20.0;
        MPI_Irecv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        while (!done && MPI_Wtime() < give_up)
            MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (!done) {
            fprintf(stderr, "romio_synchronized_flush %s: expected MPI_File_sync to return on "
                    "rank 0 without waiting for rank 1, got no message from rank 0 in 20 s "
                    "(its MPI_File_sync synchronizes)\n", value ? value : "(default)");
            fflush(stderr);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        MPI_File_sync(fh);
    } else {
        MPI_File_sync(fh);
    }
    MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int pid = (int) getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof(path), "file_sync_flush.%d.dat", pid);

    sync_does_not_synchronize(NULL, "disable");
    sync_does_not_synchronize("disable", "disable");
    sync_does_not_synchronize("automatic", "automatic");

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    return check_finish(MPI_COMM_WORLD) | (MPI_Finalize() != MPI_SUCCESS);
}
