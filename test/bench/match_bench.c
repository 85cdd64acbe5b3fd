/* The cost of matching a message against deep queues, on 2 processes:
 * rank 1 receives, rank 0 sends, 8-byte messages with distinct tags.
 *   posted  rank 1 posts DEPTH receives (tags 0..DEPTH-1) and tells rank 0,
 *           which sends in reverse order: each message's receive is the
 *           last of those still posted, so a queue walked in order is
 *           walked to its end.
 *   unexp   rank 0 sends DEPTH messages (tags 0..DEPTH-1) and a last one
 *           that rank 1 waits for, so all of them are queued as
 *           unexpected; rank 1 then receives them in reverse order. Only
 *           those receives are timed, not the sends and the queueing of
 *           the arrivals before them: their time depends on whether the
 *           virtual machine's two cores are close together (a third of
 *           the time) or apart, which made the speed-up at depth 4096
 *           anything from 10.7x to 27.5x from one run to the next.
 * Each on a communicator without hints and on one that asserts
 * mpi_assert_no_any_source and mpi_assert_no_any_tag (the hints that allow
 * matching by (source, tag) without a walk), taking turns, the best of
 * ROUNDS rounds counting.
 * Output (rank 1): lines "mode/depth/comm ns-per-message". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "spare_comms.h"

#define ROUNDS 5
/* messages per timed run: enough for a shallow queue to take a
 * measurable time, a deep one repeats at least twice */
#define MESSAGES 65536
#define READY_TAG 1000000

static int repeats_for(int depth)
{
    int r = MESSAGES / depth;
    return r < 2 ? 2 : r;
}

/* One batch of DEPTH messages whose receives are posted first; returns
 * its time: matching happens as the messages arrive. */
static double posted_batch(MPI_Comm comm, int rank, int depth, char (*bufs)[8],
                           MPI_Request * reqs, MPI_Status * statuses)
{
    char ready = 0;
    double t0 = MPI_Wtime();
    if (rank == 1) {
        for (int t = 0; t < depth; t++)
            MPI_Irecv(bufs[t], 8, MPI_CHAR, 0, t, comm, &reqs[t]);
        MPI_Send(&ready, 1, MPI_CHAR, 0, READY_TAG, comm);
        MPI_Waitall(depth, reqs, statuses);
    } else {
        MPI_Recv(&ready, 1, MPI_CHAR, 1, READY_TAG, comm, MPI_STATUS_IGNORE);
        for (int t = depth - 1; t >= 0; t--)
            MPI_Send(bufs[t], 8, MPI_CHAR, 1, t, comm);
    }
    return MPI_Wtime() - t0;
}

/* One batch of DEPTH messages that arrive before their receives; returns
 * the time of rank 1's receives, where matching happens (0 on rank 0). */
static double unexpected_batch(MPI_Comm comm, int rank, int depth, char (*bufs)[8],
                               MPI_Request * reqs, MPI_Status * statuses)
{
    char ready = 0;
    double receives = 0;
    if (rank == 0) {
        for (int t = 0; t < depth; t++)
            MPI_Send(bufs[t], 8, MPI_CHAR, 1, t, comm);
        /* (after the others: the order of messages between two processes
         * on one communicator) */
        MPI_Send(&ready, 1, MPI_CHAR, 1, READY_TAG, comm);
        /* the receiver's queue is empty again before the next batch */
        MPI_Recv(&ready, 1, MPI_CHAR, 1, READY_TAG, comm, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&ready, 1, MPI_CHAR, 0, READY_TAG, comm, MPI_STATUS_IGNORE);
        double t0 = MPI_Wtime();
        for (int t = depth - 1; t >= 0; t--)
            MPI_Irecv(bufs[t], 8, MPI_CHAR, 0, t, comm, &reqs[t]);
        MPI_Waitall(depth, reqs, statuses);
        receives = MPI_Wtime() - t0;
        MPI_Send(&ready, 1, MPI_CHAR, 0, READY_TAG, comm);
    }
    return receives;
}

typedef double batch_fn(MPI_Comm, int, int, char (*)[8], MPI_Request *, MPI_Status *);

static double ns_per_message(batch_fn * batch, MPI_Comm comm, int rank, int depth,
                             char (*bufs)[8], MPI_Request * reqs, MPI_Status * statuses)
{
    int repeats = repeats_for(depth);
    batch(comm, rank, depth, bufs, reqs, statuses);       /* (warm-up) */
    MPI_Barrier(comm);
    double seconds = 0;
    for (int r = 0; r < repeats; r++)
        seconds += batch(comm, rank, depth, bufs, reqs, statuses);
    return seconds / ((double) repeats * depth) * 1e9;
}

int main(int argc, char **argv)
{
    static const int depths[] = { 1, 16, 256, 4096 };
    enum { NDEPTHS = sizeof(depths) / sizeof(depths[0]) };
    static const struct {
        const char *name;
        batch_fn *batch;
    } modes[] = { { "posted", posted_batch }, { "unexp", unexpected_batch } };
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "match_bench: expected 2 processes, got %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    MPI_Info asserts;
    MPI_Comm plain, hinted, spare[SPARE_COMMS];
    MPI_Info_create(&asserts);
    MPI_Info_set(asserts, "mpi_assert_no_any_source", "true");
    MPI_Info_set(asserts, "mpi_assert_no_any_tag", "true");
    hold_spare_comms(MPI_COMM_WORLD, spare);
    MPI_Comm_dup(MPI_COMM_WORLD, &plain);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, asserts, &hinted);

    char (*bufs)[8] = calloc(depths[NDEPTHS - 1], 8);
    MPI_Request *reqs = malloc(depths[NDEPTHS - 1] * sizeof(MPI_Request));
    /* (gcc warns of MPI_STATUSES_IGNORE given to MPI_Waitall) */
    MPI_Status *statuses = malloc(depths[NDEPTHS - 1] * sizeof(MPI_Status));
    double best[2][NDEPTHS][2];
    for (int m = 0; m < 2; m++)
        for (int d = 0; d < NDEPTHS; d++)
            best[m][d][0] = best[m][d][1] = 1e30;
    for (int round = 0; round < ROUNDS; round++)
        for (int m = 0; m < 2; m++)
            for (int d = 0; d < NDEPTHS; d++)
                for (int c = 0; c < 2; c++) {
                    /* (each round another communicator goes first) */
                    int which = (c + round) % 2;
                    double ns = ns_per_message(modes[m].batch, which ? hinted : plain, rank,
                                               depths[d], bufs, reqs, statuses);
                    if (ns < best[m][d][which])
                        best[m][d][which] = ns;
                }
    if (rank == 1)
        for (int m = 0; m < 2; m++)
            for (int d = 0; d < NDEPTHS; d++) {
                printf("%s/%d/no-hints %.2f\n", modes[m].name, depths[d], best[m][d][0]);
                printf("%s/%d/asserted %.2f\n", modes[m].name, depths[d], best[m][d][1]);
            }

    free(bufs);
    free(reqs);
    free(statuses);
    MPI_Comm_free(&plain);
    MPI_Comm_free(&hinted);
    free_spare_comms(spare);
    MPI_Info_free(&asserts);
    MPI_Finalize();
    return 0;
}
