/* Run by session_restart_valgrind.sh: argv[1] cycles of MPI_Session_init,
 * a communicator from mpi://WORLD, an allreduce and MPI_Session_finalize,
 * with no session left between cycles. With a second argument "at-exit"
 * (rather than "in-main"),
 * the last cycle's session is ended by an exit handler registered before
 * the first cycle ended (as a library may do): MPI must stop then too. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MPI_Session session = MPI_SESSION_NULL;

static void end_session(void)
{
    MPI_Session_finalize(&session);
}

int main(int argc, char **argv)
{
    int cycles = argc > 1 ? atoi(argv[1]) : 1;
    int at_exit = argc > 2 && strcmp(argv[2], "at-exit") == 0;
    if (at_exit)
        atexit(end_session);
    for (int i = 0; i < cycles; i++) {
        MPI_Group group;
        MPI_Comm comm;
        int one = 1, sum = 0;
        MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &session);
        MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
        MPI_Comm_create_from_group(group, "cycles", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &comm);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm);
        MPI_Comm_free(&comm);
        MPI_Group_free(&group);
        if (!(at_exit && i == cycles - 1))
            MPI_Session_finalize(&session);
    }
    return 0;
}
