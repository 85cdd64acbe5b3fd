/* MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) gives its hints to the
 * communicator in the last split it makes, and every process must take the
 * same path there (a longer allgather carries the hints' vote): whatever
 * each process gives of MPICH's shmem_topo key (absent, empty, a topology
 * level on all or on some processes) and whether it passes MPI_INFO_NULL,
 * the call succeeds on every process and the new communicator reports the
 * hints that process gave (doc/communicators.txt).
 * mpich-info-test: np=2,4 section=info */
#include "check.h"

static int rank;

static void split(const char *what, const char *const *mine, const char *const *others)
{
    const char *const *pairs = rank == 0 ? mine : others;
    MPI_Info info = pairs ? info_of(pairs) : MPI_INFO_NULL;
    MPI_Comm comm = MPI_COMM_NULL;
    int rc = MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, info, &comm);
    char message[MPI_MAX_ERROR_STRING] = "";
    int len;
    if (rc != MPI_SUCCESS)
        MPI_Error_string(rc, message, &len);
    CHECK(rc == MPI_SUCCESS && comm != MPI_COMM_NULL,
          "%s: expected MPI_SUCCESS and a communicator, got %s (class %d: %s) and %s", what,
          error_class_name(error_class(rc)), error_class(rc), message,
          comm == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
    if (comm != MPI_COMM_NULL) {
        int gave = 0;
        for (int i = 0; pairs && pairs[i]; i += 2)
            gave |= strcmp(pairs[i], "mpi_assert_no_any_tag") == 0;
        const char *want = gave ? "true" : "false";
        MPI_Info used;
        MPI_Comm_get_info(comm, &used);
        const char *got = hint_value(used, "mpi_assert_no_any_tag");
        CHECK(strcmp(got, want) == 0, "%s: mpi_assert_no_any_tag: expected '%s', got '%s'", what,
              want, got);
        MPI_Comm_free(&comm);
    }
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    const char *const hint[] = { "mpi_assert_no_any_tag", "true", NULL };
    const char *const empty_topo[] = { "shmem_topo", "", "mpi_assert_no_any_tag", "true", NULL };
    const char *const topo[] = { "shmem_topo", "package", "mpi_assert_no_any_tag", "true", NULL };

    split("process 0 an empty shmem_topo, the others none", empty_topo, hint);
    split("shmem_topo=package everywhere", topo, topo);
    split("shmem_topo=package on process 0 only", topo, hint);
    split("MPI_INFO_NULL on process 0, a hint on the others", NULL, hint);
    split("a hint on process 0, MPI_INFO_NULL on the others", hint, NULL);

    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
