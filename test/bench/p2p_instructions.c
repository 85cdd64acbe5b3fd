/* A fixed amount of point-to-point work between ranks 0 and 1 (the message
 * rate loop of p2p_bench.c, fewer windows) for counting the instructions
 * of each call under callgrind: unlike a time, the count of one call does
 * not depend on what else the machine does, so a change of a few
 * instructions on the message path shows. */
#include <mpi.h>

#define WINDOW 64
#define WINDOWS 100

int main(int argc, char **argv)
{
    static char bufs[WINDOW][8];
    MPI_Request reqs[WINDOW];
    MPI_Status statuses[WINDOW];  /* (gcc warns of MPI_STATUSES_IGNORE here) */
    MPI_Comm comm;
    int rank;
    char ack = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (rank < 2) {
        for (int w = 0; w < WINDOWS; w++) {
            for (int i = 0; i < WINDOW; i++) {
                if (rank == 0)
                    MPI_Isend(bufs[i], 8, MPI_CHAR, 1, i, comm, &reqs[i]);
                else
                    MPI_Irecv(bufs[i], 8, MPI_CHAR, 0, i, comm, &reqs[i]);
            }
            MPI_Waitall(WINDOW, reqs, statuses);
            if (rank == 0)
                MPI_Recv(&ack, 1, MPI_CHAR, 1, WINDOW, comm, MPI_STATUS_IGNORE);
            else
                MPI_Send(&ack, 1, MPI_CHAR, 0, WINDOW, comm);
        }
    }
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
