/* Hints whose meaning depends on hosts, with processes on several hosts
 * (the bed of test/multihost/bed; MPICH_INFO_TEST_HOSTS says how many):
 *   - MPI_INFO_ENV's "host" is the process's host, the same for processes
 *     of one host and different between hosts;
 *   - MPI_COMM_TYPE_SHARED groups exactly the processes of one host and
 *     keeps the hints given;
 *   - a must-agree hint given differently on two hosts is MPI_ERR_NOT_SAME
 *     on every process, for a communicator and for a window;
 *   - ROMIO's default is one aggregator per host, which it reports
 *     (cb_nodes, romio_aggregator_list) and uses: collective writes and
 *     reads of interleaved blocks give back the right data;
 *   - an RMA epoch with hints crosses hosts (fence and passive target).
 * mpich-info-test: section=info (test/multihost/run runs it on every bed)
 * Run by test/multihost/run, never on one host. */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>

#define NAME_LEN 64

static int rank, size;
static char (*host_of)[NAME_LEN];   /* host_of[r]: where rank r runs */

/* The first process after this one (in rank order, wrapping around) that
 * runs on another host. */
static int next_on_another_host(int from)
{
    for (int step = 1; step < size; step++) {
        int r = (from + step) % size;
        if (strcmp(host_of[r], host_of[from]) != 0)
            return r;
    }
    return from;
}

/* How many processes run on this process's host. */
static int on_my_host(void)
{
    int n = 0;
    for (int r = 0; r < size; r++)
        n += strcmp(host_of[r], host_of[rank]) == 0;
    return n;
}

static void env_host_is_the_host(int hosts_expected)
{
    char value[MPI_MAX_INFO_VAL + 1], name[NAME_LEN] = "";
    int flag = 0, len = sizeof(value);
    MPI_Info_get_string(MPI_INFO_ENV, "host", &len, value, &flag);
    gethostname(name, sizeof(name) - 1);
    CHECK(flag && strcmp(value, name) == 0,
          "MPI_INFO_ENV host: expected '%s' (gethostname), got %s'%s'", name,
          flag ? "" : "no key ", flag ? value : "");

    /* Where each process runs, by the system's own account. */
    char mine[NAME_LEN];
    memcpy(mine, name, sizeof(mine));
    MPI_Allgather(mine, NAME_LEN, MPI_CHAR, host_of, NAME_LEN, MPI_CHAR, MPI_COMM_WORLD);
    int distinct = 0;
    for (int r = 0; r < size; r++) {
        int seen = 0;
        for (int q = 0; q < r; q++)
            seen |= strcmp(host_of[q], host_of[r]) == 0;
        distinct += !seen;
    }
    CHECK(distinct == hosts_expected,
          "expected processes on %d different hosts among %d processes, got %d",
          hosts_expected, size, distinct);
}

static void shared_is_one_host(void)
{
    static const char *const given[] = {
        "mpi_assert_no_any_tag", "true",
        "app_key", "kept as given",
        NULL
    };
    MPI_Info info = info_of(given), before = info_of(given);
    MPI_Comm shared;
    CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, info, &shared),
                MPI_SUCCESS);
    check_same_info(before, info, "split_type(SHARED): the info given");
    MPI_Info_free(&info);
    MPI_Info_free(&before);
    if (shared == MPI_COMM_NULL) {
        CHECK(0, "split_type(SHARED): expected a communicator, got MPI_COMM_NULL");
        return;
    }
    int shared_size, world_rank_of_member;
    MPI_Comm_size(shared, &shared_size);
    CHECK(shared_size == on_my_host(),
          "split_type(SHARED) on %s: expected the %d processes of the host, got %d",
          host_of[rank], on_my_host(), shared_size);
    for (int i = 0; i < shared_size; i++) {
        world_rank_of_member = rank;
        MPI_Bcast(&world_rank_of_member, 1, MPI_INT, i, shared);
        CHECK(strcmp(host_of[world_rank_of_member], host_of[rank]) == 0,
              "split_type(SHARED) on %s: member %d is rank %d, which runs on %s",
              host_of[rank], i, world_rank_of_member, host_of[world_rank_of_member]);
    }
    const char *got = comm_reported(shared, "mpi_assert_no_any_tag");
    CHECK(strcmp(got, "true") == 0,
          "split_type(SHARED): mpi_assert_no_any_tag: expected 'true', got '%s'", got);
    MPI_Comm_free(&shared);
}

