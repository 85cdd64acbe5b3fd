/* A hint that must be the same on all processes, given differently, is
 * MPI_ERR_NOT_SAME on every process and creates nothing, whichever routine
 * it is given to (doc/communicators.txt and doc/windows.txt): every
 * blocking communicator constructor that takes an info, with
 * mpi_assert_strict_persistent_collective_ordering (on intercommunicators
 * both groups must agree), and every window constructor with same_size,
 * same_disp_unit and (ch4) which_accumulate_ops.
 * mpich-info-test: np=2,4 section=info */
#include "check.h"
#include <stdlib.h>

static int rank, size;

/* Process 0 gives key=mine, the others key=theirs. */
static MPI_Info mismatched(const char *key, const char *mine, const char *theirs)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, key, rank == 0 ? mine : theirs);
    return info;
}

static void communicators(void)
{
    MPI_Info info = mismatched("mpi_assert_strict_persistent_collective_ordering", "true",
                               "false");
    MPI_Comm comm;
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);

    /* Only the processes on process 0's host share its communicator (all
     * of them, but across hosts: test/multihost). */
    char host[MPI_MAX_PROCESSOR_NAME], host0[MPI_MAX_PROCESSOR_NAME];
    int len;
    MPI_Get_processor_name(host, &len);
    memcpy(host0, host, sizeof(host));
    MPI_Bcast(host0, sizeof(host0), MPI_CHAR, 0, MPI_COMM_WORLD);
    int with_0 = strcmp(host, host0) == 0;
    comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, info, &comm),
                with_0 ? MPI_ERR_NOT_SAME : MPI_SUCCESS);
    if (with_0)
        CHECK(comm == MPI_COMM_NULL, "split_type, mismatch: expected MPI_COMM_NULL");
    else if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);

    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1,
                                               &right, MPI_UNWEIGHTED, info, 0, &comm),
                MPI_ERR_NOT_SAME);
    CHECK(comm == MPI_COMM_NULL, "dist_graph_create_adjacent, mismatch: expected MPI_COMM_NULL");

    int degree = 1;
    comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &right, MPI_UNWEIGHTED,
                                      info, 0, &comm), MPI_ERR_NOT_SAME);
    CHECK(comm == MPI_COMM_NULL, "dist_graph_create, mismatch: expected MPI_COMM_NULL");

    comm = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Comm_create_from_group(world, "mpich-info.agreement", info,
                                           MPI_ERRORS_RETURN, &comm), MPI_ERR_NOT_SAME);
    CHECK(comm == MPI_COMM_NULL, "create_from_group, mismatch: expected MPI_COMM_NULL");

    MPI_Group_free(&world);
    MPI_Info_free(&info);
}

/* Intercommunicators: the hints must agree on both groups (the first half
 * of the processes and the rest), whether they differ inside one group or
 * between the groups. A mismatch inside one group must not leave the other
 * group waiting for it. */
