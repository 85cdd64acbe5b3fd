/* MPI-IO from several threads at once under MPI_THREAD_MULTIPLE: each thread
 * has its own communicator (a dup of MPI_COMM_WORLD) and its own file, and
 * opens (with a hint that must agree), writes, reads back, sets info,
 * checks get_info, sets a view and closes, several rounds, while the other
 * threads do the same on theirs. The file hints are agreed across processes
 * by a collective on the thread's communicator, so this is also the test
 * that ROMIO's agreement runs correctly outside MPICH's global critical
 * section. MPICH 4.0.2 deadlocks here: ROMIO held a mutex across the
 * communication of every MPI-IO routine.
 * mpich-info-test: np=1,2,4 section=fixes */
#include "check.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NTHREADS
#define NTHREADS 3
#endif
#define ROUNDS 4
#define COUNT 64

static int rank, nprocs;
static MPI_Comm comms[NTHREADS];

/* Record a failed MPI call with its message; the test continues. */
static int ok(int rc, int t, int round, const char *what)
{
    if (rc != MPI_SUCCESS) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        fprintf(stderr, "rank %d thread %d round %d: %s: expected MPI_SUCCESS, got %s\n", rank,
                t, round, what, msg);
        __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
    }
    return rc == MPI_SUCCESS;
}

static void fail_at(int t, int round, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fprintf(stderr, "rank %d thread %d round %d: ", rank, t, round);
    vfprintf(stderr, fmt, args);
    fprintf(stderr, "\n");
    va_end(args);
    __atomic_fetch_add(&check_failures, 1, __ATOMIC_RELAXED);
}

static void one_round(int t, int round)
{
    MPI_Comm comm = comms[t];
    MPI_File fh;
    MPI_Info info, used;
    char path[64], got[MPI_MAX_INFO_VAL + 1], want[32];
    int buf[COUNT], back[COUNT], flag;

    snprintf(path, sizeof(path), "file_threads.%d.dat", t);
    MPI_Info_create(&info);
    /* cb_nodes must agree on every process: the collective agreement. */
    MPI_Info_set(info, "cb_nodes", "1");
    MPI_Info_set(info, "cb_buffer_size", round % 2 ? "65536" : "131072");
    if (!ok(MPI_File_open(comm, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                          info, &fh), t, round, "MPI_File_open")) {
        MPI_Info_free(&info);
        return;
    }
    MPI_Info_free(&info);

    for (int i = 0; i < COUNT; i++)
        buf[i] = (t * 1000 + round) * 1000 + rank * COUNT + i;
    MPI_Offset at = (MPI_Offset) rank * COUNT * sizeof(int);
    ok(MPI_File_write_at_all(fh, at, buf, COUNT, MPI_INT, MPI_STATUS_IGNORE), t, round,
       "MPI_File_write_at_all");
    ok(MPI_File_sync(fh), t, round, "MPI_File_sync");
    ok(MPI_Barrier(comm), t, round, "MPI_Barrier");
    /* Read what the next process wrote: the data went through the file. */
    int peer = (rank + 1) % nprocs;
    MPI_Offset peer_at = (MPI_Offset) peer * COUNT * sizeof(int);
    ok(MPI_File_read_at_all(fh, peer_at, back, COUNT, MPI_INT, MPI_STATUS_IGNORE), t, round,
       "MPI_File_read_at_all");
    for (int i = 0; i < COUNT; i++) {
        int expect = (t * 1000 + round) * 1000 + peer * COUNT + i;
        if (back[i] != expect) {
            fail_at(t, round, "read back element %d: expected %d, got %d", i, expect, back[i]);
            break;
        }
    }

    /* set_info with a hint that must agree, then get_info reports it. */
    snprintf(want, sizeof(want), "%d", 4096 * (round + 1));
    MPI_Info_create(&info);
    MPI_Info_set(info, "ind_rd_buffer_size", want);
    ok(MPI_File_set_info(fh, info), t, round, "MPI_File_set_info");
    MPI_Info_free(&info);
    if (ok(MPI_File_get_info(fh, &used), t, round, "MPI_File_get_info")) {
        MPI_Info_get(used, "ind_rd_buffer_size", MPI_MAX_INFO_VAL, got, &flag);
        if (!flag || strcmp(got, want) != 0)
            fail_at(t, round, "ind_rd_buffer_size after set_info: expected %s, got %s", want,
                    flag ? got : "(absent)");
        MPI_Info_free(&used);
    }

    /* set_view also takes hints and agrees on them. */
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_nodes", "1");
    ok(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", info), t, round,
       "MPI_File_set_view");
    MPI_Info_free(&info);
    ok(MPI_File_close(&fh), t, round, "MPI_File_close");
}

static void *thread_main(void *arg)
{
    int t = (int) (long) arg;
    for (int round = 0; round < ROUNDS; round++)
        one_round(t, round);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    pthread_t threads[NTHREADS];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "MPI_Init_thread: expected MPI_THREAD_MULTIPLE (%d), got %d\n",
                MPI_THREAD_MULTIPLE, provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* Errors come back as codes so that one failure is reported, not fatal. */
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    for (int t = 0; t < NTHREADS; t++)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);

    for (int t = 0; t < NTHREADS; t++)
        pthread_create(&threads[t], NULL, thread_main, (void *) (long) t);
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(threads[t], NULL);

    for (int t = 0; t < NTHREADS; t++)
        MPI_Comm_free(&comms[t]);
    int failures = check_failures, total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf(total ? "%d failures\n" : "No Errors\n", total);
    MPI_Finalize();
    return total != 0;
}