/* The first host says "true", every other host "false". */
static MPI_Info first_host_differs(const char *key)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, key, strcmp(host_of[rank], host_of[0]) == 0 ? "true" : "false");
    return info;
}

static void mismatch_between_hosts(void)
{
    MPI_Info info = first_host_differs("mpi_assert_strict_persistent_collective_ordering");
    MPI_Comm comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm), MPI_ERR_NOT_SAME);
    CHECK(comm == MPI_COMM_NULL, "dup_with_info mismatched between hosts: expected "
          "MPI_COMM_NULL");
    MPI_Info_free(&info);

    info = first_host_differs("same_size");
    int *base;
    MPI_Win win = MPI_WIN_NULL;
    CHECK_CLASS(MPI_Win_allocate(sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &base, &win),
                MPI_ERR_NOT_SAME);
    CHECK(win == MPI_WIN_NULL, "Win_allocate mismatched between hosts: expected "
          "MPI_WIN_NULL");
    MPI_Info_free(&info);
}

/* Interleaved blocks (block b belongs to rank b % size) written and read
 * collectively, so that every aggregator handles every rank's data. */
#define BLOCK 4096
#define BLOCKS_PER_RANK 8

static int expected_byte(int block, int i)
{
    return (block * 31 + i) & 0xff;
}

static void one_aggregator_per_host(const char *dir, int hosts_expected)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/across_hosts.%d.dat", dir, hosts_expected);
    MPI_File fh;
    CHECK_CLASS(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                              MPI_INFO_NULL, &fh), MPI_SUCCESS);

    char want[16];
    snprintf(want, sizeof(want), "%d", hosts_expected);
    const char *got = file_reported(fh, "cb_nodes");
    CHECK(strcmp(got, want) == 0, "cb_nodes: expected %s (one per host), got '%s'", want, got);

    /* ROMIO writes the aggregators' ranks, each followed by a space. */
    char list[MPI_MAX_INFO_VAL + 1];
    snprintf(list, sizeof(list), "%s", file_reported(fh, "romio_aggregator_list"));
    int aggregator[64], aggregators = 0, offset = 0, used, per_host_ok = 1;
    int r;
    while (aggregators < 64 && sscanf(list + offset, "%d%n", &r, &used) == 1) {
        offset += used;
        if (r < 0 || r >= size) {
            per_host_ok = 0;
            continue;
        }
        for (int a = 0; a < aggregators; a++)
            if (strcmp(host_of[aggregator[a]], host_of[r]) == 0)
                per_host_ok = 0;
        aggregator[aggregators++] = r;
    }
    CHECK(aggregators == hosts_expected && per_host_ok,
          "romio_aggregator_list: expected one rank on each of %d hosts, got '%s'",
          hosts_expected, list);

    MPI_Datatype mine;
    MPI_Type_vector(BLOCKS_PER_RANK, BLOCK, BLOCK * size, MPI_BYTE, &mine);
    MPI_Type_commit(&mine);
    unsigned char *buf = malloc(BLOCK * BLOCKS_PER_RANK);
    for (int b = 0; b < BLOCKS_PER_RANK; b++)
        for (int i = 0; i < BLOCK; i++)
            buf[b * BLOCK + i] = expected_byte(b * size + rank, i);
    MPI_File_set_view(fh, (MPI_Offset) rank * BLOCK, MPI_BYTE, mine, "native", MPI_INFO_NULL);
    CHECK_CLASS(MPI_File_write_all(fh, buf, BLOCK * BLOCKS_PER_RANK, MPI_BYTE,
                                   MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);

    /* Read the blocks of a rank on another host. */
    int other = next_on_another_host(rank);
    MPI_File_set_view(fh, (MPI_Offset) other * BLOCK, MPI_BYTE, mine, "native", MPI_INFO_NULL);
    memset(buf, 0, BLOCK * BLOCKS_PER_RANK);
    CHECK_CLASS(MPI_File_read_all(fh, buf, BLOCK * BLOCKS_PER_RANK, MPI_BYTE,
                                  MPI_STATUS_IGNORE), MPI_SUCCESS);
    int wrong = 0, first_wrong = -1;
    for (int b = 0; b < BLOCKS_PER_RANK; b++)
        for (int i = 0; i < BLOCK; i++)
            if (buf[b * BLOCK + i] != expected_byte(b * size + other, i)) {
                if (first_wrong < 0)
                    first_wrong = b * BLOCK + i;
                wrong++;
            }
    CHECK(wrong == 0, "collective read of rank %d's blocks (on %s) by rank %d (on %s): %d "
          "bytes wrong, the first at %d: expected %d, got %d", other, host_of[other], rank,
          host_of[rank], wrong, first_wrong,
          first_wrong < 0 ? 0 : expected_byte((first_wrong / BLOCK) * size + other,
                                              first_wrong % BLOCK),
          first_wrong < 0 ? 0 : buf[first_wrong]);
    free(buf);
    MPI_Type_free(&mine);
    MPI_File_close(&fh);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
}

