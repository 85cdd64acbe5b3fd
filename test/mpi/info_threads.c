/* Concurrent info calls (R-I14): several threads set, get, delete, dup and
 * walk with get_nthkey, on their own infos and on one shared info, before
 * MPI_Init and under MPI_THREAD_MULTIPLE. No crash, no lost or corrupted
 * entry: afterwards the shared info holds exactly the keys the threads left.
 * mpich-info-test: np=1,2 */
#include "check.h"
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
#define NKEYS 400

static MPI_Info shared;
/* Walking with get_nkeys + get_nthkey is only meaningful while no key is
 * deleted (the count would shrink under the walker), so every thread
 * finishes the set-and-walk phase before any thread starts deleting. */
static pthread_barrier_t phase_barrier;

/* Walk a private dup of the shared info while others delete from it: the
 * dup is a consistent snapshot, so every index below its count must name a
 * key whose value can be read back from the dup. */
static void walk_snapshot(int t)
{
    MPI_Info dup;
    char key[MPI_MAX_INFO_KEY + 1], got[64];
    int nkeys, flag;

    MPI_Info_dup(shared, &dup);
    MPI_Info_get_nkeys(dup, &nkeys);
    for (int n = 0; n < nkeys; n++) {
        MPI_Info_get_nthkey(dup, n, key);
        MPI_Info_get(dup, key, 63, got, &flag);
        if (!flag || got[0] != 'v') {
            fprintf(stderr, "thread %d: snapshot key %d '%s': expected a value, got '%s'\n", t, n,
                    key, flag ? got : "(absent)");
            __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
            break;
        }
    }
    MPI_Info_free(&dup);
}

static void *worker(void *arg)
{
    int t = (int) (long) arg, flag, nkeys;
    char key[64], value[64], got[64];
    MPI_Info own, dup;

    MPI_Info_create(&own);
    for (int i = 0; i < NKEYS; i++) {
        snprintf(key, sizeof(key), "t%d_k%d", t, i);
        snprintf(value, sizeof(value), "v%d_%d", t, i);
        MPI_Info_set(shared, key, value);
        MPI_Info_set(own, key, value);
        /* Read back our own key from the shared info while others write. */
        MPI_Info_get(shared, key, 63, got, &flag);
        if (!flag || strcmp(got, value) != 0) {
            fprintf(stderr, "thread %d: %s: expected '%s', got '%s'\n", t, key, value,
                    flag ? got : "(absent)");
            __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
        }
        if (i % 50 == 0) {
            /* Walk and dup the shared info while others add to it: keys
             * only grow in this phase, so every index below the count read
             * is valid; which key it names may change. */
            MPI_Info_get_nkeys(shared, &nkeys);
            for (int n = 0; n < nkeys; n += 37)
                MPI_Info_get_nthkey(shared, n, got);
            MPI_Info_dup(shared, &dup);
            MPI_Info_free(&dup);
        }
    }
    pthread_barrier_wait(&phase_barrier);
    /* Delete the odd keys we added, snapshotting the shared info meanwhile. */
    for (int i = 1; i < NKEYS; i += 2) {
        snprintf(key, sizeof(key), "t%d_k%d", t, i);
        MPI_Info_delete(shared, key);
        if (i % 51 == 0)
            walk_snapshot(t);
    }
    MPI_Info_get_nkeys(own, &nkeys);
    if (nkeys != NKEYS) {
        fprintf(stderr, "thread %d: own info: expected %d keys, got %d\n", t, NKEYS, nkeys);
        __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
    }
    MPI_Info_free(&own);
    return NULL;
}

static void run_threads(const char *phase)
{
    pthread_t threads[NTHREADS];
    char key[64], value[64], got[64];
    int flag, nkeys;

    MPI_Info_create(&shared);
    pthread_barrier_init(&phase_barrier, NULL, NTHREADS);
    for (long t = 0; t < NTHREADS; t++)
        pthread_create(&threads[t], NULL, worker, (void *) t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&phase_barrier);

    MPI_Info_get_nkeys(shared, &nkeys);
    CHECK(nkeys == NTHREADS * NKEYS / 2, "%s: expected %d keys left, got %d", phase,
          NTHREADS * NKEYS / 2, nkeys);
    for (int t = 0; t < NTHREADS; t++) {
        for (int i = 0; i < NKEYS; i++) {
            snprintf(key, sizeof(key), "t%d_k%d", t, i);
            snprintf(value, sizeof(value), "v%d_%d", t, i);
            MPI_Info_get(shared, key, 63, got, &flag);
            if (i % 2 == 0)
                CHECK(flag && strcmp(got, value) == 0, "%s: %s: expected '%s', got '%s'", phase,
                      key, value, flag ? got : "(absent)");
            else
                CHECK(!flag, "%s: %s: expected deleted, found '%s'", phase, key, got);
        }
    }
    MPI_Info_free(&shared);
}

int main(int argc, char **argv)
{
    int provided;

    run_threads("before MPI_Init");
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    CHECK(provided == MPI_THREAD_MULTIPLE, "expected MPI_THREAD_MULTIPLE, got %d", provided);
    run_threads("under MPI_THREAD_MULTIPLE");
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
