/* MPI_File_open at the thread level named in argv[1] (single, funneled,
 * serialized, multiple), the way mpi4py's test_io opens its files: on
 * MPI_COMM_WORLD, MPI_INFO_NULL, MPI_MODE_DELETE_ON_CLOSE (the hint
 * agreement's collective runs at every open); then again with a hint that
 * must agree on every process (cb_nodes); each process writes its block with
 * MPI_File_iwrite_at, reads the next process's with MPI_File_iread_at and
 * closes. Prints
 * "No Errors" on rank 0 when every check held. */
#include "check.h"
#include <stdlib.h>

#define COUNT 32

static int level_of(const char *name)
{
    if (strcmp(name, "single") == 0) return MPI_THREAD_SINGLE;
    if (strcmp(name, "funneled") == 0) return MPI_THREAD_FUNNELED;
    if (strcmp(name, "serialized") == 0) return MPI_THREAD_SERIALIZED;
    if (strcmp(name, "multiple") == 0) return MPI_THREAD_MULTIPLE;
    fprintf(stderr, "usage: open_rw single|funneled|serialized|multiple\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int want = level_of(argc > 1 ? argv[1] : ""), provided, rank, size;
    MPI_File fh;
    MPI_Request req;
    MPI_Info info;
    int buf[COUNT], back[COUNT];

    MPI_Init_thread(&argc, &argv, want, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(provided == want, "MPI_Init_thread(%s): expected provided %d, got %d", argv[1], want,
          provided);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);

    /* The reported case: no hints at all. */
    CHECK_CLASS(MPI_File_open(MPI_COMM_WORLD, "open_rw.dat",
                              MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                              MPI_INFO_NULL, &fh), MPI_SUCCESS);
    CHECK_CLASS(MPI_File_close(&fh), MPI_SUCCESS);

    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_nodes", "1");
    CHECK_CLASS(MPI_File_open(MPI_COMM_WORLD, "open_rw.dat",
                              MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                              info, &fh), MPI_SUCCESS);
    MPI_Info_free(&info);
    for (int i = 0; i < COUNT; i++)
        buf[i] = rank * COUNT + i;
    CHECK_CLASS(MPI_File_iwrite_at(fh, (MPI_Offset) rank * sizeof(buf), buf, COUNT, MPI_INT, &req),
                MPI_SUCCESS);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK_CLASS(MPI_File_sync(fh), MPI_SUCCESS);
    MPI_Barrier(MPI_COMM_WORLD);
    int peer = (rank + 1) % size;
    CHECK_CLASS(MPI_File_iread_at(fh, (MPI_Offset) peer * sizeof(buf), back, COUNT, MPI_INT, &req),
                MPI_SUCCESS);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int i = 0; i < COUNT; i++)
        if (back[i] != peer * COUNT + i) {
            CHECK(0, "read back element %d: expected %d, got %d", i, peer * COUNT + i, back[i]);
            break;
        }
    CHECK_CLASS(MPI_File_close(&fh), MPI_SUCCESS);

    int total;
    MPI_Allreduce(&check_failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf(total ? "%d failures\n" : "No Errors\n", total);
    MPI_Finalize();
    return total != 0;
}
