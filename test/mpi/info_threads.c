/* Concurrent info calls (R-I14): several threads set, get, delete, dup and
 * walk with get_nthkey, on their own infos and on one shared info, before
 * MPI_Init, while MPI idles after a session at MPI_THREAD_SINGLE, and under
 * MPI_THREAD_MULTIPLE. No crash, no lost or corrupted
 * entry: afterwards the shared info holds exactly the keys the threads left.
 * Then MPI_Info_get_string (doc/info.txt, "Threads": each info object has its
 * own lock, so concurrent calls on the same object are safe; patch 0023:
 * MPIR_Info_get_string_impl takes it) on keys another thread keeps replacing
 * with a value of another length, deleting and setting again, and adding and
 * deleting beside: every read returns one whole value, with a flag and a
 * buflen that belong to it. (Without the lock a read races with the writer,
 * which info_helgrind.sh reports on every run; this run alone sees it only
 * when the race lands.)
 * mpich-info-test: np=1,2 section=sessions */
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

/* ---- MPI_Info_get_string while another thread changes the same info ---- */

#define GS_READERS (NTHREADS - 1)
/* Reads per reader (four calls each) and writes (four to six calls each):
 * enough for the race to land in most runs of this program alone (20 of
 * 20 runs on 2 cores with the lock taken out of MPI_Info_get_string);
 * under valgrind fewer, since helgrind reports a read without the lock
 * whatever the timing, and each round costs a hundred times more there. */
#include "on_valgrind.h"
#define GS_ROUNDS (RUNNING_ON_VALGRIND ? 1000 : 100000)
#define SHORT_LEN 24
#define LONG_LEN 700

static char short_value[SHORT_LEN + 1], long_value[LONG_LEN + 1];
static const char *const flicker_value = "flicker-value";
static pthread_barrier_t gs_barrier;
static const char *gs_phase;

static void gs_fail(int t, int *failures, const char *fmt, const char *got, int a, int b)
{
    if (++*failures > 5)
        return;
    fprintf(stderr, "%s: get_string reader %d: ", gs_phase, t);
    fprintf(stderr, fmt, got, a, b);
    fprintf(stderr, "\n");
    __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
}

/* "swap" holds short_value or long_value; "flicker" flicker_value or
 * nothing. Each read must return one of them whole, with its length. */
static void *gs_reader(void *arg)
{
    int t = (int) (long) arg, failures = 0, flag, buflen;
    char got[LONG_LEN + 8], prefix[11];

    pthread_barrier_wait(&gs_barrier);
    for (int i = 0; i < GS_ROUNDS && failures == 0; i++) {
        /* room for either value */
        buflen = sizeof(got);
        flag = 0;
        got[0] = '\0';
        MPI_Info_get_string(shared, "swap", &buflen, got, &flag);
        if (!flag || (strcmp(got, short_value) != 0 && strcmp(got, long_value) != 0) ||
            buflen != (int) strlen(got) + 1)
            gs_fail(t, &failures, "swap: expected flag 1 and one of the two values whole with "
                    "buflen its length + 1, got '%.60s...' with flag %d, buflen %d", got, flag,
                    buflen);
        /* the length alone */
        buflen = 0;
        flag = 0;
        MPI_Info_get_string(shared, "swap", &buflen, NULL, &flag);
        if (!flag || (buflen != SHORT_LEN + 1 && buflen != LONG_LEN + 1))
            gs_fail(t, &failures, "swap, buflen 0: expected flag 1 and buflen "
                    "25 or 701%s, got flag %d, buflen %d", "", flag, buflen);
        /* a short buffer: a prefix of the value whose length comes back */
        buflen = sizeof(prefix);
        flag = 0;
        prefix[0] = '\0';
        MPI_Info_get_string(shared, "swap", &buflen, prefix, &flag);
        if (!flag || strlen(prefix) != sizeof(prefix) - 1 ||
            !(strncmp(prefix, short_value, sizeof(prefix) - 1) == 0 ? buflen == SHORT_LEN + 1 :
              strncmp(prefix, long_value, sizeof(prefix) - 1) == 0 && buflen == LONG_LEN + 1))
            gs_fail(t, &failures, "swap, buflen 11: expected flag 1 and the first 10 "
                    "characters of the value whose length + 1 buflen gives, got '%s' with "
                    "flag %d, buflen %d", prefix, flag, buflen);
        /* a key that comes and goes */
        buflen = sizeof(got);
        flag = 0;
        got[0] = '\0';
        MPI_Info_get_string(shared, "flicker", &buflen, got, &flag);
        if (flag && (strcmp(got, flicker_value) != 0 || buflen != (int) strlen(flicker_value) + 1))
            gs_fail(t, &failures, "flicker: expected absent or 'flicker-value' with buflen "
                    "14, got '%.60s' with flag %d, buflen %d", got, flag, buflen);
    }
    return NULL;
}

