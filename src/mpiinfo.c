/* mpiinfo: print MPI_INFO_ENV as each process sees it, so a user can check
 * what the launcher passed (process counts, working directory, MPMD parts).
 * Installed with the patched MPICH; run it as the program of a launch:
 *     mpiexec -n 2 mpiinfo some arguments : -n 1 -wdir /tmp mpiinfo
 * Rank 0 prints one table per process, in rank order. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    MPI_Finalize();
    return 0;
}
