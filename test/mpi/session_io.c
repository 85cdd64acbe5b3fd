/* MPI-IO from the Sessions model alone: the program never calls MPI_Init
 * (MPI-4.1 11.3: a communicator derived from a session is an ordinary
 * communicator, and MPI-IO takes any intracommunicator, 14.2.1). Twice, with
 * the first session ended before the second starts (MPI stays started between
 * them, doc/sessions.txt, "Sessions and the start of MPI"); the checks of
 * each start are in session_io.inc.
 * mpich-info-test: np=1,2,4 section=sessions */
#include "session_io.inc"

int main(void)
{
    char path[64];
    const char *np = getenv("MPICH_INFO_TEST_NP");
    snprintf(path, sizeof(path), "session_io.%s.dat", np ? np : "x");
    for (int start = 0; start < 2; start++)
        one_start(start, path);
    int flag = 1;
    MPI_Initialized(&flag);
    CHECK(!flag, "MPI_Initialized in a program that never called MPI_Init: expected false, "
          "got true");
    if (!check_failures)
        printf(" No Errors\n");
    return check_failures ? 1 : 0;
}
