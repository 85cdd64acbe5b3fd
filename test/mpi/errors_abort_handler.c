/* MPI_ERRORS_ABORT is a predefined error handler (MPI-4.1 9.3) that a
 * program may set on a communicator, a window and a file like the others,
 * and get back. MPICH 4.0.2 had no object for it and failed an assertion
 * (patch 0016).
 * mpich-info-test: np=1,2 section=fixes */
#include <mpi.h>
#include <stdio.h>
#include "check.h"

int main(int argc, char **argv)
{
    MPI_Errhandler got;
    MPI_Win win;
    int buf = 0;

    MPI_Init(&argc, &argv);

    CHECK_CLASS(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ABORT), MPI_SUCCESS);
    MPI_Comm_get_errhandler(MPI_COMM_SELF, &got);
    CHECK(got == MPI_ERRORS_ABORT, "communicator: expected MPI_ERRORS_ABORT back, got another handler");

    MPI_Win_create(&buf, sizeof(buf), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    CHECK_CLASS(MPI_Win_set_errhandler(win, MPI_ERRORS_ABORT), MPI_SUCCESS);
    MPI_Win_get_errhandler(win, &got);
    CHECK(got == MPI_ERRORS_ABORT, "window: expected MPI_ERRORS_ABORT back, got another handler");
    MPI_Win_free(&win);

    /* (the default file handler, set on MPI_FILE_NULL, applies to files
     * opened after it) */
    CHECK_CLASS(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_ABORT), MPI_SUCCESS);
    MPI_File_get_errhandler(MPI_FILE_NULL, &got);
    CHECK(got == MPI_ERRORS_ABORT, "file default: expected MPI_ERRORS_ABORT back, got another handler");
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);

    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
    MPI_Finalize();
    if (check_failures)
        fprintf(stderr, "%d check(s) failed\n", check_failures);
    return check_failures ? 1 : 0;
}
