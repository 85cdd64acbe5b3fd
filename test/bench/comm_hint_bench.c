/* Cost of communicator hints, in microseconds per call, on 2 processes:
 * MPI_Comm_set_info (with mpich-info, one allreduce checks that the hints
 * that must agree do), MPI_Comm_dup_with_info + MPI_Comm_free (creation,
 * the same check on the new communicator) and MPI_Comm_dup + MPI_Comm_free
 * (no hints, no check) for comparison, and MPI_Comm_get_info + free.
 * Compiled against stock MPICH and against mpich-info by test/bench/run.
 * Output: lines "comm operation us". */
#include <mpi.h>
#include <stdio.h>

#define REPS 2000

int main(int argc, char **argv)
{
    MPI_Info info, got;
    MPI_Comm comm, dup;
    double t0, t_set, t_dup_info, t_dup, t_get;
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_exact_length", "true");
    MPI_Info_set(info, "mpi_assert_allow_overtaking", "true");
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);

    /* Warm up every path once. */
    MPI_Comm_set_info(comm, info);
    MPI_Comm_dup_with_info(comm, info, &dup);
    MPI_Comm_free(&dup);

    MPI_Barrier(comm);
    t0 = MPI_Wtime();
    for (int i = 0; i < REPS; i++)
        MPI_Comm_set_info(comm, info);
    t_set = MPI_Wtime() - t0;

    MPI_Barrier(comm);
    t0 = MPI_Wtime();
    for (int i = 0; i < REPS; i++) {
        MPI_Comm_dup_with_info(comm, info, &dup);
        MPI_Comm_free(&dup);
    }
    t_dup_info = MPI_Wtime() - t0;

    MPI_Barrier(comm);
    t0 = MPI_Wtime();
    for (int i = 0; i < REPS; i++) {
        MPI_Comm_dup(comm, &dup);
        MPI_Comm_free(&dup);
    }
    t_dup = MPI_Wtime() - t0;

    MPI_Barrier(comm);
    t0 = MPI_Wtime();
    for (int i = 0; i < REPS; i++) {
        MPI_Comm_get_info(comm, &got);
        MPI_Info_free(&got);
    }
    t_get = MPI_Wtime() - t0;

    if (rank == 0) {
        printf("comm set_info %.2f\n", t_set / REPS * 1e6);
        printf("comm dup_with_info+free %.2f\n", t_dup_info / REPS * 1e6);
        printf("comm dup+free %.2f\n", t_dup / REPS * 1e6);
        printf("comm get_info+free %.2f\n", t_get / REPS * 1e6);
    }
    MPI_Comm_free(&comm);
    MPI_Info_free(&info);
    MPI_Finalize();
    return 0;
}