/* Replaces "swap" with the value of the other length (the entry moves),
 * deletes and sets "flicker", and now and then adds and deletes a run of
 * keys, so that the table is rebuilt under the readers. */
static void *gs_writer(void *arg)
{
    char key[32];
    (void) arg;
    int rc = MPI_SUCCESS;
    pthread_barrier_wait(&gs_barrier);
    for (int i = 0; i < GS_ROUNDS && rc == MPI_SUCCESS; i++) {
        rc |= MPI_Info_set(shared, "swap", long_value);
        rc |= MPI_Info_delete(shared, "flicker");
        rc |= MPI_Info_set(shared, "swap", short_value);
        rc |= MPI_Info_set(shared, "flicker", flicker_value);
        snprintf(key, sizeof(key), "extra%d", i % 64);
        if ((i / 64) % 2 == 0)
            rc |= MPI_Info_set(shared, key, short_value);
        else
            rc |= MPI_Info_delete(shared, key);
    }
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "%s: get_string writer: expected its sets and deletes to succeed, got "
                "error %d\n", gs_phase, rc);
        __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void run_get_string(const char *phase)
{
    pthread_t threads[GS_READERS + 1];
    char got[LONG_LEN + 8];
    int flag, buflen = sizeof(got);

    gs_phase = phase;
    memset(short_value, 's', SHORT_LEN);
    memset(long_value, 'L', LONG_LEN);
    MPI_Info_create(&shared);
    MPI_Info_set(shared, "swap", short_value);
    MPI_Info_set(shared, "flicker", flicker_value);
    pthread_barrier_init(&gs_barrier, NULL, GS_READERS + 1);
    pthread_create(&threads[0], NULL, gs_writer, NULL);
    for (long t = 1; t <= GS_READERS; t++)
        pthread_create(&threads[t], NULL, gs_reader, (void *) t);
    for (int t = 0; t <= GS_READERS; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&gs_barrier);

    MPI_Info_get_string(shared, "swap", &buflen, got, &flag);
    CHECK(flag && strcmp(got, short_value) == 0, "%s: swap at the end: expected '%s', got '%s'",
          phase, short_value, flag ? got : "(absent)");
    MPI_Info_free(&shared);
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
    run_get_string("before MPI_Init");
    /* A session at MPI_THREAD_SINGLE, ended: MPI stays started but idle
     * (doc/sessions.txt, "Sessions and the start of MPI"), and info calls
     * may again come from any thread, as before MPI started. */
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Info level;
    MPI_Info_create(&level);
    MPI_Info_set(level, "thread_level", "MPI_THREAD_SINGLE");
    int rc = MPI_Session_init(level, MPI_ERRORS_RETURN, &session);
    CHECK(rc == MPI_SUCCESS, "MPI_Session_init at MPI_THREAD_SINGLE: expected MPI_SUCCESS, "
          "got %s", error_class_name(error_class(rc)));
    MPI_Info_free(&level);
    if (session != MPI_SESSION_NULL) {
        /* (at a higher level the info calls would lock anyway, and the
         * phase would check nothing) */
        MPI_Info used;
        MPI_Session_get_info(session, &used);
        const char *got = hint_value(used, "thread_level");
        CHECK(strcmp(got, "MPI_THREAD_SINGLE") == 0, "session before the idle phase: "
              "thread_level expected MPI_THREAD_SINGLE, got %s", got);
        MPI_Session_finalize(&session);
    }
    run_threads("while MPI idles after a session");
    run_get_string("while MPI idles after a session");
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    CHECK(provided == MPI_THREAD_MULTIPLE, "expected MPI_THREAD_MULTIPLE, got %d", provided);
    run_threads("under MPI_THREAD_MULTIPLE");
    run_get_string("under MPI_THREAD_MULTIPLE");
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
