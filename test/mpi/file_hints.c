/* File hints (ROMIO) with the semantics the other objects have (R-H): typed
 * values read as MPI-4.1 says (padded accepted, malformed ignored and never
 * reported), the reserved "filename" key, reserved keys ROMIO does not
 * implement on this file system left out, set_info and set_view keeping what
 * they do not name, hints fixed at open, MPI_INFO_NULL, round trips, the
 * user's info left unchanged, a mismatch of a hint that must agree reported
 * on every process with nothing changed, and collective I/O that gives the
 * right data with the hints asserted.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>
#include <unistd.h>

static int rank, size;
static char path[256];

/* The value get_info reports for key, or "(absent)". */
static int open_with(MPI_Info info, MPI_File * fh)
{
    *fh = MPI_FILE_NULL;
    return MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, fh);
}

static MPI_File file_with(const char *const *pairs)
{
    MPI_File fh;
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(open_with(info, &fh), MPI_SUCCESS);
    MPI_Info_free(&info);
    return fh;
}

static void set_info(MPI_File fh, const char *const *pairs)
{
    MPI_Info info = info_of(pairs);
    CHECK_CLASS(MPI_File_set_info(fh, info), MPI_SUCCESS);
    MPI_Info_free(&info);
}

/* ROMIO's default cb_config_list "*:1" makes one aggregator per node, so
 * cb_nodes is the number of nodes unless the user asks otherwise. */
static char nodes_text[16], nprocs_text[16];

static void defaults(void)
{
    MPI_File fh;
    CHECK_CLASS(open_with(MPI_INFO_NULL, &fh), MPI_SUCCESS);
    EXPECT_HINT(file, fh, "filename", path, "defaults");
    EXPECT_HINT(file, fh, "cb_buffer_size", "16777216", "defaults");
    EXPECT_HINT(file, fh, "cb_nodes", nodes_text, "defaults");
    EXPECT_HINT(file, fh, "romio_cb_read", "automatic", "defaults");
    EXPECT_HINT(file, fh, "romio_no_indep_rw", "false", "defaults");
    EXPECT_HINT(file, fh, "romio_synchronized_flush", "disable", "defaults");

    /* get_info gives a new info each time; changing it changes nothing */
    MPI_Info a, b;
    MPI_File_get_info(fh, &a);
    MPI_File_get_info(fh, &b);
    CHECK(a != b, "get_info returned the same info twice");
    MPI_Info_set(a, "cb_buffer_size", "1024");
    MPI_Info_free(&a);
    MPI_Info_free(&b);
    EXPECT_HINT(file, fh, "cb_buffer_size", "16777216", "after changing get_info's result");

    /* set_info(MPI_INFO_NULL) changes nothing */
    CHECK_CLASS(MPI_File_set_info(fh, MPI_INFO_NULL), MPI_SUCCESS);
    EXPECT_HINT(file, fh, "cb_buffer_size", "16777216", "after set_info(MPI_INFO_NULL)");
    MPI_File_close(&fh);
}

static void typed_values(void)
{
    const char *const padded[] = {
        "cb_buffer_size", " 8388608 ",
        "romio_cb_write", " ENABLE ",
        "romio_ds_read", "disable ",
        "romio_cb_fr_alignment", "+4096",
        NULL
    };
    MPI_File fh = file_with(padded);
    EXPECT_HINT(file, fh, "cb_buffer_size", "8388608", "padded");
    EXPECT_HINT(file, fh, "romio_cb_write", "enable", "padded");
    EXPECT_HINT(file, fh, "romio_ds_read", "disable", "padded");
    EXPECT_HINT(file, fh, "romio_cb_fr_alignment", "4096", "padded");
    MPI_File_close(&fh);

    const char *const bool_padded[] = { "romio_no_indep_rw", " true ", NULL };
    fh = file_with(bool_padded);
    EXPECT_HINT(file, fh, "romio_no_indep_rw", "true", "padded boolean");
    EXPECT_HINT(file, fh, "romio_cb_read", "enable", "no_indep_rw implies collective buffering");
    MPI_File_close(&fh);

    const char *const malformed[] = {
        "cb_buffer_size", "lots",
        "ind_rd_buffer_size", "-4096",
        "ind_wr_buffer_size", "0",
        "cb_nodes", "1x",
        "romio_cb_write", "sometimes",
        "romio_no_indep_rw", "yes",
        "romio_cb_ds_threshold", "99999999999999999999",
        NULL
    };
    fh = file_with(malformed);
    EXPECT_HINT(file, fh, "cb_buffer_size", "16777216", "malformed");
    EXPECT_HINT(file, fh, "ind_rd_buffer_size", "4194304", "malformed");
    EXPECT_HINT(file, fh, "cb_nodes", nodes_text, "malformed");
    EXPECT_HINT(file, fh, "romio_cb_write", "automatic", "malformed");
    EXPECT_HINT(file, fh, "romio_no_indep_rw", "false", "malformed");
    EXPECT_HINT(file, fh, "romio_cb_ds_threshold", "0", "malformed");
    MPI_File_close(&fh);
}

