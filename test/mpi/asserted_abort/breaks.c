/* Breaks one assertion, named by the argument, under the default error
 * handler: the call that breaks it must end the program with a message
 * naming the hint (asserted_abort.sh). Rank 1 sends what rank 0's receive
 * may wait for, so that a check that is missing shows as a normal end
 * ("kept going"), not a hang.
 *   any_source, any_tag, exact_length   a receive on a communicator
 *   no_locks, same_size                  a window */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, buf[4] = { 0 };
    const char *what = argc > 1 ? argv[1] : "";
    MPI_Comm comm;
    MPI_Info info;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info_create(&info);
    if (strcmp(what, "any_source") == 0 || strcmp(what, "any_tag") == 0 ||
        strcmp(what, "exact_length") == 0) {
        char key[64];
        snprintf(key, sizeof(key), "mpi_assert_%s%s", strcmp(what, "exact_length") ? "no_" : "",
                 what);
        MPI_Info_set(info, key, "true");
        MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm);
        MPI_Comm_set_name(comm, "solver");
        if (rank == 1)
            MPI_Send(buf, 2, MPI_INT, 0, 1, comm);
        else
            MPI_Recv(buf, strcmp(what, "exact_length") ? 2 : 3, MPI_INT,
                     strcmp(what, "any_source") ? 1 : MPI_ANY_SOURCE,
                     strcmp(what, "any_tag") ? 1 : MPI_ANY_TAG, comm, MPI_STATUS_IGNORE);
        MPI_Comm_free(&comm);
    } else if (strcmp(what, "no_locks") == 0) {
        MPI_Info_set(info, "no_locks", "true");
        MPI_Win_create(buf, sizeof(buf), sizeof(int), info, MPI_COMM_WORLD, &win);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Win_unlock(0, win);
        MPI_Win_free(&win);
    } else if (strcmp(what, "same_size") == 0) {
        MPI_Info_set(info, "same_size", "true");
        MPI_Win_create(buf, rank == 0 ? 8 : 16, 1, info, MPI_COMM_WORLD, &win);
        MPI_Win_free(&win);
    } else {
        fprintf(stderr, "breaks: unknown case '%s'\n", what);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Info_free(&info);
    if (rank == 0)
        printf("kept going\n");
    MPI_Finalize();
    return 0;
}
