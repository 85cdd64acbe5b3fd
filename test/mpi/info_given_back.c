/* What routines do with the info a program gives them (R-I12, R-C4,
 * R-F1): MPI_Comm_split_type leaves the info as it was, except that
 * MPI_COMM_TYPE_HW_UNGUIDED writes the resource type it chose back into it
 * (nothing when the process gets MPI_COMM_NULL); MPI_Comm_idup_with_info
 * has read its info before it returns, so the program may free it before
 * the wait; MPI_File_delete takes an info and leaves it as it was.
 * mpich-info-test: np=1,2,4 section=info */
#include "check.h"
#include <stdlib.h>

static const char *const given[] = {
    "mpi_assert_no_any_tag", "true",
    "app_key", "kept as given",
    "mpi_assert_exact_length", " true ",
    NULL
};

static void split_type_leaves_info(int rank, int size)
{
    /* Shared memory, and a process left out with MPI_UNDEFINED. */
    MPI_Info info = info_of(given), before = info_of(given);
    MPI_Comm comm;
    int type = (size > 1 && rank == size - 1) ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED;
    CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, type, rank, info, &comm), MPI_SUCCESS);
    check_same_info(before, info, "MPI_Comm_split_type(SHARED): the info given");
    if (type == MPI_UNDEFINED) {
        CHECK(comm == MPI_COMM_NULL, "MPI_UNDEFINED: expected MPI_COMM_NULL");
    } else {
        const char *got = comm_reported(comm, "mpi_assert_no_any_tag");
        CHECK(strcmp(got, "true") == 0,
              "split_type(SHARED): mpi_assert_no_any_tag: expected 'true', got '%s'", got);
        MPI_Comm_free(&comm);
    }

    /* Unguided: the type chosen is written back, and only then. */
    CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, rank, info,
                                    &comm), MPI_SUCCESS);
    char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, len = sizeof(value);
    MPI_Info_get_string(info, "mpi_hw_resource_type", &len, value, &flag);
    if (comm == MPI_COMM_NULL) {
        CHECK(!flag, "HW_UNGUIDED giving MPI_COMM_NULL: expected no mpi_hw_resource_type "
              "written back, got '%s'", value);
        check_same_info(before, info, "HW_UNGUIDED giving MPI_COMM_NULL: the info given");
    } else {
        CHECK(flag && value[0] != '\0',
              "HW_UNGUIDED: expected mpi_hw_resource_type written back, got %s",
              flag ? "an empty value" : "none");
        MPI_Info_delete(info, "mpi_hw_resource_type");
        check_same_info(before, info, "HW_UNGUIDED: the other pairs given");
        MPI_Comm_free(&comm);
    }
    MPI_Info_free(&info);
    MPI_Info_free(&before);
}

static void idup_info_freed_before_wait(void)
{
    MPI_Info info = info_of(given);
    MPI_Comm comm;
    MPI_Request req;
    CHECK_CLASS(MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &comm, &req), MPI_SUCCESS);
    /* Overwritten, then freed, while the operation is pending. */
    MPI_Info_set(info, "mpi_assert_no_any_tag", "false");
    MPI_Info_free(&info);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    const char *got = comm_reported(comm, "mpi_assert_no_any_tag");
    CHECK(strcmp(got, "true") == 0, "idup_with_info, info changed and freed before the wait: "
          "mpi_assert_no_any_tag: expected 'true' (as given at the call), got '%s'", got);
    got = comm_reported(comm, "mpi_assert_exact_length");
    CHECK(strcmp(got, "true") == 0, "idup_with_info, info freed before the wait: "
          "mpi_assert_exact_length: expected 'true', got '%s'", got);
    MPI_Comm_free(&comm);
}

static void file_delete_with_info(int rank)
{
    static const char *const hints[] = {
        "cb_buffer_size", "1048576",
        "no_such_hint_anywhere", "ignored",
        "striping_factor", "not a number",
        NULL
    };
    char name[64];
    snprintf(name, sizeof(name), "info_given_back.%d.tmp", rank);
    MPI_File fh;
    CHECK_CLASS(MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_WRONLY,
                              MPI_INFO_NULL, &fh), MPI_SUCCESS);
    MPI_File_close(&fh);
    MPI_Info info = info_of(hints), before = info_of(hints);
    CHECK_CLASS(MPI_File_delete(name, info), MPI_SUCCESS);
    check_same_info(before, info, "MPI_File_delete: the info given");
    /* Really gone: opening without MPI_MODE_CREATE fails. */
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    int cls = error_class(MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDONLY, MPI_INFO_NULL,
                                        &fh));
    if (cls == MPI_SUCCESS)
        MPI_File_close(&fh);
    CHECK(cls == MPI_ERR_NO_SUCH_FILE, "open after MPI_File_delete: expected "
          "MPI_ERR_NO_SUCH_FILE, got %s (%d)", error_class_name(cls), cls);
    MPI_Info_free(&info);
    MPI_Info_free(&before);
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    split_type_leaves_info(rank, size);
    idup_info_freed_before_wait();
    file_delete_with_info(rank);
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
