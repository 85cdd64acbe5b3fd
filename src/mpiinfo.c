/* mpiinfo: print MPI_INFO_ENV as each process sees it, so a user can check
 * what the launcher passed (process counts, working directory, MPMD parts),
 * then the hints a new communicator, window, file and session have when the
 * program gives none, as get_info reports them.
 * Installed with the patched MPICH; run it as the program of a launch:
 *     mpiexec -n 2 mpiinfo some arguments : -n 1 -wdir /tmp mpiinfo
 * Rank 0 prints one table per process, in rank order, then the hints. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Append "  key  value\n" lines for every key of info to a growing text. */
static char *table_of(MPI_Info info, int *length)
{
    int nkeys = 0;
    size_t used = 0, size = 256;
    char *text = malloc(size);
    if (text == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    text[0] = '\0';
    MPI_Info_get_nkeys(info, &nkeys);
    for (int i = 0; i < nkeys; i++) {
        char key[MPI_MAX_INFO_KEY + 1];
        int buflen = 0, flag = 0;
        MPI_Info_get_nthkey(info, i, key);
        MPI_Info_get_string(info, key, &buflen, NULL, &flag);
        char *value = malloc((size_t) buflen);
        if (value == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Info_get_string(info, key, &buflen, value, &flag);
        size_t need = strlen(key) + strlen(value) + 32;
        if (used + need > size) {
            size = 2 * (used + need);
            text = realloc(text, size);
            if (text == NULL)
                MPI_Abort(MPI_COMM_WORLD, 1);
        }
        used += (size_t) snprintf(text + used, size - used, "  %-24s %s\n", key, value);
        free(value);
    }
    if (nkeys == 0)
        used += (size_t) snprintf(text + used, size - used, "  (no keys)\n");
    *length = (int) used + 1;
    return text;
}

static void print_hints(int rank, const char *what, MPI_Info info)
{
    int length;
    char *table = table_of(info, &length);
    if (rank == 0)
        printf("Hints of %s:\n%s", what, table);
    free(table);
    MPI_Info_free(&info);
}

/* The hints of objects made without hints, as get_info reports them: the
 * defaults of this MPICH, and what it set itself.  All processes take part,
 * since each object is made collectively; rank 0 prints. */
static void print_default_hints(int rank)
{
    MPI_Comm comm;
    MPI_Info info;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_get_info(comm, &info);
    print_hints(rank, "a communicator (MPI_Comm_dup of MPI_COMM_WORLD)", info);
    MPI_Comm_free(&comm);

    MPI_Win win;
    void *base;
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_get_info(win, &info);
    print_hints(rank, "a window (MPI_Win_allocate)", info);
    MPI_Win_free(&win);

    /* a scratch file in rank 0's working directory, which the processes
     * share on a cluster (/tmp is often local to a node), named by its full
     * path since an MPMD launch may give the others other directories */
    char name[4096];
    if (rank == 0) {
        char cwd[4000];
        if (getcwd(cwd, sizeof(cwd)) == NULL)
            strcpy(cwd, ".");
        snprintf(name, sizeof(name), "%s/mpiinfo-hints.%d.tmp", cwd, (int) getpid());
    }
    MPI_Bcast(name, sizeof(name), MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_File fh;
    int rc = MPI_File_open(MPI_COMM_WORLD, name,
                           MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                           MPI_INFO_NULL, &fh);
    if (rc == MPI_SUCCESS) {
        MPI_File_get_info(fh, &info);
        print_hints(rank, "a file (MPI_File_open in rank 0's working directory)", info);
        MPI_File_close(&fh);
    } else if (rank == 0) {
        char error[MPI_MAX_ERROR_STRING];
        int error_length;
        MPI_Error_string(rc, error, &error_length);
        printf("Hints of a file: could not open %s: %s\n",
               name, error);
    }

    MPI_Session session;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Session_get_info(session, &info);
    print_hints(rank, "a session (MPI_Session_init)", info);
    MPI_Session_finalize(&session);
}

int main(int argc, char **argv)
{
    int rank, size, length;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    char *mine = table_of(MPI_INFO_ENV, &length);
    int *lengths = NULL, *offsets = NULL;
    char *all = NULL;
    if (rank == 0) {
        lengths = malloc((size_t) size * sizeof(int));
        offsets = malloc((size_t) size * sizeof(int));
        if (lengths == NULL || offsets == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Gather(&length, 1, MPI_INT, lengths, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        int total = 0;
        for (int i = 0; i < size; i++) {
            offsets[i] = total;
            total += lengths[i];
        }
        all = malloc((size_t) total);
        if (all == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Gatherv(mine, length, MPI_CHAR, all, lengths, offsets, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < size; i++)
            printf("MPI_INFO_ENV of rank %d of %d:\n%s", i, size, all + offsets[i]);
        free(all);
        free(lengths);
        free(offsets);
    }
    free(mine);
    print_default_hints(rank);
    MPI_Finalize();
    return 0;
}
