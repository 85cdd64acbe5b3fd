/* Communicators to hold while a benchmark makes the ones it compares.
 * MPICH keeps its first MPID_COMM_PREALLOC (8) communicator objects in a
 * static block, whose handles it turns into pointers with fewer
 * instructions than those of the objects it allocates later (about 16 per
 * call of MPI_Send or MPI_Recv). Two communicators made one after the
 * other may fall on either side of that line, and a comparison of their
 * costs would measure it. With these held, both come from the later
 * blocks, in every library measured. */
#ifndef MPICH_INFO_BENCH_SPARE_COMMS_H
#define MPICH_INFO_BENCH_SPARE_COMMS_H

#include <mpi.h>

#define SPARE_COMMS 8

static inline void hold_spare_comms(MPI_Comm base, MPI_Comm spare[SPARE_COMMS])
{
    for (int i = 0; i < SPARE_COMMS; i++)
        MPI_Comm_dup(base, &spare[i]);
}

static inline void free_spare_comms(MPI_Comm spare[SPARE_COMMS])
{
    for (int i = 0; i < SPARE_COMMS; i++)
        MPI_Comm_free(&spare[i]);
}

#endif
