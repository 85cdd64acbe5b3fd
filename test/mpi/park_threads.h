/* The other threads of a test stand still while its main thread calls
 * MPI_Finalize: MPI_FINALIZE should be called only after all the process's
 * threads have completed their MPI calls (MPI-4.1 11.6.2, "Finalize").
 * A thread calls park_if_asked between its MPI calls, and park_for_good
 * when it ends; the main thread calls park_others before MPI_Finalize and
 * unpark_others after it. */
#ifndef MPICH_INFO_TEST_PARK_THREADS_H
#define MPICH_INFO_TEST_PARK_THREADS_H
#include <unistd.h>

static int park_asked, parked;

static void park_if_asked(void)
{
    if (!__atomic_load_n(&park_asked, __ATOMIC_ACQUIRE))
        return;
    __atomic_fetch_add(&parked, 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(&park_asked, __ATOMIC_ACQUIRE))
        usleep(100);
    __atomic_fetch_sub(&parked, 1, __ATOMIC_ACQ_REL);
}

/* A thread that ends stands still for good. */
static void park_for_good(void)
{
    __atomic_fetch_add(&parked, 1, __ATOMIC_ACQ_REL);
}

/* Returns once the THREADS other threads stand still. */
static void park_others(int threads)
{
    __atomic_store_n(&park_asked, 1, __ATOMIC_RELEASE);
    while (__atomic_load_n(&parked, __ATOMIC_ACQUIRE) < threads)
        usleep(100);
}

static void unpark_others(void)
{
    __atomic_store_n(&park_asked, 0, __ATOMIC_RELEASE);
}
#endif