/* Reserved MPI-IO keys: ROMIO reports those it implements on this file
 * system (the generic UNIX driver) and leaves out the others. */
static void reserved_keys(void)
{
    const char *const given[] = {
        "access_style", "read_once,write_mostly",
        "collective_buffering", "true",
        "cb_block_size", "1048576",
        "cb_buffer_size", "4194304",
        "cb_nodes", "1",
        "chunked", "10,10",
        "chunked_item", "4",
        "chunked_size", "10,10",
        "file_perm", "0644",
        "io_node_list", "node0",
        "nb_proc", "2",
        "num_io_nodes", "1",
        "striping_factor", "4",
        "striping_unit", "65536",
        "filename", "not-the-file",
        NULL
    };
    MPI_File fh = file_with(given);
    const char *absent[] = { "access_style", "collective_buffering", "cb_block_size",
        "chunked", "chunked_item", "chunked_size", "file_perm", "io_node_list", "nb_proc",
        "num_io_nodes", "striping_factor"
    };
    for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
        EXPECT_HINT(file, fh, absent[i], "(absent)", "reserved key not implemented");
    EXPECT_HINT(file, fh, "cb_buffer_size", "4194304", "reserved keys");
    EXPECT_HINT(file, fh, "cb_nodes", "1", "reserved keys");
    EXPECT_HINT(file, fh, "striping_unit", "65536", "reserved keys");
    EXPECT_HINT(file, fh, "filename", path, "a user's filename hint");
    MPI_File_close(&fh);
}

