/* Steps of a test put in order between two processes by messages, never by
 * timing: the pair (a process and its neighbour), one process telling the
 * other that it may go on (or that it has sent) and the other waiting for
 * that word, and a wait that gives up, so that a receive a broken MPI never
 * completes fails the test instead of hanging it. Header-only, like
 * check.h. */
#ifndef MPICH_INFO_TEST_HANDSHAKE_H
#define MPICH_INFO_TEST_HANDSHAKE_H

#include <mpi.h>
#include <stdio.h>

/* Tell process peer of comm, with a message of tag. */
static inline void tell(int peer, int tag, MPI_Comm comm)
{
    char word = 0;
    MPI_Send(&word, 1, MPI_CHAR, peer, tag, comm);
}

/* Wait until process peer of comm tells, with a message of tag. */
static inline void await_word(int peer, int tag, MPI_Comm comm)
{
    char word;
    MPI_Recv(&word, 1, MPI_CHAR, peer, tag, comm, MPI_STATUS_IGNORE);
}

/* The process this one pairs with: its neighbour, rank ^ 1 (on the same
 * host of the multi-host bed). A job of an odd size cannot pair up: the
 * launch is wrong, and the job ends. */
static inline int neighbour(const char *test)
{
    int rank, nprocs;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (nprocs % 2) {
        if (rank == 0)
            fprintf(stderr, "%s: expected an even number of processes, got %d\n", test, nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return rank ^ 1;
}

/* Wait at most seconds for req; cancel it when it did not complete by
 * then. Returns whether it completed; *rc (when not NULL) is what
 * completing it returned. */
static inline int wait_within(MPI_Request * req, MPI_Status * st, double seconds, int *rc)
{
    int done = 0, err = MPI_SUCCESS;
    double deadline = MPI_Wtime() + seconds;
    while (!done && MPI_Wtime() < deadline)
        err = MPI_Test(req, &done, st);
    if (!done) {
        MPI_Cancel(req);
        MPI_Wait(req, MPI_STATUS_IGNORE);
    }
    if (rc)
        *rc = err;
    return done;
}

#endif
