/* Small messages that arrive before their receives are kept in small buffers
 * (doc/assertions.txt, "Small messages that come first"): 4096 queued 8-byte
 * messages must raise the receiver's resident memory by less than 8 MiB.
 * MPICH 4.0.2's ch4 device keeps each in a cell of 68 KiB, whose first page
 * it touches: 16 MiB for the buffers alone. A bound on memory within one run,
 * not a timing.
 * mpich-info-test: np=2 section=performance */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>

#define MESSAGES 4096
#define BOUND_KIB (8 * 1024)
#define LAST_TAG MESSAGES

static long resident_kib(void)
{
    long pages = -1, resident = -1;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = -1;
        fclose(f);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Rank 0 sends MESSAGES 8-byte messages and a last one when rank 1 says
 * go; rank 1 waits for the last, so the others are all queued, and returns
 * how much its resident memory grew meanwhile, then receives them. */
static long queued_growth_kib(int rank)
{
    static double bufs[MESSAGES + 1];
    char go = 0;
    long growth = 0;

    if (rank == 0) {
        MPI_Recv(&go, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int t = 0; t <= MESSAGES; t++)
            MPI_Send(&bufs[t], 1, MPI_DOUBLE, 1, t, MPI_COMM_WORLD);
    } else {
        long before = resident_kib();
        MPI_Send(&go, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&bufs[LAST_TAG], 1, MPI_DOUBLE, 0, LAST_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        growth = resident_kib() - before;
        for (int t = MESSAGES - 1; t >= 0; t--)
            MPI_Recv(&bufs[t], 1, MPI_DOUBLE, 0, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return growth;
}

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1 && resident_kib() < 0) {
        printf("unexpected_small_memory: /proc/self/statm unreadable\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* (the first round sizes MPICH's request pools; the second is measured) */
    queued_growth_kib(rank);
    long growth = queued_growth_kib(rank);
    if (rank == 1) {
        printf("unexpected_small_memory: %d queued messages, resident memory +%ld KiB\n",
               MESSAGES, growth);
        CHECK(growth < BOUND_KIB,
              "%d queued 8-byte messages: expected the resident memory to grow by less than %d KiB, got %ld KiB",
              MESSAGES, BOUND_KIB, growth);
    }
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
