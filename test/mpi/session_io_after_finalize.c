/* MPI-IO from sessions after MPI_Finalize ended MPI (MPI-4.1 11.3: a
 * process may start MPI again with a session after the world model ended;
 * MPI_Finalize, the last end, stops MPI, and the first session starts it
 * again from the beginning, as does ROMIO). A session inside the world
 * model uses MPI-IO first, then two sessions after MPI_Finalize, with the
 * checks of session_io.inc. A start after a full stop is where MPICH 4.0.2 kept
 * state of the first one: the pair types lost their handles, ROMIO its
 * keyval.
 * mpich-info-test: np=1,2,4 section=sessions */
#include "session_io.inc"

int main(int argc, char **argv)
{
    char path[80];
    const char *np = getenv("MPICH_INFO_TEST_NP");
    snprintf(path, sizeof(path), "session_io_after_finalize.%s.dat", np ? np : "x");
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    one_start(0, path);
    MPI_Finalize();
    for (int start = 1; start < 3; start++)
        one_start(start, path);
    /* A type made after the new start is the program's own (MPICH 4.0.2
     * gave it the handle of MPI_FLOAT_INT, which it then refused to free). */
    MPI_Session session = MPI_SESSION_NULL;
    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    CHECK(pair != MPI_FLOAT_INT, "a type made after MPI started again: expected a handle of "
          "its own, got MPI_FLOAT_INT's");
    CHECK_CLASS(MPI_Type_free(&pair), MPI_SUCCESS);
    MPI_Session_finalize(&session);
    if (!check_failures)
        printf(" No Errors\n");
    return check_failures ? 1 : 0;
}
