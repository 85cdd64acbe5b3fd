/* A communicator refused because a hint that must agree does not
 * (MPI_ERR_NOT_SAME) gives back everything it took: done more times than
 * there are context ids (2048 in MPICH 4.0.2), every refusal is still
 * MPI_ERR_NOT_SAME with MPI_COMM_NULL, and a communicator can be made
 * afterwards. The agreement is decided while the context id is allocated
 * (doc/communicators.txt), so a refusal must free the id it got.
 * For MPI_Comm_dup_with_info, MPI_Comm_create_from_group,
 * MPI_Dist_graph_create_adjacent, MPI_Dist_graph_create,
 * MPI_Comm_split_type (MPI_COMM_TYPE_SHARED: the two processes share a node;
 * decided within the split's allgather) and MPI_Intercomm_create_from_groups
 * (one process in each group; decided within the leaders' exchange); and
 * MPI_Win_create and MPI_Win_allocate with same_size (decided within the
 * duplication of the window's communicator).
 * mpich-info-test: np=2 section=info */
#include "check.h"

#define ROUNDS 3000

static int rank, size;

enum { DUP_WITH_INFO, CREATE_FROM_GROUP, DIST_GRAPH_ADJACENT, DIST_GRAPH, SPLIT_TYPE,
    INTERCOMM_FROM_GROUPS, N_ROUTINES
};
static const char *const routine_names[] = { "MPI_Comm_dup_with_info",
    "MPI_Comm_create_from_group", "MPI_Dist_graph_create_adjacent", "MPI_Dist_graph_create",
    "MPI_Comm_split_type", "MPI_Intercomm_create_from_groups"
};

static MPI_Group self, other;

static int create(int routine, MPI_Info info, MPI_Group world, MPI_Comm *comm)
{
    int left = (rank + size - 1) % size, right = (rank + 1) % size, degree = 1;
    switch (routine) {
        case DUP_WITH_INFO:
            return MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, comm);
        case CREATE_FROM_GROUP:
            return MPI_Comm_create_from_group(world, "mpich-info.refused", info,
                                              MPI_ERRORS_RETURN, comm);
        case DIST_GRAPH_ADJACENT:
            return MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1,
                                                  &right, MPI_UNWEIGHTED, info, 0, comm);
        case SPLIT_TYPE:
            return MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, info, comm);
        case INTERCOMM_FROM_GROUPS:
            return MPI_Intercomm_create_from_groups(self, 0, other, 0, "mpich-info.refused.inter",
                                                    info, MPI_ERRORS_RETURN, comm);
        default:
            return MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &right,
                                         MPI_UNWEIGHTED, info, 0, comm);
    }
}

int main(int argc, char **argv)
{
    MPI_Info info;
    MPI_Group world;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (size != 2) {
        printf("refused_creation: expected 2 processes, got %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int me = rank, peer = 1 - rank;
    MPI_Group_incl(world, 1, &me, &self);
    MPI_Group_incl(world, 1, &peer, &other);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_strict_persistent_collective_ordering",
                 rank == 0 ? "true" : "false");

    for (int r = 0; r < N_ROUTINES; r++) {
        int refused = 0, first_bad = -1, bad_class = MPI_SUCCESS;
        for (int i = 0; i < ROUNDS; i++) {
            MPI_Comm comm = MPI_COMM_WORLD;
            int cls = error_class(create(r, info, world, &comm));
            if (cls == MPI_ERR_NOT_SAME && comm == MPI_COMM_NULL) {
                refused++;
            } else if (first_bad < 0) {
                first_bad = i;
                bad_class = cls;
            }
            if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD)
                MPI_Comm_free(&comm);
        }
        CHECK(refused == ROUNDS,
              "%s, mismatch %d times: expected MPI_ERR_NOT_SAME and MPI_COMM_NULL every time, "
              "got %d refusals; the first other result was %s (call %d)", routine_names[r],
              ROUNDS, refused, error_class_name(bad_class), first_bad);

        MPI_Comm comm;
        CHECK_CLASS(MPI_Comm_dup(MPI_COMM_WORLD, &comm), MPI_SUCCESS);
        if (comm != MPI_COMM_NULL)
            MPI_Comm_free(&comm);
    }

    /* Windows: same_size must agree; the vote rides on the window's
     * duplication of its communicator, which a refusal gives back. */
    MPI_Info win_info;
    MPI_Info_create(&win_info);
    MPI_Info_set(win_info, "same_size", rank == 0 ? "true" : "false");
    const char *const win_routines[] = { "MPI_Win_create", "MPI_Win_allocate" };
    for (int r = 0; r < 2; r++) {
        int refused = 0, first_bad = -1, bad_class = MPI_SUCCESS;
        for (int i = 0; i < ROUNDS; i++) {
            MPI_Win win = MPI_WIN_NULL;
            int buf[4], *mem;
            int cls = error_class(r == 0 ?
                                  MPI_Win_create(buf, sizeof(buf), sizeof(int), win_info,
                                                 MPI_COMM_WORLD, &win) :
                                  MPI_Win_allocate(sizeof(buf), sizeof(int), win_info,
                                                   MPI_COMM_WORLD, &mem, &win));
            if (cls == MPI_ERR_NOT_SAME && win == MPI_WIN_NULL) {
                refused++;
            } else if (first_bad < 0) {
                first_bad = i;
                bad_class = cls;
            }
            if (win != MPI_WIN_NULL)
                MPI_Win_free(&win);
        }
        CHECK(refused == ROUNDS,
              "%s, mismatch %d times: expected MPI_ERR_NOT_SAME and MPI_WIN_NULL every time, "
              "got %d refusals; the first other result was %s (call %d)", win_routines[r],
              ROUNDS, refused, error_class_name(bad_class), first_bad);
    }
    MPI_Win win;
    int buf[4];
    CHECK_CLASS(MPI_Win_create(buf, sizeof(buf), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                               &win), MPI_SUCCESS);
    MPI_Win_free(&win);
    MPI_Info_free(&win_info);

    MPI_Info_free(&info);
    MPI_Group_free(&world);
    MPI_Group_free(&self);
    MPI_Group_free(&other);
    int rc = check_finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
