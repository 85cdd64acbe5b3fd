/* A spawned process whose library starts a session before the program
 * calls MPI_Init and keeps it open across MPI_Init gets MPI_COMM_PARENT
 * from MPI_Init (session_then_init_spawned.inc).
 * mpich-info-test: np=1 section=fixes */
#include "check.h"
#include "session_then_init_spawned.inc"

int main(int argc, char **argv)
{
    static const char *const hows[] = { "open" };
    return spawn_children(argc, argv, hows, 1);
}
