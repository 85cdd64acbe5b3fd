/* Point-to-point cost between ranks 0 and 1, which the hint machinery must
 * not change: the latency of an 8-byte message (half a round trip) and the
 * message rate (as nanoseconds per 8-byte message, a window of WINDOW
 * nonblocking sends at a time), on a communicator without hints, on one
 * that asserts no wildcards (mpi_assert_no_any_source and _tag: hashed
 * matching, whose depth-1 cost this is) and on one that carries every
 * assertion hint (mpi_assert_exact_length adds its check to each receive).
 * Rounds alternate between the communicators so that all see the same
 * machine; the best round of each counts.
 * Output: lines "measure value".
 * With the argument "count": one message-rate loop on each communicator
 * and no output, for counting the instructions of each call under
 * callgrind (WINDOWS * WINDOW calls of MPI_Isend on rank 0 and of
 * MPI_Irecv on rank 1); callgrind's counters are zeroed before each loop
 * and dumped after it under the communicator's name. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "spare_comms.h"

#define PINGS 20000
#define WINDOW 64
#define WINDOWS 400
/* (count mode: windows of 8, so that a send never finds the transport's
 * queue to the receiver full, which sends some messages another way on
 * some runs and not on others: the counts would vary from run to run) */
#define COUNT_WINDOW 8
#define ROUNDS 6

static double latency_us(MPI_Comm comm, int rank)
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

static double ns_per_message(MPI_Comm comm, int rank, int window)
{
    static char bufs[WINDOW][8];
    MPI_Request reqs[WINDOW];
    MPI_Status statuses[WINDOW];  /* (gcc warns of MPI_STATUSES_IGNORE here) */
    char ack = 0;
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    int windows = WINDOWS * WINDOW / window;
    for (int w = 0; w < windows; w++) {
        for (int i = 0; i < window; i++) {
            if (rank == 0)
                MPI_Isend(bufs[i], 8, MPI_CHAR, 1, i, comm, &reqs[i]);
            else
                MPI_Irecv(bufs[i], 8, MPI_CHAR, 0, i, comm, &reqs[i]);
        }
        MPI_Waitall(window, reqs, statuses);
        /* the receiver tells the sender it has room for the next window */
        if (rank == 0)
            MPI_Recv(&ack, 1, MPI_CHAR, 1, WINDOW, comm, MPI_STATUS_IGNORE);
        else
            MPI_Send(&ack, 1, MPI_CHAR, 0, WINDOW, comm);
    }
    return (MPI_Wtime() - t0) / ((double) windows * window) * 1e9;
}

static double min(double a, double b)
{
    return a < b ? a : b;
}

int main(int argc, char **argv)
{
    MPI_Info asserts, no_wildcards;
    MPI_Comm comms[3], pair, spare[SPARE_COMMS];
    static const char *names[3] = { "no-hints", "no-wildcards", "asserted" };
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* ranks 0 and 1 only, whatever the launch */
    MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &pair);
    if (pair != MPI_COMM_NULL) {
        MPI_Info_create(&no_wildcards);
        MPI_Info_set(no_wildcards, "mpi_assert_no_any_tag", "true");
        MPI_Info_set(no_wildcards, "mpi_assert_no_any_source", "true");
        MPI_Info_dup(no_wildcards, &asserts);
        MPI_Info_set(asserts, "mpi_assert_exact_length", "true");
        MPI_Info_set(asserts, "mpi_assert_allow_overtaking", "true");
        hold_spare_comms(pair, spare);
        MPI_Comm_dup(pair, &comms[0]);
        MPI_Comm_dup_with_info(pair, no_wildcards, &comms[1]);
        MPI_Comm_dup_with_info(pair, asserts, &comms[2]);

        double lat[3] = { 1e30, 1e30, 1e30 }, rate[3] = { 1e30, 1e30, 1e30 };
        /* (count mode: no timed rounds) */
        int rounds = argc > 1 && strcmp(argv[1], "count") == 0 ? 0 : ROUNDS;
        for (int c = 0; rounds == 0 && c < 3; c++) {
            ns_per_message(comms[c], rank, COUNT_WINDOW);       /* (first use) */
            CALLGRIND_DUMP_STATS_AT("-");     /* (every thread's counters: see creation_bench.c) */
            ns_per_message(comms[c], rank, COUNT_WINDOW);
            CALLGRIND_DUMP_STATS_AT(names[c]);
        }
        /* (each round another communicator goes first: the second of a
         * pair measured the same way has come out a few percent slower,
         * whichever it was) */
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 3; k++) {
                int c = (k + r) % 3;
                lat[c] = min(lat[c], latency_us(comms[c], rank));
                rate[c] = min(rate[c], ns_per_message(comms[c], rank, WINDOW));
            }
        }
        if (rank == 0 && rounds > 0) {
            for (int c = 0; c < 3; c++)
                printf("latency-us/%s %.3f\n", names[c], lat[c]);
            for (int c = 0; c < 3; c++)
                printf("ns-per-message/%s %.2f\n", names[c], rate[c]);
        }
        for (int c = 0; c < 3; c++)
            MPI_Comm_free(&comms[c]);
        free_spare_comms(spare);
        MPI_Comm_free(&pair);
        MPI_Info_free(&no_wildcards);
        MPI_Info_free(&asserts);
    }
    MPI_Finalize();
    return 0;
}
