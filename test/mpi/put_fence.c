/* A fenced MPI_Put between processes delivers exactly the data put (stock
 * Debian MPICH 4.0.2, ch4:ucx, returned wrong data here on these machines).
 * mpich-info-test: np=2,4 section=fixes */
#include <mpi.h>
#include <stdio.h>

#define COUNT 1024

int main(int argc, char **argv)
{
    int rank, size, errors = 0, total_errors, i, target, origin;
    int *window_buffer, source[COUNT];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Win_allocate(COUNT * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                     &window_buffer, &win);
    for (i = 0; i < COUNT; i++) {
        window_buffer[i] = -1;
        source[i] = rank * 100000 + i;
    }
    target = (rank + 1) % size;
    origin = (rank + size - 1) % size;

    MPI_Win_fence(0, win);
    MPI_Put(source, COUNT, MPI_INT, target, 0, COUNT, MPI_INT, win);
    MPI_Win_fence(0, win);

    for (i = 0; i < COUNT; i++) {
        if (window_buffer[i] != origin * 100000 + i) {
            if (errors < 5)
                fprintf(stderr, "rank %d: element %d: expected %d, got %d\n", rank, i,
                        origin * 100000 + i, window_buffer[i]);
            errors++;
        }
    }
    MPI_Win_free(&win);

    MPI_Allreduce(&errors, &total_errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && total_errors == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return total_errors != 0;
}
