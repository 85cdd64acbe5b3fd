/* Cost of communicator hints, in microseconds per call, on 2 processes:
 * MPI_Comm_set_info (with mpich-info, one allreduce checks that the hints
 * that must agree do), MPI_Comm_dup_with_info + MPI_Comm_free (creation,
 * the same check on the new communicator) and MPI_Comm_dup + MPI_Comm_free
 * (no hints, no check) for comparison, MPI_Comm_get_info + free,
 * MPI_Comm_split_type (shared memory, with the hints) + free, and the
 * point-to-point latency of a communicator without hints and of one that
 * carries every assertion hint.
 * Compiled against stock Debian MPICH, unpatched MPICH built like
 * mpich-info, and mpich-info by test/bench/run.
 * Output: lines "comm operation us". */
#include <mpi.h>
#include <stdio.h>

#define REPS 2000
#define PINGS 20000
#define ROUNDS 5

/* Half the round trip of an 8-byte message between ranks 0 and 1. */
static double pingpong_us(MPI_Comm comm, int rank)
{
    char buf[8] = { 0 };
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    for (int i = 0; i < PINGS; i++) {
        if (rank == 0) {
            MPI_Send(buf, 8, MPI_CHAR, 1, 0, comm);
            MPI_Recv(buf, 8, MPI_CHAR, 1, 0, comm, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, 8, MPI_CHAR, 0, 0, comm, MPI_STATUS_IGNORE);
            MPI_Send(buf, 8, MPI_CHAR, 0, 0, comm);
        }
    }
    return (MPI_Wtime() - t0) / PINGS / 2 * 1e6;
}

int main(int argc, char **argv)
{
    MPI_Info info, got;
    MPI_Comm comm, dup;
    double t0, t_set, t_dup_info, t_dup, t_get, t_split;
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

    MPI_Barrier(comm);
    t0 = MPI_Wtime();
    for (int i = 0; i < REPS; i++) {
        MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, info, &dup);
        MPI_Comm_free(&dup);
    }
    t_split = MPI_Wtime() - t0;

    /* Latency with and without hints, in alternating rounds so that both
     * see the same machine; the best round of each counts. */
    MPI_Info asserts;
    MPI_Comm plain, hinted;
    MPI_Info_create(&asserts);
    MPI_Info_set(asserts, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(asserts, "mpi_assert_no_any_source", "true");
    MPI_Info_set(asserts, "mpi_assert_exact_length", "true");
    MPI_Info_set(asserts, "mpi_assert_allow_overtaking", "true");
    MPI_Comm_dup(comm, &plain);
    MPI_Comm_dup_with_info(comm, asserts, &hinted);
    double best_plain = 1e30, best_hinted = 1e30;
    for (int r = 0; r < ROUNDS; r++) {
        double t = pingpong_us(plain, rank);
        best_plain = t < best_plain ? t : best_plain;
        t = pingpong_us(hinted, rank);
        best_hinted = t < best_hinted ? t : best_hinted;
    }
    MPI_Comm_free(&plain);
    MPI_Comm_free(&hinted);
    MPI_Info_free(&asserts);

    if (rank == 0) {
        printf("comm set_info %.2f\n", t_set / REPS * 1e6);
        printf("comm dup_with_info+free %.2f\n", t_dup_info / REPS * 1e6);
        printf("comm dup+free %.2f\n", t_dup / REPS * 1e6);
        printf("comm get_info+free %.2f\n", t_get / REPS * 1e6);
        printf("comm split_type+free %.2f\n", t_split / REPS * 1e6);
        printf("comm latency-no-hints %.3f\n", best_plain);
        printf("comm latency-with-hints %.3f\n", best_hinted);
    }
    MPI_Comm_free(&comm);
    MPI_Info_free(&info);
    MPI_Finalize();
    return 0;
}
