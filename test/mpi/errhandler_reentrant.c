/* An error handler that calls MPI again: an error in MPI_Errhandler_free or
 * MPI_Session_create_errhandler (routines callable before MPI starts and
 * after it ends, MPI-4.1 11.4.1) invokes the program's handler, and the
 * handler may call any MPI routine, these included (MPI-4.1 9.3: the handler
 * is called "from within" the routine, and nothing forbids calls from it).
 * Each call must return its error once the handler returned, with the
 * handler run once and its own call done; neither may hang (a kill at the
 * time limit fails). The handler is set on MPI_COMM_SELF, which MPI-4.1 9.3
 * names for errors tied to no object, and on MPI_COMM_WORLD, which MPICH
 * 4.0.2 uses for them.
 * mpich-info-test: np=1 section=sessions */
#include "check.h"

static int handler_calls;
static MPI_Errhandler spare = MPI_ERRHANDLER_NULL;

static void unused_handler(MPI_Comm *comm, int *code, ...)
{
    (void) comm;
    (void) code;
}

static void frees_spare(MPI_Comm *comm, int *code, ...)
{
    (void) comm;
    (void) code;
    handler_calls++;
    CHECK_CLASS(MPI_Errhandler_free(&spare), MPI_SUCCESS);
}

/* One erroneous call of a routine with the handler in place. */
static void erroneous_call(const char *what, int (*call)(void))
{
    CHECK_CLASS(MPI_Comm_create_errhandler(unused_handler, &spare), MPI_SUCCESS);
    handler_calls = 0;
    int rc = call();
    CHECK(rc != MPI_SUCCESS, "%s: expected an error, got MPI_SUCCESS", what);
    CHECK(handler_calls == 1, "%s: expected the handler called once, got %d calls", what,
          handler_calls);
    CHECK(spare == MPI_ERRHANDLER_NULL,
          "%s: expected the handler's own MPI_Errhandler_free done, got the handler still there",
          what);
    if (spare != MPI_ERRHANDLER_NULL)
        MPI_Errhandler_free(&spare);
}

static int free_invalid(void)
{
    MPI_Errhandler invalid = MPI_ERRHANDLER_NULL;
    return MPI_Errhandler_free(&invalid);
}

static int create_without_function(void)
{
    MPI_Errhandler made = MPI_ERRHANDLER_NULL;
    return MPI_Session_create_errhandler(NULL, &made);
}

int main(int argc, char **argv)
{
    MPI_Errhandler handler;

    MPI_Init(&argc, &argv);
    MPI_Comm_create_errhandler(frees_spare, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, handler);
    erroneous_call("MPI_Errhandler_free(MPI_ERRHANDLER_NULL)", free_invalid);
    erroneous_call("MPI_Session_create_errhandler(NULL function)", create_without_function);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&handler);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
