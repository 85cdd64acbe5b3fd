/* A fatal error while MPI is idle (the last session ended, MPI still
 * started: doc/sessions.txt), in a call callable then (MPI-4.1 11.4.1).
 * The handler in effect is the initial one, MPI_ERRORS_ARE_FATAL, which
 * aborts all executing processes (MPI-4.1 9.3). Case "all": every process
 * makes the error. Case "one": rank 0 makes it, the others sleep 600 s and
 * must be ended by the abort. Run by session_idle_abort.sh. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    MPI_Session session;
    MPI_Group group;
    MPI_Errhandler invalid = MPI_ERRHANDLER_NULL;
    int rank = 0;

    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Group_rank(group, &rank);
    MPI_Group_free(&group);
    MPI_Session_finalize(&session);
    if (argc > 1 && strcmp(argv[1], "one") == 0 && rank != 0) {
        sleep(600);
        printf("kept going: rank %d was not ended by the abort\n", rank);
        return 0;
    }
    MPI_Errhandler_free(&invalid);
    printf("kept going: rank %d returned from the erroneous call\n", rank);
    return 0;
}