static void rma_across_hosts(void)
{
    static const char *const hints[] = {
        "accumulate_ordering", "none",
        "same_size", "true",
        "same_disp_unit", "true",
        NULL
    };
    MPI_Info info = info_of(hints);
    int *base;
    MPI_Win win;
    /* base[0] adds up accumulates; base[1 + r] is rank r's slot for puts. */
    CHECK_CLASS(MPI_Win_allocate((1 + size) * sizeof(int), sizeof(int), info, MPI_COMM_WORLD,
                                 &base, &win), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(win, win, "accumulate_ordering", "none", "window");
    EXPECT_HINT(win, win, "same_size", "true", "window");
    EXPECT_HINT(win, win, "same_disp_unit", "true", "window");

    /* Each process puts to a process on another host; it gets from those
     * whose target it is (their values add up). */
    int target = next_on_another_host(rank), want = 0, sources = 0;
    for (int r = 0; r < size; r++)
        if (next_on_another_host(r) == rank) {
            want += 1000 + r;
            sources++;
        }
    for (int i = 0; i <= size; i++)
        base[i] = 0;
    CHECK(strcmp(host_of[target], host_of[rank]) != 0, "RMA: rank %d's target %d runs on its "
          "own host %s", rank, target, host_of[rank]);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    int value = 1000 + rank;
    MPI_Accumulate(&value, 1, MPI_INT, target, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    CHECK(base[0] == want, "Accumulate across hosts under fence: expected %d from %d "
          "process(es) on other hosts, got %d", want, sources, base[0]);
    /* Nobody starts the passive-target epoch below before every process
     * has read what the fence epoch left. */
    MPI_Barrier(MPI_COMM_WORLD);

    MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
    MPI_Put(&value, 1, MPI_INT, target, 1 + rank, 1, MPI_INT, win);
    MPI_Accumulate(&value, 1, MPI_INT, target, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(target, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    int got = base[0];
    CHECK(got == 2 * want, "Accumulate across hosts under lock: expected %d, got %d", 2 * want,
          got);
    for (int r = 0; r < size; r++) {
        int put_want = next_on_another_host(r) == rank ? 1000 + r : 0;
        CHECK(base[1 + r] == put_want, "Put across hosts under lock: slot of rank %d (on %s): "
              "expected %d, got %d", r, host_of[r], put_want, base[1 + r]);
    }
    MPI_Win_unlock(rank, win);

    /* A hint changed after creation, on every host. */
    info = first_host_differs("mpich_info_test_unused");
    MPI_Info_set(info, "accumulate_ordering", "rar,raw,war,waw");
    CHECK_CLASS(MPI_Win_set_info(win, info), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(win, win, "accumulate_ordering", "rar,raw,war,waw", "window");
    MPI_Win_free(&win);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    const char *hosts_text = getenv("MPICH_INFO_TEST_HOSTS");
    const char *dir = getenv("MPICH_INFO_TEST_OUT");
    int hosts = hosts_text ? atoi(hosts_text) : 0;
    if (hosts < 2 || !dir) {
        if (rank == 0)
            fprintf(stderr, "expected MPICH_INFO_TEST_HOSTS (at least 2) and "
                    "MPICH_INFO_TEST_OUT from test/multihost/run\n");
        MPI_Finalize();
        return 1;
    }
    host_of = calloc(size, NAME_LEN);

    env_host_is_the_host(hosts);
    shared_is_one_host();
    mismatch_between_hosts();
    one_aggregator_per_host(dir, hosts);
    rma_across_hosts();

    int rc = check_finish(MPI_COMM_WORLD);
    free(host_of);
    MPI_Finalize();
    return rc;
}
