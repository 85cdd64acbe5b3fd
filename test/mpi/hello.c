/* The installed MPICH starts the requested number of processes, each with a
 * distinct rank, and it is the mpich-info build (not another MPICH found
 * on the library path).
 * mpich-info-test: np=1,2,4 section=fixes */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, rank_sum, errors = 0, total_errors;
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int version_len;
    const char *np = getenv("MPICH_INFO_TEST_NP");

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (np != NULL && atoi(np) != size) {
        fprintf(stderr, "rank %d: expected MPI_COMM_WORLD size %s, got %d\n", rank, np, size);
        errors++;
    }
    MPI_Allreduce(&rank, &rank_sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank_sum != size * (size - 1) / 2) {
        fprintf(stderr, "rank %d: expected ranks to sum to %d, got %d\n", rank,
                size * (size - 1) / 2, rank_sum);
        errors++;
    }
    MPI_Get_library_version(version, &version_len);
    if (strstr(version, "mpich-info") == NULL) {
        fprintf(stderr, "rank %d: expected the mpich-info library, got: %s\n", rank, version);
        errors++;
    }

    MPI_Allreduce(&errors, &total_errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && total_errors == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return total_errors != 0;
}