static void set_after_open(void)
{
    const char *const at_open[] = { "cb_buffer_size", "8388608", NULL };
    const char *const later[] = {
        "romio_cb_read", "disable",
        "ind_wr_buffer_size", "many",   /* malformed: the value in use stays */
        "cb_nodes", nprocs_text,        /* fixed at open: ignored */
        NULL
    };
    MPI_File fh = file_with(at_open);
    set_info(fh, later);
    EXPECT_HINT(file, fh, "romio_cb_read", "disable", "set_info");
    EXPECT_HINT(file, fh, "cb_buffer_size", "8388608", "set_info keeps what it does not change");
    EXPECT_HINT(file, fh, "ind_wr_buffer_size", "524288", "set_info of a malformed value");
    EXPECT_HINT(file, fh, "cb_nodes", nodes_text, "set_info of a hint fixed at open");

    /* set_view merges its hints the same way */
    const char *const view[] = { "ind_rd_buffer_size", " 1048576", NULL };
    MPI_Info info = info_of(view);
    CHECK_CLASS(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", info), MPI_SUCCESS);
    MPI_Info_free(&info);
    EXPECT_HINT(file, fh, "ind_rd_buffer_size", "1048576", "set_view");
    EXPECT_HINT(file, fh, "romio_cb_read", "disable", "set_view keeps what it does not change");
    EXPECT_HINT(file, fh, "cb_buffer_size", "8388608", "set_view keeps what it does not change");
    EXPECT_HINT(file, fh, "filename", path, "set_view");

    /* whatever get_info reports is accepted back unchanged */
    MPI_Info used, again;
    MPI_File_get_info(fh, &used);
    CHECK_CLASS(MPI_File_set_info(fh, used), MPI_SUCCESS);
    MPI_File_get_info(fh, &again);
    check_same_info(used, again, "round trip");
    MPI_Info_free(&used);
    MPI_Info_free(&again);
    MPI_File_close(&fh);
}

/* No call modifies the info the user passed. */
static void user_info_unchanged(void)
{
    const char *const given[] = {
        "cb_buffer_size", " 8388608 ",
        "romio_cb_write", "ENABLE",
        "romio_no_indep_rw", "maybe",
        "access_style", "read_once",
        NULL
    };
    MPI_Info info = info_of(given), copy;
    MPI_Info_dup(info, &copy);
    MPI_File fh;
    CHECK_CLASS(open_with(info, &fh), MPI_SUCCESS);
    check_same_info(copy, info, "info given to MPI_File_open");
    CHECK_CLASS(MPI_File_set_info(fh, info), MPI_SUCCESS);
    check_same_info(copy, info, "info given to MPI_File_set_info");
    CHECK_CLASS(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", info), MPI_SUCCESS);
    check_same_info(copy, info, "info given to MPI_File_set_view");
    MPI_File_close(&fh);
    MPI_Info_free(&info);
    MPI_Info_free(&copy);
}

/* Hints that must agree: a different value, or a value on some processes
 * only, is MPI_ERR_NOT_SAME on every process and changes nothing. */
static void mismatch(void)
{
    const char *const mine[] = { "cb_buffer_size", rank == 0 ? "8388608" : "4194304", NULL };
    /* (cb_buffer_size is read at open only: set_info ignores it) */
    const char *const mine_later[] = {
        "ind_rd_buffer_size", rank == 0 ? "8388608" : "2097152", NULL
    };
    const char *const only_root[] = { "romio_cb_write", "enable", NULL };
    const char *const none[] = { NULL };
    MPI_File fh;
    MPI_Info info = info_of(mine);
    CHECK_CLASS(open_with(info, &fh), MPI_ERR_NOT_SAME);
    CHECK(fh == MPI_FILE_NULL, "a failed open gave a file handle");
    if (fh != MPI_FILE_NULL)
        MPI_File_close(&fh);

    MPI_Info_free(&info);

    fh = file_with(none);
    info = info_of(mine_later);
    CHECK_CLASS(MPI_File_set_info(fh, info), MPI_ERR_NOT_SAME);
    EXPECT_HINT(file, fh, "ind_rd_buffer_size", "4194304", "after a mismatched set_info");
    MPI_Info_free(&info);

    info = info_of(rank == 0 ? only_root : none);
    CHECK_CLASS(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", info), MPI_ERR_NOT_SAME);
    EXPECT_HINT(file, fh, "romio_cb_write", "automatic", "after a mismatched set_view");
    MPI_Info_free(&info);
    MPI_File_close(&fh);
}

/* Collective I/O gives the right data with the hints asserted. */
static void io_with_hints(void)
{
    const char *const asserted[] = {
        "romio_cb_write", "enable",
        "romio_cb_read", "enable",
        "cb_nodes", "1",
        "cb_buffer_size", " 4096 ",
        "romio_no_indep_rw", "true",
        "striping_unit", "1024",
        NULL
    };
    enum { N = 4096 };
    static int out[N], in[N];
    MPI_File fh = file_with(asserted);
    /* with romio_no_indep_rw only the aggregator opens the file at once;
     * the others must report the same hints, and nothing the file system
     * (UFS) does not have */
    EXPECT_HINT(file, fh, "striping_unit", "1024", "deferred open");
    EXPECT_HINT(file, fh, "striping_factor", "(absent)", "deferred open");
    EXPECT_HINT(file, fh, "romio_lustre_start_iodevice", "(absent)", "deferred open");
    for (int i = 0; i < N; i++)
        out[i] = rank * N + i;
    MPI_Offset at = (MPI_Offset) rank * N * sizeof(int);
    CHECK_CLASS(MPI_File_write_at_all(fh, at, out, N, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK_CLASS(MPI_File_sync(fh), MPI_SUCCESS);
    MPI_Barrier(MPI_COMM_WORLD);
    /* read the next process's part */
    int next = (rank + 1) % size;
    at = (MPI_Offset) next * N * sizeof(int);
    CHECK_CLASS(MPI_File_read_at_all(fh, at, in, N, MPI_INT, MPI_STATUS_IGNORE), MPI_SUCCESS);
    int wrong = 0;
    for (int i = 0; i < N; i++)
        wrong += in[i] != next * N + i;
    CHECK(wrong == 0, "collective I/O with hints: expected process %d's data, got %d wrong ints",
          next, wrong);
    MPI_File_close(&fh);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    snprintf(nprocs_text, sizeof(nprocs_text), "%d", size);
    MPI_Comm node;
    int node_rank, nodes;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &node_rank);
    node_rank = node_rank == 0;
    MPI_Allreduce(&node_rank, &nodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&node);
    snprintf(nodes_text, sizeof(nodes_text), "%d", nodes);
    /* one file per run, named by rank 0, in the working directory */
    int pid = (int) getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof(path), "file_hints.%d.dat", pid);

    defaults();
    typed_values();
    reserved_keys();
    set_after_open();
    user_info_unchanged();
    mismatch();
    io_with_hints();

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    return check_finish(MPI_COMM_WORLD) | (MPI_Finalize() != MPI_SUCCESS);
}
