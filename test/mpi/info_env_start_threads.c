/* MPI_INFO_ENV read by other threads while MPI starts, and starts again
 * (MPI-4.1 11.2.3, 11.3): info routines may be called before init and
 * after finalize, from several threads. Readers loop on get_nkeys,
 * get_nthkey and get_string of MPI_INFO_ENV while the main thread opens
 * and closes sessions (the first starts MPI and fills MPI_INFO_ENV; MPI
 * then idles between sessions, doc/sessions.txt, and is not started
 * again), calls MPI_Init_thread and MPI_Finalize, which stops MPI (the
 * readers stand still meanwhile: park_threads.h), and then opens a session,
 * which starts MPI again and refills MPI_INFO_ENV while the readers read.
 * Every read must find command first, and command and host with the first
 * start's values. (The refill used to free the pairs and re-create the
 * store and its lock without taking the lock: readers saw keys missing or
 * freed memory, and this program crashed; info_env_start_helgrind.sh
 * reports it whatever the timing.)
 * mpich-info-test: np=1 section=sessions */
#include "check.h"
#include <pthread.h>
#include <unistd.h>
#include <stdlib.h>
#include "on_valgrind.h"
#include "park_threads.h"

#define READERS 3
#define CYCLES (RUNNING_ON_VALGRIND ? 4 : 50)

static int stop, nkeys0;
static char command0[MPI_MAX_INFO_VAL + 1], host0[MPI_MAX_INFO_VAL + 1];

static void fail(long t, int *failures, const char *what, const char *got, int a)
{
    if (++*failures > 5)
        return;
    fprintf(stderr, "reader %ld: %s (got '%.60s', %d)\n", t, what, got, a);
    __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
}

static void *reader(void *arg)
{
    long t = (long) arg;
    int failures = 0;
    char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];

    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE) && failures == 0) {
        park_if_asked();
        int nkeys = -1, flag = 0, buflen = sizeof(value);
        /* The netmod adds keys of its own later in each start, so the
         * count may change; the first key is always the command. */
        MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
        if (nkeys < 2)
            fail(t, &failures, "expected the keys of a start, at least command and host", "",
                 nkeys);
        key[0] = '\0';
        if (MPI_Info_get_nthkey(MPI_INFO_ENV, 0, key) != MPI_SUCCESS || strcmp(key, "command"))
            fail(t, &failures, "expected key 0 to be command", key, 0);
        value[0] = '\0';
        MPI_Info_get_string(MPI_INFO_ENV, "command", &buflen, value, &flag);
        if (!flag || strcmp(value, command0) != 0 || buflen != (int) strlen(command0) + 1)
            fail(t, &failures, "command: expected the first start's value", value, flag);
        buflen = sizeof(value);
        flag = 0;
        value[0] = '\0';
        MPI_Info_get_string(MPI_INFO_ENV, "host", &buflen, value, &flag);
        if (!flag || strcmp(value, host0) != 0)
            fail(t, &failures, "host: expected the first start's value", value, flag);
        /* valgrind runs one thread at a time: let the starts go on */
        if (RUNNING_ON_VALGRIND)
            usleep(1000);
    }
    park_for_good();
    return NULL;
}

/* (at MPI_THREAD_MULTIPLE: the readers call MPI while a session runs) */
static void one_session(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(session_init_at("MPI_THREAD_MULTIPLE", &session), MPI_SUCCESS);
    if (session != MPI_SESSION_NULL)
        MPI_Session_finalize(&session);
}

int main(void)
{
    pthread_t threads[READERS];
    int flag = 0, buflen, provided;

    /* The first start fills MPI_INFO_ENV; later ones refill it. */
    one_session();
    MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys0);
    buflen = sizeof(command0);
    MPI_Info_get_string(MPI_INFO_ENV, "command", &buflen, command0, &flag);
    CHECK(flag && nkeys0 > 0, "expected MPI_INFO_ENV to hold command, got %d keys", nkeys0);
    buflen = sizeof(host0);
    MPI_Info_get_string(MPI_INFO_ENV, "host", &buflen, host0, &flag);
    CHECK(flag, "expected MPI_INFO_ENV to hold host");

    for (long t = 0; t < READERS; t++)
        pthread_create(&threads[t], NULL, reader, (void *) t);
    for (int i = 0; i < CYCLES; i++)
        one_session();
    /* (no arguments: MPI_INFO_ENV comes from the command line, as with sessions) */
    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    park_others(READERS);
    MPI_Finalize();
    unpark_others();
    /* MPI has stopped. Under valgrind, which runs one thread at a time, the
     * readers are given time to read now: helgrind then has reads that
     * nothing but the object's lock orders before the refill. */
    if (RUNNING_ON_VALGRIND)
        usleep(50000);
    one_session();
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    for (int t = 0; t < READERS; t++)
        pthread_join(threads[t], NULL);
    return check_finish(MPI_COMM_NULL);
}
