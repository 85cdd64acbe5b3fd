/* MPI-IO from the Sessions model alone: the program never calls MPI_Init
 * (MPI-4.1 11.3: a communicator derived from a session is an ordinary
 * communicator, and MPI-IO takes any intracommunicator, 14.2.1). Twice,
 * with MPI ended and started again between (MPI-4.1 11.3, and ROMIO starts
 * again with it): MPI_File_open with hints on a communicator from
 * mpi://WORLD, set_view, collective write and read (blocking, then
 * nonblocking in the second start), get_info reporting a hint given,
 * set_info, close, MPI_File_delete, and an open of the deleted file
 * failing with MPI_ERR_NO_SUCH_FILE (MPI-4.1 14.7).
 * mpich-info-test: np=1,2,4 */
#include <stdlib.h>
#include "check.h"

#define COUNT 1000

static const char *reported(MPI_File fh, const char *key)
{
    MPI_Info info = MPI_INFO_NULL;
    MPI_File_get_info(fh, &info);
    return hint_value(info, key);
}

static void one_start(int start, const char *path)
{
    MPI_Session session = MPI_SESSION_NULL;
    MPI_Group group;
    MPI_Comm comm = MPI_COMM_NULL;
    MPI_File fh = MPI_FILE_NULL;
    int rank, size;
    char what[64];
    snprintf(what, sizeof(what), "start %d", start);

    CHECK_CLASS(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session), MPI_SUCCESS);
    if (session == MPI_SESSION_NULL)
        exit(1);
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    CHECK_CLASS(MPI_Comm_create_from_group(group, "session_io", MPI_INFO_NULL,
                                           MPI_ERRORS_RETURN, &comm), MPI_SUCCESS);
    MPI_Group_free(&group);
    if (comm == MPI_COMM_NULL)
        exit(1);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);

    const char *const hints[] = { "cb_buffer_size", "1048576", "romio_cb_write", "enable",
        NULL
    };
    MPI_Info info = info_of(hints);
    int rc = MPI_File_open(comm, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_Info_free(&info);
    CHECK(rc == MPI_SUCCESS, "%s: MPI_File_open on a communicator of a session: expected "
          "MPI_SUCCESS, got %s", what, error_class_name(error_class(rc)));
    if (rc != MPI_SUCCESS)
        exit(1);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    EXPECT_HINT(fh, "cb_buffer_size", "1048576", what);

    /* Each process a block of its own, written and read collectively. */
    int *out = malloc(COUNT * sizeof(int)), *in = malloc(COUNT * sizeof(int));
    for (int i = 0; i < COUNT; i++)
        out[i] = rank * COUNT + i + start;
    CHECK_CLASS(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL),
                MPI_SUCCESS);
    MPI_Offset at = (MPI_Offset) rank * COUNT;
    if (start == 0) {
        CHECK_CLASS(MPI_File_write_at_all(fh, at, out, COUNT, MPI_INT, MPI_STATUS_IGNORE),
                    MPI_SUCCESS);
    } else {
        MPI_Request req;
        CHECK_CLASS(MPI_File_iwrite_at_all(fh, at, out, COUNT, MPI_INT, &req), MPI_SUCCESS);
        CHECK_CLASS(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS);
    }
    CHECK_CLASS(MPI_File_sync(fh), MPI_SUCCESS);
    MPI_Barrier(comm);
    CHECK_CLASS(MPI_File_sync(fh), MPI_SUCCESS);
    /* Read the next process's block, so the data crosses processes. */
    int from = (rank + 1) % size;
    for (int i = 0; i < COUNT; i++)
        in[i] = -1;
    if (start == 0) {
        CHECK_CLASS(MPI_File_read_at_all(fh, (MPI_Offset) from * COUNT, in, COUNT, MPI_INT,
                                         MPI_STATUS_IGNORE), MPI_SUCCESS);
    } else {
        MPI_Request req;
        CHECK_CLASS(MPI_File_iread_at_all(fh, (MPI_Offset) from * COUNT, in, COUNT, MPI_INT,
                                          &req), MPI_SUCCESS);
        CHECK_CLASS(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS);
    }
    int wrong = 0;
    for (int i = 0; i < COUNT; i++)
        if (in[i] != from * COUNT + i + start)
            wrong++;
    CHECK(wrong == 0, "%s: block of process %d read back: expected %d..%d, got %d wrong "
          "(first %d)", what, from, from * COUNT + start, from * COUNT + COUNT - 1 + start,
          wrong, in[0]);

    const char *const more[] = { "cb_buffer_size", "2097152", NULL };
    info = info_of(more);
    CHECK_CLASS(MPI_File_set_info(fh, info), MPI_SUCCESS);
    MPI_Info_free(&info);
    CHECK_CLASS(MPI_File_close(&fh), MPI_SUCCESS);

    MPI_Barrier(comm);
    if (rank == 0)
        CHECK_CLASS(MPI_File_delete(path, MPI_INFO_NULL), MPI_SUCCESS);
    MPI_Barrier(comm);
    rc = MPI_File_open(comm, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(error_class(rc) == MPI_ERR_NO_SUCH_FILE, "%s: open of the deleted file: expected "
          "MPI_ERR_NO_SUCH_FILE, got %s", what, error_class_name(error_class(rc)));
    if (rc == MPI_SUCCESS)
        MPI_File_close(&fh);

    free(out);
    free(in);
    int total = 0;
    MPI_Allreduce(&check_failures, &total, 1, MPI_INT, MPI_SUM, comm);
    if (total && !check_failures)
        check_failures = 1;
    MPI_Comm_free(&comm);
    CHECK_CLASS(MPI_Session_finalize(&session), MPI_SUCCESS);
}

int main(void)
{
    char path[64];
    const char *np = getenv("MPICH_INFO_TEST_NP");
    snprintf(path, sizeof(path), "session_io.%s.dat", np ? np : "x");
    for (int start = 0; start < 2; start++)
        one_start(start, path);
    int flag = 1;
    MPI_Initialized(&flag);
    CHECK(!flag, "MPI_Initialized in a program that never called MPI_Init: expected false, "
          "got true");
    if (!check_failures)
        printf(" No Errors\n");
    return check_failures ? 1 : 0;
}
