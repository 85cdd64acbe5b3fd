/* cb_buffer_size is read at open only.  MPI_File_open allocates the
 * collective buffer of the size given then; MPICH 4.0.2 accepted a larger
 * size from set_info or set_view afterwards and two-phase I/O then filled
 * the buffer up to the new size, past its end (a heap overflow: a crash or
 * silently corrupted memory).  Here the buffer is 4 KiB at open, set_info
 * asks for 16 MiB, and a collective write and read of 1 MiB per process,
 * interleaved so that two-phase I/O aggregates it, must give the data back
 * while get_info keeps reporting 4096.
 * mpich-info-test: np=2,4 section=fixes */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>

#define INTS_PER_BLOCK 256      /* 1 KiB blocks, interleaved by rank */
#define BLOCKS 1024

int main(int argc, char **argv)
{
    int rank, size, pid;
    char path[256];
    MPI_File fh;
    MPI_Info info;
    MPI_Datatype filetype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    pid = (int) getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof(path), "file_buffer_size.%d.dat", pid);

    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_buffer_size", "4096");
    MPI_Info_set(info, "romio_cb_write", "enable");
    MPI_Info_set(info, "romio_cb_read", "enable");
    CHECK_CLASS(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh),
                MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(file, fh, "cb_buffer_size", "4096", "at open");

    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_buffer_size", "16777216");
    CHECK_CLASS(MPI_File_set_info(fh, info), MPI_SUCCESS);
    EXPECT_HINT(file, fh, "cb_buffer_size", "4096", "after set_info asked for 16777216");
    MPI_Type_vector(BLOCKS, INTS_PER_BLOCK, INTS_PER_BLOCK * size, MPI_INT, &filetype);
    MPI_Type_commit(&filetype);
    CHECK_CLASS(MPI_File_set_view(fh, (MPI_Offset) rank * INTS_PER_BLOCK * sizeof(int), MPI_INT,
                                  filetype, "native", info), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(file, fh, "cb_buffer_size", "4096", "after set_view asked for 16777216");

    int n = BLOCKS * INTS_PER_BLOCK;
    int *out = malloc(n * sizeof(int)), *in = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        out[i] = rank * n + i;
    CHECK_CLASS(MPI_File_write_at_all(fh, 0, out, n, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK_CLASS(MPI_File_read_at_all(fh, 0, in, n, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        if (in[i] != out[i] && wrong++ == 0)
            CHECK(0, "read back: expected %d at %d, got %d", out[i], i, in[i]);
    CHECK(wrong == 0, "read back: %d of %d integers differ", wrong, n);
    free(out);
    free(in);
    MPI_Type_free(&filetype);
    MPI_File_close(&fh);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    return check_finish(MPI_COMM_WORLD) | (MPI_Finalize() != MPI_SUCCESS);
}
