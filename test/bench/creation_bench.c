/* What creating, configuring and querying communicators and windows costs,
 * in microseconds per call, on 2 processes: every constructor that takes
 * hints, with none, with a key no MPI knows and with a hint, so that the
 * price of the hint machinery can be told apart from the price of a hint.
 * test/bench/run builds this against stock Debian MPICH, unpatched MPICH
 * 4.0.2 built like mpich-info, and mpich-info, and compares the three.
 *
 * Each operation is timed in BATCHES batches of REPS calls and the fastest
 * batch counts: a creation is a few microseconds, and on a 2-core machine
 * a single preemption would otherwise decide the result.
 * Output: lines "operation us".
 *
 * With the argument "count" (run under callgrind, on 1 process): no timing;
 * each operation is called COUNT_REPS times between a zeroing of
 * callgrind's counters and a dump named after the operation, so that each
 * dump holds the instructions of exactly those calls. On one process no
 * call waits for another, so the counts are the same from run to run,
 * where times on 2 processes swing by more than the targets allow. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/callgrind.h>

#define REPS 1000
#define BATCHES 5
#define COUNT_REPS 200
#define WIN_BYTES 4096

enum hints { NO_INFO, UNKNOWN_KEY, KNOWN_HINT };

static MPI_Info comm_infos[3], win_infos[3], win_locks;
static MPI_Comm comm;
static MPI_Group group;
static char win_buf[WIN_BYTES];

static void make_infos(void)
{
    comm_infos[NO_INFO] = MPI_INFO_NULL;
    win_infos[NO_INFO] = MPI_INFO_NULL;
    for (int h = UNKNOWN_KEY; h <= KNOWN_HINT; h++) {
        MPI_Info_create(&comm_infos[h]);
        MPI_Info_create(&win_infos[h]);
    }
    MPI_Info_set(comm_infos[UNKNOWN_KEY], "bench_unknown_key", "1");
    MPI_Info_set(win_infos[UNKNOWN_KEY], "bench_unknown_key", "1");
    MPI_Info_set(comm_infos[KNOWN_HINT], "mpi_assert_allow_overtaking", "true");
    MPI_Info_set(win_infos[KNOWN_HINT], "no_locks", "true");
    MPI_Info_create(&win_locks);
    MPI_Info_set(win_locks, "no_locks", "false");
}

/* One call of each operation; the object made is freed in the same call,
 * as a library that makes one per task does. */
static void dup_free(MPI_Info info)
{
    MPI_Comm c;
    (void) info;
    MPI_Comm_dup(comm, &c);
    MPI_Comm_free(&c);
}

static void dup_with_info_free(MPI_Info info)
{
    MPI_Comm c;
    MPI_Comm_dup_with_info(comm, info, &c);
    MPI_Comm_free(&c);
}

static void split_free(MPI_Info info)
{
    MPI_Comm c;
    int rank;
    (void) info;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_split(comm, 0, rank, &c);
    MPI_Comm_free(&c);
}

static void split_type_free(MPI_Info info)
{
    MPI_Comm c;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, info, &c);
    MPI_Comm_free(&c);
}

static void create_from_group_free(MPI_Info info)
{
    MPI_Comm c;
    MPI_Comm_create_from_group(group, "mpich-info-bench", info, MPI_ERRORS_ARE_FATAL, &c);
    MPI_Comm_free(&c);
}

static void win_allocate_free(MPI_Info info)
{
    MPI_Win w;
    void *base;
    MPI_Win_allocate(WIN_BYTES, 1, info, comm, &base, &w);
    MPI_Win_free(&w);
}

static void win_create_free(MPI_Info info)
{
    MPI_Win w;
    MPI_Win_create(win_buf, WIN_BYTES, 1, info, comm, &w);
    MPI_Win_free(&w);
}

static MPI_Win set_info_win;

static void comm_set_info(MPI_Info info)
{
    MPI_Comm_set_info(comm, info);
}

static void win_set_info(MPI_Info info)
{
    MPI_Win_set_info(set_info_win, info);
}

/* set_info that changes a hint at every call: no_locks false, then true
 * (the row before leaves it true; the other set_info rows give a value
 * the window already has). */
static void win_set_info_changing(MPI_Info info)
{
    static int calls;
    (void) info;
    MPI_Win_set_info(set_info_win, calls++ % 2 ? win_infos[KNOWN_HINT] : win_locks);
}

