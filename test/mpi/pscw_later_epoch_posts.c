/* Generalized active target synchronization (MPI-4.1 12.5.2) in rounds
 * where a process's next access epoch begins with posts that may arrive
 * while it still waits in MPI_Win_start for the posts of the current one:
 * each round, even and odd processes first access each other (one group),
 * then the processes of their own parity (another group), on a window made
 * by MPI_Win_allocate (shared memory where the processes share a node).
 * Every MPI_Win_start must return once the processes of its group have
 * posted, whatever else has been posted to it meanwhile, and every put
 * must land. A process that misses the end of a start would wait forever:
 * a round not over within ROUND_SECONDS fails the run, each process naming
 * itself and the round it is still in (a kill at make check's time limit
 * would fail it too, but make audit does not count a kill as a test
 * noticing). (MPICH 4.0.2 counts the posts a start waits for and waits for
 * an exact count; once a call of progress could receive several messages,
 * posts of the next epoch overshot it, and MPICH's own
 * rma/pscw_ordering_shm hung.)
 * mpich-info-test: np=4 section=fixes */
#include "check.h"
#include "round_deadline.h"
#include <stdlib.h>

#define ROUNDS 300
/* a round takes milliseconds (about 50 on average with Debian's package
 * on 2 cores) */
#define ROUND_SECONDS 30

/* The group of the processes of WORLD_GROUP with rank parity PARITY. */
static MPI_Group parity_group(MPI_Group world_group, int nproc, int parity)
{
    int n = 0, *ranks = malloc(sizeof(int) * nproc);
    MPI_Group group;
    for (int r = parity; r < nproc; r += 2)
        ranks[n++] = r;
    MPI_Group_incl(world_group, n, ranks, &group);
    free(ranks);
    return group;
}

/* One access and exposure epoch over GROUP, the processes of rank parity
 * PARITY among NPROC: each process puts a value made of ROUND and its rank
 * into its slot at every process of the group. MPI_Win_start may wait for
 * the posts of its group, so a process starts before it posts
 * (START_FIRST) only where the others of the group post first, as in
 * MPICH's rma/pscw_ordering. */
static void epoch(MPI_Win win, MPI_Group group, int parity, int nproc, int rank, int round,
                  int start_first, int *value)
{
    *value = round * 1000 + rank;
    if (start_first) {
        MPI_Win_start(group, 0, win);
        MPI_Win_post(group, 0, win);
    } else {
        MPI_Win_post(group, 0, win);
        MPI_Win_start(group, 0, win);
    }
    for (int target = parity; target < nproc; target += 2)
        MPI_Put(value, 1, MPI_INT, target, rank, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
}

int main(int argc, char **argv)
{
    int rank, nproc, value;
    int *buf;
    MPI_Win win;
    MPI_Group world_group, even, odd;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nproc);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    even = parity_group(world_group, nproc, 0);
    odd = parity_group(world_group, nproc, 1);

    MPI_Win_allocate(nproc * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                     &buf, &win);
    MPI_Group mine = rank % 2 ? odd : even, other = rank % 2 ? even : odd;

    for (int round = 0; round < ROUNDS; round++) {
        arm_round_deadline(rank, round, ROUNDS, ROUND_SECONDS,
                           "every MPI_Win_start to return once the processes of its group"
                           " had posted");
        /* The rounds are kept apart, so that every post of a process's next
         * epoch is sent after those of its current one have been (the
         * messages of the epochs of one round are ordered by their
         * completions; MPICH 4.0.2 relies on that order, as it counts
         * posts without matching them to their senders). */
        MPI_Barrier(MPI_COMM_WORLD);
        /* even processes start first, odd ones post first */
        epoch(win, other, 1 - rank % 2, nproc, rank, round, rank % 2 == 0, &value);
        epoch(win, mine, rank % 2, nproc, rank, round, 0, &value);
        /* Every process has put into this one's slot in this round: the
         * other parity in the first epoch, this one's in the second
         * (MPI_Win_wait ended the exposure epochs: the data is here). */
        for (int r = 0; r < nproc; r++) {
            int want = round * 1000 + r;
            CHECK(buf[r] == want, "round %d: slot %d: expected %d, got %d", round, r, want,
                  buf[r]);
        }
    }
    alarm(0);

    MPI_Win_free(&win);
    MPI_Group_free(&even);
    MPI_Group_free(&odd);
    MPI_Group_free(&world_group);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
