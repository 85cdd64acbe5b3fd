/* Prints MPI_Get_library_version from rank 0: which MPICH a program runs
 * with (mpich-info's packages say "mpich-info" in it, Debian's do not). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len, rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_library_version(version, &len);
    if (rank == 0)
        printf("%s\n", version);
    MPI_Finalize();
    return 0;
}