static void comm_get_info_free(MPI_Info info)
{
    MPI_Info got;
    (void) info;
    MPI_Comm_get_info(comm, &got);
    MPI_Info_free(&got);
}

/* The yardstick of the set_info bound: one allreduce of 3 integers. */
static void allreduce_3_ints(MPI_Info info)
{
    int in[3] = { 1, 2, 3 }, out[3];
    (void) info;
    MPI_Allreduce(in, out, 3, MPI_INT, MPI_MAX, comm);
}

/* Microseconds per call of OP, the fastest of BATCHES batches; every
 * process takes the slowest process's time of a batch. */
static double time_op(void (*op)(MPI_Info), MPI_Info info)
{
    double best = 1e30;
    op(info);   /* warm up: first-use allocations are not the steady cost */
    for (int b = 0; b < BATCHES; b++) {
        MPI_Barrier(comm);
        double t0 = MPI_Wtime();
        for (int i = 0; i < REPS; i++)
            op(info);
        double t = (MPI_Wtime() - t0) / REPS * 1e6, slowest;
        MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm);
        best = slowest < best ? slowest : best;
    }
    return best;
}

/* Instructions of COUNT_REPS calls of OP, dumped by callgrind as NAME. */
static void count_op(void (*op)(MPI_Info), MPI_Info info, const char *name)
{
    op(info);   /* (first-use allocations are not the steady cost) */
    /* (a dump, not CALLGRIND_ZERO_STATS, which zeroes only this thread's
     * counters: a library's own threads count in the dumps too; run skips
     * the dumps named "-") */
    CALLGRIND_DUMP_STATS_AT("-");
    for (int i = 0; i < COUNT_REPS; i++)
        op(info);
    CALLGRIND_DUMP_STATS_AT(name);
}

int main(int argc, char **argv)
{
    static const char *hint_names[3] = { "null-info", "unknown-key", "known-hint" };
    int rank, counting = argc > 1 && strcmp(argv[1], "count") == 0;
    char name[128];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_group(comm, &group);
    make_infos();
    MPI_Win_create(win_buf, WIN_BYTES, 1, MPI_INFO_NULL, comm, &set_info_win);

    struct {
        const char *name;
        void (*op)(MPI_Info);
        int first, last;        /* the infos it is timed with */
        int window;             /* windows take window hints */
    } ops[] = {
        {"comm_dup+free", dup_free, NO_INFO, NO_INFO, 0},
        {"comm_dup_with_info+free", dup_with_info_free, NO_INFO, KNOWN_HINT, 0},
        {"comm_split+free", split_free, NO_INFO, NO_INFO, 0},
        {"comm_split_type+free", split_type_free, NO_INFO, KNOWN_HINT, 0},
        {"comm_create_from_group+free", create_from_group_free, NO_INFO, KNOWN_HINT, 0},
        {"win_allocate+free", win_allocate_free, NO_INFO, KNOWN_HINT, 1},
        {"win_create+free", win_create_free, NO_INFO, KNOWN_HINT, 1},
        /* (MPI_INFO_NULL is not an info set_info takes everywhere) */
        {"comm_set_info", comm_set_info, UNKNOWN_KEY, KNOWN_HINT, 0},
        {"win_set_info", win_set_info, UNKNOWN_KEY, KNOWN_HINT, 1},
        {"win_set_info/changing-hint", win_set_info_changing, NO_INFO, NO_INFO, 1},
        {"comm_get_info+free", comm_get_info_free, NO_INFO, NO_INFO, 0},
        {"allreduce_3_ints", allreduce_3_ints, NO_INFO, NO_INFO, 0},
    };
    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
        for (int h = ops[i].first; h <= ops[i].last; h++) {
            MPI_Info info = ops[i].window ? win_infos[h] : comm_infos[h];
            if (ops[i].first != ops[i].last)
                snprintf(name, sizeof(name), "%s/%s", ops[i].name, hint_names[h]);
            else
                snprintf(name, sizeof(name), "%s", ops[i].name);
            if (counting) {
                count_op(ops[i].op, info, name);
                continue;
            }
            double us = time_op(ops[i].op, info);
            if (rank == 0)
                printf("%s %.3f\n", name, us);
        }
    }

    MPI_Win_free(&set_info_win);
    MPI_Info_free(&win_locks);
    for (int h = UNKNOWN_KEY; h <= KNOWN_HINT; h++) {
        MPI_Info_free(&comm_infos[h]);
        MPI_Info_free(&win_infos[h]);
    }
    MPI_Group_free(&group);
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
