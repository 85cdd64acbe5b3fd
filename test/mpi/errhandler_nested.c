/* MPI_Session_create_errhandler and MPI_Errhandler_free called from an
 * error handler that another MPI call invoked, at MPI_THREAD_MULTIPLE, while
 * a second thread creates and frees handlers with the same routines. The
 * handler is called from within the call that raised the error (MPI-4.1
 * 9.3), and nothing forbids MPI calls in it; at MPI_THREAD_MULTIPLE any
 * thread may call MPI at any time (MPI-4.1 11.6.1). The erroneous call holds
 * MPICH's lock for MPI calls while its handler runs, so the handler's calls
 * must not take that lock again (an assertion, or a hang) nor wait for a
 * lock the other thread holds while it waits for that one (a hang). Each
 * round must end with the handler run once and its calls done; a hang is
 * killed at the time limit and fails.
 * mpich-info-test: np=1 section=sessions */
#include "check.h"
#include <pthread.h>

#define ROUNDS 2000

static int stop;
static int handler_calls;

static void session_fn(MPI_Session * session, int *code, ...)
{
    (void) session;
    (void) code;
}

static void unused_handler(MPI_Comm * comm, int *code, ...)
{
    (void) comm;
    (void) code;
}

/* The program's handler: makes a handler and frees it. */
static void makes_and_frees(MPI_Comm * comm, int *code, ...)
{
    MPI_Errhandler made = MPI_ERRHANDLER_NULL;

    (void) comm;
    (void) code;
    handler_calls++;
    CHECK_CLASS(MPI_Session_create_errhandler(session_fn, &made), MPI_SUCCESS);
    CHECK_CLASS(MPI_Errhandler_free(&made), MPI_SUCCESS);
}

/* The other thread: the same two routines, and MPI_Comm_create_errhandler,
 * which takes MPICH's lock for MPI calls as most routines do, in a loop. */
static void *churn(void *arg)
{
    long *loops = arg;
    int rc = MPI_SUCCESS;

    while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE) && rc == MPI_SUCCESS) {
        MPI_Errhandler a = MPI_ERRHANDLER_NULL, b = MPI_ERRHANDLER_NULL;
        rc = MPI_Session_create_errhandler(session_fn, &a);
        if (rc == MPI_SUCCESS)
            rc = MPI_Comm_create_errhandler(unused_handler, &b);
        if (a != MPI_ERRHANDLER_NULL)
            MPI_Errhandler_free(&a);
        if (b != MPI_ERRHANDLER_NULL)
            MPI_Errhandler_free(&b);
        (*loops)++;
    }
    return rc == MPI_SUCCESS ? NULL : arg;
}

int main(int argc, char **argv)
{
    int provided, x = 0;
    long loops = 0;
    MPI_Comm comm;
    MPI_Errhandler handler;
    pthread_t thread;
    void *thread_result;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    CHECK(provided == MPI_THREAD_MULTIPLE, "expected MPI_THREAD_MULTIPLE, got level %d",
          provided);
    MPI_Comm_dup(MPI_COMM_SELF, &comm);
    MPI_Comm_create_errhandler(makes_and_frees, &handler);
    MPI_Comm_set_errhandler(comm, handler);
    pthread_create(&thread, NULL, churn, &loops);

    /* A send to rank 1 of a communicator of one process: MPI_ERR_RANK,
     * raised by MPI_Send and handled by the communicator's handler. */
    int errors = 0;
    for (int i = 0; i < ROUNDS; i++) {
        if (MPI_Send(&x, 1, MPI_INT, 1, 0, comm) != MPI_SUCCESS)
            errors++;
    }
    __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
    pthread_join(thread, &thread_result);

    CHECK(errors == ROUNDS, "expected %d erroneous sends to return an error, got %d", ROUNDS,
          errors);
    CHECK(handler_calls == ROUNDS, "expected the handler called %d times, got %d", ROUNDS,
          handler_calls);
    CHECK(thread_result == NULL, "expected the other thread's calls to succeed, got an error "
          "after %ld loops", loops);
    MPI_Comm_free(&comm);
    MPI_Errhandler_free(&handler);
    int status = check_finish(MPI_COMM_SELF);
    MPI_Finalize();
    return status;
}
