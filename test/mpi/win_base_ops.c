/* A window's memory is where the program has it, for every operation.
 * MPI-4.1 section 12.2.6: MPI_WIN_BASE is the base the window was created
 * with (MPI_Win_create) or that MPI_Win_allocate returned; section 12.3.4:
 * MPI_Accumulate, MPI_Fetch_and_op and MPI_Compare_and_swap update the
 * target's memory at the displacement given, and section 12.7.1: concurrent
 * accumulates to one location are applied atomically, each exactly once.
 * The memory here is not aligned to 16 bytes: MPI_Win_allocate of several
 * processes of a node may share one segment (rank 1's memory starts 12
 * bytes in), and MPI_Win_create is given memory 4 bytes into an
 * allocation. (Stock Debian MPICH 4.0.2, ch4:ucx: the base moved to an
 * aligned address below, and the operations changed another process's
 * memory.)
 * mpich-info-test: np=2,4 section=fixes */
#include <stdlib.h>
#include "check.h"

enum { FOP_SLOT, ACC_SLOT, CAS_SLOT, SLOTS };

static void check_window(MPI_Win win, int *mine, const char *how)
{
    int rank, size, target, one = 1, ten = 10, old, compare = -1, flag;
    void *base;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int fetched[size];
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    CHECK(flag && base == (void *) mine, "%s: expected MPI_WIN_BASE %p, got %p", how,
          (void *) mine, flag ? base : NULL);

    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    mine[FOP_SLOT] = 0;
    mine[ACC_SLOT] = 0;
    mine[CAS_SLOT] = -1;
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);

    /* every process adds 1 and 10 at every process; each swaps its rank
     * into the next process's third slot */
    MPI_Win_lock_all(0, win);
    for (target = 0; target < size; target++) {
        MPI_Fetch_and_op(&one, &fetched[target], MPI_INT, target, FOP_SLOT, MPI_SUM, win);
        MPI_Accumulate(&ten, 1, MPI_INT, target, ACC_SLOT, 1, MPI_INT, MPI_SUM, win);
    }
    target = (rank + 1) % size;
    MPI_Compare_and_swap(&rank, &compare, &old, MPI_INT, target, CAS_SLOT, win);
    MPI_Win_unlock_all(win);
    CHECK(old == -1, "%s: compare-and-swap at rank %d: expected to find -1, found %d", how,
          target, old);
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    CHECK(mine[FOP_SLOT] == size, "%s: rank %d: expected %d after MPI_Fetch_and_op, got %d",
          how, rank, size, mine[FOP_SLOT]);
    CHECK(mine[ACC_SLOT] == 10 * size, "%s: rank %d: expected %d after MPI_Accumulate, got %d",
          how, rank, 10 * size, mine[ACC_SLOT]);
    CHECK(mine[CAS_SLOT] == (rank + size - 1) % size,
          "%s: rank %d: expected %d after MPI_Compare_and_swap, got %d", how, rank,
          (rank + size - 1) % size, mine[CAS_SLOT]);
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    MPI_Win win;
    int *mine, *allocation;

    MPI_Init(&argc, &argv);

    MPI_Win_allocate(SLOTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine,
                     &win);
    check_window(win, mine, "MPI_Win_allocate");
    MPI_Win_free(&win);

    allocation = malloc((SLOTS + 1) * sizeof(int));
    MPI_Win_create(allocation + 1, SLOTS * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    check_window(win, allocation + 1, "MPI_Win_create, 4 bytes into an allocation");
    MPI_Win_free(&win);
    free(allocation);

    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
