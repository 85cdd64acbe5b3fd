/* MPI_Session_create_errhandler and MPI_Errhandler_free (callable before
 * init and after finalize, MPI-4.1 11.4.1) looping in one thread while the
 * main thread starts MPI at MPI_THREAD_MULTIPLE with sessions (the first
 * starts MPI; it then idles between them, doc/sessions.txt), makes calls
 * under the global critical section in between, stops MPI with
 * MPI_Init_thread and MPI_Finalize (the other thread stands still during
 * MPI_Finalize: park_threads.h) and starts it again with a session. So
 * isThreaded, which says whether the calls take the global critical
 * section, changes at the first start, at the stop and at the new start. A
 * call that began while MPI ran unthreaded must not leave a critical
 * section it never entered (the count goes below zero: MPIR_Assert, or
 * another thread's lock is released), nor may one that entered it find it
 * skipped at exit (the mutex is left locked and destroyed locked at
 * finalize). Whether a call sees isThreaded change is a matter of timing
 * here; session_errhandler_helgrind.sh runs this program under helgrind,
 * which orders accesses by the locks taken, not by the timing, and so sees
 * a change made without the lock.
 * mpich-info-test: np=1 section=sessions */
#include "check.h"
#include <pthread.h>
#include <unistd.h>
#include "on_valgrind.h"
#include "park_threads.h"

#define CYCLES (RUNNING_ON_VALGRIND ? 3 : 100)
#define CALLS (RUNNING_ON_VALGRIND ? 5 : 50)

static int stop;

static void session_fn(MPI_Session * session, int *code, ...)
{
    (void) session;
    (void) code;
}

static void *churn(void *arg)
{
    long *rounds = arg;
    int rc = MPI_SUCCESS;
    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE) && rc == MPI_SUCCESS) {
        park_if_asked();
        MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
        rc = MPI_Session_create_errhandler(session_fn, &eh);
        if (rc == MPI_SUCCESS)
            rc = MPI_Errhandler_free(&eh);
        ++*rounds;
        /* valgrind runs one thread at a time, and helgrind's cost grows
         * with each lock taken: let the starts go on */
        if (RUNNING_ON_VALGRIND)
            usleep(1000);
    }
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "churn: expected create/free to succeed, got error %d\n", rc);
        __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
    }
    park_for_good();
    return NULL;
}

/* A session at MPI_THREAD_MULTIPLE, its error handler set CALLS times;
 * returns 0 if it could not start. */
static int one_session(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(session_init_at("MPI_THREAD_MULTIPLE", &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        return 0;
    for (int j = 0; j < CALLS; j++) {
        MPI_Errhandler eh;
        int npsets;
        CHECK_CLASS(MPI_Session_create_errhandler(session_fn, &eh), MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_set_errhandler(session, eh), MPI_SUCCESS);
        CHECK_CLASS(MPI_Errhandler_free(&eh), MPI_SUCCESS);
        CHECK_CLASS(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets), MPI_SUCCESS);
    }
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
    return 1;
}

int main(void)
{
    pthread_t thread;
    long rounds = 0;
    int provided, started = 1;

    pthread_create(&thread, NULL, churn, &rounds);
    for (int i = 0; i < CYCLES && started; i++)
        started = one_session();
    if (started) {
        MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
        park_others(1);
        MPI_Finalize();
        unpark_others();
        /* (under valgrind, let the other thread make calls while MPI is
         * stopped, before the new start) */
        if (RUNNING_ON_VALGRIND)
            usleep(20000);
        one_session();
    }
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    pthread_join(thread, NULL);
    CHECK(rounds > 0, "expected the other thread to have made calls");
    return check_finish(MPI_COMM_NULL);
}
