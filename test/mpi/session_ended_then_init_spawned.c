/* A spawned process whose library starts a session and ends it before the
 * program calls MPI_Init (MPI stays started, idle: doc/sessions.txt) gets
 * MPI_COMM_PARENT from MPI_Init (session_then_init_spawned.inc).
 * mpich-info-test: np=1 section=sessions */
#include "check.h"
#include "session_then_init_spawned.inc"

int main(int argc, char **argv)
{
    static const char *const hows[] = { "ended" };
    return spawn_children(argc, argv, hows, 1);
}