static void intercommunicators(void)
{
    const char *key = "mpi_assert_strict_persistent_collective_ordering";
    int half = size / 2, low = rank < half;
    int low_range[1][3] = { {0, half - 1, 1} }, high_range[1][3] = { {half, size - 1, 1} };
    MPI_Group world, mine, other;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_range_incl(world, 1, low ? low_range : high_range, &mine);
    MPI_Group_range_incl(world, 1, low ? high_range : low_range, &other);

    struct { const char *what; int differs, applies; } cases[] = {
        {"different between the groups", !low, 1},
        /* Inside a group of one process nothing can differ. */
        {"different inside the first group", rank == 0, half > 1},
        {"different inside the second group", rank == half, size - half > 1},
    };
    for (int c = 0; c < 3; c++) {
        if (!cases[c].applies)
            continue;
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, key, cases[c].differs ? "false" : "true");
        MPI_Comm inter = MPI_COMM_WORLD;
        int cls = error_class(MPI_Intercomm_create_from_groups(mine, 0, other, 0,
                                                               "mpich-info.agreement", info,
                                                               MPI_ERRORS_RETURN, &inter));
        CHECK(cls == MPI_ERR_NOT_SAME && inter == MPI_COMM_NULL,
              "Intercomm_create_from_groups with %s %s: expected MPI_ERR_NOT_SAME and "
              "MPI_COMM_NULL, got %s%s", key, cases[c].what, error_class_name(cls),
              inter == MPI_COMM_NULL ? "" : " and a communicator");
        if (inter != MPI_COMM_NULL && inter != MPI_COMM_WORLD)
            MPI_Comm_free(&inter);
        MPI_Info_free(&info);
    }

    /* A copy of an intercommunicator, the groups giving different values. */
    MPI_Comm inter, copy = MPI_COMM_WORLD;
    CHECK_CLASS(MPI_Intercomm_create_from_groups(mine, 0, other, 0, "mpich-info.agreement.2",
                                                 MPI_INFO_NULL, MPI_ERRORS_RETURN, &inter),
                MPI_SUCCESS);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, key, low ? "true" : "false");
    int cls = error_class(MPI_Comm_dup_with_info(inter, info, &copy));
    CHECK(cls == MPI_ERR_NOT_SAME && copy == MPI_COMM_NULL,
          "Comm_dup_with_info of an intercommunicator, %s different between the groups: "
          "expected MPI_ERR_NOT_SAME and MPI_COMM_NULL, got %s%s", key, error_class_name(cls),
          copy == MPI_COMM_NULL ? "" : " and a communicator");
    if (copy != MPI_COMM_NULL && copy != MPI_COMM_WORLD)
        MPI_Comm_free(&copy);
    MPI_Info_free(&info);
    MPI_Comm_free(&inter);

    MPI_Group_free(&mine);
    MPI_Group_free(&other);
    MPI_Group_free(&world);
}

enum { CREATE, ALLOCATE, ALLOCATE_SHARED, CREATE_DYNAMIC, N_KINDS };
static const char *const kind_names[] =
    { "MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic" };

static int make_window(int kind, MPI_Info info, MPI_Win *win)
{
    static int memory[4];
    void *base;
    *win = MPI_WIN_NULL;
    switch (kind) {
        case CREATE:
            return MPI_Win_create(memory, sizeof(memory), sizeof(int), info, MPI_COMM_WORLD, win);
        case ALLOCATE:
            return MPI_Win_allocate(sizeof(memory), sizeof(int), info, MPI_COMM_WORLD, &base, win);
        case ALLOCATE_SHARED:
            return MPI_Win_allocate_shared(sizeof(memory), sizeof(int), info, MPI_COMM_WORLD,
                                           &base, win);
        default:
            return MPI_Win_create_dynamic(info, MPI_COMM_WORLD, win);
    }
}

static void windows(void)
{
    const char *device = getenv("MPICH_INFO_DEVICE");
    struct { const char *key, *mine, *theirs; } hints[] = {
        {"same_size", "true", "false"},
        {"same_disp_unit", "false", "true"},
        {"which_accumulate_ops", "sum", "max,min"},
    };
    /* which_accumulate_ops is a ch4 hint: ch3 ignores it. */
    int n = (device && strncmp(device, "ch3", 3) == 0) ? 2 : 3;
    for (int h = 0; h < n; h++) {
        MPI_Info info = mismatched(hints[h].key, hints[h].mine, hints[h].theirs);
        for (int kind = 0; kind < N_KINDS; kind++) {
            MPI_Win win;
            int cls = error_class(make_window(kind, info, &win));
            CHECK(cls == MPI_ERR_NOT_SAME && win == MPI_WIN_NULL,
                  "%s with %s different on process 0: expected MPI_ERR_NOT_SAME and "
                  "MPI_WIN_NULL, got %s%s", kind_names[kind], hints[h].key,
                  error_class_name(cls), win == MPI_WIN_NULL ? "" : " and a window");
            if (win != MPI_WIN_NULL)
                MPI_Win_free(&win);
        }
        MPI_Info_free(&info);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    communicators();
    if (size > 1)
        intercommunicators();
    windows();
    int status = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return status;
}
